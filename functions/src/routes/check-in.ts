import { checkInCodeSchema } from '@studio/shared/schemas/class-roster';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireAdmin } from '../http/authenticate';
import { identityOf } from '../http/request-context';
import { withBody, withParams } from '../http/validate';
import { checkInByCode, lookUpCheckIn } from '../services/booking/check-in-by-code';

/** /api/check_in: the front desk's check-in by the reservation's QR code alone (the class is the reservation's). Admins only. */
export function checkInRoutes(deps: Deps): Router {
  const router = Router();

  // The path's code, checked by the same schema as the POST body: a malformed code is a 400 before any lookup.
  router.get(
    '/:code',
    requireAdmin,
    ...withParams(checkInCodeSchema, async ({ code }, _req, res) => {
      res.json(await lookUpCheckIn(deps, code));
    }),
  );

  router.post(
    '/',
    requireAdmin,
    ...withBody(checkInCodeSchema, async (input, req, res) => {
      res.json(await checkInByCode(deps, identityOf(req).uid, input));
    }),
  );

  return router;
}
