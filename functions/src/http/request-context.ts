import { messages } from '@studio/shared/messages';
import type { Request } from 'express';
import type { VerifiedIdentity } from '../data/auth/auth-gateway';
import { AppError } from '../domain/errors';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `authenticate` when a valid ID token came with the request. */
    identity?: VerifiedIdentity;
  }
}

/** The caller's identity; throws 401 when there is none (use after `authenticate`). */
export function identityOf(req: Request): VerifiedIdentity {
  if (!req.identity) throw new AppError('unauthenticated', 'auth/unauthenticated', messages.auth.unauthenticated);
  return req.identity;
}

/** Validated query parameters (Express 5 makes req.query read-only). */
export function queryOf<T>(res: { locals: Record<string, unknown> }): T {
  return res.locals.query as T;
}
