import { discountLookupQuerySchema, discountSchema, discountUpdateSchema } from '@studio/shared/schemas/discount';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireAdmin, requireUser } from '../http/authenticate';
import { numericParam } from '../http/params';
import { clientAddressOf, identityOf } from '../http/request-context';
import { withQuery } from '../http/validate';
import { lookUpDiscountCode } from '../services/discounts/look-up-code';
import {
  createDiscountFromInput,
  deleteDiscountById,
  getDiscountForAdmin,
  listDiscountsForAdmin,
  updateDiscountFromInput,
} from '../services/discounts/manage-discounts';
import { addAdminWriteRoutes } from './crud-router';

/** /api/discounts: admin management; signed-in customers check a code. */
export function discountRoutes(deps: Deps): Router {
  const router = Router();

  router.get('/admin/all', requireAdmin, async (_req, res) => {
    res.json({ discounts: await listDiscountsForAdmin(deps) });
  });

  router.get(
    '/code/:code',
    requireUser,
    ...withQuery(discountLookupQuerySchema, async ({ class_package_id: classPackageId }, req, res) => {
      res.json(await lookUpDiscountCode(deps, identityOf(req), String(req.params.code), classPackageId, clientAddressOf(req)));
    }),
  );

  router.get('/:id', requireAdmin, async (req, res) => {
    res.json({ discount: await getDiscountForAdmin(deps, numericParam(req.params.id, 'id')) });
  });

  addAdminWriteRoutes(router, deps, {
    one: 'discount',
    createSchema: discountSchema,
    updateSchema: discountUpdateSchema,
    create: createDiscountFromInput,
    update: updateDiscountFromInput,
    remove: deleteDiscountById,
  });

  return router;
}
