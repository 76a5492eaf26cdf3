import type { RequestHandler } from 'express';

/** One year, the least HSTS preload lists and scanners accept; the SPA's Hosting headers (firebase.json) say the same. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * What every API answer carries (docs/security "Headers and CORS"). An answer
 * is data, never a page: it may load nothing and nobody may frame it, so a
 * JSON body that a browser is tricked into rendering runs nothing. Routes that
 * serve something else set their own (files: a sandboxing policy; robots,
 * sitemap, manifest, the calendar feed: a cache lifetime).
 */
export const API_SECURITY_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Strict-Transport-Security': HSTS,
  'X-Content-Type-Options': 'nosniff',
  // Browsers too old for frame-ancestors read this one.
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
  // Answers carry personal data: no shared cache may keep them.
  'Cache-Control': 'no-store',
} as const;

export const securityHeaders: RequestHandler = (_req, res, next) => {
  res.set(API_SECURITY_HEADERS);
  next();
};
