import {
  type ClassReservationCancelQuery,
  classReservationCancelQuerySchema,
  classReservationCreateSchema,
  classReservationRatingSchema,
  type ClassReservationsQuery,
  classReservationsQuerySchema,
} from '@studio/shared/schemas/class-reservation';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireAppCheck } from '../http/app-check';
import { requireFreshIdentity, requireUser } from '../http/authenticate';
import { numericParam } from '../http/params';
import { identityOf, queryOf } from '../http/request-context';
import { validate } from '../http/validate';
import { bookClass } from '../services/booking/book-class';
import { cancelOwnReservation } from '../services/booking/cancel-reservation';
import { listOwnReservations } from '../services/booking/list-reservations';
import { rateReservation } from '../services/booking/rate-reservation';

/** /api/class_reservations: a customer's own reservations (ADR 0060). Nobody sees or touches another's. */
export function classReservationRoutes(deps: Deps): Router {
  const router = Router();
  // Booking writes: App Check turns bots away at a release, and a revoked session cannot book or cancel (docs/auth).
  const bookingWrite = [requireUser, requireAppCheck(deps), requireFreshIdentity(deps)];

  router.get('/', requireUser, validate(classReservationsQuerySchema, 'query'), async (req, res) => {
    res.json(await listOwnReservations(deps, identityOf(req), queryOf<ClassReservationsQuery>(res)));
  });

  router.post('/', ...bookingWrite, validate(classReservationCreateSchema), async (req, res) => {
    res.status(201).json(await bookClass(deps, identityOf(req), req.body));
  });

  router.put('/', requireUser, validate(classReservationRatingSchema), async (req, res) => {
    res.json({ class_reservation: await rateReservation(deps, identityOf(req), req.body) });
  });

  router.delete('/:id', ...bookingWrite, validate(classReservationCancelQuerySchema, 'query'), async (req, res) => {
    res.json(await cancelOwnReservation(deps, identityOf(req), numericParam(req.params.id, 'id'), queryOf<ClassReservationCancelQuery>(res)));
  });

  return router;
}
