import { messages } from '@studio/shared/messages';
import type { RequestHandler } from 'express';
import { AppCheckTokenInvalid, AppCheckUnavailable } from '../data/app-check/app-check-gateway';
import type { Deps } from '../deps';
import { AppError } from '../domain/errors';

/** The header the Firebase web SDK's App Check token travels in (api-client.ts sets it). */
export const APP_CHECK_HEADER = 'x-firebase-appcheck';

/**
 * On the routes bots race for at a class release (sign-up, booking writes,
 * checkout): when App Check is enforced (deps.appCheck set), a request must
 * come from our web app with a valid App Check token, else 401 app-check/invalid.
 * Not enforced (locally, in tests): nothing is asked.
 */
export function requireAppCheck(deps: Pick<Deps, 'appCheck'>): RequestHandler {
  return async (req, _res, next) => {
    const appCheck = deps.appCheck;
    if (!appCheck) {
      next();
      return;
    }
    const token = req.get(APP_CHECK_HEADER);
    try {
      if (!token) throw new AppCheckTokenInvalid();
      await appCheck.verifyAppCheckToken(token);
      next();
    } catch (error) {
      if (error instanceof AppCheckTokenInvalid) {
        next(new AppError('unauthenticated', 'app-check/invalid', messages.auth.appCheckInvalid));
        return;
      }
      if (error instanceof AppCheckUnavailable) {
        console.error('App Check verification unavailable', error.cause);
        next(new AppError('unavailable', 'app-check/unavailable', messages.http.unavailable));
        return;
      }
      next(error);
    }
  };
}
