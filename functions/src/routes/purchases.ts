import { pipeline } from 'node:stream/promises';
import { purchaseRefundSchema } from '@studio/shared/schemas/access';
import { purchaseAdminQuerySchema, purchaseCancelSchema, purchaseRejectSchema } from '@studio/shared/schemas/checkout';
import type { PurchaseStatus } from '@studio/shared/types/purchases';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireAdmin, requireFreshIdentity, requireUser } from '../http/authenticate';
import { contentDisposition } from '../http/content-disposition';
import { idempotentCall, sendIdempotent } from '../http/idempotency-key';
import { numericParam } from '../http/params';
import { identityOf, queryOf } from '../http/request-context';
import { validate } from '../http/validate';
import { runIdempotent } from '../services/idempotency';
import { cancelOwnPurchase } from '../services/purchases/cancel-own-purchase';
import { confirmCashPurchase } from '../services/purchases/confirm-cash-purchase';
import { rejectCashPurchase } from '../services/purchases/end-cash-purchase';
import { getPackageDownload, openPackageFile } from '../services/purchases/package-download';
import { getPurchaseFor, listOwnInvoices, listOwnPurchases, listPurchasesForAdmin } from '../services/purchases/read-purchases';
import { refundPurchase } from '../services/purchases/refund-purchase';

/** /api/purchases: the buyer's purchases (Mis Compras) and the studio's cash confirmations. */
export function purchaseRoutes(deps: Deps): Router {
  const router = Router();

  router.get('/', requireUser, async (req, res) => {
    res.json({ purchases: await listOwnPurchases(deps, identityOf(req)) });
  });

  router.get('/admin/all', requireAdmin, validate(purchaseAdminQuerySchema, 'query'), async (_req, res) => {
    res.json({ purchases: await listPurchasesForAdmin(deps, queryOf<{ status: PurchaseStatus; customer_id?: number }>(res)) });
  });

  router.get('/:id', requireUser, async (req, res) => {
    res.json({ purchase: await getPurchaseFor(deps, identityOf(req), numericParam(req.params.id, 'id')) });
  });

  // A downloadable package's material: its buyers only (the catalogue never shows the link; docs/packages "Downloadable packages").
  router.get('/:id/download', requireUser, async (req, res) => {
    res.json({ download: await getPackageDownload(deps, identityOf(req), numericParam(req.params.id, 'id')) });
  });

  router.get('/:id/download/file', requireUser, async (req, res) => {
    const content = await openPackageFile(deps, identityOf(req), numericParam(req.params.id, 'id'));
    res.set({
      'Content-Type': content.file.type,
      'Content-Length': String(content.file.size),
      // Always a download, never rendered inside our origin; the API's no-store stays (it is one buyer's).
      'Content-Disposition': contentDisposition('attachment', content.file.name),
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
    try {
      await pipeline(content.stream, res);
    } catch (error) {
      if (!res.headersSent) throw error;
    }
  });

  router.post('/cancel/:id', requireUser, requireFreshIdentity(deps), validate(purchaseCancelSchema), async (req, res) => {
    res.json(await cancelOwnPurchase(deps, identityOf(req), numericParam(req.params.id, 'id'), req.body.reason));
  });

  router.put('/:id/confirm', requireAdmin, async (req, res) => {
    res.json(await confirmCashPurchase(deps, identityOf(req), numericParam(req.params.id, 'id')));
  });

  router.put('/:id/reject', requireAdmin, validate(purchaseRejectSchema), async (req, res) => {
    res.json(await rejectCashPurchase(deps, numericParam(req.params.id, 'id'), req.body?.reason));
  });

  // Money goes back: with an Idempotency-Key (ADR 0101) a retried refund gets the first answer and refunds nothing more.
  router.post('/:id/refund', requireAdmin, validate(purchaseRefundSchema), async (req, res) => {
    const id = numericParam(req.params.id, 'id');
    const admin = identityOf(req);
    const answer = await runIdempotent(deps, idempotentCall(req, `purchases/${id}/refund`), async (guard) => ({
      status: 200,
      body: await refundPurchase(deps, admin, id, req.body ?? {}, guard),
    }));
    sendIdempotent(res, answer);
  });

  return router;
}

/** /api/invoices: the buyer's charges (Mis Cargos). */
export function invoiceRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/', requireUser, async (req, res) => {
    res.json({ invoices: await listOwnInvoices(deps, identityOf(req)) });
  });
  return router;
}
