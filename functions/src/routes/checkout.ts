import {
  checkoutAttemptSchema,
  checkoutCaptureSchema,
  checkoutPayPalSchema,
  checkoutQuoteQuerySchema,
  checkoutSavedCardSchema,
} from '@studio/shared/schemas/checkout';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireAppCheck } from '../http/app-check';
import { requireFreshIdentity, requireUser } from '../http/authenticate';
import { idempotentCall, sendIdempotent } from '../http/idempotency-key';
import { clientAddressOf, identityOf, queryOf } from '../http/request-context';
import { validate } from '../http/validate';
import { runIdempotent } from '../services/idempotency';
import { attemptCheckout } from '../services/purchases/attempt-checkout';
import { checkoutWithSavedCard } from '../services/purchases/checkout-saved-card';
import { quoteForCustomer } from '../services/purchases/quote-for-customer';
import { capturePayPalOrder, startPayPalOrder } from '../services/purchases/start-paypal-order';

/** A new purchase is a 201; a retry answered with the pending purchase it had already made, a 200. */
const asAnswer = <T>({ created, answer }: { created: boolean; answer: T }) => ({ status: created ? 201 : 200, body: answer });

/** /api/checkout: the server's quote, and the purchase attempt (docs/payments). */
export function checkoutRoutes(deps: Deps): Router {
  const router = Router();
  // Every call that makes or captures a purchase: App Check, and a session that was not revoked (docs/auth). The quote stays open.
  const paying = [requireUser, requireAppCheck(deps), requireFreshIdentity(deps)];

  router.get('/quote', validate(checkoutQuoteQuerySchema, 'query'), async (req, res) => {
    const query = queryOf<{ class_package_id: number; discountCode?: string | null }>(res);
    res.json(await quoteForCustomer(deps, req.identity ?? null, query.class_package_id, query.discountCode ?? null, clientAddressOf(req)));
  });

  // Each purchase-creating call takes an Idempotency-Key (ADR 0101): a retried request gets the first answer.
  router.post('/attempt', ...paying, validate(checkoutAttemptSchema), async (req, res) => {
    const identity = identityOf(req);
    const answer = await runIdempotent(deps, idempotentCall(req, 'checkout/attempt'), async (guard) =>
      asAnswer(await attemptCheckout(deps, identity, req.body, clientAddressOf(req), guard)),
    );
    sendIdempotent(res, answer);
  });

  router.post('/', ...paying, validate(checkoutSavedCardSchema), async (req, res) => {
    const identity = identityOf(req);
    const answer = await runIdempotent(deps, idempotentCall(req, 'checkout'), async (guard) =>
      asAnswer(await checkoutWithSavedCard(deps, identity, req.body, clientAddressOf(req), guard)),
    );
    sendIdempotent(res, answer);
  });

  router.post('/paypal', ...paying, validate(checkoutPayPalSchema), async (req, res) => {
    const identity = identityOf(req);
    const answer = await runIdempotent(deps, idempotentCall(req, 'checkout/paypal'), async (guard) =>
      asAnswer(await startPayPalOrder(deps, identity, req.body, clientAddressOf(req), guard)),
    );
    sendIdempotent(res, answer);
  });

  router.post('/capture', ...paying, validate(checkoutCaptureSchema), async (req, res) => {
    res.json(await capturePayPalOrder(deps, identityOf(req), req.body));
  });

  return router;
}
