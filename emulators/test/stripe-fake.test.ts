/**
 * The Stripe fake driven the way the app's server drives Stripe: the real SDK
 * pointed at it, and a webhook receiver that verifies every delivery's
 * signature with stripe.webhooks.constructEvent.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addMonthsKeepingDay, type FakeClock } from '../fake-clock';
import { type FakeStripe, startFakeStripe } from '../stripe-fake/fake-stripe';

const SECRET_KEY = 'sk_test_fake_4eC39HqLyjWDarjtT1zdp7dc';
const PUBLISHABLE_KEY = 'pk_test_fake_TYooMQauvdEDq54NiTphI7jx';
const WEBHOOK_SECRET = 'whsec_fake_test_secret';

interface ReceivedWebhook {
  event: Stripe.Event;
  signature: string;
}

interface Harness {
  fake: FakeStripe;
  stripe: Stripe;
  /** Deliveries that passed `stripe.webhooks.constructEvent`, in arrival order. */
  received: ReceivedWebhook[];
  /** Deliveries whose signature did not verify. */
  rejected: string[];
  /** Resolves once every event recorded so far has had a delivery attempt. */
  settle(): Promise<ControlEvent[]>;
  events(): Promise<ControlEvent[]>;
  control(path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  /** A browser-style call (Stripe.js uses the publishable key and the intent's client secret). */
  browser(method: string, path: string, params?: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

interface ControlEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
  deliveries: Array<{ status: number; at: number }>;
}

async function startHarness(options: { autoDeliver?: boolean; clock?: FakeClock } = {}): Promise<Harness> {
  const received: ReceivedWebhook[] = [];
  const rejected: string[] = [];
  const receiver: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const signature = String(request.headers['stripe-signature'] ?? '');
      try {
        received.push({ event: Stripe.webhooks.constructEvent(raw, signature, WEBHOOK_SECRET), signature });
        response.writeHead(200).end('{"received":true}');
      } catch (error) {
        rejected.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400).end('bad signature');
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`;
  const fake = await startFakeStripe({
    port: 0,
    secretKey: SECRET_KEY,
    publishableKey: PUBLISHABLE_KEY,
    webhookUrl,
    webhookSecret: WEBHOOK_SECRET,
    autoDeliver: options.autoDeliver ?? true,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const stripe = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });

  const control = async (path: string, body?: unknown) => {
    const response = await fetch(new URL(path, fake.url), {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const events = async () => (await control('/_control/events')).body.data as ControlEvent[];
  return {
    fake,
    stripe,
    received,
    rejected,
    control,
    events,
    async settle() {
      for (;;) {
        const all = await events();
        if (all.every((event) => event.deliveries.length > 0)) return all;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    async browser(method, path, params = {}) {
      const query = new URLSearchParams(params).toString();
      const response = await fetch(new URL(method === 'GET' && query ? `${path}?${query}` : path, fake.url), {
        method,
        headers: { Authorization: `Bearer ${PUBLISHABLE_KEY}`, 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://app.test' },
        body: method === 'GET' ? undefined : query,
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    async close() {
      await fake.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    },
  };
}

const CARD = { exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' };

async function cardPaymentMethod(stripe: Stripe, number: string, customer?: string): Promise<Stripe.PaymentMethod> {
  const paymentMethod = await stripe.paymentMethods.create({ type: 'card', card: { number, ...CARD, ...(number.startsWith('37') ? { cvc: '1234' } : {}) } });
  return customer ? stripe.paymentMethods.attach(paymentMethod.id, { customer }) : paymentMethod;
}

async function monthlyPrice(stripe: Stripe, unitAmount = 89_900): Promise<Stripe.Price> {
  const product = await stripe.products.create({ name: 'Membresía mensual' });
  return stripe.prices.create({ product: product.id, unit_amount: unitAmount, currency: 'mxn', recurring: { interval: 'month' } });
}

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const ofType = (type: string) => h.received.filter((delivery) => delivery.event.type === type).map((delivery) => delivery.event);
const objectOf = <T>(event: Stripe.Event | undefined) => event?.data.object as T;
/** The renewals' invoices (a trial's end included) that events of this type carry. */
const cycleInvoices = (type: string) =>
  ofType(type)
    .map((event) => objectOf<Stripe.Invoice>(event))
    .filter((invoice) => invoice.billing_reason === 'subscription_cycle');

describe('stripe fake: API basics', () => {
  it('refuses a wrong secret key with 401 and unknown ids with resource_missing', async () => {
    const wrong = new Stripe('sk_test_wrong', { host: '127.0.0.1', port: h.fake.port, protocol: 'http', maxNetworkRetries: 0 });
    await expect(wrong.customers.create({ email: 'ana@example.com' })).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const missing = await h.stripe.customers.retrieve('cus_doesnotexist').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id' });
    const publishable = new Stripe(PUBLISHABLE_KEY, { host: '127.0.0.1', port: h.fake.port, protocol: 'http', maxNetworkRetries: 0 });
    await expect(publishable.customers.create({})).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('replays an idempotent request and refuses the same key with other params', async () => {
    const first = await h.stripe.customers.create({ email: 'ana@example.com', metadata: { uid: '7' } }, { idempotencyKey: 'signup-7' });
    const again = await h.stripe.customers.create({ email: 'ana@example.com', metadata: { uid: '7' } }, { idempotencyKey: 'signup-7' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(h.stripe.customers.create({ email: 'otra@example.com' }, { idempotencyKey: 'signup-7' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });

  it('updates a customer and validates card fields when creating a PaymentMethod', async () => {
    const customer = await h.stripe.customers.create({ email: 'ana@example.com', name: 'Ana' });
    const card = await cardPaymentMethod(h.stripe, '5555555555554444', customer.id);
    expect(card.card).toMatchObject({ brand: 'mastercard', last4: '4444', funding: 'credit', country: 'MX', exp_month: 12 });
    const updated = await h.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: card.id }, metadata: { uid: '9' } });
    expect(updated.invoice_settings.default_payment_method).toBe(card.id);
    expect(updated.metadata).toEqual({ uid: '9' });
    const amex = await cardPaymentMethod(h.stripe, '378282246310005');
    expect(amex.card?.brand).toBe('amex');

    const attempt = (card: Record<string, string | number>) =>
      h.stripe.paymentMethods
        .create({ type: 'card', card: { number: '4242424242424242', ...CARD, ...card } as Stripe.PaymentMethodCreateParams.Card })
        .catch((error: unknown) => error);
    expect(await attempt({ number: '4242424242424241' })).toMatchObject({ type: 'StripeCardError', code: 'incorrect_number', statusCode: 402 });
    expect(await attempt({ exp_month: 13 })).toMatchObject({ code: 'invalid_expiry_month' });
    expect(await attempt({ exp_year: 2001 })).toMatchObject({ code: 'invalid_expiry_year' });
    expect(await attempt({ cvc: '' })).toMatchObject({ code: 'incorrect_cvc' });
  });
});

describe('stripe fake: PaymentIntents and webhooks', () => {
  it('confirms a 4242 card payment and delivers a signed payment_intent.succeeded', async () => {
    const customer = await h.stripe.customers.create({ email: 'ana@example.com' });
    const paymentMethod = await cardPaymentMethod(h.stripe, '4242424242424242');
    const intent = await h.stripe.paymentIntents.create({
      amount: 25_000,
      currency: 'mxn',
      customer: customer.id,
      allowed_payment_method_types: ['card'],
      metadata: { purchase_id: '5' },
      setup_future_usage: 'off_session',
    });
    expect(intent).toMatchObject({ status: 'requires_payment_method', amount: 25_000, currency: 'mxn' });
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));
    const confirmed = await h.stripe.paymentIntents.confirm(intent.id, { payment_method: paymentMethod.id, expand: ['latest_charge'] });
    expect(confirmed.status).toBe('succeeded');
    expect(confirmed.amount_received).toBe(25_000);
    expect(confirmed.latest_charge).toMatchObject({ object: 'charge', status: 'succeeded', amount: 25_000, payment_intent: intent.id });

    const events = await h.settle();
    const succeeded = events.find((event) => event.type === 'payment_intent.succeeded');
    expect(succeeded?.deliveries).toEqual([{ status: 200, at: expect.any(Number) }]);
    const delivered = ofType('payment_intent.succeeded')[0];
    expect(delivered).toMatchObject({ id: succeeded?.id, api_version: '2026-10-28.endive', livemode: false, object: 'event' });
    expect(objectOf<Stripe.PaymentIntent>(delivered)).toMatchObject({ id: intent.id, status: 'succeeded', metadata: { purchase_id: '5' } });
    // A customer on the intent with setup_future_usage keeps the card, as the app relies on for repeat purchases.
    expect(ofType('payment_method.attached').map((event) => objectOf<Stripe.PaymentMethod>(event).id)).toEqual([paymentMethod.id]);
    expect(h.rejected).toEqual([]);
    const refetched = await h.stripe.events.retrieve(delivered?.id ?? '');
    expect(refetched.type).toBe('payment_intent.succeeded');
  });

  it.each([
    ['4000000000009995', 'card_declined', 'insufficient_funds'],
    ['4000000000000002', 'card_declined', 'generic_decline'],
    ['4000000000009987', 'card_declined', 'lost_card'],
    ['4000000000009979', 'card_declined', 'stolen_card'],
    ['4000000000000069', 'expired_card', 'expired_card'],
    ['4000000000000127', 'incorrect_cvc', 'incorrect_cvc'],
    ['4100000000000019', 'card_declined', 'fraudulent'],
    ['4000000000000341', 'card_declined', 'generic_decline'],
  ])('declines %s with %s / %s', async (number, code, declineCode) => {
    const paymentMethod = await cardPaymentMethod(h.stripe, number);
    const error = await h.stripe.paymentIntents
      .create({ amount: 10_000, currency: 'mxn', payment_method: paymentMethod.id, confirm: true })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    const cardError = error as Stripe.errors.StripeCardError;
    expect(cardError).toMatchObject({ statusCode: 402, code, decline_code: declineCode });
    const intent = cardError.payment_intent as Stripe.PaymentIntent;
    expect(intent.status).toBe('requires_payment_method');
    expect(intent.last_payment_error).toMatchObject({ code, decline_code: declineCode, type: 'card_error' });
    await h.settle();
    expect(objectOf<Stripe.PaymentIntent>(ofType('payment_intent.payment_failed')[0]).id).toBe(intent.id);
  });

  it('takes a 3-D Secure card through the challenge: completed succeeds, failed is an authentication failure', async () => {
    for (const [outcome, number] of [
      ['complete', '4000002500003155'],
      ['fail', '4000002760003184'],
    ] as const) {
      const paymentMethod = await cardPaymentMethod(h.stripe, number);
      const intent = await h.stripe.paymentIntents.create({ amount: 30_000, currency: 'mxn', payment_method: paymentMethod.id, confirm: true });
      expect(intent.status).toBe('requires_action');
      expect(intent.next_action?.type).toBe('use_stripe_sdk');
      const page = await fetch(new URL(`/3ds/${intent.id}?client_secret=${intent.client_secret}&origin=http://app.test`, h.fake.url));
      const html = await page.text();
      expect(html).toContain('Completar autenticación');
      expect(html).toContain('Fallar autenticación');
      const wrongSecret = await fetch(new URL(`/3ds/${intent.id}/authenticate`, h.fake.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ client_secret: 'pi_x_secret_y', outcome }),
      });
      expect(wrongSecret.status).toBe(400);
      const answer = await fetch(new URL(`/3ds/${intent.id}/authenticate`, h.fake.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ client_secret: intent.client_secret, outcome }),
      });
      expect(answer.status).toBe(200);
      const after = await h.stripe.paymentIntents.retrieve(intent.id);
      if (outcome === 'complete') {
        expect(after.status).toBe('succeeded');
      } else {
        expect(after.status).toBe('requires_payment_method');
        expect(after.last_payment_error).toMatchObject({ type: 'card_error', code: 'payment_intent_authentication_failure' });
      }
    }
    await h.settle();
    expect(ofType('payment_intent.succeeded')).toHaveLength(1);
    expect(ofType('payment_intent.payment_failed')).toHaveLength(1);
  });

  it('lets the browser read and confirm an intent only with its client secret', async () => {
    const paymentMethod = await cardPaymentMethod(h.stripe, '4242424242424242');
    const intent = await h.stripe.paymentIntents.create({ amount: 5_000, currency: 'mxn', allowed_payment_method_types: ['card'] });
    expect((await h.browser('GET', `/v1/payment_intents/${intent.id}`)).status).toBe(400);
    expect((await h.browser('GET', `/v1/payment_intents/${intent.id}`, { client_secret: intent.client_secret ?? '' })).body.status).toBe(
      'requires_payment_method',
    );
    const confirmed = await h.browser('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret ?? '',
      payment_method: paymentMethod.id,
    });
    expect(confirmed.body.status).toBe('succeeded');
    const canceled = await h.stripe.paymentIntents.create({ amount: 5_000, currency: 'mxn' });
    expect((await h.stripe.paymentIntents.cancel(canceled.id)).status).toBe('canceled');
    await h.settle();
    expect(ofType('payment_intent.canceled')).toHaveLength(1);
  });

  it('issues an OXXO voucher and reports its payment', async () => {
    const intent = await h.stripe.paymentIntents.create({
      amount: 45_000,
      currency: 'mxn',
      allowed_payment_method_types: ['oxxo'],
      payment_method_options: { oxxo: { expires_after_days: 2 } },
    });
    const confirmed = await h.browser('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret ?? '',
      'payment_method_data[type]': 'oxxo',
      'payment_method_data[billing_details][name]': 'Ana López',
      'payment_method_data[billing_details][email]': 'ana@example.com',
    });
    expect(confirmed.body.status).toBe('requires_action');
    const details = (confirmed.body.next_action as Stripe.PaymentIntent.NextAction).oxxo_display_details;
    expect(details?.number).toMatch(/^\d{16}$/);
    expect(details?.expires_after).toBeGreaterThan(Date.now() / 1000 + 86_400);
    const voucher = await (await fetch(details?.hosted_voucher_url ?? '')).text();
    expect(voucher).toContain('$450.00');
    expect(voucher).toContain('Número de referencia');

    const paid = await h.control(`/_control/payment_intents/${intent.id}/oxxo`, { outcome: 'paid' });
    expect(paid.body.status).toBe('succeeded');
    await h.settle();
    expect(ofType('payment_intent.requires_action').map((event) => objectOf<Stripe.PaymentIntent>(event).id)).toEqual([intent.id]);
    expect(objectOf<Stripe.PaymentIntent>(ofType('payment_intent.succeeded')[0]).id).toBe(intent.id);
  });

  it('refunds a payment fully or in part and reports charge.refunded', async () => {
    const paymentMethod = await cardPaymentMethod(h.stripe, '4242424242424242');
    const intent = await h.stripe.paymentIntents.create({ amount: 20_000, currency: 'mxn', payment_method: paymentMethod.id, confirm: true });
    const partial = await h.stripe.refunds.create({ payment_intent: intent.id, amount: 5_000 });
    expect(partial).toMatchObject({ status: 'succeeded', amount: 5_000, payment_intent: intent.id });
    const rest = await h.stripe.refunds.create({ charge: String(intent.latest_charge) });
    expect(rest.amount).toBe(15_000);
    await expect(h.stripe.refunds.create({ payment_intent: intent.id })).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const charge = await h.stripe.charges.retrieve(String(intent.latest_charge));
    expect(charge).toMatchObject({ amount_refunded: 20_000, refunded: true });
    await h.settle();
    expect(ofType('charge.refunded').map((event) => objectOf<Stripe.Charge>(event).amount_refunded)).toEqual([5_000, 20_000]);
  });
});

describe('stripe fake: saved cards', () => {
  it('saves a card with a SetupIntent, lists it and detaches it', async () => {
    const customer = await h.stripe.customers.create({ email: 'ana@example.com' });
    const setup = await h.stripe.setupIntents.create({ customer: customer.id, allowed_payment_method_types: ['card'], usage: 'off_session' });
    const created = await h.browser('POST', '/v1/payment_methods', {
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': String(CARD.exp_year),
      'card[cvc]': '123',
    });
    const paymentMethodId = String(created.body.id);
    const confirmed = await h.browser('POST', `/v1/setup_intents/${setup.id}/confirm`, {
      client_secret: setup.client_secret ?? '',
      payment_method: paymentMethodId,
    });
    expect(confirmed.body.status).toBe('succeeded');
    const listed = await h.stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
    expect(listed.data.map((paymentMethod) => paymentMethod.id)).toEqual([paymentMethodId]);
    const listedAgain = await h.stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(listedAgain.data).toHaveLength(1);
    await h.stripe.paymentMethods.detach(paymentMethodId);
    expect((await h.stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);
    await h.settle();
    expect(ofType('setup_intent.succeeded')).toHaveLength(1);
    expect(ofType('payment_method.attached')).toHaveLength(1);
    expect(ofType('payment_method.detached')).toHaveLength(1);
  });

  it('asks for 3-D Secure when saving a 3DS card and attaches it once authenticated', async () => {
    const customer = await h.stripe.customers.create({});
    const paymentMethod = await cardPaymentMethod(h.stripe, '4000002500003155');
    const setup = await h.stripe.setupIntents.create({ customer: customer.id, payment_method: paymentMethod.id, confirm: true });
    expect(setup.status).toBe('requires_action');
    const answer = await h.control(`/3ds/${setup.id}/authenticate`, { client_secret: setup.client_secret, outcome: 'complete' });
    expect(answer.body.status).toBe('succeeded');
    expect((await h.stripe.paymentMethods.retrieve(paymentMethod.id)).customer).toBe(customer.id);
    // Saved this way, the card then pays off-session without another challenge.
    const intent = await h.stripe.paymentIntents.create({
      amount: 1_000,
      currency: 'mxn',
      customer: customer.id,
      payment_method: paymentMethod.id,
      confirm: true,
      off_session: true,
    });
    expect(intent.status).toBe('succeeded');
  });

  it('refuses to save a declining card but saves 4000000000000341', async () => {
    const customer = await h.stripe.customers.create({});
    const declining = await cardPaymentMethod(h.stripe, '4000000000000002');
    await expect(h.stripe.paymentMethods.attach(declining.id, { customer: customer.id })).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    const chargeFails = await cardPaymentMethod(h.stripe, '4000000000000341', customer.id);
    expect(chargeFails.customer).toBe(customer.id);
  });
});

describe('stripe fake: server-side confirmation of a saved card', () => {
  it('refuses to confirm again an intent the server already confirmed, carrying the intent, and charges once', async () => {
    const customer = await h.stripe.customers.create({});
    const card = await cardPaymentMethod(h.stripe, '4242424242424242', customer.id);
    const intent = await h.stripe.paymentIntents.create({ amount: 89_000, currency: 'mxn', customer: customer.id, payment_method: card.id, confirm: true });
    expect(intent.status).toBe('succeeded');
    // What Stripe.js's confirmCardPayment(clientSecret) sends: no payment method.
    const again = await h.browser('POST', `/v1/payment_intents/${intent.id}/confirm`, { client_secret: intent.client_secret ?? '' });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      payment_intent: { id: intent.id, status: 'succeeded' },
    });
    const withCard = await h.browser('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret ?? '',
      payment_method: card.id,
    });
    expect(withCard.body.error).toMatchObject({
      message: "This PaymentIntent's payment_method could not be updated because it has a status of succeeded.",
      payment_intent: { status: 'succeeded' },
    });
    await h.settle();
    expect(ofType('payment_intent.succeeded')).toHaveLength(1);
  });

  it('keeps the card of a payment for the customer only with setup_future_usage', async () => {
    const customer = await h.stripe.customers.create({});
    const once = await cardPaymentMethod(h.stripe, '4242424242424242');
    await h.stripe.paymentIntents.create({ amount: 1_000, currency: 'mxn', customer: customer.id, payment_method: once.id, confirm: true });
    expect((await h.stripe.paymentMethods.retrieve(once.id)).customer).toBeNull();
    const kept = await cardPaymentMethod(h.stripe, '4242424242424242');
    await h.stripe.paymentIntents.create({
      amount: 1_000,
      currency: 'mxn',
      customer: customer.id,
      payment_method: kept.id,
      confirm: true,
      setup_future_usage: 'off_session',
    });
    expect((await h.stripe.paymentMethods.retrieve(kept.id)).customer).toBe(customer.id);
    expect((await h.stripe.customers.listPaymentMethods(customer.id)).data.map((method) => method.id)).toEqual([kept.id]);
  });
});

describe('stripe fake: subscriptions and invoices', () => {
  it('charges the default payment method at once: active, invoice.paid for subscription_create', async () => {
    const customer = await h.stripe.customers.create({ email: 'ana@example.com' });
    const paymentMethod = await cardPaymentMethod(h.stripe, '4242424242424242', customer.id);
    const price = await monthlyPrice(h.stripe);
    const subscription = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      default_payment_method: paymentMethod.id,
      metadata: { membership_id: '12' },
      expand: ['latest_invoice.payments'],
    });
    expect(subscription.status).toBe('active');
    const item = subscription.items.data[0];
    expect(item?.current_period_end).toBeGreaterThan(item?.current_period_start ?? Infinity);
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 89_900, billing_reason: 'subscription_create' });
    expect(invoice.parent?.subscription_details).toMatchObject({ subscription: subscription.id, metadata: { membership_id: '12' } });
    expect(invoice.payments?.data[0]?.payment.payment_intent).toMatch(/^pi_/);
    await h.settle();
    expect(objectOf<Stripe.Invoice>(ofType('invoice.paid')[0]).billing_reason).toBe('subscription_create');
    expect(ofType('customer.subscription.created')).toHaveLength(1);
    const listed = await h.stripe.invoices.list({ subscription: subscription.id });
    expect(listed.data.map((one) => one.id)).toEqual([invoice.id]);
    expect((await h.stripe.invoices.retrieve(invoice.id)).lines.data[0]?.amount).toBe(89_900);
  });

  it('leaves the first payment to the browser with default_incomplete', async () => {
    const customer = await h.stripe.customers.create({});
    const price = await monthlyPrice(h.stripe);
    const subscription = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
    });
    expect(subscription.status).toBe('incomplete');
    const clientSecret = (subscription.latest_invoice as Stripe.Invoice).confirmation_secret?.client_secret ?? '';
    expect(clientSecret).toMatch(/^pi_.+_secret_/);
    const paymentMethod = await cardPaymentMethod(h.stripe, '4242424242424242');
    const confirmed = await h.browser('POST', `/v1/payment_intents/${clientSecret.split('_secret_')[0]}/confirm`, {
      client_secret: clientSecret,
      payment_method: paymentMethod.id,
    });
    expect(confirmed.body.status).toBe('succeeded');
    const after = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(after).toMatchObject({ status: 'active', default_payment_method: paymentMethod.id });
    await h.settle();
    expect(objectOf<Stripe.Subscription>(ofType('customer.subscription.updated').at(-1)).status).toBe('active');
  });

  it('starts a trial with a $0 invoice, then renews into a paid subscription_cycle invoice', async () => {
    const customer = await h.stripe.customers.create({});
    const paymentMethod = await cardPaymentMethod(h.stripe, '4242424242424242', customer.id);
    const price = await monthlyPrice(h.stripe);
    const subscription = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      default_payment_method: paymentMethod.id,
      trial_period_days: 7,
      expand: ['latest_invoice'],
    });
    expect(subscription.status).toBe('trialing');
    expect(subscription.trial_end).toBe((subscription.trial_start ?? 0) + 7 * 86_400);
    expect(subscription.latest_invoice).toMatchObject({ amount_due: 0, billing_reason: 'subscription_create', status: 'paid' });
    const trialEnd = subscription.items.data[0]?.current_period_end;

    const renewed = await h.control(`/_control/subscriptions/${subscription.id}/renew`, { outcome: 'paid' });
    expect(renewed.body.invoice).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid', amount_paid: 89_900, period_end: trialEnd });
    expect((renewed.body.invoice as Stripe.Invoice).lines.data[0]?.period.start).toBe(trialEnd);
    const after = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(after.status).toBe('active');
    expect(after.items.data[0]?.current_period_start).toBe(trialEnd);
    await h.settle();
    expect(ofType('invoice.paid').map((event) => objectOf<Stripe.Invoice>(event).billing_reason)).toEqual(['subscription_create', 'subscription_cycle']);
    expect(objectOf<Stripe.Subscription>(ofType('customer.subscription.updated').at(-1)).status).toBe('active');
  });

  it('puts the subscription past_due when a renewal fails, also for 4000000000000341', async () => {
    const customer = await h.stripe.customers.create({});
    const price = await monthlyPrice(h.stripe);
    for (const [number, outcome] of [
      ['4242424242424242', 'failed'],
      ['4000000000000341', 'paid'],
    ] as const) {
      const paymentMethod = await cardPaymentMethod(h.stripe, number, customer.id);
      const subscription = await h.stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        default_payment_method: paymentMethod.id,
        trial_period_days: 3,
      });
      const renewed = await h.control(`/_control/subscriptions/${subscription.id}/renew`, { outcome });
      expect(renewed.body.invoice).toMatchObject({ billing_reason: 'subscription_cycle', status: 'open', amount_paid: 0 });
      expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    }
    await h.settle();
    expect(ofType('invoice.payment_failed').map((event) => objectOf<Stripe.Invoice>(event).billing_reason)).toEqual([
      'subscription_cycle',
      'subscription_cycle',
    ]);
    expect(ofType('customer.subscription.updated').map((event) => objectOf<Stripe.Subscription>(event).status)).toEqual(['past_due', 'past_due']);
  });

  it('is incomplete with invoice.payment_failed when the first charge is declined', async () => {
    const customer = await h.stripe.customers.create({});
    const paymentMethod = await cardPaymentMethod(h.stripe, '4000000000000341', customer.id);
    const price = await monthlyPrice(h.stripe);
    const subscription = await h.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], default_payment_method: paymentMethod.id });
    expect(subscription.status).toBe('incomplete');
    await h.settle();
    expect(ofType('invoice.payment_failed')).toHaveLength(1);
  });

  it('cancels at period end on update and at once on DELETE', async () => {
    const customer = await h.stripe.customers.create({});
    const paymentMethod = await cardPaymentMethod(h.stripe, '4242424242424242', customer.id);
    const price = await monthlyPrice(h.stripe);
    const subscription = await h.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], default_payment_method: paymentMethod.id });
    const updated = await h.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true, metadata: { reason: 'mudanza' } });
    expect(updated).toMatchObject({ cancel_at_period_end: true, metadata: { reason: 'mudanza' }, status: 'active' });
    const canceled = await h.stripe.subscriptions.cancel(subscription.id);
    expect(canceled.status).toBe('canceled');
    expect(canceled.ended_at).toEqual(expect.any(Number));
    await h.settle();
    expect(objectOf<Stripe.Subscription>(ofType('customer.subscription.deleted')[0])).toMatchObject({ id: subscription.id, status: 'canceled' });
  });
});

describe('stripe fake: checkout sessions', () => {
  it('creates a hosted session and completes it through the page endpoints', async () => {
    const session = await h.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'mxn', unit_amount: 35_000, product_data: { name: 'Paquete de 5 clases' } }, quantity: 1 }],
      customer_email: 'ana@example.com',
      client_reference_id: 'purchase-42',
      metadata: { purchase_id: '42' },
      success_url: 'http://app.test/compra/exito?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/compra/cancelada',
    });
    expect(session).toMatchObject({ status: 'open', payment_status: 'unpaid', amount_total: 35_000, url: `${h.fake.url}/pay/${session.id}` });
    expect(session.id).toMatch(/^cs_test_/);
    const page = await (await fetch(session.url ?? '')).text();
    expect(page).toContain('Paquete de 5 clases');
    expect(page).toContain('$350.00 MXN');
    expect(page).toContain('href="http://app.test/compra/cancelada"');

    const start = (await h.control(`/pay/${session.id}/start`, { method: 'card' })).body as { clientSecret: string };
    const paymentMethod = await cardPaymentMethod(h.stripe, '4242424242424242');
    const confirmed = await h.browser('POST', `/v1/payment_intents/${start.clientSecret.split('_secret_')[0]}/confirm`, {
      client_secret: start.clientSecret,
      payment_method: paymentMethod.id,
    });
    expect(confirmed.body.status).toBe('succeeded');
    const done = await h.control(`/pay/${session.id}/complete`, {});
    expect(done.body.redirect).toBe(`http://app.test/compra/exito?session_id=${session.id}`);

    const retrieved = await h.stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(retrieved).toMatchObject({ status: 'complete', payment_status: 'paid', client_reference_id: 'purchase-42' });
    expect((retrieved.payment_intent as Stripe.PaymentIntent).status).toBe('succeeded');
    await h.settle();
    expect(objectOf<Stripe.Checkout.Session>(ofType('checkout.session.completed')[0])).toMatchObject({
      id: session.id,
      payment_status: 'paid',
      metadata: { purchase_id: '42' },
    });
  });

  it('completes an OXXO session unpaid, then reports the async payment', async () => {
    const session = await h.stripe.checkout.sessions.create({
      mode: 'payment',
      allowed_payment_method_types: ['card', 'oxxo'],
      line_items: [{ price_data: { currency: 'mxn', unit_amount: 50_000, product_data: { name: 'Clase suelta' } }, quantity: 2 }],
      success_url: 'http://app.test/ok',
    });
    const start = (await h.control(`/pay/${session.id}/start`, { method: 'oxxo' })).body as { clientSecret: string };
    const intentId = start.clientSecret.split('_secret_')[0] ?? '';
    await h.browser('POST', `/v1/payment_intents/${intentId}/confirm`, {
      client_secret: start.clientSecret,
      'payment_method_data[type]': 'oxxo',
      'payment_method_data[billing_details][name]': 'Ana López',
      'payment_method_data[billing_details][email]': 'ana@example.com',
    });
    await h.control(`/pay/${session.id}/complete`, {});
    await h.control(`/_control/payment_intents/${intentId}/oxxo`, { outcome: 'paid' });
    await h.settle();
    expect(objectOf<Stripe.Checkout.Session>(ofType('checkout.session.completed')[0]).payment_status).toBe('unpaid');
    expect(objectOf<Stripe.Checkout.Session>(ofType('checkout.session.async_payment_succeeded')[0])).toMatchObject({ id: session.id, payment_status: 'paid' });
  });

  it('reports an expired OXXO voucher as a failed async payment', async () => {
    const session = await h.stripe.checkout.sessions.create({
      mode: 'payment',
      allowed_payment_method_types: ['oxxo'],
      line_items: [{ price_data: { currency: 'mxn', unit_amount: 20_000, product_data: { name: 'Clase suelta' } }, quantity: 1 }],
      success_url: 'http://app.test/ok',
    });
    const start = (await h.control(`/pay/${session.id}/start`, { method: 'oxxo' })).body as { clientSecret: string };
    const intentId = start.clientSecret.split('_secret_')[0] ?? '';
    await h.browser('POST', `/v1/payment_intents/${intentId}/confirm`, {
      client_secret: start.clientSecret,
      'payment_method_data[type]': 'oxxo',
      'payment_method_data[billing_details][name]': 'Ana López',
      'payment_method_data[billing_details][email]': 'ana@example.com',
    });
    await h.control(`/pay/${session.id}/complete`, {});
    const expired = await h.control(`/_control/payment_intents/${intentId}/oxxo`, { outcome: 'expired' });
    expect(expired.body).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'payment_intent_payment_attempt_expired' } });
    await h.settle();
    expect(objectOf<Stripe.PaymentIntent>(ofType('payment_intent.payment_failed')[0]).id).toBe(intentId);
    expect(objectOf<Stripe.Checkout.Session>(ofType('checkout.session.async_payment_failed')[0])).toMatchObject({ id: session.id, payment_status: 'unpaid' });
  });

  it('creates the subscription from a subscription session, with trial metadata', async () => {
    const price = await monthlyPrice(h.stripe);
    const session = await h.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
      customer_email: 'ana@example.com',
      subscription_data: { metadata: { plan: 'mensual' }, trial_period_days: 14 },
      success_url: 'http://app.test/ok/{CHECKOUT_SESSION_ID}',
    });
    const start = (await h.control(`/pay/${session.id}/start`, { method: 'card' })).body as { kind: string; clientSecret: string };
    expect(start.kind).toBe('setup');
    const paymentMethod = await cardPaymentMethod(h.stripe, '4242424242424242');
    await h.browser('POST', `/v1/setup_intents/${start.clientSecret.split('_secret_')[0]}/confirm`, {
      client_secret: start.clientSecret,
      payment_method: paymentMethod.id,
    });
    expect((await h.control(`/pay/${session.id}/complete`, {})).body.redirect).toBe(`http://app.test/ok/${session.id}`);
    const retrieved = await h.stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(retrieved.subscription).toMatchObject({ status: 'trialing', metadata: { plan: 'mensual' }, default_payment_method: paymentMethod.id });
    await h.settle();
    expect(ofType('checkout.session.completed')).toHaveLength(1);
  });
});

describe('stripe fake: webhook delivery controls', () => {
  it('redelivers an event with the same id and a fresh valid signature', async () => {
    await h.stripe.customers.create({}).then((customer) => cardPaymentMethod(h.stripe, '4242424242424242', customer.id));
    const [attached] = await h.settle();
    const again = await h.control(`/_control/events/${attached?.id}/deliver`, {});
    expect(again.body).toEqual({ id: attached?.id, status: 200 });
    const copies = h.received.filter((delivery) => delivery.event.id === attached?.id);
    expect(copies).toHaveLength(2);
    expect(copies[1]?.event).toEqual(copies[0]?.event);
    expect((await h.events()).find((event) => event.id === attached?.id)?.deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
  });

  it('holds events while auto-delivery is off, and a forged signature fails verification', async () => {
    await h.control('/_control/auto-deliver', { on: false });
    await h.stripe.customers.create({}).then((customer) => cardPaymentMethod(h.stripe, '4242424242424242', customer.id));
    const [held] = await h.events();
    expect(held?.deliveries).toEqual([]);
    expect(h.received).toEqual([]);
    await h.control(`/_control/events/${held?.id}/deliver`, {});
    expect(h.received.map((delivery) => delivery.event.id)).toEqual([held?.id]);

    const payload = JSON.stringify({ ...h.received[0]?.event, type: 'payment_intent.succeeded' });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_the_secret' });
    expect(() => Stripe.webhooks.constructEvent(payload, forged, WEBHOOK_SECRET)).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => Stripe.webhooks.constructEvent(payload, h.received[0]?.signature ?? '', WEBHOOK_SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('empties everything on reset', async () => {
    const customer = await h.stripe.customers.create({});
    await h.control('/_control/reset', {});
    expect(await h.events()).toEqual([]);
    await expect(h.stripe.customers.retrieve(customer.id)).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });
});

const DAY_MS = 86_400_000;

describe('stripe fake: its clock', () => {
  it('stamps everything with the clock it was given, and judges card expiry by it', async () => {
    // Two years ahead of the machine, to the second: what the fake writes must come from this clock.
    const at = Math.floor((Date.now() + 730 * DAY_MS) / 1000) * 1000;
    await h.close();
    h = await startHarness({ clock: { now: () => at } });
    const seconds = at / 1000;
    const customer = await h.stripe.customers.create({ email: 'ana@example.com' });
    const paymentMethod = await cardPaymentMethod(h.stripe, '4242424242424242', customer.id);
    const paid = await h.stripe.paymentIntents.create({
      amount: 35_000,
      currency: 'mxn',
      customer: customer.id,
      payment_method: paymentMethod.id,
      confirm: true,
    });
    const refund = await h.stripe.refunds.create({ payment_intent: paid.id, amount: 5_000 });
    const charge = await h.stripe.charges.retrieve(String(paid.latest_charge));
    const voucher = await h.stripe.paymentIntents.create({ amount: 20_000, currency: 'mxn', allowed_payment_method_types: ['oxxo'] });
    const confirmed = await h.browser('POST', `/v1/payment_intents/${voucher.id}/confirm`, {
      client_secret: voucher.client_secret ?? '',
      'payment_method_data[type]': 'oxxo',
      'payment_method_data[billing_details][name]': 'Ana López',
      'payment_method_data[billing_details][email]': 'ana@example.com',
    });
    const price = await monthlyPrice(h.stripe);
    const subscription = await h.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], default_payment_method: paymentMethod.id });

    expect([customer.created, paymentMethod.created, paid.created, refund.created, charge.created, price.created, subscription.created]).toEqual(
      Array(7).fill(seconds),
    );
    expect((confirmed.body.next_action as Stripe.PaymentIntent.NextAction).oxxo_display_details?.expires_after).toBe(seconds + 3 * 86_400);
    const periodEnd = new Date(at);
    periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
    expect(subscription.items.data[0]?.current_period_end).toBe(periodEnd.getTime() / 1000);
    const events = await h.settle();
    expect(new Set(events.map((event) => (event as unknown as Stripe.Event).created))).toEqual(new Set([seconds]));
    expect(new Set(events.flatMap((event) => event.deliveries.map((delivery) => delivery.at)))).toEqual(new Set([seconds]));
    // The signature keeps real time: the receiver's SDK checks it against its own clock, and every delivery verified.
    expect(h.rejected).toEqual([]);

    // A card valid today has expired by then.
    const expired = await h.stripe.paymentMethods
      .create({ type: 'card', card: { number: '4242424242424242', exp_month: 1, exp_year: new Date().getUTCFullYear() + 1, cvc: '123' } })
      .catch((error: unknown) => error);
    expect(expired).toMatchObject({ type: 'StripeCardError', code: 'invalid_expiry_year' });
  });
});

describe('stripe fake: billing as its clock passes', () => {
  const moveClock = (to: number) => h.control('/_control/clock', { to });
  async function subscribe(cardNumber: string, extra: Partial<Stripe.SubscriptionCreateParams> = {}) {
    const customer = await h.stripe.customers.create({ email: 'ana@example.com' });
    const paymentMethod = await cardPaymentMethod(h.stripe, cardNumber, customer.id);
    const price = await monthlyPrice(h.stripe);
    const subscription = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      default_payment_method: paymentMethod.id,
      metadata: { purchase_id: '31' },
      ...extra,
    });
    return { customer, subscription, periodEnd: subscription.items.data[0]?.current_period_end ?? 0 };
  }

  it('renews a monthly subscription each month with one invoice.paid per period, several when time jumps', async () => {
    const { subscription, periodEnd } = await subscribe('4242424242424242');
    const before = await h.control('/_control/clock');
    expect(before.body).toMatchObject({ now: expect.any(Number), settable: true });
    expect((await h.control('/_control/clock', {})).body).toMatchObject({ renewed: 0, failed: 0, ended: 0 });

    const ends: number[] = [periodEnd];
    for (let month = 0; month < 3; month += 1) {
      // Just before the period ends nothing is due; just after, one renewal.
      expect((await moveClock((ends.at(-1) ?? 0) * 1000 - 1000)).body).toMatchObject({ renewed: 0, failed: 0, ended: 0 });
      const moved = await moveClock((ends.at(-1) ?? 0) * 1000 + 1000);
      expect(moved.body).toMatchObject({ renewed: 1, failed: 0, ended: 0 });
      // The default clock keeps running from where it was set.
      expect(moved.body.now).toBeGreaterThanOrEqual((ends.at(-1) ?? 0) * 1000 + 1000);
      ends.push((await h.stripe.subscriptions.retrieve(subscription.id)).items.data[0]?.current_period_end ?? 0);
    }
    // Two more periods in one jump: billed in turn, each stamped when its period ended (counted from the anchor).
    const jump = new Date(addMonthsKeepingDay(subscription.billing_cycle_anchor * 1000, ends.length + 1));
    expect((await moveClock(jump.getTime() + 60_000)).body).toMatchObject({ renewed: 2, failed: 0, ended: 0 });
    expect((await moveClock(jump.getTime() + 120_000)).body).toMatchObject({ renewed: 0 });

    await h.settle();
    const paid = cycleInvoices('invoice.paid');
    expect(paid).toHaveLength(5);
    expect(new Set(paid.map((invoice) => invoice.id)).size).toBe(5);
    expect(paid.map((invoice) => invoice.period_end)).toEqual([...ends, jump.getTime() / 1000]);
    expect(paid.map((invoice) => invoice.created)).toEqual(paid.map((invoice) => invoice.period_end));
    expect(paid.every((invoice) => invoice.amount_paid === 89_900 && invoice.parent?.subscription_details?.metadata?.purchase_id === '31')).toBe(true);
    expect(paid.slice(1).map((invoice) => invoice.period_start)).toEqual(paid.slice(0, -1).map((invoice) => invoice.period_end));
    expect(ofType('invoice.payment_failed')).toEqual([]);
    expect(await h.stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ status: 'active' });

    // The clock never goes back.
    const back = await moveClock(Date.now() - DAY_MS);
    expect(back.status).toBe(400);
    expect(back.body).toMatchObject({ error: { type: 'invalid_request_error', param: 'to' } });
    expect((await h.control('/_control/clock', { to: 'soon' })).status).toBe(400);
  });

  it('keeps the anchor’s day of the month: from a 31 January, 28 (or 29) February, then 31 March, never 3 March', async () => {
    const now = (await h.control('/_control/clock')).body.now as number;
    const year = new Date(now).getUTCFullYear() + 2;
    const anchor = Date.UTC(year, 0, 31, 18);
    const { subscription } = await subscribe('4242424242424242', { trial_end: anchor / 1000 });
    expect(subscription.billing_cycle_anchor).toBe(anchor / 1000);
    const periodEnd = async () => ((await h.stripe.subscriptions.retrieve(subscription.id)).items.data[0]?.current_period_end ?? 0) * 1000;
    const february = Date.UTC(year, 1, year % 4 === 0 ? 29 : 28, 18);
    await moveClock(anchor + 1000);
    expect(new Date(await periodEnd()).toISOString()).toBe(new Date(february).toISOString());
    await moveClock(february + 1000);
    expect(new Date(await periodEnd()).toISOString()).toBe(new Date(Date.UTC(year, 2, 31, 18)).toISOString());
  });

  it('ends a subscription set to cancel at period end when the period ends, with no further charge', async () => {
    const { subscription, periodEnd } = await subscribe('4242424242424242');
    await h.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect((await moveClock(periodEnd * 1000 - 1000)).body).toMatchObject({ renewed: 0, ended: 0 });
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect((await moveClock(periodEnd * 1000 + 1000)).body).toMatchObject({ renewed: 0, failed: 0, ended: 1 });
    expect((await moveClock(periodEnd * 1000 + 90 * DAY_MS)).body).toMatchObject({ renewed: 0, failed: 0, ended: 0 });

    await h.settle();
    const deleted = ofType('customer.subscription.deleted').map((event) => objectOf<Stripe.Subscription>(event));
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({
      id: subscription.id,
      status: 'canceled',
      ended_at: periodEnd,
      cancellation_details: { reason: 'cancellation_requested' },
    });
    expect(cycleInvoices('invoice.paid')).toEqual([]);
    expect(ofType('payment_intent.succeeded')).toHaveLength(1);
  });

  it('puts a declined renewal past_due, retries it 3, 5 and 7 days later, then cancels the subscription', async () => {
    // 4000000000000341 attaches but declines every charge; a trial gets it past its first payment.
    const { subscription, periodEnd: trialEnd } = await subscribe('4000000000000341', { trial_period_days: 7 });
    expect(subscription.status).toBe('trialing');
    const attempts = [trialEnd, trialEnd + 3 * 86_400, trialEnd + 8 * 86_400, trialEnd + 15 * 86_400];
    const moved = [];
    for (const at of attempts) {
      expect((await moveClock(at * 1000 - 1000)).body).toMatchObject({ renewed: 0, failed: 0 });
      moved.push((await moveClock(at * 1000)).body);
      if (at !== attempts.at(-1)) expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    }
    expect(moved).toMatchObject([
      { renewed: 0, failed: 1, ended: 0 },
      { renewed: 0, failed: 1, ended: 0 },
      { renewed: 0, failed: 1, ended: 0 },
      { renewed: 0, failed: 1, ended: 1 },
    ]);
    expect((await moveClock(trialEnd * 1000 + 70 * DAY_MS)).body).toMatchObject({ renewed: 0, failed: 0, ended: 0 });

    await h.settle();
    const failures = cycleInvoices('invoice.payment_failed');
    expect(new Set(failures.map((invoice) => invoice.id)).size).toBe(1);
    expect(failures.map((invoice) => [invoice.attempt_count, invoice.next_payment_attempt])).toEqual([
      [1, attempts[1]],
      [2, attempts[2]],
      [3, attempts[3]],
      [4, null],
    ]);
    expect(ofType('customer.subscription.updated').map((event) => objectOf<Stripe.Subscription>(event).status)).toEqual(['past_due', 'past_due', 'past_due']);
    const deleted = ofType('customer.subscription.deleted').map((event) => objectOf<Stripe.Subscription>(event));
    expect(deleted).toMatchObject([{ id: subscription.id, status: 'canceled', ended_at: attempts[3], cancellation_details: { reason: 'payment_failed' } }]);
    expect(ofType('invoice.paid').filter((event) => objectOf<Stripe.Invoice>(event).amount_paid > 0)).toEqual([]);
  });

  it('charges a retry to the card the subscription has by then', async () => {
    const { customer, subscription, periodEnd: trialEnd } = await subscribe('4000000000000341', { trial_period_days: 7 });
    expect((await moveClock(trialEnd * 1000)).body).toMatchObject({ failed: 1 });
    const good = await cardPaymentMethod(h.stripe, '4242424242424242', customer.id);
    await h.stripe.subscriptions.update(subscription.id, { default_payment_method: good.id });
    expect((await moveClock((trialEnd + 3 * 86_400) * 1000)).body).toMatchObject({ renewed: 1, failed: 0, ended: 0 });
    await h.settle();
    const paid = cycleInvoices('invoice.paid');
    expect(paid).toMatchObject([{ attempt_count: 2, next_payment_attempt: null, amount_paid: 89_900, status_transitions: { paid_at: trialEnd + 3 * 86_400 } }]);
    expect(paid[0]?.id).toBe(cycleInvoices('invoice.payment_failed')[0]?.id);
    expect(await h.stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ status: 'active' });
  });

  it('charges the first paid invoice when a trial ends, by a clock it does not own (billDue)', async () => {
    let now = Date.now();
    await h.close();
    h = await startHarness({ clock: { now: () => now } });
    const { subscription, periodEnd: trialEnd } = await subscribe('4242424242424242', { trial_period_days: 14 });
    expect(subscription).toMatchObject({ status: 'trialing', trial_end: trialEnd });
    // A clock driven from outside: the control cannot move it, billDue bills by it.
    expect((await h.control('/_control/clock')).body).toMatchObject({ now, settable: false });
    expect((await moveClock(now + DAY_MS)).status).toBe(400);
    now = trialEnd * 1000 - 1;
    expect(await h.fake.billDue()).toEqual({ renewed: 0, failed: 0, ended: 0 });
    now = trialEnd * 1000 + 5_000;
    expect(await h.fake.billDue()).toEqual({ renewed: 1, failed: 0, ended: 0 });

    await h.settle();
    expect(cycleInvoices('invoice.paid')).toMatchObject([
      { amount_paid: 89_900, period_start: subscription.start_date, period_end: trialEnd, created: trialEnd },
    ]);
    expect(objectOf<Stripe.Subscription>(ofType('customer.subscription.updated').at(-1))).toMatchObject({ id: subscription.id, status: 'active' });
    const after = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(after.items.data[0]).toMatchObject({ current_period_start: trialEnd });
  });

  it('expires an OXXO voucher past its expires_after', async () => {
    const intent = await h.stripe.paymentIntents.create({
      amount: 45_000,
      currency: 'mxn',
      allowed_payment_method_types: ['oxxo'],
      payment_method_options: { oxxo: { expires_after_days: 2 } },
      metadata: { purchase_id: '77' },
    });
    const confirmed = await h.browser('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret ?? '',
      'payment_method_data[type]': 'oxxo',
      'payment_method_data[billing_details][name]': 'Ana López',
      'payment_method_data[billing_details][email]': 'ana@example.com',
    });
    const expiresAfter = (confirmed.body.next_action as Stripe.PaymentIntent.NextAction).oxxo_display_details?.expires_after ?? 0;
    await moveClock(expiresAfter * 1000 - 1000);
    expect((await h.stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_action');
    await moveClock(expiresAfter * 1000 + 1000);
    expect(await h.stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'payment_intent_payment_attempt_expired' },
    });
    await h.settle();
    expect(ofType('payment_intent.payment_failed').map((event) => [objectOf<Stripe.PaymentIntent>(event).id, event.created])).toEqual([
      [intent.id, expiresAfter],
    ]);
    expect((await h.control(`/_control/payment_intents/${intent.id}/oxxo`, { outcome: 'paid' })).status).toBe(400);
  });
});

describe("stripe fake: Stripe's test clocks", () => {
  it('creates, reads, lists, advances (never back) and deletes a test clock shaped as Stripe answers', async () => {
    const start = Math.floor(Date.now() / 1000);
    const clock = await h.stripe.testHelpers.testClocks.create({ frozen_time: start, name: 'Año simulado' });
    expect(clock).toEqual({
      id: expect.stringMatching(/^clock_/),
      object: 'test_helpers.test_clock',
      created: expect.any(Number),
      deletes_after: clock.created + 30 * 86_400,
      frozen_time: start,
      livemode: false,
      name: 'Año simulado',
      status: 'ready',
      status_details: {},
    });
    expect(await h.stripe.testHelpers.testClocks.retrieve(clock.id)).toEqual(clock);
    expect((await h.stripe.testHelpers.testClocks.list()).data.map((one) => one.id)).toEqual([clock.id]);

    const missing = await h.stripe.customers.create({ test_clock: 'clock_nope' }).catch((error: unknown) => error);
    expect(missing).toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing', param: 'test_clock' });
    const customer = await h.stripe.customers.create({ email: 'ana@example.com', test_clock: clock.id });
    expect(customer.test_clock).toBe(clock.id);
    const paymentMethod = await cardPaymentMethod(h.stripe, '4242424242424242', customer.id);
    const price = await monthlyPrice(h.stripe);
    const subscription = await h.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], default_payment_method: paymentMethod.id });
    expect(subscription.test_clock).toBe(clock.id);
    const periodEnd = subscription.items.data[0]?.current_period_end ?? 0;

    // The fake has one time: advancing the test clock moves it and bills what fell due before answering.
    const advanced = await h.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: periodEnd + 60 });
    expect(advanced).toMatchObject({
      id: clock.id,
      status: 'advancing',
      frozen_time: periodEnd + 60,
      status_details: { advancing: { target_frozen_time: periodEnd + 60 } },
    });
    expect(await h.stripe.testHelpers.testClocks.retrieve(clock.id)).toMatchObject({ status: 'ready', frozen_time: periodEnd + 60, status_details: {} });
    expect(((await h.control('/_control/clock')).body.now as number) / 1000).toBeGreaterThanOrEqual(periodEnd + 60);
    const renewed = await h.stripe.invoices.list({ subscription: subscription.id });
    expect(renewed.data.map((invoice) => [invoice.billing_reason, invoice.status])).toEqual([
      ['subscription_cycle', 'paid'],
      ['subscription_create', 'paid'],
    ]);

    for (const frozenTime of [periodEnd + 60, periodEnd]) {
      const back = await h.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: frozenTime }).catch((error: unknown) => error);
      expect(back).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'frozen_time' });
    }
    expect((await h.stripe.testHelpers.testClocks.retrieve(clock.id)).frozen_time).toBe(periodEnd + 60);

    expect(await h.stripe.testHelpers.testClocks.del(clock.id)).toEqual({ id: clock.id, object: 'test_helpers.test_clock', deleted: true });
    const gone = await h.stripe.testHelpers.testClocks.retrieve(clock.id).catch((error: unknown) => error);
    expect(gone).toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing' });

    await h.settle();
    expect(h.received.map((delivery) => delivery.event.type).filter((type) => type.startsWith('test_helpers.'))).toEqual([
      'test_helpers.test_clock.created',
      'test_helpers.test_clock.advancing',
      'test_helpers.test_clock.ready',
      'test_helpers.test_clock.deleted',
    ]);
    expect(cycleInvoices('invoice.paid')).toHaveLength(1);
  });
});

describe('stripe fake: the money ledger', () => {
  interface Entry {
    id: string;
    kind: string;
    amount_cents: number;
    refunded_cents: number;
    disputed: string | null;
    at: number;
    customer: string | null;
    metadata: Record<string, string>;
  }
  const ledger = async () => (await h.control('/_control/ledger')).body.data as Entry[];

  it('lists every successful charge once: payments by PaymentIntent, renewals by invoice, with refunds and disputes', async () => {
    const customer = await h.stripe.customers.create({ email: 'ana@example.com' });
    const card = await cardPaymentMethod(h.stripe, '4242424242424242', customer.id);
    const pay = (amount: number, purchaseId: string, paymentMethod = card.id) =>
      h.stripe.paymentIntents.create({
        amount,
        currency: 'mxn',
        customer: customer.id,
        payment_method: paymentMethod,
        confirm: true,
        metadata: { purchase_id: purchaseId },
      });
    const refunded = await pay(35_000, '1');
    await h.stripe.refunds.create({ payment_intent: refunded.id, amount: 5_000 });
    const lost = await pay(20_000, '2');
    const won = await pay(10_000, '3');
    const dispute = async (intentId: string) => (await h.control(`/_control/payment_intents/${intentId}/dispute`, {})).body.id as string;
    await h.control(`/_control/disputes/${await dispute(lost.id)}/close`, { outcome: 'lost' });
    const wonDispute = await dispute(won.id);
    const declining = await cardPaymentMethod(h.stripe, '4000000000000341', customer.id);
    await expect(pay(15_000, '4', declining.id)).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);

    // A subscription as the app starts them: its first period was a payment of ours, Stripe bills from the trial's end.
    const price = await monthlyPrice(h.stripe);
    const subscription = await h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      default_payment_method: card.id,
      trial_period_days: 30,
      metadata: { purchase_id: '5' },
    });
    const firstRenewal = subscription.trial_end ?? 0;
    expect(await ledger()).toHaveLength(3);
    const opened = await ledger();
    expect(opened.find((entry) => entry.id === won.id)?.disputed).toBe('open');
    await h.control(`/_control/disputes/${wonDispute}/close`, { outcome: 'won' });
    await h.control('/_control/clock', { to: firstRenewal * 1000 + 1000 });
    const invoice = (await h.stripe.invoices.list({ subscription: subscription.id, status: 'paid' })).data.find(
      (one) => one.billing_reason === 'subscription_cycle',
    );
    if (!invoice?.id) throw new Error('no renewal invoice');
    // What the app does to refund a renewal (stripe-gateway refundPayment): the invoice's paid PaymentIntent.
    const paidBy = (await h.stripe.invoices.retrieve(invoice.id, { expand: ['payments'] })).payments?.data[0]?.payment.payment_intent;
    await h.stripe.refunds.create({ payment_intent: String(paidBy) });

    expect(await ledger()).toEqual([
      {
        id: refunded.id,
        kind: 'payment',
        amount_cents: 35_000,
        refunded_cents: 5_000,
        disputed: null,
        at: refunded.created * 1000,
        customer: customer.id,
        metadata: { purchase_id: '1' },
      },
      {
        id: lost.id,
        kind: 'payment',
        amount_cents: 20_000,
        refunded_cents: 0,
        disputed: 'lost',
        at: lost.created * 1000,
        customer: customer.id,
        metadata: { purchase_id: '2' },
      },
      {
        id: won.id,
        kind: 'payment',
        amount_cents: 10_000,
        refunded_cents: 0,
        disputed: 'won',
        at: won.created * 1000,
        customer: customer.id,
        metadata: { purchase_id: '3' },
      },
      {
        id: invoice.id,
        kind: 'renewal',
        amount_cents: 89_900,
        refunded_cents: 89_900,
        disputed: null,
        at: firstRenewal * 1000,
        customer: customer.id,
        metadata: { purchase_id: '5' },
      },
    ]);
  });
});
