/**
 * Areas no search engine should crawl: the customer area, the admin, checkout,
 * order confirmations and the API. Prefixes, as robots.txt matches them.
 */
export const DISALLOWED_PREFIXES = ['/mystudio', '/admin', '/checkout', '/gracias', '/api'] as const;

/**
 * Public uploads (instructor photos, the social image when it is an upload)
 * stay fetchable by crawlers and link previews although /api is closed:
 * the longer Allow rule wins over the Disallow.
 */
export const ALLOWED_UNDER_API = '/api/files/raw/';

/** True when robots.txt keeps crawlers out of `path`; the sitemap never lists such a path. */
export function isDisallowed(path: string): boolean {
  return DISALLOWED_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** robots.txt for the whole site, pointing at the sitemap by its absolute URL. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    `Allow: ${ALLOWED_UNDER_API}`,
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
