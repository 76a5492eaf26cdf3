import type { ErrorRequestHandler, RequestHandler } from 'express';
import { messages } from '@studio/shared/messages';
import type { ApiErrorBody } from '@studio/shared/types/api';
import { StoreError } from '../data/store/types';
import { AppError, statusByKind } from './app-error';

function send(res: Parameters<ErrorRequestHandler>[2], status: number, error: ApiErrorBody['error']) {
  res.status(status).json({ error } satisfies ApiErrorBody);
}

export const notFoundRoute: RequestHandler = (_req, res) => {
  send(res, 404, { code: 'http/route-not-found', message: messages.http.routeNotFound });
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
  if (err instanceof StoreError && err.code === 'aborted') {
    // Contention outlasted every retry: safe to try again, nothing was written.
    send(res, 409, { code: 'store/aborted', message: messages.http.conflictRetry });
    return;
  }
  const parserType = typeof err === 'object' && err !== null && 'type' in err ? (err as { type: unknown }).type : undefined;
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
  console.error('Unhandled error', err);
  send(res, 500, { code: 'internal', message: messages.http.internal });
};
