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
import { clientAddressOf, identityOf } from '../http/request-context';
import { withBody, withQuery } from '../http/validate';
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

  router.get(
    '/quote',
    ...withQuery(checkoutQuoteQuerySchema, async (query, req, res) => {
      res.json(await quoteForCustomer(deps, req.identity ?? null, query.class_package_id, query.discountCode ?? null, clientAddressOf(req)));
    }),
  );

  // Each purchase-creating call takes an Idempotency-Key (ADR 0101): a retried request gets the first answer.
  router.post(
    '/attempt',
    ...paying,
    ...withBody(checkoutAttemptSchema, async (input, req, res) => {
      const identity = identityOf(req);
      const answer = await runIdempotent(deps, idempotentCall(req, 'checkout/attempt'), async (guard) =>
        asAnswer(await attemptCheckout(deps, identity, input, clientAddressOf(req), guard)),
      );
      sendIdempotent(res, answer);
    }),
  );

  router.post(
    '/',
    ...paying,
    ...withBody(checkoutSavedCardSchema, async (input, req, res) => {
      const identity = identityOf(req);
      const answer = await runIdempotent(deps, idempotentCall(req, 'checkout'), async (guard) =>
        asAnswer(await checkoutWithSavedCard(deps, identity, input, clientAddressOf(req), guard)),
      );
      sendIdempotent(res, answer);
    }),
  );

  router.post(
    '/paypal',
    ...paying,
    ...withBody(checkoutPayPalSchema, async (input, req, res) => {
      const identity = identityOf(req);
      const answer = await runIdempotent(deps, idempotentCall(req, 'checkout/paypal'), async (guard) =>
        asAnswer(await startPayPalOrder(deps, identity, input, clientAddressOf(req), guard)),
      );
      sendIdempotent(res, answer);
    }),
  );

  router.post(
    '/capture',
    ...paying,
    ...withBody(checkoutCaptureSchema, async (input, req, res) => {
      res.json(await capturePayPalOrder(deps, identityOf(req), input));
    }),
  );

  return router;
}
