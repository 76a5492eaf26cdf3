import { Router } from 'express';
import type { Deps } from '../deps';
import { receivePayPalNotice } from '../services/purchases/handle-paypal-notice';
import { receiveCardNotice } from '../services/purchases/receive-card-notice';

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

  router.post('/paypal', async (req, res) => {
    const headers = Object.fromEntries(
      ['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time'].map((name) => [
        name,
        req.get(name),
      ]),
    );
    res.json({ received: true, outcome: await receivePayPalNotice(deps, headers, req.body) });
  });

  return router;
}
