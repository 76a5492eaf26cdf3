/**
 * Card checkout (docs/payments, "Exactly once"): the attempt creates one
 * PaymentIntent per purchase, and only a signed webhook completes it. The
 * webhook is verified by the real Stripe gateway's code (the SDK's signature
 * check over the raw body); the processor's other calls are recorded stubs.
 */
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CardDeclinedError, type CardGateway, type CardPaymentRequest, CardUnusableError, type RenewalsRequest } from '../../../src/data/payments/card-gateway';
import { createDiscountFromInput } from '../../../src/services/discounts/manage-discounts';
import { lapseUnpaidPurchases } from '../../../src/services/purchases/end-cash-purchase';
import { http, packages, seedAccessFixtures, snapshotOf, T0, tokenOf } from '../access/access-fixtures';
import { type TestEnv, testEnv } from '../support';
import { awaitingCard, cardGatewayDouble, deliverStripeEvent, savedCard, stripeEvent, WEBHOOK_SECRET } from './card-gateway-double';

interface Recorder {
  customers: number;
  payments: CardPaymentRequest[];
  refunds: string[];
  renewals: RenewalsRequest[];
  cancelled: string[];
  setups: string[];
  prices: Array<[string, number]>;
  /** Cards at the fake processor: id → owner. */
  cards: Map<string, string | null>;
  detached: string[];
  sessions: Array<{ successUrl: string; cancelUrl: string; amountCents: number }>;
  /** Payments' states at the fake processor (default: awaiting a card). */
  states: Map<string, { status: string; declined: boolean }>;
  canceledPayments: string[];
  /** The card each subscription at the fake processor charges. */
  subscriptionCards: Map<string, string>;
}

let env: TestEnv;
let calls: Recorder;
beforeEach(async () => {
  env = testEnv();
  env.clock.now = new Date(T0);
  await seedAccessFixtures(env.store);
  calls = {
    customers: 0,
    payments: [],
    refunds: [],
    renewals: [],
    cancelled: [],
    setups: [],
    prices: [],
    cards: new Map(),
    detached: [],
    sessions: [],
    states: new Map(),
    canceledPayments: [],
    subscriptionCards: new Map(),
  };
  const saved = (id: string) => savedCard(id, calls.cards.get(id) ?? null, id.includes('visa') ? 'visa' : 'discover');
  env.deps.cards = cardGatewayDouble({
    async createCustomer(request) {
      calls.customers++;
      return `cus_${request.customerId}`;
    },
    async createPayment(request) {
      calls.payments.push(request);
      if (request.savedCardId === 'pm_sin_fondos') throw new CardDeclinedError('card_declined', 'insufficient_funds', 'Your card has insufficient funds.');
      // Like Stripe, the idempotency key returns the same PaymentIntent; a saved card is confirmed by the server at once.
      const id = `pi_${request.idempotencyKey}`;
      const status = request.savedCardId === 'pm_3ds' ? 'requires_action' : request.savedCardId ? 'succeeded' : 'requires_payment_method';
      return { id, clientSecret: `${id}_secret_x`, status: calls.states.get(id)?.status ?? status };
    },
    async refundPayment(paymentId) {
      calls.refunds.push(paymentId);
    },
    async startRenewals(request) {
      calls.renewals.push(request);
      calls.subscriptionCards.set(`sub_${request.idempotencyKey}`, request.paymentMethodId);
      return `sub_${request.idempotencyKey}`;
    },
    async subscriptionCard(subscriptionId) {
      return calls.subscriptionCards.get(subscriptionId) ?? null;
    },
    async changeSubscriptionCard(subscriptionId, cardId) {
      calls.subscriptionCards.set(subscriptionId, cardId);
    },
    async cancelSubscription(subscriptionId) {
      calls.cancelled.push(subscriptionId);
    },
    async createCardSetup(request) {
      calls.setups.push(request.idempotencyKey);
      const id = `seti_${request.idempotencyKey}`;
      if (request.savedCardId === 'pm_sin_fondos') throw new CardDeclinedError('card_declined', 'insufficient_funds', 'Your card has insufficient funds.');
      return { id, clientSecret: `${id}_secret_x`, status: request.savedCardId ? 'succeeded' : 'requires_payment_method' };
    },
    async lookUpPayment(ref) {
      return { ...awaitingCard(ref), ...calls.states.get(ref) };
    },
    async cancelPayment(paymentId) {
      const state = calls.states.get(paymentId) ?? { status: 'requires_payment_method', declined: false };
      if (state.status === 'succeeded' || state.status === 'processing') return state.status;
      calls.canceledPayments.push(paymentId);
      calls.states.set(paymentId, { ...state, status: 'canceled' });
      return 'canceled';
    },
    async changeRenewalPrice(subscriptionId, amountCents) {
      calls.prices.push([subscriptionId, amountCents]);
    },
    async createCheckoutSession(request) {
      calls.sessions.push({ successUrl: request.successUrl, cancelUrl: request.cancelUrl, amountCents: request.amountCents });
      return { id: `cs_test_${request.idempotencyKey}`, url: `https://checkout.stripe.test/pay/cs_test_${request.idempotencyKey}` };
    },
    async listCards(customerId) {
      return [...calls.cards.entries()].filter(([, owner]) => owner === customerId).map(([id]) => saved(id));
    },
    async getCard(cardId) {
      return calls.cards.has(cardId) ? saved(cardId) : null;
    },
    async attachCard(cardId, customerId) {
      const owner = calls.cards.get(cardId);
      if (owner && owner !== customerId) throw new CardUnusableError('The payment method you provided has already been attached to a customer.');
      calls.cards.set(cardId, customerId);
      return saved(cardId);
    },
    async detachCard(cardId) {
      calls.detached.push(cardId);
      calls.cards.set(cardId, null);
    },
  });
});
afterEach(async () => {
  await env.cleanup();
});

type Doc = Record<string, unknown>;
const docs = async (collection: string) => (await env.store.collection(collection).get()).docs.map((d) => d.data() as Doc);
const attempt = (uid: string, body: Doc) => http(env).post('/api/checkout/attempt').set('authorization', tokenOf(uid)).send(body);
const writes = () => snapshotOf(env.store, ['purchases', 'available_classes', 'credit_ledger', 'invoices', 'payment_events', 'payment_grants']);

function intentEvent(type: string, purchaseId: number, extra: Doc = {}, id?: string) {
  const object = {
    id: `pi_purchase-${purchaseId}`,
    object: 'payment_intent',
    amount: 170000,
    amount_received: type === 'payment_intent.succeeded' ? 170000 : 0,
    currency: 'mxn',
    metadata: { purchase_id: String(purchaseId) },
    last_payment_error: null,
    ...extra,
  };
  return stripeEvent(type, object, { created: T0, ...(id === undefined ? {} : { id }) });
}

const deliver = (event: unknown, secret = WEBHOOK_SECRET) => deliverStripeEvent(http(env), event, secret);

async function cardPurchase(uid = 'ana', packageId = packages.tenClasses.class_package_id) {
  const response = await attempt(uid, { class_package_id: packageId, payment_method: 'card' });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { purchase_id: number; clientSecret: string; purchase: Doc; message: string };
}

describe('the card attempt', () => {
  it('answers a client secret for a pending purchase, charged in cents as the server priced it', async () => {
    const answer = await cardPurchase('ana', packages.fiveOnSale.class_package_id);
    expect(answer.message).toBe('Estamos procesando tu pago.');
    expect(answer.clientSecret).toBe(`pi_purchase-${answer.purchase_id}_secret_x`);
    expect(answer.purchase).toMatchObject({
      status: 'pending',
      checkout_method: 'card',
      payment_method_id: 1,
      payment_method: 'Tarjeta',
      pay_by: new Date(T0.getTime() + 3_600_000).toISOString(),
    });
    expect(calls.payments).toEqual([
      {
        purchaseId: answer.purchase_id,
        amountCents: 89000,
        description: `Orden #00${answer.purchase_id} · Paquete 5 Clases`,
        processorCustomerId: 'cus_2',
        idempotencyKey: `purchase-${answer.purchase_id}`,
        saveCard: false,
        method: 'card',
      },
    ]);
    expect((await env.store.doc(`purchases/${answer.purchase_id}`).get()).get('provider_ref')).toBe(`pi_purchase-${answer.purchase_id}`);
    expect(await docs('available_classes')).toEqual([]);
  });

  it('a retry gets the same purchase and the same PaymentIntent; the processor customer is made once', async () => {
    const first = await cardPurchase();
    const again = await attempt('ana', { class_package_id: 4, payment_method: 'card' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ purchase_id: first.purchase_id, clientSecret: first.clientSecret });
    expect(calls.customers).toBe(1);
    // While the bank's 3-D Secure is open the payment is in flight: another method waits for it.
    calls.states.set(`pi_purchase-${first.purchase_id}`, { status: 'requires_action', declined: false });
    const blocked = await attempt('ana', { class_package_id: 4, payment_method: 'cash' });
    expect(blocked.status).toBe(409);
    expect(blocked.body.error.code).toBe('checkout/pending-exists');
    expect(calls.canceledPayments).toEqual([]);
    // A card payment never confirmed does not block cash: it is cancelled at Stripe and its purchase ends 'failed'.
    calls.states.set(`pi_purchase-${first.purchase_id}`, { status: 'requires_payment_method', declined: false });
    const cash = await attempt('ana', { class_package_id: 4, payment_method: 'cash' });
    expect(cash.status).toBe(201);
    expect(calls.canceledPayments).toEqual([`pi_purchase-${first.purchase_id}`]);
    expect((await env.store.doc(`purchases/${first.purchase_id}`).get()).data()).toMatchObject({ status: 'failed', holds_place: false });
  });

  it('a declined card ends its purchase (Fallido) before the next try: another card is a fresh purchase and PaymentIntent, and cash is never blocked', async () => {
    await env.store.doc('class_packages/4').set({ purchase_limit: 1, limit_per_customer: 1 }, { merge: true });
    const first = await cardPurchase();
    // The card field's confirmation was declined at Stripe (the webhook has not arrived yet).
    calls.states.set(`pi_purchase-${first.purchase_id}`, { status: 'requires_payment_method', declined: true });
    const second = await attempt('ana', { class_package_id: 4, payment_method: 'card' });
    expect(second.status).toBe(201);
    expect(second.body.purchase_id).not.toBe(first.purchase_id);
    expect(second.body.clientSecret).toBe(`pi_purchase-${second.body.purchase_id}_secret_x`);
    expect(calls.canceledPayments).toEqual([`pi_purchase-${first.purchase_id}`]);
    expect((await env.store.doc(`purchases/${first.purchase_id}`).get()).data()).toMatchObject({
      status: 'failed',
      cancel_reason: 'card-declined',
      holds_place: false,
    });
    // The late webhook of the first decline changes nothing more.
    const late = await deliver(intentEvent('payment_intent.payment_failed', first.purchase_id, { last_payment_error: { code: 'card_declined' } }));
    expect(late.body.outcome).toBe('recorded');
    // Declined again (this time the webhook comes first): the purchase ends at once and cash goes through.
    const declined = await deliver(
      intentEvent('payment_intent.payment_failed', second.body.purchase_id as number, {
        id: `pi_purchase-${second.body.purchase_id}`,
        last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
      }),
    );
    expect(declined.body.outcome).toBe('ended');
    expect((await env.store.doc(`purchases/${second.body.purchase_id}`).get()).data()).toMatchObject({
      status: 'failed',
      payment_error: 'insufficient_funds',
      holds_place: false,
    });
    const cash = await attempt('ana', { class_package_id: 4, payment_method: 'cash' });
    expect(cash.status).toBe(201);
    expect(cash.body.purchase).toMatchObject({ status: 'pending', checkout_method: 'cash' });
  });

  it('keeps a new card only when the customer ticks Guardar tarjeta (save_card); a subscription’s card is always kept', async () => {
    const kept = await attempt('ana', { class_package_id: 4, payment_method: 'card', save_card: true });
    expect(kept.status).toBe(201);
    expect(calls.payments[0]).toMatchObject({ saveCard: true, idempotencyKey: `purchase-${kept.body.purchase_id}-keep` });
    expect(kept.body.clientSecret).toBe(`pi_purchase-${kept.body.purchase_id}-keep_secret_x`);
    const other = await attempt('diego', { class_package_id: 4, payment_method: 'card', save_card: false });
    expect(calls.payments[1]).toMatchObject({ saveCard: false, idempotencyKey: `purchase-${other.body.purchase_id}` });
    const bad = await attempt('ana', { class_package_id: 4, payment_method: 'card', save_card: 'sí' });
    expect(bad.status).toBe(400);
  });

  it('is offered only when a card processor is configured', async () => {
    expect((await http(env).get('/api/checkout/quote?class_package_id=4')).body.methods).toEqual(['cash', 'card', 'oxxo']);
    env.deps.cards = null;
    expect((await http(env).get('/api/checkout/quote?class_package_id=4')).body.methods).toEqual(['cash']);
    expect((await attempt('ana', { class_package_id: 4, payment_method: 'card' })).status).toBe(400);
  });
});

describe('the Stripe webhook', () => {
  it('completes the purchase once, with its credits, an invoice and a ledger entry, however often the event comes', async () => {
    const { purchase_id: id } = await cardPurchase();
    const event = intentEvent('payment_intent.succeeded', id);
    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, outcome: 'granted' });
    expect((await deliver(event)).body.outcome).toBe('duplicate');
    expect((await deliver(event)).body.outcome).toBe('duplicate');
    // Another event about the same payment (Stripe may send several) grants nothing more.
    expect((await deliver(intentEvent('payment_intent.succeeded', id))).body.outcome).toBe('already-paid');

    const purchase = (await env.store.doc(`purchases/${id}`).get()).data();
    expect(purchase).toMatchObject({ status: 'completed', paid_at: T0, provider_ref: `pi_purchase-${id}` });
    expect(await docs('available_classes')).toHaveLength(1);
    expect((await docs('credit_ledger')).filter((e) => e.kind === 'grant')).toHaveLength(1);
    expect(await docs('invoices')).toMatchObject([{ purchase_id: id, total_payment: 1700, provider_ref: `pi_purchase-${id}`, checkout_method: 'card' }]);
  });

  it('grants once when the same payment’s events arrive at the same moment', async () => {
    const { purchase_id: id } = await cardPurchase();
    const event = intentEvent('payment_intent.succeeded', id);
    const outcomes = (await Promise.all([deliver(event), deliver(event), deliver(event), deliver(intentEvent('payment_intent.succeeded', id))])).map(
      (r) => r.body.outcome ?? r.status,
    );
    expect(outcomes.filter((o) => o === 'granted')).toHaveLength(1);
    expect(outcomes.every((o) => o === 'granted' || o === 'duplicate' || o === 'already-paid' || o === 503)).toBe(true);
    expect(await docs('available_classes')).toHaveLength(1);
    expect(await docs('invoices')).toHaveLength(1);
  });

  it('refuses a forged or altered notice with 400 and writes nothing', async () => {
    const { purchase_id: id } = await cardPurchase();
    const before = await writes();
    const forged = await deliver(intentEvent('payment_intent.succeeded', id), 'whsec_otra_firma');
    expect(forged.status).toBe(400);
    expect(forged.body.error).toMatchObject({ code: 'webhooks/invalid-signature', message: 'La firma del aviso de pago no es válida.' });
    const payload = JSON.stringify(intentEvent('payment_intent.succeeded', id));
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const altered = await http(env)
      .post('/api/webhooks/stripe')
      .set('content-type', 'application/json')
      .set('stripe-signature', signature)
      .send(payload.replace('170000', '1'));
    expect(altered.status).toBe(400);
    const unsigned = await http(env).post('/api/webhooks/stripe').send(intentEvent('payment_intent.succeeded', id));
    expect(unsigned.status).toBe(400);
    expect(await writes()).toEqual(before);
  });

  it('out of order: a failure or a cancel after the success changes nothing; a decline Stripe can no longer cancel is only noted', async () => {
    const { purchase_id: id } = await cardPurchase();
    // A newer try on the same PaymentIntent already went through when the old decline arrives: its success completes the purchase.
    calls.states.set(`pi_purchase-${id}`, { status: 'succeeded', declined: false });
    const declined = await deliver(
      intentEvent('payment_intent.payment_failed', id, { last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' } }),
    );
    expect(declined.body.outcome).toBe('recorded');
    expect((await env.store.doc(`purchases/${id}`).get()).data()).toMatchObject({ status: 'pending', payment_error: 'insufficient_funds' });
    expect((await deliver(intentEvent('payment_intent.succeeded', id))).body.outcome).toBe('granted');
    expect((await deliver(intentEvent('payment_intent.payment_failed', id))).body.outcome).toBe('recorded');
    expect((await deliver(intentEvent('payment_intent.canceled', id))).body.outcome).toBe('recorded');
    expect((await env.store.doc(`purchases/${id}`).get()).data()).toMatchObject({ status: 'completed', payment_error: null });
    expect(await docs('available_classes')).toHaveLength(1);
    expect(calls.canceledPayments).toEqual([]);
  });

  it('a canceled payment ends the purchase and gives its place back; money that arrives after that is refunded', async () => {
    await env.store.doc('class_packages/4').set({ purchase_limit: 1 }, { merge: true });
    const { purchase_id: id } = await cardPurchase();
    expect((await deliver(intentEvent('payment_intent.canceled', id))).body.outcome).toBe('ended');
    expect((await env.store.doc(`purchases/${id}`).get()).data()).toMatchObject({ status: 'failed', holds_place: false });
    expect((await env.store.collection('class_packages/4/units').get()).size).toBe(0);
    const late = intentEvent('payment_intent.succeeded', id);
    expect((await deliver(late)).body.outcome).toBe('refunded');
    expect((await deliver(late)).body.outcome).toBe('duplicate');
    expect(calls.refunds).toEqual([`pi_purchase-${id}`]);
    expect(await docs('available_classes')).toEqual([]);
  });

  it('events it does not act on are acknowledged and ignored; a purchase it does not know is recorded', async () => {
    expect((await deliver({ ...intentEvent('customer.created', 1), data: { object: { id: 'cus_1', object: 'customer' } } })).body.outcome).toBe('ignored');
    expect((await deliver(intentEvent('payment_intent.succeeded', 987654))).body.outcome).toBe('unknown-purchase');
    expect(await docs('available_classes')).toEqual([]);
  });
});

/** A subscription renewal's invoice event as Stripe sends it (this API version: the subscription under parent.subscription_details). */
function invoiceEvent(type: 'invoice.paid' | 'invoice.payment_failed', purchaseId: number, invoiceId: string, amount: number) {
  return stripeEvent(
    type,
    {
      id: invoiceId,
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      amount_due: amount,
      amount_paid: type === 'invoice.paid' ? amount : 0,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: `sub_renewals-${purchaseId}`, metadata: { purchase_id: String(purchaseId) } },
      },
    },
    { created: T0 },
  );
}

/** Stripe kept a trial's card: its SetupIntent succeeded with the test card pm_prueba. */
function setupEvent(purchaseId: number, id?: string) {
  const object = {
    id: `seti_setup-${purchaseId}`,
    object: 'setup_intent',
    status: 'succeeded',
    payment_method: 'pm_prueba',
    metadata: { purchase_id: String(purchaseId) },
  };
  return stripeEvent('setup_intent.succeeded', object, { created: T0, ...(id === undefined ? {} : { id }) });
}

describe('subscriptions by card', () => {
  async function activeSubscription(uid = 'ana') {
    const { purchase_id: id } = await cardPurchase(uid, packages.unlimited.class_package_id);
    expect(
      (await deliver(intentEvent('payment_intent.succeeded', id, { amount: 240000, amount_received: 240000, payment_method: 'pm_guardada' }))).body.outcome,
    ).toBe('granted');
    return id;
  }

  it('a card that pays a subscription is listed with it and is not deleted alone; with another card the renewals move to it first', async () => {
    const as = { authorization: tokenOf('ana') };
    await http(env).post('/api/metodosPago').set(as).send({ token_id: 'pm_guardada' });
    const id = await activeSubscription();
    const listed = await http(env).get('/api/payment_sources').set(as);
    expect(listed.body.payment_sources).toMatchObject([
      { payment_source_id: 'pm_guardada', pays_subscriptions: [{ purchase_id: id, title: 'Ilimitado Mensual' }] },
    ]);
    const refused = await http(env).delete('/api/payment_sources/pm_guardada').set(as);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'payment-sources/pays-subscription',
      message: 'Esta tarjeta paga tu suscripción «Ilimitado Mensual». Elige otra de tus tarjetas para cobrarla antes de eliminar esta.',
    });
    expect(calls.detached).toEqual([]);
    // The query is checked by its schema: empty means no replacement (the same 409), as does an unknown field (query strings drop
    // them, as every query schema does); too long is a 400 naming the field; nothing moves.
    expect((await http(env).delete('/api/payment_sources/pm_guardada?replacement=').set(as)).status).toBe(409);
    const tooLong = await http(env)
      .delete(`/api/payment_sources/pm_guardada?replacement=${'p'.repeat(256)}`)
      .set(as);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields).toHaveProperty('replacement');
    expect((await http(env).delete('/api/payment_sources/pm_guardada?reemplazo=pm_nueva').set(as)).status).toBe(409);
    expect(calls.detached).toEqual([]);
    // Someone else's card, or the same one, is no replacement.
    expect((await http(env).delete('/api/payment_sources/pm_guardada?replacement=pm_guardada').set(as)).status).toBe(400);
    expect((await http(env).delete('/api/payment_sources/pm_guardada?replacement=pm_de_nadie').set(as)).status).toBe(400);
    await http(env).post('/api/metodosPago').set(as).send({ token_id: 'pm_nueva' });
    const moved = await http(env).delete('/api/payment_sources/pm_guardada?replacement=pm_nueva').set(as);
    expect(moved.status).toBe(200);
    expect(calls.subscriptionCards.get(`sub_renewals-${id}`)).toBe('pm_nueva');
    expect(calls.detached).toEqual(['pm_guardada']);
    const after = await http(env).get('/api/payment_sources').set(as);
    expect(after.body.payment_sources).toMatchObject([{ payment_source_id: 'pm_nueva', pays_subscriptions: [{ purchase_id: id }] }]);
  });

  it('the first period is paid by the PaymentIntent (card kept), then renewals start at its end, once', async () => {
    const id = await activeSubscription();
    expect(calls.payments[0]).toMatchObject({ amountCents: 240000, saveCard: true });
    const purchase = (await env.store.doc(`purchases/${id}`).get()).data();
    expect(purchase).toMatchObject({ status: 'active', subscription_id: `sub_renewals-${id}`, subscription_period: 'month', subscription_interval: 1 });
    // 22 Nov 12:00 in Mexico City + 1 month: the credits last through 22 Dec there, the day of the next charge.
    expect(await docs('available_classes')).toMatchObject([{ available_classes: -1, expiration_date: new Date('2026-12-23T05:59:59.999Z') }]);
    expect(calls.renewals).toEqual([
      {
        purchaseId: id,
        processorCustomerId: 'cus_2',
        paymentMethodId: 'pm_guardada',
        amountCents: 240000,
        period: 'month',
        interval: 1,
        firstRenewalAt: new Date('2026-12-22T18:00:00Z'),
        description: `Orden #00${id} · Ilimitado Mensual`,
        idempotencyKey: `renewals-${id}`,
      },
    ]);
    expect((await deliver(intentEvent('payment_intent.succeeded', id, { payment_method: 'pm_guardada' }))).body.outcome).toBe('already-paid');
    expect(calls.renewals).toHaveLength(1);
  });

  it('each paid renewal grants the next period once and writes its invoice; a failed one marks the purchase failed', async () => {
    const id = await activeSubscription();
    env.clock.now = new Date('2026-12-22T18:00:05Z');
    const renewal = invoiceEvent('invoice.paid', id, 'in_renovacion_1', 240000);
    expect((await deliver(renewal)).body.outcome).toBe('granted');
    expect((await deliver(renewal)).body.outcome).toBe('duplicate');
    expect((await deliver(invoiceEvent('invoice.paid', id, 'in_renovacion_1', 240000))).body.outcome).toBe('already-paid');
    const lots = await docs('available_classes');
    expect(lots).toHaveLength(2);
    expect(lots.map((l) => (l.expiration_date as Date).toISOString()).sort()).toEqual(['2026-12-23T05:59:59.999Z', '2027-01-23T05:59:59.999Z']);

    env.clock.now = new Date('2027-01-22T18:00:05Z');
    expect((await deliver(invoiceEvent('invoice.payment_failed', id, 'in_renovacion_2', 240000))).body.outcome).toBe('recorded');
    expect((await env.store.doc(`purchases/${id}`).get()).data()).toMatchObject({ status: 'failed' });
    // Stripe retries the charge; when it succeeds, five days late, the subscription is active again with its credits,
    // which run to the next charge (22 Feb, counted from the first one), not a month from the late payment (27 Feb).
    env.clock.now = new Date('2027-01-27T18:00:05Z');
    expect((await deliver(invoiceEvent('invoice.paid', id, 'in_renovacion_2', 240000))).body.outcome).toBe('granted');
    expect((await env.store.doc(`purchases/${id}`).get()).data()).toMatchObject({ status: 'active' });
    const late = (await docs('available_classes')).find((lot) => (lot.createdAt as Date).getTime() === env.clock.now.getTime());
    expect((late?.expiration_date as Date | undefined)?.toISOString()).toBe('2027-02-23T05:59:59.999Z');
    const invoices = await http(env).get('/api/invoices').set('authorization', tokenOf('ana'));
    expect(invoices.body.invoices.map((i: Doc) => [i.billing_reason, i.status, i.total_payment])).toEqual([
      ['renewal', 'completed', 2400],
      ['renewal', 'failed', 2400],
      ['renewal', 'completed', 2400],
      ['purchase', 'completed', 2400],
    ]);
    expect(await docs('available_classes')).toHaveLength(3);
  });

  it('the customer cancels with a reason: renewals stop at Stripe, the credits paid for stay', async () => {
    const id = await activeSubscription();
    const cancel = (body: Doc) => http(env).post(`/api/purchases/cancel/${id}`).set('authorization', tokenOf('ana')).send(body);
    expect((await cancel({})).body.error.fields.reason).toBe('Debes indicar un motivo de cancelación.');
    const done = await cancel({ reason: 'Me mudo de ciudad' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: '¡Suscripción cancelada!', purchase: { status: 'cancelled', cancel_reason: 'Me mudo de ciudad' } });
    expect(calls.cancelled).toEqual([`sub_renewals-${id}`]);
    const ended = {
      ...intentEvent('customer.subscription.deleted', id),
      data: { object: { id: `sub_renewals-${id}`, object: 'subscription', metadata: { purchase_id: String(id) } } },
    };
    expect((await deliver(ended)).body.outcome).toBe('recorded');
    expect(await docs('available_classes')).toHaveLength(1);
    // A second click answers the same, and touches neither Stripe nor the record.
    const again = await cancel({ reason: 'otra vez' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ message: '¡Suscripción cancelada!', purchase: { status: 'cancelled', cancel_reason: 'Me mudo de ciudad' } });
    expect(calls.cancelled).toHaveLength(1);
  });

  it('a subscription ended by Stripe (unpaid) is cancelled; subscriptions are sold by card only', async () => {
    const id = await activeSubscription();
    const ended = {
      ...intentEvent('customer.subscription.deleted', id),
      data: { object: { id: `sub_renewals-${id}`, object: 'subscription', metadata: { purchase_id: String(id) } } },
    };
    expect((await deliver(ended)).body.outcome).toBe('ended');
    expect((await env.store.doc(`purchases/${id}`).get()).data()).toMatchObject({ status: 'cancelled', cancel_reason: 'subscription-ended' });
    expect((await http(env).get('/api/checkout/quote?class_package_id=5')).body.methods).toEqual(['card']);
  });
});

describe('free trials by card', () => {
  const TRIAL = 30;
  beforeEach(async () => {
    await env.store
      .doc(`class_packages/${TRIAL}`)
      .set({ ...packages.unlimited, class_package_id: TRIAL, title: 'Prueba 7 Días', is_trial: true, free_trial_length: 7 });
  });
  it('a trial with a saved card: the server confirms its SetupIntent on that card', async () => {
    await http(env).post('/api/metodosPago').set('authorization', tokenOf('ana')).send({ token_id: 'pm_visa_3' });
    const answer = await attempt('ana', { class_package_id: TRIAL, payment_method: 'card', payment_source_id: 'pm_visa_3' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ intent: 'setup', intentStatus: 'succeeded', clientSecret: `seti_setup-${answer.body.purchase_id}-pm_visa_3_secret_x` });
  });

  it('keeps the card (SetupIntent), grants the trial at once until its first charge, and schedules that charge', async () => {
    expect((await http(env).get(`/api/checkout/quote?class_package_id=${TRIAL}`)).body.methods).toEqual(['card']);
    const answer = await attempt('ana', { class_package_id: TRIAL, payment_method: 'card' });
    expect(answer.status).toBe(201);
    const id = answer.body.purchase_id as number;
    expect(answer.body).toMatchObject({ intent: 'setup', clientSecret: `seti_setup-${id}_secret_x`, purchase: { status: 'pending', total_payment: 0 } });
    expect(calls.payments).toEqual([]);
    const saved = setupEvent(id);
    expect((await deliver(saved)).body.outcome).toBe('granted');
    expect((await deliver(saved)).body.outcome).toBe('duplicate');
    expect((await deliver(setupEvent(id))).body.outcome).toBe('already-paid');
    expect((await env.store.doc(`purchases/${id}`).get()).data()).toMatchObject({ status: 'active', subscription_id: `sub_renewals-${id}` });
    // 7 studio days from 22 Nov (Mexico City): through 29 Nov, the day of the first charge.
    expect(await docs('available_classes')).toMatchObject([{ available_classes: -1, expiration_date: new Date('2026-11-30T05:59:59.999Z') }]);
    expect(await docs('invoices')).toEqual([]);
    expect(calls.renewals).toMatchObject([
      { purchaseId: id, paymentMethodId: 'pm_prueba', amountCents: 240000, firstRenewalAt: new Date('2026-11-29T18:00:00Z') },
    ]);
  });

  it('a first-charge-only discount makes the first charge cheaper, then the renewals go back to the full price once', async () => {
    await createDiscountFromInput(env.deps, { code: 'PRIMERMES', is_percent: true, amount: 50, first_invoice_only: true });
    const answer = await attempt('ana', { class_package_id: TRIAL, payment_method: 'card', discountCode: 'PRIMERMES' });
    const id = answer.body.purchase_id as number;
    expect(answer.body.quote.trial).toMatchObject({ first_charge_amount: 1200 });
    await deliver(setupEvent(id));
    expect(calls.renewals[0]).toMatchObject({ amountCents: 120000 });
    env.clock.now = new Date('2026-11-29T18:00:05Z');
    expect((await deliver(invoiceEvent('invoice.paid', id, 'in_primer_cargo', 120000))).body.outcome).toBe('granted');
    expect(calls.prices).toEqual([[`sub_renewals-${id}`, 240000]]);
    env.clock.now = new Date('2026-12-29T18:00:05Z');
    expect((await deliver(invoiceEvent('invoice.paid', id, 'in_segundo_cargo', 240000))).body.outcome).toBe('granted');
    expect(calls.prices).toHaveLength(1);
    expect((await http(env).get('/api/invoices').set('authorization', tokenOf('ana'))).body.invoices.map((i: Doc) => i.total_payment)).toEqual([2400, 1200]);
  });
});

describe('OXXO (a cash voucher through Stripe)', () => {
  it('leaves the purchase pending until Stripe reports the voucher paid; an expired voucher ends it and gives its place back', async () => {
    await env.store.doc('class_packages/4').set({ purchase_limit: 1 }, { merge: true });
    const first = await attempt('ana', { class_package_id: 4, payment_method: 'oxxo' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ intent: 'payment', purchase: { status: 'pending', checkout_method: 'oxxo' } });
    expect(calls.payments[0]).toMatchObject({ method: 'oxxo', amountCents: 170000 });
    const expired = intentEvent('payment_intent.payment_failed', first.body.purchase_id, {
      last_payment_error: { code: 'payment_intent_payment_attempt_expired' },
    });
    expect((await deliver(expired)).body.outcome).toBe('ended');
    expect((await env.store.doc(`purchases/${first.body.purchase_id}`).get()).data()).toMatchObject({ status: 'failed', cancel_reason: 'oxxo-expired' });

    const second = await attempt('diego', { class_package_id: 4, payment_method: 'oxxo' });
    expect(second.status).toBe(201);
    expect((await deliver(intentEvent('payment_intent.succeeded', second.body.purchase_id))).body.outcome).toBe('granted');
    expect((await env.store.doc(`purchases/${second.body.purchase_id}`).get()).data()).toMatchObject({ status: 'completed' });
  });

  it('is offered for one-off amounts Stripe accepts only', async () => {
    await env.store.doc('class_packages/40').set({ ...packages.tenClasses, class_package_id: 40, title: 'Botella de agua', price: 5 });
    const tooSmall = await attempt('ana', { class_package_id: 40, payment_method: 'oxxo' });
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body.error.code).toBe('checkout/method-unavailable');
    expect((await attempt('ana', { class_package_id: 5, payment_method: 'oxxo' })).body.error.code).toBe('checkout/method-not-recurring');
  });
});

describe('saved cards', () => {
  const as = (uid: string) => ({ authorization: tokenOf(uid) });

  it('keeps a card the browser tokenized, lists it without its number, pays with it, and deletes only the owner’s', async () => {
    const saved = await http(env)
      .post('/api/metodosPago')
      .set(as('ana'))
      .send({ token_id: 'pm_visa_1', card_type: 'visa', last_digits: '4242', saveCard: true });
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({
      message: '¡Método de Pago guardado con éxito!',
      payment_source: {
        payment_source_id: 'pm_visa_1',
        source_id: 'pm_visa_1',
        conekta_payment_source_id: 'pm_visa_1',
        card_type: 'visa',
        last_digits: '4242',
        exp_month: 12,
        exp_year: 2030,
      },
    });
    await http(env).post('/api/payment_sources').set(as('ana')).send({ token_id: 'pm_otra_2' });
    const listed = await http(env).get('/api/payment_sources').set(as('ana'));
    expect(listed.body.payment_sources.map((c: Doc) => [c.payment_source_id, c.card_type])).toEqual([
      ['pm_visa_1', 'visa'],
      ['pm_otra_2', 'other'],
    ]);
    expect((await http(env).get('/api/metodosPago').set(as('diego'))).body.payment_sources).toEqual([]);

    const paid = await attempt('ana', { class_package_id: 4, payment_method: 'card', payment_source_id: 'pm_visa_1' });
    expect(paid.status).toBe(201);
    expect(calls.payments.at(-1)).toMatchObject({ savedCardId: 'pm_visa_1', idempotencyKey: `purchase-${paid.body.purchase_id}-pm_visa_1` });

    const someoneElses = await attempt('diego', { class_package_id: 3, payment_method: 'card', payment_source_id: 'pm_visa_1' });
    expect(someoneElses.status).toBe(400);
    expect(someoneElses.body.error.message).toBe('No encontramos esa tarjeta entre tus métodos de pago.');
    const keepAnothers = await http(env).post('/api/metodosPago').set(as('diego')).send({ token_id: 'pm_visa_1' });
    expect(keepAnothers.status).toBe(400);
    expect(keepAnothers.body.error).toMatchObject({
      code: 'payment-sources/card-unusable',
      message: 'No pudimos guardar esta tarjeta en tu cuenta. Vuelve a capturar sus datos para agregarla.',
    });
    expect((await http(env).get('/api/metodosPago').set(as('diego'))).body.payment_sources).toEqual([]);
    expect((await http(env).delete('/api/metodosPago/pm_visa_1').set(as('diego'))).status).toBe(404);
    const deleted = await http(env).delete('/api/metodosPago/pm_visa_1').set(as('ana'));
    expect(deleted.body).toEqual({ message: 'Metodo de Pago eliminado con éxito.' });
    expect((await http(env).delete('/api/payment_sources/pm_otra_2').set(as('ana'))).body).toEqual({ message: 'PaymentSource de Pago eliminado con éxito.' });
    expect(calls.detached).toEqual(['pm_visa_1', 'pm_otra_2']);
  });

  it('a saved card the bank declines is a 402 with the spec’s text; the purchase ends Fallido and another card is a fresh purchase', async () => {
    await env.store.doc('class_packages/4').set({ limit_per_customer: 1 }, { merge: true });
    await http(env).post('/api/metodosPago').set(as('ana')).send({ token_id: 'pm_sin_fondos' });
    const declined = await attempt('ana', { class_package_id: 4, payment_method: 'card', payment_source_id: 'pm_sin_fondos' });
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({
      code: 'checkout/card-declined',
      message: 'Lo sentimos. Tu tarjeta ha sido rechazada por fondos insuficientes.',
    });
    const [ended] = await docs('purchases');
    expect(ended).toMatchObject({ status: 'failed', cancel_reason: 'card-declined', payment_error: 'insufficient_funds', holds_place: false });
    await http(env).post('/api/metodosPago').set(as('ana')).send({ token_id: 'pm_visa_3' });
    const retry = await attempt('ana', { class_package_id: 4, payment_method: 'card', payment_source_id: 'pm_visa_3' });
    expect(retry.status).toBe(201);
    expect(retry.body.purchase_id).not.toBe(ended?.purchase_id);
    expect(retry.body).toMatchObject({ intent: 'payment', intentStatus: 'succeeded' });
  });

  it('the server confirms a saved card and answers the intent’s status; paying again is a second purchase and a second charge', async () => {
    await http(env).post('/api/metodosPago').set(as('ana')).send({ token_id: 'pm_visa_3' });
    const first = await attempt('ana', { class_package_id: 4, payment_method: 'card', payment_source_id: 'pm_visa_3' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      intent: 'payment',
      intentStatus: 'succeeded',
      clientSecret: `pi_purchase-${first.body.purchase_id}-pm_visa_3_secret_x`,
    });
    expect(calls.payments[0]).toMatchObject({ savedCardId: 'pm_visa_3', saveCard: false });
    const paid = intentEvent('payment_intent.succeeded', first.body.purchase_id as number, { id: `pi_purchase-${first.body.purchase_id}-pm_visa_3` });
    expect((await deliver(paid)).body.outcome).toBe('granted');
    const second = await attempt('ana', { class_package_id: 4, payment_method: 'card', payment_source_id: 'pm_visa_3' });
    expect(second.status).toBe(201);
    expect(second.body.purchase_id).not.toBe(first.body.purchase_id);
    expect(calls.payments.map((p) => p.idempotencyKey)).toEqual([
      `purchase-${first.body.purchase_id}-pm_visa_3`,
      `purchase-${second.body.purchase_id}-pm_visa_3`,
    ]);
    // A card whose bank asks for 3-D Secure: the browser runs only that next action.
    calls.cards.set('pm_3ds', 'cus_2');
    const challenged = await attempt('ana', { class_package_id: 4, payment_method: 'card', payment_source_id: 'pm_3ds' });
    expect(challenged.body).toMatchObject({ intentStatus: 'requires_action' });
  });

  it('without token_id the answer is a SetupIntent to confirm in the browser; switched off, nothing is kept', async () => {
    const setup = await http(env).post('/api/payment_sources').set(as('ana')).send({});
    expect(setup.status).toBe(201);
    expect(setup.body).toMatchObject({ intent: 'setup', client_secret: expect.stringMatching(/^seti_saved-card-ana-/) });
    await env.store.doc('app_config/main').set({ values: { payment_sources_enabled: false } }, { merge: true });
    expect((await http(env).post('/api/metodosPago').set(as('ana')).send({ token_id: 'pm_visa_9' })).status).toBe(412);
    expect((await http(env).get('/api/metodosPago').set(as('ana'))).body.payment_sources).toEqual([]);
  });

  it('a second payment for a purchase already paid by another card is refunded', async () => {
    const { purchase_id: id } = await cardPurchase();
    expect((await deliver(intentEvent('payment_intent.succeeded', id))).body.outcome).toBe('granted');
    const other = intentEvent('payment_intent.succeeded', id);
    other.data.object.id = 'pi_otra_tarjeta';
    expect((await deliver(other)).body.outcome).toBe('refunded');
    expect(calls.refunds).toEqual(['pi_otra_tarjeta']);
    expect(await docs('available_classes')).toHaveLength(1);
  });
});

describe('abandoned card payments', () => {
  it('lapse an hour after their pay_by (the reconciling job asks the processor first) and give their place back; a payment that still arrives is refunded', async () => {
    await env.store.doc('class_packages/4').set({ purchase_limit: 1 }, { merge: true });
    const { purchase_id: id } = await cardPurchase();
    // pay_by is an hour after the attempt; the processor may hold the money while our webhook is down, so not yet.
    env.clock.now = new Date(T0.getTime() + 3_600_000);
    expect(await lapseUnpaidPurchases(env.deps, env.clock.now)).toBe(0);
    env.clock.now = new Date(T0.getTime() + 2 * 3_600_000);
    expect(await lapseUnpaidPurchases(env.deps, env.clock.now)).toBe(1);
    expect((await env.store.doc(`purchases/${id}`).get()).data()).toMatchObject({ status: 'cancelled', cancel_reason: 'El pago no se completó a tiempo.' });
    expect((await attempt('diego', { class_package_id: 4, payment_method: 'cash' })).status).toBe(201);
    expect((await deliver(intentEvent('payment_intent.succeeded', id))).body.outcome).toBe('refunded');
    expect(calls.refunds).toEqual([`pi_purchase-${id}`]);
  });
});

describe('admin refunds', () => {
  const refund = (id: number, body: Doc = {}) => http(env).post(`/api/purchases/${id}/refund`).set('authorization', 'Bearer admin:valeria').send(body);

  it('a card purchase: the payment goes back once, the credits are revoked through the ledger', async () => {
    const { purchase_id: id } = await cardPurchase();
    await deliver(intentEvent('payment_intent.succeeded', id));
    const done = await refund(id, { reason: 'Se lesionó' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: 'Compra reembolsada: sus créditos se retiraron.', purchase: { status: 'revoked' } });
    expect(calls.refunds).toEqual([`pi_purchase-${id}`]);
    expect(await docs('available_classes')).toMatchObject([{ status: 'revoked', available_classes: 0 }]);
    expect((await docs('credit_ledger')).map((e) => e.kind).sort()).toEqual(['grant', 'revoke']);
    const again = await refund(id);
    expect(again.status).toBe(409);
    expect(calls.refunds).toHaveLength(1);
    expect((await http(env).post(`/api/purchases/${id}/refund`).set('authorization', tokenOf('ana')).send({})).status).toBe(403);
  });

  it('an unpaid purchase is not refundable; a subscription also stops renewing', async () => {
    const pending = await cardPurchase('diego', 3);
    expect((await refund(pending.purchase_id)).status).toBe(409);
    const { purchase_id: id } = await cardPurchase('ana', packages.unlimited.class_package_id);
    await deliver(intentEvent('payment_intent.succeeded', id, { payment_method: 'pm_guardada' }));
    expect((await refund(id)).status).toBe(200);
    expect(calls.cancelled).toEqual([`sub_renewals-${id}`]);
  });
});

describe('Checkout session mode', () => {
  it('sends a one-off card purchase to Stripe’s hosted page and back to /gracias; its payment completes it as usual', async () => {
    await env.store.doc('app_config/main').set({ values: { stripe_checkout_mode: 'session', domain: 'estudiolatido.mx' } }, { merge: true });
    const answer = await http(env)
      .post('/api/checkout/attempt')
      .set('authorization', tokenOf('ana'))
      // The return links are the studio's domain, never the host the request names.
      .set('x-forwarded-host', 'evil.example')
      .send({ class_package_id: 4, payment_method: 'card' });
    expect(answer.status).toBe(201);
    const id = answer.body.purchase_id as number;
    expect(answer.body).toMatchObject({ clientSecret: null, intent: null, session: { id: `cs_test_session-${id}`, url: expect.stringContaining('/pay/') } });
    expect(calls.sessions).toEqual([
      { successUrl: `https://estudiolatido.mx/gracias/${id}`, cancelUrl: 'https://estudiolatido.mx/checkout/4', amountCents: 170000 },
    ]);
    expect(calls.payments).toEqual([]);
    expect((await deliver(intentEvent('payment_intent.succeeded', id))).body.outcome).toBe('granted');
    // Subscriptions keep the card field (their first period is our own PaymentIntent).
    const subscription = await attempt('diego', { class_package_id: 5, payment_method: 'card' });
    expect(subscription.body).toMatchObject({ session: null, intent: 'payment' });
  });
});

describe('POST /checkout (the default flow: a saved card)', () => {
  const checkout = (token: string, body: Doc) => http(env).post('/api/checkout').set('authorization', token).send(body);

  it('charges the customer’s first saved card and answers payment_id; an admin may charge a customer, nobody else may', async () => {
    expect((await checkout(tokenOf('ana'), { class_package_id: 4, customer_id: 2 })).status).toBe(412);
    await http(env).post('/api/metodosPago').set('authorization', tokenOf('ana')).send({ token_id: 'pm_visa_9' });
    const own = await checkout(tokenOf('ana'), { class_package_id: 4, customer_id: 2 });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ payment_id: `pi_purchase-${own.body.purchase_id}-pm_visa_9`, intent: 'payment' });
    expect(calls.payments.at(-1)).toMatchObject({ savedCardId: 'pm_visa_9' });
    expect((await checkout(tokenOf('diego'), { class_package_id: 3, customer_id: 2 })).status).toBe(403);
    const desk = await checkout('Bearer admin:valeria', { class_package_id: 3, customer_id: 2 });
    expect(desk.status).toBe(201);
    expect((await env.store.doc(`purchases/${desk.body.purchase_id}`).get()).get('uid')).toBe('ana');
  });
});

describe('the customer’s subscription lifecycle (Mis Compras)', () => {
  const TRIAL = 30;
  beforeEach(async () => {
    await env.store
      .doc(`class_packages/${TRIAL}`)
      .set({ ...packages.unlimited, class_package_id: TRIAL, title: 'Prueba 7 Días', is_trial: true, free_trial_length: 7 });
  });
  const cancel = (id: number, reason = 'Ya no puedo ir') => http(env).post(`/api/purchases/cancel/${id}`).set('authorization', tokenOf('ana')).send({ reason });
  const purchaseOf = async (id: number) => (await env.store.doc(`purchases/${id}`).get()).data() as Doc;
  const listed = async (id: number) =>
    ((await http(env).get('/api/purchases').set('authorization', tokenOf('ana'))).body.purchases as Doc[]).find((p) => p.purchase_id === id);
  const paidEvent = (id: number) => intentEvent('payment_intent.succeeded', id, { amount: 240000, amount_received: 240000, payment_method: 'pm_guardada' });
  async function subscription() {
    const { purchase_id: id } = await cardPurchase('ana', packages.unlimited.class_package_id);
    expect((await deliver(paidEvent(id))).body.outcome).toBe('granted');
    return id;
  }
  async function trial() {
    const answer = await attempt('ana', { class_package_id: TRIAL, payment_method: 'card' });
    const id = answer.body.purchase_id as number;
    expect((await deliver(setupEvent(id))).body.outcome).toBe('granted');
    return id;
  }

  it('shows the next charge of a subscription, one period after each paid one, and none once cancelled', async () => {
    const id = await subscription();
    expect(await listed(id)).toMatchObject({ next_charge_at: '2026-12-22T18:00:00.000Z', next_charge_amount: 2400 });
    env.clock.now = new Date('2026-12-22T18:00:05Z');
    expect((await deliver(invoiceEvent('invoice.paid', id, 'in_renovacion_1', 240000))).body.outcome).toBe('granted');
    expect(await listed(id)).toMatchObject({ next_charge_at: '2027-01-22T18:00:00.000Z', next_charge_amount: 2400 });
    const order = await http(env).get(`/api/purchases/${id}`).set('authorization', tokenOf('ana'));
    expect(order.body.purchase).toMatchObject({ next_charge_at: '2027-01-22T18:00:00.000Z', next_charge_amount: 2400 });
    const done = await cancel(id);
    expect(done.body.purchase).toMatchObject({ status: 'cancelled', next_charge_at: null, next_charge_amount: null });
    expect(await listed(id)).toMatchObject({ next_charge_at: null, next_charge_amount: null });
    // A one-off package has none.
    const { purchase_id: pack } = await cardPurchase('ana');
    await deliver(intentEvent('payment_intent.succeeded', pack));
    expect(await listed(pack)).toMatchObject({ status: 'completed', next_charge_at: null, next_charge_amount: null });
  });

  it('a trial shows its first charge (with a first-charge discount), then the renewals at the full price', async () => {
    await createDiscountFromInput(env.deps, { code: 'PRIMERMES', is_percent: true, amount: 50, first_invoice_only: true });
    const answer = await attempt('ana', { class_package_id: TRIAL, payment_method: 'card', discountCode: 'PRIMERMES' });
    const id = answer.body.purchase_id as number;
    expect(await listed(id)).toMatchObject({ status: 'pending', next_charge_at: null });
    await deliver(setupEvent(id));
    expect(await listed(id)).toMatchObject({ next_charge_at: '2026-11-29T18:00:00.000Z', next_charge_amount: 1200 });
    env.clock.now = new Date('2026-11-29T18:00:05Z');
    await deliver(invoiceEvent('invoice.paid', id, 'in_primer_cargo', 120000));
    expect(await listed(id)).toMatchObject({ next_charge_at: '2026-12-29T18:00:00.000Z', next_charge_amount: 2400 });
  });

  it('a trial is cancelled before its first charge: Stripe stops it, the trial’s credits stay, nothing is charged', async () => {
    const id = await trial();
    const done = await cancel(id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: '¡Suscripción cancelada!', purchase: { status: 'cancelled', cancel_reason: 'Ya no puedo ir' } });
    expect(calls.cancelled).toEqual([`sub_renewals-${id}`]);
    expect(await docs('available_classes')).toMatchObject([{ status: 'active', available_classes: -1 }]);
    expect(await docs('invoices')).toEqual([]);
  });

  it('a trial whose renewals were never set up is cancelled here only, and a late event never starts them', async () => {
    const startRenewals = env.deps.cards?.startRenewals;
    (env.deps.cards as CardGateway).startRenewals = async () => {
      throw new Error('Stripe timed out');
    };
    const answer = await attempt('ana', { class_package_id: TRIAL, payment_method: 'card' });
    const id = answer.body.purchase_id as number;
    expect((await deliver(setupEvent(id))).status).toBe(503);
    expect(await purchaseOf(id)).toMatchObject({ status: 'active', subscription_id: null });
    (env.deps.cards as CardGateway).startRenewals = startRenewals as CardGateway['startRenewals'];
    const done = await cancel(id);
    expect(done.status).toBe(200);
    expect(done.body.purchase).toMatchObject({ status: 'cancelled' });
    expect(calls.cancelled).toEqual([]);
    // Stripe redelivers the card's event: the grant is not repeated and no renewals start for a cancelled purchase.
    expect((await deliver(setupEvent(id))).body.outcome).toBe('already-paid');
    expect(calls.renewals).toEqual([]);
  });

  it('an active subscription whose Stripe subscription was never recorded (a crash) is cancelled locally and never renewed', async () => {
    const { purchase_id: id } = await cardPurchase('ana', packages.unlimited.class_package_id);
    const startRenewals = env.deps.cards?.startRenewals;
    (env.deps.cards as CardGateway).startRenewals = async () => {
      throw new Error('killed');
    };
    expect((await deliver(paidEvent(id))).status).toBe(503);
    (env.deps.cards as CardGateway).startRenewals = startRenewals as CardGateway['startRenewals'];
    expect(await purchaseOf(id)).toMatchObject({ status: 'active', subscription_id: null });
    expect((await cancel(id)).body).toMatchObject({ message: '¡Suscripción cancelada!', purchase: { status: 'cancelled' } });
    expect(calls.cancelled).toEqual([]);
    expect((await deliver(paidEvent(id))).body.outcome).toBe('already-paid');
    expect(calls.renewals).toEqual([]);
    expect(await docs('available_classes')).toHaveLength(1);
  });

  it('renewals that Stripe created while the customer cancelled are stopped at once', async () => {
    const { purchase_id: id } = await cardPurchase('ana', packages.unlimited.class_package_id);
    const startRenewals = env.deps.cards?.startRenewals as CardGateway['startRenewals'];
    (env.deps.cards as CardGateway).startRenewals = async (request) => {
      // The customer's cancel lands while Stripe is creating the subscription.
      expect((await cancel(id)).status).toBe(200);
      return startRenewals(request);
    };
    expect((await deliver(paidEvent(id))).body.outcome).toBe('granted');
    expect(await purchaseOf(id)).toMatchObject({ status: 'cancelled', subscription_id: `sub_renewals-${id}` });
    expect(calls.cancelled).toEqual([`sub_renewals-${id}`]);
  });

  it('Stripe down: a 503 in Spanish and nothing written; the next try cancels', async () => {
    const id = await subscription();
    const cancelSubscription = env.deps.cards?.cancelSubscription as CardGateway['cancelSubscription'];
    (env.deps.cards as CardGateway).cancelSubscription = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    const before = await writes();
    const down = await cancel(id);
    expect(down.status).toBe(503);
    expect(down.body.error).toMatchObject({
      code: 'purchases/processor-unavailable',
      message: 'No pudimos cancelar tu suscripción en este momento. No se hizo ningún cambio; inténtalo de nuevo en unos minutos.',
    });
    expect(await writes()).toEqual(before);
    (env.deps.cards as CardGateway).cancelSubscription = cancelSubscription;
    expect((await cancel(id)).status).toBe(200);
    expect(calls.cancelled).toEqual([`sub_renewals-${id}`]);
  });

  it('two clicks at once: both answer the cancellation, Stripe is asked to stop it (idempotent there) and the record is written once', async () => {
    const id = await subscription();
    const answers = await Promise.all([cancel(id, 'Me mudo'), cancel(id, 'Me mudo')]);
    expect(answers.map((a) => [a.status, a.body.message])).toEqual([
      [200, '¡Suscripción cancelada!'],
      [200, '¡Suscripción cancelada!'],
    ]);
    expect(await purchaseOf(id)).toMatchObject({ status: 'cancelled', cancel_reason: 'Me mudo' });
  });

  it('someone else’s subscription is a 404; a one-off paid purchase is not cancellable', async () => {
    const id = await subscription();
    expect((await http(env).post(`/api/purchases/cancel/${id}`).set('authorization', tokenOf('diego')).send({ reason: 'x' })).status).toBe(404);
    const { purchase_id: pack } = await cardPurchase('ana');
    await deliver(intentEvent('payment_intent.succeeded', pack));
    expect((await cancel(pack)).status).toBe(409);
  });
});

describe('the OXXO voucher is kept on the purchase', () => {
  const voucherEvent = (purchaseId: number, number = '12345678901234567890', id?: string) =>
    intentEvent(
      'payment_intent.requires_action',
      purchaseId,
      {
        status: 'requires_action',
        next_action: {
          type: 'oxxo_display_details',
          oxxo_display_details: {
            number,
            expires_after: Math.floor(new Date('2026-11-26T05:59:59Z').getTime() / 1000),
            hosted_voucher_url: `https://payments.stripe.test/oxxo/voucher/${purchaseId}`,
          },
        },
      },
      id,
    );

  it('from payment_intent.requires_action: reference, deadline and link, on the order and in Mis Compras while pending', async () => {
    const answer = await attempt('ana', { class_package_id: 4, payment_method: 'oxxo' });
    const id = answer.body.purchase_id as number;
    expect(answer.body.purchase).toMatchObject({ oxxo_voucher: null });
    const event = voucherEvent(id);
    expect((await deliver(event)).body.outcome).toBe('recorded');
    expect((await deliver(event)).body.outcome).toBe('duplicate');
    const voucher = {
      reference: '12345678901234567890',
      expires_at: '2026-11-26T05:59:59.000Z',
      voucher_url: `https://payments.stripe.test/oxxo/voucher/${id}`,
    };
    expect((await http(env).get(`/api/purchases/${id}`).set('authorization', tokenOf('ana'))).body.purchase).toMatchObject({
      status: 'pending',
      oxxo_voucher: voucher,
    });
    const mine = (await http(env).get('/api/purchases').set('authorization', tokenOf('ana'))).body.purchases as Doc[];
    expect(mine.find((p) => p.purchase_id === id)).toMatchObject({ oxxo_voucher: voucher });
    // Paid: the voucher is history, no longer shown.
    expect((await deliver(intentEvent('payment_intent.succeeded', id))).body.outcome).toBe('granted');
    expect((await http(env).get(`/api/purchases/${id}`).set('authorization', tokenOf('ana'))).body.purchase).toMatchObject({
      status: 'completed',
      oxxo_voucher: null,
    });
  });

  it('a card’s 3-D Secure (requires_action without a voucher) is ignored; a voucher for a card purchase is not kept', async () => {
    const { purchase_id: id } = await cardPurchase();
    const challenge = intentEvent('payment_intent.requires_action', id, {
      status: 'requires_action',
      next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} },
    });
    expect((await deliver(challenge)).body.outcome).toBe('ignored');
    expect((await deliver(voucherEvent(id))).body.outcome).toBe('recorded');
    expect(await (await env.store.doc(`purchases/${id}`).get()).get('oxxo_voucher')).toBeUndefined();
  });
});
