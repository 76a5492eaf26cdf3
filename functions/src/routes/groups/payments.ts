import type { Router } from 'express';
import type { Deps } from '../../deps';
import { checkoutRoutes } from '../checkout';
import { invoiceRoutes, purchaseRoutes } from '../purchases';
import { webhookRoutes } from '../webhooks';

/** Mounts the payments area's routers under /api (docs/payments). */
export function mountPaymentsRoutes(api: Router, deps: Deps): void {
  api.use('/checkout', checkoutRoutes(deps));
  api.use('/purchases', purchaseRoutes(deps));
  api.use('/invoices', invoiceRoutes(deps));
  api.use('/webhooks', webhookRoutes(deps));
}
