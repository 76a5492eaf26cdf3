import { discountLookupQuerySchema, discountSchema, discountUpdateSchema } from '@studio/shared/schemas/discount';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireAdmin, requireUser } from '../http/authenticate';
import { numericParam } from '../http/params';
import { clientAddressOf, identityOf, queryOf } from '../http/request-context';
import { validate } from '../http/validate';
import { lookUpDiscountCode } from '../services/discounts/look-up-code';
import {
  createDiscountFromInput,
  deleteDiscountById,
  getDiscountForAdmin,
  listDiscountsForAdmin,
  updateDiscountFromInput,
} from '../services/discounts/manage-discounts';

/** /api/discounts: admin management; signed-in customers check a code. */
export function discountRoutes(deps: Deps): Router {
  const router = Router();

  router.get('/admin/all', requireAdmin, async (_req, res) => {
    res.json({ discounts: await listDiscountsForAdmin(deps) });
  });

  router.get('/code/:code', requireUser, validate(discountLookupQuerySchema, 'query'), async (req, res) => {
    const { class_package_id: classPackageId } = queryOf<{ class_package_id: number }>(res);
    res.json(await lookUpDiscountCode(deps, identityOf(req), String(req.params.code), classPackageId, clientAddressOf(req)));
  });

  router.get('/:id', requireAdmin, async (req, res) => {
    res.json({ discount: await getDiscountForAdmin(deps, numericParam(req.params.id, 'id')) });
  });

  router.post('/', requireAdmin, validate(discountSchema), async (req, res) => {
    res.status(201).json({ discount: await createDiscountFromInput(deps, req.body) });
  });

  router.put('/', requireAdmin, validate(discountUpdateSchema), async (req, res) => {
    res.json({ discount: await updateDiscountFromInput(deps, req.body) });
  });

  router.delete('/:id', requireAdmin, async (req, res) => {
    await deleteDiscountById(deps, numericParam(req.params.id, 'id'));
    res.status(204).end();
  });

  return router;
}
