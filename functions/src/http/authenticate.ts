import { messages } from '@studio/shared/messages';
import type { RequestHandler } from 'express';
import { type AuthGateway, IdentityProviderUnavailable, TokenError } from '../data/auth/auth-gateway';
import type { Deps } from '../deps';
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
      next(asAppError(error));
    }
  };
}

const TOKEN_MESSAGES = {
  'auth/invalid-token': messages.auth.invalidToken,
  'auth/id-token-expired': messages.auth.tokenExpired,
  'auth/id-token-revoked': messages.auth.tokenRevoked,
} as const;

/** A verification failure as the client sees it: 401 with the token's problem, 503 when the provider could not tell. */
function asAppError(error: unknown): unknown {
  if (error instanceof TokenError) return new AppError('unauthenticated', error.code, TOKEN_MESSAGES[error.code]);
  if (error instanceof IdentityProviderUnavailable) {
    console.error('Token verification unavailable', error.cause);
    return new AppError('unavailable', 'auth/unavailable', messages.http.unavailable);
  }
  return error;
}

/**
 * How long a customer's token, once found not revoked, is believed without
 * asking again. A booking rush or a checkout's several calls then cost one
 * identity-provider lookup per customer, not one per request; a revocation
 * takes effect within this window.
 */
export const REVOCATION_CHECK_TTL_MS = 5_000;
/** Bounds the memory a flood of distinct customers can take; past it, expired entries are dropped. */
const REVOCATION_CACHE_LIMIT = 10_000;

// One cache per gateway, i.e. per app instance, shared by every router that
// asks; in memory only, never a document customers would share.
const notRevokedUntil = new WeakMap<AuthGateway, Map<string, number>>();

function revocationCacheOf(auth: AuthGateway): Map<string, number> {
  let cache = notRevokedUntil.get(auth);
  if (!cache) {
    cache = new Map();
    notRevokedUntil.set(auth, cache);
  }
  return cache;
}

/**
 * For money and booking writes (after `requireUser`): the caller's token is
 * re-verified with revocation checking, one identity-provider lookup (cached
 * per uid for REVOCATION_CHECK_TTL_MS), so a session ended by a password
 * change, a disabled account or a revoke cannot keep spending or booking for
 * the rest of its hour. Revoked → 401 auth/id-token-revoked (the SPA signs
 * out). Admin tokens were already checked by `authenticate`.
 */
export function requireFreshIdentity(deps: Pick<Deps, 'auth' | 'now'>): RequestHandler {
  const cache = revocationCacheOf(deps.auth);
  return async (req, _res, next) => {
    const identity = req.identity;
    const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
    if (!identity || !token) {
      next(new AppError('unauthenticated', 'auth/unauthenticated', messages.auth.unauthenticated));
      return;
    }
    const now = deps.now().getTime();
    if (identity.admin || (cache.get(identity.uid) ?? 0) > now) {
      next();
      return;
    }
    try {
      await deps.auth.verifyIdToken(token, { checkRevoked: true });
    } catch (error) {
      next(asAppError(error));
      return;
    }
    if (cache.size >= REVOCATION_CACHE_LIMIT) {
      for (const [uid, until] of cache) if (until <= now) cache.delete(uid);
      if (cache.size >= REVOCATION_CACHE_LIMIT) cache.clear();
    }
    cache.set(identity.uid, now + REVOCATION_CHECK_TTL_MS);
    next();
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
