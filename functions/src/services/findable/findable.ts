import { configFromEntries } from '@studio/shared/config/app-config';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { getPublicConfig } from '../app-config';
import { instructorsResource } from '../catalogue/instructors';
import { listLiveDocs } from '../catalogue/records';
import { FILES_RAW_PATH } from '../files/file-dto';
import { getFileForCaller } from '../files/read-files';
import { listAllPages } from '../pages';
import { siteOrigin } from '../site-origin';
import { type FaviconFile, manifestIcons, webManifest } from './manifest';
import { robotsTxt } from './robots';
import { sitemapEntries, sitemapXml } from './sitemap';

/**
 * robots.txt, sitemap.xml and the web app manifest, built on each request from
 * the app configuration and the catalogue (docs/public-site, ADR 0081). The
 * route caches them briefly at the CDN, so edits show within minutes.
 */

async function studioConfig(deps: Deps): Promise<Record<string, unknown>> {
  return configFromEntries(await getPublicConfig(deps));
}

const text = (config: Record<string, unknown>, key: string) => (typeof config[key] === 'string' ? config[key] : '');
const flag = (config: Record<string, unknown>, key: string) => config[key] !== false;

export async function getRobotsTxt(deps: Deps): Promise<string> {
  const config = await studioConfig(deps);
  return robotsTxt(siteOrigin(text(config, 'domain'), deps.siteOrigin));
}

export async function getSitemapXml(deps: Deps): Promise<string> {
  const [config, pages, instructors] = await Promise.all([studioConfig(deps), listAllPages(deps), listLiveDocs(deps, instructorsResource)]);
  const entries = sitemapEntries({
    packagesPath: text(config, 'class_packages_path'),
    packagesEnabled: flag(config, 'packages_enabled'),
    scheduleEnabled: flag(config, 'schedule_enabled'),
    pages: pages.map((page) => ({ ...page, updatedAt: new Date(page.updatedAt) })),
    instructors,
  });
  return sitemapXml(siteOrigin(text(config, 'domain'), deps.siteOrigin), entries);
}

/** The upload a favicon URL points to ('/api/files/raw/{id}', or under the configured files prefix), if any. */
export function faviconFileId(favicon: string, filesBaseSrc: string): number | null {
  for (const prefix of new Set([FILES_RAW_PATH, filesBaseSrc.replace(/\/+$/, '')])) {
    if (!prefix) continue;
    const match = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(\\d+)$`).exec(favicon.trim());
    if (match) return Number(match[1]);
  }
  return null;
}

/** Only a public, processed upload can be an app icon; anything else is simply not one. */
async function faviconFile(deps: Deps, favicon: string, filesBaseSrc: string): Promise<FaviconFile | null> {
  const fileId = faviconFileId(favicon, filesBaseSrc);
  if (fileId === null) return null;
  try {
    const file = await getFileForCaller(deps, undefined, fileId);
    return file.status === 'ready' ? { type: file.type, width: file.width, height: file.height } : null;
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not-found') return null;
    throw error;
  }
}

export async function getWebManifest(deps: Deps): Promise<Record<string, unknown>> {
  const config = await studioConfig(deps);
  const favicon = text(config, 'favicon');
  return webManifest({
    businessName: text(config, 'business_name'),
    tagline: text(config, 'tagline'),
    primary: text(config, 'primary'),
    light: text(config, 'light'),
    icons: manifestIcons(favicon, await faviconFile(deps, favicon, text(config, 'filesBaseSrc'))),
  });
}
