import { guestRenameSchema } from '@studio/shared/schemas/class-reservation';
import {
  scheduleQuerySchema,
  seriesCreateSchema,
  singleClassCancelSchema,
  singleClassCreateSchema,
  singleClassUpdateSchema,
} from '@studio/shared/schemas/single-class';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireAdmin, requireUser } from '../http/authenticate';
import { numericParam } from '../http/params';
import { publicCache } from '../http/public-cache';
import { identityOf } from '../http/request-context';
import { withBody, withQuery } from '../http/validate';
import { renameGuest } from '../services/booking/rename-guest';
import { cancelClass } from '../services/schedule/cancel-class';
import { createClass } from '../services/schedule/create-class';
import { createSeries } from '../services/schedule/create-series';
import { getClass } from '../services/schedule/get-class';
import { listSchedule } from '../services/schedule/list-schedule';
import { updateClass } from '../services/schedule/update-class';

/** /api/single_class: the public schedule, admin scheduling and cancellation. */
export function singleClassRoutes(deps: Deps): Router {
  const router = Router();

  router.get(
    '/',
    publicCache('schedule'),
    ...withQuery(scheduleQuerySchema, async (query, req, res) => {
      res.json({ single_classes: await listSchedule(deps, query, req.identity) });
    }),
  );

  router.get('/single/:id', publicCache('class'), async (req, res) => {
    res.json({ single_class: await getClass(deps, numericParam(req.params.id, 'id'), req.identity) });
  });

  router.put(
    '/guest',
    requireUser,
    ...withBody(guestRenameSchema, async (input, req, res) => {
      res.json({ class_reservation: await renameGuest(deps, identityOf(req), input) });
    }),
  );

  router.post(
    '/',
    requireAdmin,
    ...withBody(singleClassCreateSchema, async (input, _req, res) => {
      res.status(201).json({ single_class: await createClass(deps, input) });
    }),
  );

  router.post(
    '/series',
    requireAdmin,
    ...withBody(seriesCreateSchema, async (input, req, res) => {
      res.status(201).json(await createSeries(deps, identityOf(req).uid, input));
    }),
  );

  router.put(
    '/',
    requireAdmin,
    ...withBody(singleClassUpdateSchema, async (input, _req, res) => {
      res.json(await updateClass(deps, input));
    }),
  );

  router.post(
    '/:id/cancel',
    requireAdmin,
    ...withBody(singleClassCancelSchema, async (input, req, res) => {
      res.json(await cancelClass(deps, identityOf(req).uid, numericParam(req.params.id, 'id'), input));
    }),
  );

  return router;
}
