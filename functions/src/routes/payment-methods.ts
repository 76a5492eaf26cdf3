import { paymentMethodCreateSchema, paymentMethodUpdateSchema } from '@studio/shared/schemas/catalogue/payment-methods';
import { Router } from 'express';
import type { Deps } from '../deps';
import { paymentMethodOperations } from '../services/catalogue/payment-methods';
import { addCrudRoutes } from './crud-router';

/** /api/payment_methods: public reads, admin writes (card and cash are protected). */
export function paymentMethodRoutes(deps: Deps): Router {
  return addCrudRoutes(Router(), deps, {
    one: 'payment_method',
    many: 'payment_methods',
    operations: paymentMethodOperations,
    createSchema: paymentMethodCreateSchema,
    updateSchema: paymentMethodUpdateSchema,
  });
}
