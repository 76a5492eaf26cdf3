import { Router } from 'express';
import type { Deps } from '../deps';
import { receiveCardNotice } from '../services/payments/receive-card-notice';

/**
 * /api/webhooks: the processors' notices. No identity: each is verified by its
 * signature over the raw body (Cloud Functions keeps it as req.rawBody;
 * http/body.ts keeps it in-process).
 */
export function webhookRoutes(deps: Deps): Router {
  const router = Router();

  router.post('/stripe', async (req, res) => {
    const raw = (req as typeof req & { rawBody?: Buffer }).rawBody;
    res.json({ received: true, outcome: await receiveCardNotice(deps, raw, req.get('stripe-signature')) });
  });

  return router;
}
