import { messages } from '@studio/shared/messages';
import type { RequestHandler } from 'express';
import type { Deps } from '../deps';
import { AppError } from '../domain/errors';
import { getPublicConfig } from '../services/app-config';
import { configuredOrigin } from '../services/site-origin';

/** What the web sends (lib/api-client.ts): Idempotency-Key (http/idempotency-key.ts) and App Check's token (http/app-check.ts); Accept is always allowed. */
const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-Firebase-AppCheck';
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
/** Browsers cap it anyway (Chrome at two hours); ten minutes keeps a changed rule from lingering. */
const PREFLIGHT_MAX_AGE_SECONDS = '600';
/** Methods a browser sends cross-origin without a preflight and that change nothing here. */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** The Origin header as a URL when it is exactly an http(s) origin; 'null' (sandboxed frames, file:) and anything else is not. */
function parseOrigin(value: string): URL | null {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value ? url : null;
  } catch {
    return null;
  }
}

/**
 * The browser is on the site that forwarded the request: Hosting (and its
 * emulator) forward the visitor's host in X-Forwarded-Host, which req.host
 * reads through the trusted proxy. The scheme is not compared: the function
 * sees the last hop's, not the visitor's (HSTS keeps visitors on https).
 */
function sameHost(origin: URL, host: string | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(`${origin.protocol}//${host}`).host === origin.host;
  } catch {
    return false;
  }
}

/** The studio's configured `domain`, read only when the host did not already match (a foreign origin is rare). */
async function isConfiguredDomain(deps: Deps, origin: URL): Promise<boolean> {
  const domain = (await getPublicConfig(deps)).find((entry) => entry.key === 'domain')?.value;
  return typeof domain === 'string' && configuredOrigin(domain) === origin.origin;
}

/** One of the app's own origins: the site the request came through, else the configured domain. */
async function isAppOrigin(deps: Deps, header: string, host: string | undefined): Promise<boolean> {
  const origin = parseOrigin(header);
  if (!origin) return false;
  return sameHost(origin, host) || isConfiguredDomain(deps, origin);
}

/**
 * CORS limited to the app's own origins: the site the request came through
 * (every Hosting domain and the local stack alike, with no configuration) and
 * the studio's `domain`. Requests without an Origin (webhooks, crawlers,
 * calendar apps, navigations) are not browsers calling cross-origin and pass.
 * A foreign origin gets no Access-Control-Allow-Origin; its preflights and its
 * writes (which a browser sends without asking first: forms, text/plain) are
 * refused before any work; its reads run but the browser withholds them.
 */
export function appOriginsOnly(deps: Deps): RequestHandler {
  return async (req, res, next) => {
    // Answers differ by Origin: a cache must not hand one origin's answer to another.
    res.vary('Origin');
    const header = req.get('origin');
    if (header === undefined) {
      next();
      return;
    }
    const preflight = req.method === 'OPTIONS' && req.get('access-control-request-method') !== undefined;
    let allowed: boolean;
    try {
      allowed = await isAppOrigin(deps, header, req.host);
    } catch (error) {
      next(error);
      return;
    }
    if (allowed) {
      res.set('Access-Control-Allow-Origin', header);
      if (preflight) {
        res
          .set({
            'Access-Control-Allow-Methods': ALLOWED_METHODS,
            'Access-Control-Allow-Headers': ALLOWED_HEADERS,
            'Access-Control-Max-Age': PREFLIGHT_MAX_AGE_SECONDS,
          })
          .status(204)
          .end();
        return;
      }
      next();
      return;
    }
    if (preflight || !SAFE_METHODS.has(req.method)) {
      next(new AppError('forbidden', 'http/origin-not-allowed', messages.auth.forbidden));
      return;
    }
    next();
  };
}
