import { pipeline } from 'node:stream/promises';
import { purchaseRefundSchema } from '@studio/shared/schemas/access';
import { purchaseAdminQuerySchema, purchaseCancelSchema, purchaseRejectSchema } from '@studio/shared/schemas/checkout';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireAdmin, requireFreshIdentity, requireUser } from '../http/authenticate';
import { contentDisposition } from '../http/content-disposition';
import { idempotentCall, sendIdempotent } from '../http/idempotency-key';
import { numericParam } from '../http/params';
import { identityOf } from '../http/request-context';
import { withBody, withQuery } from '../http/validate';
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

  router.get(
    '/admin/all',
    requireAdmin,
    ...withQuery(purchaseAdminQuerySchema, async (query, _req, res) => {
      res.json({ purchases: await listPurchasesForAdmin(deps, query) });
    }),
  );

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

  router.post(
    '/cancel/:id',
    requireUser,
    requireFreshIdentity(deps),
    ...withBody(purchaseCancelSchema, async (input, req, res) => {
      res.json(await cancelOwnPurchase(deps, identityOf(req), numericParam(req.params.id, 'id'), input.reason));
    }),
  );

  router.put('/:id/confirm', requireAdmin, async (req, res) => {
    res.json(await confirmCashPurchase(deps, identityOf(req), numericParam(req.params.id, 'id')));
  });

  router.put(
    '/:id/reject',
    requireAdmin,
    ...withBody(purchaseRejectSchema, async (input, req, res) => {
      res.json(await rejectCashPurchase(deps, numericParam(req.params.id, 'id'), input.reason));
    }),
  );

  // Money goes back: with an Idempotency-Key (ADR 0101) a retried refund gets the first answer and refunds nothing more.
  router.post(
    '/:id/refund',
    requireAdmin,
    ...withBody(purchaseRefundSchema, async (input, req, res) => {
      const id = numericParam(req.params.id, 'id');
      const admin = identityOf(req);
      const answer = await runIdempotent(deps, idempotentCall(req, `purchases/${id}/refund`), async (guard) => ({
        status: 200,
        body: await refundPurchase(deps, admin, id, input, guard),
      }));
      sendIdempotent(res, answer);
    }),
  );

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
