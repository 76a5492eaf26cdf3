import type { StoreErrorCode } from '@studio/shared/error-codes';
import { messages } from '@studio/shared/messages';
import type { ApiErrorBody } from '@studio/shared/types/api';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { StoreError } from '../data/store/types';
import { AppError, type AppErrorKind } from '../domain/errors';
import { logFor } from './request-log';

/** The one place a domain error kind becomes an HTTP status. */
export const statusByKind: Record<AppErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  precondition: 412,
  'too-large': 413,
  'uri-too-long': 414,
  'unsupported-media': 415,
  'rate-limited': 429,
  'payment-declined': 402,
  unavailable: 503,
};

function send(res: Parameters<ErrorRequestHandler>[2], status: number, error: ApiErrorBody['error']) {
  // A route may have marked its answer cacheable before failing (public-cache.ts): an error is never kept by a shared cache.
  res.set('Cache-Control', 'no-store');
  res.status(status).json({ error } satisfies ApiErrorBody);
}

export const notFoundRoute: RequestHandler = (_req, res) => {
  send(res, 404, { code: 'http/route-not-found', message: messages.http.routeNotFound });
};

/**
 * Store failures a client can meet without a bug on our side. `aborted`:
 * contention outlasted every retry (Firestore's "Too much contention"):
 * nothing was written and trying again is safe, so it is a 503 with
 * Retry-After, not a 409 (a conflict would be the client's fault).
 * `already-exists` / `not-found`: a create or update lost a race (on Firestore
 * the guard documents can surface this way). `deadline-exceeded` / `unavailable`:
 * the database was slow or unreachable.
 */
const storeErrorStatus: Partial<Record<StoreError['code'], { code: StoreErrorCode; status: number; message: () => string; retryAfterSeconds?: number }>> = {
  aborted: { code: 'store/aborted', status: 503, message: () => messages.http.contention, retryAfterSeconds: 2 },
  'already-exists': { code: 'store/already-exists', status: 409, message: () => messages.http.conflictRetry },
  'not-found': { code: 'store/not-found', status: 404, message: () => messages.http.notFound },
  'deadline-exceeded': { code: 'store/deadline-exceeded', status: 503, message: () => messages.http.unavailable },
  unavailable: { code: 'store/unavailable', status: 503, message: () => messages.http.unavailable },
};

/**
 * Last middleware. Known errors become their status with a Spanish message;
 * body-parser failures (when the JSON was not parsed by the platform) become
 * 400/413; anything else is logged and answered 500 without internals.
 */
export const errorHandler: ErrorRequestHandler = (err: unknown, _req, res, next) => {
  if (res.headersSent) {
    next(err);
    return;
  }
  if (err instanceof AppError) {
    send(res, statusByKind[err.kind], { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) });
    return;
  }
  if (err instanceof StoreError) {
    const mapped = storeErrorStatus[err.code];
    if (mapped) {
      if (mapped.retryAfterSeconds !== undefined) res.set('Retry-After', String(mapped.retryAfterSeconds));
      send(res, mapped.status, { code: mapped.code, message: mapped.message() });
      return;
    }
  }
  const parserType = typeof err === 'object' && err !== null && 'type' in err ? err.type : undefined;
  if (parserType === 'entity.parse.failed') {
    send(res, 400, { code: 'http/invalid-json', message: messages.http.invalidJson });
    return;
  }
  if (parserType === 'entity.too.large') {
    send(res, 413, { code: 'http/payload-too-large', message: messages.http.payloadTooLarge });
    return;
  }
  if (parserType === 'encoding.unsupported' || parserType === 'charset.unsupported') {
    send(res, 415, { code: 'http/unsupported-media-type', message: messages.http.unsupportedMediaType });
    return;
  }
  // Express and its parsers mark client errors (e.g. a malformed %-escape in the path) with a 4xx status.
  const status =
    typeof err === 'object' && err !== null
      ? Number((err as { status?: unknown; statusCode?: unknown }).status ?? (err as { statusCode?: unknown }).statusCode)
      : NaN;
  if (status >= 400 && status < 500) {
    send(res, status, { code: 'http/bad-request', message: messages.http.badRequest });
    return;
  }
  logFor(res).error('Unhandled error', err);
  send(res, 500, { code: 'internal', message: messages.http.internal });
};
