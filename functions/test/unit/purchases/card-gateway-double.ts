/**
 * The card processor as unit tests play it: a CardGateway whose calls answer
 * as a quiet Stripe would (ids made from the idempotency keys, nothing saved,
 * nothing known), with a test's own recording or deciding calls laid over
 * it, and the Stripe events those tests deliver, signed by the SDK's own
 * helper and read by the real gateway's signature check.
 */
import Stripe from 'stripe';
import type request from 'supertest';
import type { CardGateway, PaymentLookup, SavedCard } from '../../../src/data/payments/card-gateway';
import { createStripeGateway } from '../../../src/data/payments/stripe-gateway';

/** The webhook endpoint's secret the unit tests sign with. */
export const WEBHOOK_SECRET = 'whsec_prueba_local';

/** A card at the processor, as listCards and getCard answer it (never its number). */
export const savedCard = (id: string, customerId: string | null, brand = 'visa'): SavedCard => ({
  id,
  brand,
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  customerId,
});

/** A PaymentIntent (or, for 'seti_…', a SetupIntent) just created: awaiting a card, not refused, nothing received. */
export const awaitingCard = (ref: string): PaymentLookup => ({
  kind: ref.startsWith('seti_') ? 'setup' : 'payment',
  status: 'requires_payment_method',
  declined: false,
  amountCents: 0,
  paymentMethodId: null,
  purchaseId: null,
});

/**
 * A CardGateway for one test file: `overrides` are the calls it records or
 * decides; every other call answers as a processor with nothing on file would.
 * Events are read by the real Stripe gateway (`webhookSecret`'s signature).
 */
export function cardGatewayDouble(overrides: Partial<CardGateway> = {}, webhookSecret = WEBHOOK_SECRET): CardGateway {
  const real = createStripeGateway({ secretKey: 'sk_test_prueba', webhookSecret });
  return {
    readEvent: real.readEvent,
    createCustomer: async (input) => `cus_${input.customerId}`,
    createPayment: async (input) => ({
      id: `pi_${input.idempotencyKey}`,
      clientSecret: `pi_${input.idempotencyKey}_secret_x`,
      status: 'requires_payment_method',
    }),
    createCardSetup: async (input) => ({
      id: `seti_${input.idempotencyKey}`,
      clientSecret: `seti_${input.idempotencyKey}_secret_x`,
      status: 'requires_payment_method',
    }),
    refundPayment: async () => undefined,
    startRenewals: async (input) => `sub_${input.idempotencyKey}`,
    changeRenewalPrice: async () => undefined,
    cancelSubscription: async () => undefined,
    createCheckoutSession: async (input) => ({
      id: `cs_test_${input.idempotencyKey}`,
      url: `https://checkout.stripe.test/pay/cs_test_${input.idempotencyKey}`,
    }),
    lookUpPayment: async () => null,
    cancelPayment: async () => 'canceled',
    listCards: async () => [],
    getCard: async () => null,
    attachCard: async (id) => savedCard(id, null),
    detachCard: async () => undefined,
    subscriptionCard: async () => null,
    changeSubscriptionCard: async () => undefined,
    ...overrides,
  };
}

let eventSeq = 0;

/** A Stripe event around `object`, as Stripe sends it (this API version); `id` unique unless given. */
export function stripeEvent(type: string, object: Record<string, unknown>, options: { created: Date; id?: string }) {
  return {
    id: options.id ?? `evt_${++eventSeq}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(options.created.getTime() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** Posts an event as Stripe does: the exact bytes, signed with the endpoint's secret by the SDK's own helper. */
export function deliverStripeEvent(app: ReturnType<typeof request>, event: unknown, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return app.post('/api/webhooks/stripe').set('content-type', 'application/json').set('stripe-signature', signature).send(payload);
}
