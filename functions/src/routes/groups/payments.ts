import type { Router } from 'express';
import type { Deps } from '../../deps';
import { checkoutRoutes } from '../checkout';
import { metodosPagoTexts, paymentSourcesTexts, savedCardRoutes } from '../payment-sources';
import { invoiceRoutes, purchaseRoutes } from '../purchases';
import { webhookRoutes } from '../webhooks';

/** Mounts the payments area's routers under /api (docs/payments). */
export function mountPaymentsRoutes(api: Router, deps: Deps): void {
  api.use('/checkout', checkoutRoutes(deps));
  api.use('/purchases', purchaseRoutes(deps));
  api.use('/invoices', invoiceRoutes(deps));
  api.use('/webhooks', webhookRoutes(deps));
  api.use('/metodosPago', savedCardRoutes(deps, metodosPagoTexts));
  api.use('/payment_sources', savedCardRoutes(deps, paymentSourcesTexts));
}
