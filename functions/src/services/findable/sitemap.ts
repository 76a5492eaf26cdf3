import { isDisallowed } from './robots';

/** Routes named by the spec (public-site-and-checkout.md §2) that are always public. */
export const FIXED_PUBLIC_PATHS = {
  home: '/',
  announcements: '/avisos',
  location: '/ubicacion',
  schedule: '/calendario',
  faq: '/preguntas-frecuentes',
} as const;

export interface SitemapEntry {
  path: string;
  /** YYYY-MM-DD, when we know when the content last changed. */
  lastmod?: string;
}

export interface SitemapSource {
  /** class_packages_path as configured ('/paquetes', 'clases', …). */
  packagesPath: string;
  packagesEnabled: boolean;
  scheduleEnabled: boolean;
  pages: ReadonlyArray<{ slug: string; content: string | null; required_signup: boolean; updatedAt: Date }>;
  instructors: ReadonlyArray<{ instructor_id: number; updatedAt: Date }>;
}

/** The configured shop path, always absolute, as the web's router reads it (web/src/lib/paths.ts). */
export function normalisePackagesPath(configured: string): string {
  const path = configured.trim() || '/paquetes';
  return `/${path.replace(/^\/+/, '')}`;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Every page a visitor can reach without signing in: the landing, the shop
 * (when on), the fixed public routes, content pages that have content and are
 * not sign-up documents, and each live instructor's coach and instructor pages.
 */
export function sitemapEntries(source: SitemapSource): SitemapEntry[] {
  const entries: SitemapEntry[] = [{ path: FIXED_PUBLIC_PATHS.home }];
  if (source.packagesEnabled) entries.push({ path: normalisePackagesPath(source.packagesPath) });
  entries.push({ path: FIXED_PUBLIC_PATHS.announcements }, { path: FIXED_PUBLIC_PATHS.location });
  if (source.scheduleEnabled) entries.push({ path: FIXED_PUBLIC_PATHS.schedule });
  entries.push({ path: FIXED_PUBLIC_PATHS.faq });
  for (const page of source.pages) {
    if (page.required_signup || !page.content?.trim()) continue;
    entries.push({ path: `/${encodeURIComponent(page.slug)}`, lastmod: day(page.updatedAt) });
  }
  for (const instructor of source.instructors) {
    const lastmod = day(instructor.updatedAt);
    entries.push({ path: `/coach/${instructor.instructor_id}`, lastmod }, { path: `/instructor/${instructor.instructor_id}`, lastmod });
  }
  const seen = new Set<string>();
  return entries.filter((entry) => {
    if (isDisallowed(entry.path) || seen.has(entry.path)) return false;
    seen.add(entry.path);
    return true;
  });
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] as string);

/** sitemaps.org urlset with absolute locations. */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : '';
    return `  <url><loc>${escapeXml(`${origin}${entry.path}`)}</loc>${lastmod}</url>`;
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}
