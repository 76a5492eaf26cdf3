import { type CheckInCodeInput, checkInCodeSchema } from '@studio/shared/schemas/class-roster';
import { type RequestHandler, Router } from 'express';
import { ValidationError } from 'yup';
import type { Deps } from '../deps';
import { toValidationAppError } from '../domain/validation';
import { requireAdmin } from '../http/authenticate';
import { identityOf } from '../http/request-context';
import { withBody } from '../http/validate';
import { checkInByCode, lookUpCheckIn } from '../services/booking/check-in-by-code';

/**
 * The path's code, checked by the same schema as the POST body (validate()
 * reads only bodies and queries): a malformed code is a 400 before any lookup.
 * Kept on res.locals.params.
 */
const validCode: RequestHandler = async (req, res, next) => {
  try {
    res.locals.params = await checkInCodeSchema.validate({ code: req.params.code }, { abortEarly: false, strict: true });
    next();
  } catch (error) {
    next(error instanceof ValidationError ? toValidationAppError(error) : error);
  }
};

/** /api/check_in: the front desk's check-in by the reservation's QR code alone (the class is the reservation's). Admins only. */
export function checkInRoutes(deps: Deps): Router {
  const router = Router();

  router.get('/:code', requireAdmin, validCode, async (_req, res) => {
    res.json(await lookUpCheckIn(deps, (res.locals.params as CheckInCodeInput).code));
  });

  router.post(
    '/',
    requireAdmin,
    ...withBody(checkInCodeSchema, async (input, req, res) => {
      res.json(await checkInByCode(deps, identityOf(req).uid, input));
    }),
  );

  return router;
}
