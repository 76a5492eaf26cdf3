import { Router } from 'express';
import type { Deps } from '../deps';
import { getRobotsTxt, getSitemapXml, getWebManifest } from '../services/findable/findable';

/** Short CDN caching: crawlers hit these often, and a config or catalogue edit shows within ten minutes. */
export const FINDABLE_CACHE_CONTROL = 'public, max-age=300, s-maxage=600';

/**
 * /robots.txt (reached as /api/robots through a Hosting redirect),
 * /sitemap.xml and /manifest.webmanifest at the site's root (Hosting
 * rewrites these two paths to the function; docs/public-site).
 */
export function findableRoutes(deps: Deps): Router {
  const router = Router();

  // Google's Functions Framework answers /robots.txt 404 before any function sees it, so Hosting redirects it here (ADR 0081).
  // Absolute URLs from the configured domain only (services/site-origin.ts), never from the request: the CDN shares these answers.
  router.get(['/robots.txt', '/api/robots'], async (_req, res) => {
    const body = await getRobotsTxt(deps);
    res.set('Cache-Control', FINDABLE_CACHE_CONTROL).type('text/plain; charset=utf-8').send(body);
  });

  router.get('/sitemap.xml', async (_req, res) => {
    const body = await getSitemapXml(deps);
    res.set('Cache-Control', FINDABLE_CACHE_CONTROL).type('application/xml; charset=utf-8').send(body);
  });

  router.get('/manifest.webmanifest', async (_req, res) => {
    const body = JSON.stringify(await getWebManifest(deps));
    res.set('Cache-Control', FINDABLE_CACHE_CONTROL).type('application/manifest+json; charset=utf-8').send(body);
  });

  return router;
}
