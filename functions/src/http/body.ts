import { fill, messages } from '@studio/shared/messages';
import { filesMessages } from '@studio/shared/messages/files';
import { MAX_FILE_BYTES, MAX_FILE_MB } from '@studio/shared/schemas/file';
import express, { type RequestHandler } from 'express';
import { AppError } from '../domain/errors';
import { jsonShapeProblem, tooDeep } from '../domain/json-shape';

/** JSON bodies above this are refused before any work; content pages are the largest input. */
export const JSON_BODY_LIMIT_BYTES = 256 * 1024;

/** An upload's whole multipart body: the largest allowed file plus room for the part headers and the `data` field. */
export const UPLOAD_BODY_LIMIT_BYTES = MAX_FILE_BYTES + 64 * 1024;

/** The only routes that take multipart bodies (their route parses them: http/multipart.ts). */
const UPLOAD_PATHS = new Set(['/api/files', '/api/files/s3']);

const isUpload = (req: Parameters<RequestHandler>[0]) =>
  req.method === 'POST' && UPLOAD_PATHS.has(req.path.replace(/\/+$/, '').toLowerCase()) && typeof req.is('multipart/form-data') === 'string';

type RequestWithRaw = Parameters<RequestHandler>[0] & { rawBody?: Buffer };

// The raw bytes are kept as Cloud Functions keeps them: a webhook's signature is over them, not over re-serialised JSON.
const parseJson = express.json({
  limit: JSON_BODY_LIMIT_BYTES,
  strict: true,
  verify: (req, _res, buf) => {
    (req as RequestWithRaw).rawBody ??= Buffer.from(buf);
  },
});

/**
 * Cloud Functions (and its emulator) parse JSON bodies before our code runs;
 * in-process (tests, other hosts) express.json does it. Either way this enforces
 * our size limit, the JSON content type on writes, and an object body. The
 * exception: multipart uploads to the file routes pass through untouched
 * (under their own, larger limit); anywhere else multipart is a 415.
 */
export const jsonBody: RequestHandler = (req, res, next) => {
  const raw = (req as RequestWithRaw).rawBody;
  const declared = Number(req.headers['content-length'] ?? 0);
  const size = raw?.length ?? declared;
  if (isUpload(req)) {
    if (size > UPLOAD_BODY_LIMIT_BYTES) {
      const message = fill(filesMessages.tooLarge, { mb: MAX_FILE_MB });
      next(new AppError('too-large', 'files/too-large', message, { file: message }));
      return;
    }
    next();
    return;
  }
  if (size > JSON_BODY_LIMIT_BYTES) {
    next(new AppError('too-large', 'http/payload-too-large', messages.http.payloadTooLarge));
    return;
  }
  const hasBody = size > 0 || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody || req.method === 'GET' || req.method === 'HEAD' || req.method === 'DELETE') {
    if (req.body === undefined || Buffer.isBuffer(req.body) || typeof req.body === 'string') req.body = {};
    next();
    return;
  }
  if (!req.is('application/json')) {
    next(new AppError('unsupported-media', 'http/unsupported-media-type', messages.http.unsupportedMediaType));
    return;
  }
  parseJson(req, res, (err?: unknown) => {
    if (err) {
      next(err);
      return;
    }
    if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) {
      next(new AppError('invalid', 'http/invalid-json', messages.http.invalidJson));
      return;
    }
    // Before anything walks or re-serialises the body (validation, idempotency keys, services): see domain/json-shape.ts.
    if (jsonShapeProblem(req.body, { depthOnly: true }) !== null) {
      next(tooDeep());
      return;
    }
    next();
  });
};
