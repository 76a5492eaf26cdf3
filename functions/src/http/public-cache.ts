import type { RequestHandler } from 'express';

/**
 * How long Hosting's CDN may serve an anonymous answer before asking the
 * function again, by how fresh the answer must be (docs/api "Caching"). This
 * is also the longest an admin's change can take to reach visitors: the CDN
 * is never purged by a write.
 * - `catalogue`: the studio's configuration, content pages, packages and
 *   catalogue lists: changed by an admin a few times a day.
 * - `schedule`: the week's classes with their spots left: a visitor may see a
 *   count that is this old; booking itself always reads the live seats.
 * - `class`: one class's spot map, refreshed by someone waiting for a seat.
 */
export const SHARED_CACHE_SECONDS = { catalogue: 300, schedule: 10, class: 5 } as const;

export type Freshness = keyof typeof SHARED_CACHE_SECONDS;

/**
 * `max-age=0`: a browser asks again every time (the SPA keeps its own copy
 * in memory), and the CDN answers; `s-maxage`: the CDN keeps it.
 */
export const publicCacheControl = (freshness: Freshness) => `public, max-age=0, s-maxage=${SHARED_CACHE_SECONDS[freshness]}`;

/**
 * On a read whose anonymous answer is the same for every visitor: an
 * anonymous request's success may be kept by shared caches. A request with a
 * token keeps the API's `no-store` (security-headers.ts): its answer may hold
 * the caller's own places or an admin's drafts. `Vary: Authorization` keeps a
 * cache from answering a signed-in request with an anonymous copy (Hosting's
 * CDN already keys on whether a request carries one). Errors go out
 * `no-store` whatever this said (errors.ts).
 */
export function publicCache(freshness: Freshness): RequestHandler {
  return (req, res, next) => {
    res.vary('Authorization');
    if (req.headers.authorization === undefined && req.identity === undefined) res.set('Cache-Control', publicCacheControl(freshness));
    next();
  };
}
