import {
  classReservationCancelQuerySchema,
  classReservationCreateSchema,
  classReservationRatingSchema,
  classReservationsQuerySchema,
} from '@studio/shared/schemas/class-reservation';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireAppCheck } from '../http/app-check';
import { requireFreshIdentity, requireUser } from '../http/authenticate';
import { numericParam } from '../http/params';
import { identityOf } from '../http/request-context';
import { withBody, withQuery } from '../http/validate';
import { bookClass } from '../services/booking/book-class';
import { cancelOwnReservation } from '../services/booking/cancel-reservation';
import { listOwnReservations } from '../services/booking/list-reservations';
import { rateReservation } from '../services/booking/rate-reservation';

/** /api/class_reservations: a customer's own reservations (ADR 0060). Nobody sees or touches another's. */
export function classReservationRoutes(deps: Deps): Router {
  const router = Router();
  // Booking writes: App Check turns bots away at a release, and a revoked session cannot book or cancel (docs/auth).
  const bookingWrite = [requireUser, requireAppCheck(deps), requireFreshIdentity(deps)];

  router.get(
    '/',
    requireUser,
    ...withQuery(classReservationsQuerySchema, async (query, req, res) => {
      res.json(await listOwnReservations(deps, identityOf(req), query));
    }),
  );

  router.post(
    '/',
    ...bookingWrite,
    ...withBody(classReservationCreateSchema, async (input, req, res) => {
      res.status(201).json(await bookClass(deps, identityOf(req), input));
    }),
  );

  router.put(
    '/',
    requireUser,
    ...withBody(classReservationRatingSchema, async (input, req, res) => {
      res.json({ class_reservation: await rateReservation(deps, identityOf(req), input) });
    }),
  );

  router.delete(
    '/:id',
    ...bookingWrite,
    ...withQuery(classReservationCancelQuerySchema, async (query, req, res) => {
      res.json(await cancelOwnReservation(deps, identityOf(req), numericParam(req.params.id, 'id'), query));
    }),
  );

  return router;
}
