import { availableClassCreateSchema, availableClassUpdateSchema, lotsOnDateQuerySchema } from '@studio/shared/schemas/access';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireAdmin, requireUser } from '../http/authenticate';
import { idempotentCall, sendIdempotent } from '../http/idempotency-key';
import { numericParam } from '../http/params';
import { identityOf } from '../http/request-context';
import { withBody, withQuery } from '../http/validate';
import {
  createLotForCustomer,
  deleteLotOfCustomer,
  getLotFor,
  listOwnLots,
  listOwnLotsOnDate,
  updateLotForCustomer,
} from '../services/access/available-classes';
import { GRANT_STATUS } from '../services/access/give-access';
import { runIdempotent } from '../services/idempotency';

/** /api/available_classes: the caller's own credits; admin edits go through the ledger. */
export function availableClassRoutes(deps: Deps): Router {
  const router = Router();

  router.get('/', requireUser, async (req, res) => {
    res.json({ available_classes: await listOwnLots(deps, identityOf(req)) });
  });

  router.get(
    '/date/all',
    requireUser,
    ...withQuery(lotsOnDateQuerySchema, async (query, req, res) => {
      res.json(await listOwnLotsOnDate(deps, identityOf(req), query.date));
    }),
  );

  router.get('/:id', requireUser, async (req, res) => {
    res.json({ available_class: await getLotFor(deps, identityOf(req), numericParam(req.params.id, 'id')) });
  });

  router.post(
    '/',
    requireAdmin,
    ...withBody(availableClassCreateSchema, async (input, req, res) => {
      const admin = identityOf(req);
      const answer = await runIdempotent(deps, idempotentCall(req, 'available_classes'), async (guard) => ({
        status: GRANT_STATUS,
        body: { available_class: await createLotForCustomer(deps, admin, input, guard) },
      }));
      sendIdempotent(res, answer);
    }),
  );

  router.put(
    '/',
    requireAdmin,
    ...withBody(availableClassUpdateSchema, async (input, req, res) => {
      res.json({ available_class: await updateLotForCustomer(deps, identityOf(req), input) });
    }),
  );

  router.delete('/:id', requireAdmin, async (req, res) => {
    await deleteLotOfCustomer(deps, identityOf(req), numericParam(req.params.id, 'id'));
    res.status(204).end();
  });

  return router;
}
