import {
  checkoutAttemptSchema,
  checkoutCaptureSchema,
  checkoutPayPalSchema,
  checkoutQuoteQuerySchema,
  checkoutSavedCardSchema,
} from '@studio/shared/schemas/checkout';
import { type Request, Router } from 'express';
import type { Deps } from '../deps';
import { requireUser } from '../http/authenticate';
import { identityOf, queryOf } from '../http/request-context';
import { validate } from '../http/validate';
import { attemptCheckout } from '../services/checkout/attempt-checkout';
import { quoteForCustomer } from '../services/checkout/quote-for-customer';
import { checkoutWithSavedCard } from '../services/payments/checkout-saved-card';
import { capturePayPalOrder, startPayPalOrder } from '../services/payments/start-paypal-order';

/**
 * The site the buyer is on, for the processor's return links: Hosting forwards
 * the public host (trust proxy is set in app.ts); a forged Host only sends the
 * forger back to a page of their own choosing.
 */
const siteOriginOf = (req: Request) => `${req.protocol}://${req.get('x-forwarded-host') ?? req.get('host') ?? 'localhost'}`;

/** /api/checkout: the server's quote, and the purchase attempt (docs/payments). */
export function checkoutRoutes(deps: Deps): Router {
  const router = Router();

  router.get('/quote', validate(checkoutQuoteQuerySchema, 'query'), async (req, res) => {
    const query = queryOf<{ class_package_id: number; discountCode?: string | null }>(res);
    res.json(await quoteForCustomer(deps, req.identity ?? null, query.class_package_id, query.discountCode ?? null));
  });

  router.post('/attempt', requireUser, validate(checkoutAttemptSchema), async (req, res) => {
    const { created, answer } = await attemptCheckout(deps, identityOf(req), req.body, siteOriginOf(req));
    res.status(created ? 201 : 200).json(answer);
  });

  router.post('/', requireUser, validate(checkoutSavedCardSchema), async (req, res) => {
    const { created, answer } = await checkoutWithSavedCard(deps, identityOf(req), req.body, siteOriginOf(req));
    res.status(created ? 201 : 200).json(answer);
  });

  router.post('/paypal', requireUser, validate(checkoutPayPalSchema), async (req, res) => {
    const { created, answer } = await startPayPalOrder(deps, identityOf(req), req.body);
    res.status(created ? 201 : 200).json(answer);
  });

  router.post('/capture', requireUser, validate(checkoutCaptureSchema), async (req, res) => {
    res.json(await capturePayPalOrder(deps, identityOf(req), req.body));
  });

  return router;
}
