import { adminAddReservationSchema, adminRemoveReservationQuerySchema, attendanceSchema, checkInSchema } from '@studio/shared/schemas/class-roster';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireAdmin } from '../http/authenticate';
import { numericParam } from '../http/params';
import { identityOf } from '../http/request-context';
import { withBody, withQuery } from '../http/validate';
import { addCustomerToClass } from '../services/booking/add-customer-to-class';
import { adminRemoveReservation } from '../services/booking/admin-remove-reservation';
import { checkIn, setAttendance } from '../services/booking/attendance';
import { getRoster } from '../services/booking/class-roster';

/** /api/single_class/{id}/…: the admin's roster of a class, check-in, attendance, and adding or removing customers. Admins only. */
export function classRosterRoutes(deps: Deps): Router {
  const router = Router();

  router.get('/:id/roster', requireAdmin, async (req, res) => {
    res.json(await getRoster(deps, numericParam(req.params.id, 'id')));
  });

  router.post(
    '/:id/check_in',
    requireAdmin,
    ...withBody(checkInSchema, async (input, req, res) => {
      res.json(await checkIn(deps, identityOf(req).uid, numericParam(req.params.id, 'id'), input));
    }),
  );

  router.put(
    '/:id/attendance',
    requireAdmin,
    ...withBody(attendanceSchema, async (input, req, res) => {
      res.json(await setAttendance(deps, identityOf(req).uid, numericParam(req.params.id, 'id'), input));
    }),
  );

  router.post(
    '/:id/reservations',
    requireAdmin,
    ...withBody(adminAddReservationSchema, async (input, req, res) => {
      res.status(201).json({ class_reservation: await addCustomerToClass(deps, identityOf(req).uid, numericParam(req.params.id, 'id'), input) });
    }),
  );

  router.delete(
    '/:id/reservations/:rid',
    requireAdmin,
    ...withQuery(adminRemoveReservationQuerySchema, async (query, req, res) => {
      const [id, rid] = [numericParam(req.params.id, 'id'), numericParam(req.params.rid, 'rid')];
      res.json({ class_reservation: await adminRemoveReservation(deps, identityOf(req).uid, id, rid, query) });
    }),
  );

  return router;
}
