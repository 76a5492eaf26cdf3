import { messages } from '@studio/shared/messages';
import { textProblem } from '@studio/shared/schemas/text';
import type { RequestHandler } from 'express';
import { AppError } from '../domain/errors';

/**
 * The whole URL (path and query) a request may have. Far above any URL the app
 * or the processors build (the longest are list queries, well under 1 KiB)
 * and below Node's 16 KiB header limit, so an over-long URL gets our Spanish
 * 414 rather than the server's bare 431.
 */
export const MAX_URL_LENGTH = 8 * 1024;

/** The most bytes one path segment may decode to: every id, code, slug and token we use is under 256. */
export const MAX_PATH_SEGMENT_BYTES = 512;

/** Ids the document store reserves (Firestore: `__.*__`, '.' and '..'), `__proto__` among them. */
const STORE_RESERVED = /^__.*__$/;

export type UrlProblem =
  /** Longer than MAX_URL_LENGTH. */
  | 'too-long'
  /** A %-escape that does not decode to UTF-8 text (`%C0%AF`, `%E0%A4%A`, a lone `%`), in the path or the query. */
  | 'malformed'
  /** A path segment no route parameter may hold (see pathSegmentProblem). */
  | 'segment';

/**
 * Why a decoded path segment cannot be anything we route to, or null. Every
 * route parameter (ids, codes, slugs, tokens) is one path segment or part of
 * one, so this is the one rule for all of them, checked before routing:
 * no name the store reserves (`__…__`, '.', '..', nor such a part of a
 * '.'-separated segment), no '/' or '\'
 * (an encoded `%2F` would otherwise add segments to a document path), no
 * control or bidirectional characters, at most MAX_PATH_SEGMENT_BYTES.
 * Each route still checks its own format (numericParam, the shared schemas).
 */
export function pathSegmentProblem(segment: string): string | null {
  // Each '.'-separated part too: a parameter may be part of a segment (`:token.ics`), so a part may not be empty ('.', '..', '..ics').
  const parts = segment.split('.');
  if (parts.some((part) => STORE_RESERVED.test(part)) || (parts.length > 1 && parts.includes(''))) return 'reserved';
  if (segment.includes('/') || segment.includes('\\')) return 'separator';
  if (textProblem(segment) !== null) return 'characters';
  if (Buffer.byteLength(segment, 'utf8') > MAX_PATH_SEGMENT_BYTES) return 'too-long';
  return null;
}

/** What is wrong with a request's URL (as received: path and query, still %-encoded), or null. */
export function urlProblem(url: string): UrlProblem | null {
  if (url.length > MAX_URL_LENGTH) return 'too-long';
  try {
    // decodeURIComponent throws on exactly the escapes that are not UTF-8 text.
    decodeURIComponent(url);
  } catch {
    return 'malformed';
  }
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  // The first segment is the empty one before the leading '/'; an empty segment ('//') names nothing and routes nowhere.
  for (const raw of path.split('/')) {
    if (raw !== '' && pathSegmentProblem(decodeURIComponent(raw)) !== null) return 'segment';
  }
  return null;
}

/**
 * First of all middleware: a URL Express (or the store behind it) cannot take
 * is refused in Spanish before routing. 414 when too long; 400 when an escape
 * is malformed (Express would answer only the routes with parameters, and
 * the local Hosting emulator fell over on it) or a path segment is one no
 * route parameter may hold (a reserved id reached the store: a 500).
 */
export const readableUrl: RequestHandler = (req, _res, next) => {
  const problem = urlProblem(req.originalUrl);
  if (problem === 'too-long') next(new AppError('uri-too-long', 'http/uri-too-long', messages.http.uriTooLong));
  else if (problem === 'malformed') next(new AppError('invalid', 'http/malformed-url', messages.http.malformedUrl));
  else if (problem === 'segment') next(new AppError('invalid', 'http/invalid-path', messages.http.invalidPath));
  else next();
};
