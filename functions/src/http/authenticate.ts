import { messages } from '@studio/shared/messages';
import type { RequestHandler } from 'express';
import { type AuthGateway, IdentityProviderUnavailable, TokenError } from '../data/auth/auth-gateway';
import { AppError } from '../domain/errors';

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Runs on every request. No Authorization header: anonymous. A header that is
 * not a valid, unexpired ID token: 401, even on public routes, so a client
 * with a broken session learns it (code auth/id-token-expired makes it sign out).
 */
export function authenticate(auth: AuthGateway): RequestHandler {
  return async (req, _res, next) => {
    const header = req.headers.authorization;
    if (header === undefined || header === '') {
      next();
      return;
    }
    const token = BEARER.exec(header)?.[1];
    if (!token) {
      next(new AppError('unauthenticated', 'auth/invalid-token', messages.auth.invalidToken));
      return;
    }
    try {
      req.identity = await auth.verifyIdToken(token);
      next();
    } catch (error) {
      if (error instanceof TokenError) {
        const message = error.code === 'auth/invalid-token' ? messages.auth.invalidToken : messages.auth.tokenExpired;
        next(new AppError('unauthenticated', error.code, message));
        return;
      }
      if (error instanceof IdentityProviderUnavailable) {
        console.error('Token verification unavailable', error.cause);
        next(new AppError('unavailable', 'auth/unavailable', messages.http.unavailable));
        return;
      }
      next(error);
    }
  };
}

/** 401 unless the request carries a valid ID token. */
export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.identity) {
    next(new AppError('unauthenticated', 'auth/unauthenticated', messages.auth.unauthenticated));
    return;
  }
  next();
};

/** 401 without a token, 403 without the `admin` custom claim. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.identity) {
    next(new AppError('unauthenticated', 'auth/unauthenticated', messages.auth.unauthenticated));
    return;
  }
  if (!req.identity.admin) {
    next(new AppError('forbidden', 'auth/forbidden', messages.auth.forbidden));
    return;
  }
  next();
};
