import { getStoredConfig } from '../data/repos/app-config-repo';
import type { Deps } from '../deps';

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

/** An http(s) origin of a plain host (name or address, optional port); null for anything else. */
function originOf(value: string, options: { loopback: boolean }): string | null {
  const text = value.trim();
  if (!text) return null;
  try {
    const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
    if (!HOST.test(url.host) || (!options.loopback && LOOPBACK.test(url.host))) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * The configured `domain` as an origin, or null when none is usable. A bare
 * name means https; a loopback name ('localhost', the demo default) counts as
 * "not configured": it cannot be the public site.
 */
export function configuredOrigin(domain: string): string | null {
  return originOf(domain, { loopback: false });
}

/**
 * The deployment's own site, for when the studio has not configured its
 * `domain` (Deps.siteOrigin; runtime.ts): `STUDIO_SITE_ORIGIN` when set (the
 * local stack sets it to its Hosting emulator), else the project's default
 * Hosting site, https://<project>.web.app; none for a `demo-*` project.
 */
export function deploymentOrigin(projectId: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const explicit = originOf(env.STUDIO_SITE_ORIGIN ?? '', { loopback: true });
  if (explicit) return explicit;
  if (!projectId || projectId.startsWith('demo-') || !/^[a-z0-9-]+$/.test(projectId)) return undefined;
  return `https://${projectId}.web.app`;
}

/** The last resort, when neither the studio nor the deployment names a site (unit tests). */
export const FALLBACK_ORIGIN = 'http://localhost';

/**
 * The origin every absolute URL the API writes starts with (docs/public-site
 * "The site's origin", ADR 0106): sitemap.xml and robots.txt, the calendar
 * feed, Stripe's return links, links in e-mails. The configured `domain`
 * (app config), else the deployment's own site, else FALLBACK_ORIGIN. Never a
 * request header: Host and X-Forwarded-Host are the client's to choose, and
 * several of these answers are cached publicly or sent to third parties.
 */
export function siteOrigin(domain: unknown, deployment: string | undefined): string {
  return knownSiteOrigin(domain, deployment) ?? FALLBACK_ORIGIN;
}

/** The configured domain, else the deployment's site; null when neither is known (an e-mail then gives no link rather than a localhost one). */
export function knownSiteOrigin(domain: unknown, deployment: string | undefined): string | null {
  return configuredOrigin(typeof domain === 'string' ? domain : '') ?? deployment ?? null;
}

/** siteOrigin() with the stored configuration's `domain` (one document read). */
export async function siteOriginFor(deps: Pick<Deps, 'store' | 'siteOrigin'>): Promise<string> {
  return siteOrigin((await getStoredConfig(deps.store)).domain, deps.siteOrigin);
}
