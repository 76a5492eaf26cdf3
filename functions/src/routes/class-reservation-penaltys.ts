import { penaltiesQuerySchema, penaltyCreateSchema, penaltyUpdateSchema } from '@studio/shared/schemas/class-reservation-penalty';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireAdmin, requireUser } from '../http/authenticate';
import { numericParam } from '../http/params';
import { identityOf } from '../http/request-context';
import { withBody, withQuery } from '../http/validate';
import { getOnePenalty, issuePenaltyByHand, listPenalties, updatePenalty } from '../services/booking/penalty-admin';

/** /api/class_reservation_penaltys: a customer reads their own penalties; admins read any, issue, move and lift them. */
export function classReservationPenaltyRoutes(deps: Deps): Router {
  const router = Router();

  router.get(
    '/',
    requireUser,
    ...withQuery(penaltiesQuerySchema, async (query, req, res) => {
      res.json(await listPenalties(deps, identityOf(req), query));
    }),
  );

  router.get('/:id', requireUser, async (req, res) => {
    res.json({ class_reservation_penalty: await getOnePenalty(deps, identityOf(req), numericParam(req.params.id, 'id')) });
  });

  router.post(
    '/',
    requireAdmin,
    ...withBody(penaltyCreateSchema, async (input, req, res) => {
      res.status(201).json({ class_reservation_penalty: await issuePenaltyByHand(deps, identityOf(req).uid, input) });
    }),
  );

  router.put(
    '/',
    requireAdmin,
    ...withBody(penaltyUpdateSchema, async (input, req, res) => {
      res.json({ class_reservation_penalty: await updatePenalty(deps, identityOf(req).uid, input) });
    }),
  );

  return router;
}
