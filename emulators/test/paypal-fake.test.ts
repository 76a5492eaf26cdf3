/**
 * The PayPal fake driven the way the app's server drives PayPal: plain fetch
 * with an OAuth token, and a webhook receiver that verifies every delivery by
 * asking the fake's verify-webhook-signature with the received headers and body.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeClock } from '../fake-clock';
import { type FakePayPal, startFakePayPal } from '../paypal-fake/fake-paypal';

const CLIENT_ID = 'fake-client-id-AbC123';
const CLIENT_SECRET = 'fake-client-secret-XyZ789';
const WEBHOOK_ID = '1JE4291016473214C';

type Json = Record<string, unknown>;

interface Delivery {
  headers: IncomingHttpHeaders;
  raw: string;
  event: Json;
  verification: string;
}

interface ControlEvent extends Json {
  id: string;
  event_type: string;
  resource: Json;
  deliveries: Array<{ transmission_id: string; status: number }>;
}

interface Reply {
  status: number;
  body: Json;
}

interface Harness {
  fake: FakePayPal;
  /** Every delivery the receiver got, with what the fake answered when asked to verify it. */
  deliveries: Delivery[];
  api(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
  verify(claim: Json): Promise<string>;
  control(path: string, body?: unknown): Promise<Reply>;
  events(): Promise<ControlEvent[]>;
  /** Resolves once every event recorded so far has had a delivery attempt. */
  settle(): Promise<ControlEvent[]>;
  close(): Promise<void>;
}

async function fetchToken(url: string, id: string, secret: string): Promise<Response> {
  return fetch(new URL('/v1/oauth2/token', url), {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
}

function claimOf(headers: IncomingHttpHeaders, event: unknown, webhookId = WEBHOOK_ID): Json {
  return {
    auth_algo: headers['paypal-auth-algo'],
    cert_url: headers['paypal-cert-url'],
    transmission_id: headers['paypal-transmission-id'],
    transmission_sig: headers['paypal-transmission-sig'],
    transmission_time: headers['paypal-transmission-time'],
    webhook_id: webhookId,
    webhook_event: event,
  };
}

async function startHarness(options: { autoDeliver?: boolean; clock?: FakeClock } = {}): Promise<Harness> {
  const deliveries: Delivery[] = [];
  let verify: (claim: Json) => Promise<string> = async () => 'FAILURE';
  const receiver: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const event = JSON.parse(raw) as Json;
      void verify(claimOf(request.headers, event)).then((verification) => {
        deliveries.push({ headers: request.headers, raw, event, verification });
        response.writeHead(verification === 'SUCCESS' ? 200 : 400).end();
      });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/paypal`;
  const fake = await startFakePayPal({
    port: 0,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    webhookUrl,
    webhookId: WEBHOOK_ID,
    autoDeliver: options.autoDeliver,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const { access_token: token } = (await (await fetchToken(fake.url, CLIENT_ID, CLIENT_SECRET)).json()) as { access_token: string };

  const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> => {
    const response = await fetch(new URL(path, fake.url), {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Json) };
  };
  verify = async (claim) => String((await api('POST', '/v1/notifications/verify-webhook-signature', claim)).body.verification_status);
  const control = async (path: string, body?: unknown): Promise<Reply> => {
    const response = await fetch(new URL(path, fake.url), {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const events = async () => (await control('/_control/events')).body.events as ControlEvent[];
  return {
    fake,
    deliveries,
    api,
    verify: (claim) => verify(claim),
    control,
    events,
    async settle() {
      for (;;) {
        const all = await events();
        if (all.every((event) => event.deliveries.length > 0)) return all;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    async close() {
      await fake.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    },
  };
}

const ORDER = {
  intent: 'CAPTURE',
  purchase_units: [
    {
      reference_id: 'booking-42',
      custom_id: 'purchase:42',
      invoice_id: 'INV-42',
      description: 'Paquete de 10 clases',
      amount: { currency_code: 'MXN', value: '1700.00' },
    },
  ],
  payment_source: { paypal: { experience_context: { return_url: 'https://app.test/paypal/ok', cancel_url: 'https://app.test/paypal/cancel' } } },
};

const MONTHLY = {
  frequency: { interval_unit: 'MONTH', interval_count: 1 },
  tenure_type: 'REGULAR',
  sequence: 1,
  total_cycles: 0,
  pricing_scheme: { fixed_price: { value: '899.00', currency_code: 'MXN' } },
};

const TRIAL_WEEK = {
  frequency: { interval_unit: 'DAY', interval_count: 7 },
  tenure_type: 'TRIAL',
  sequence: 1,
  total_cycles: 1,
  pricing_scheme: { fixed_price: { value: '0', currency_code: 'MXN' } },
};

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

async function approvedOrder(order: unknown = ORDER): Promise<string> {
  const created = await h.api('POST', '/v2/checkout/orders', order);
  expect(created.status).toBe(201);
  const id = String(created.body.id);
  expect((await h.control(`/_control/orders/${id}/approve`, {})).status).toBe(200);
  return id;
}

async function subscriptionFor(cycles: unknown[], preferences: Json = {}): Promise<Json> {
  const product = await h.api('POST', '/v1/catalogs/products', { name: 'Membresía Estudio', type: 'SERVICE', category: 'EXERCISE_AND_FITNESS' });
  expect(product.status).toBe(201);
  expect(String(product.body.id)).toMatch(/^PROD-/);
  const plan = await h.api('POST', '/v1/billing/plans', {
    product_id: product.body.id,
    name: 'Mensual',
    billing_cycles: cycles,
    payment_preferences: preferences,
  });
  expect(plan.status).toBe(201);
  expect(plan.body).toMatchObject({ status: 'ACTIVE' });
  expect(String(plan.body.id)).toMatch(/^P-/);
  const subscription = await h.api('POST', '/v1/billing/subscriptions', {
    plan_id: plan.body.id,
    custom_id: 'member:7',
    subscriber: { email_address: 'ana@example.com', name: { given_name: 'Ana', surname: 'López' } },
    application_context: { return_url: 'https://app.test/sub/ok', cancel_url: 'https://app.test/sub/cancel' },
  });
  expect(subscription.status).toBe(201);
  return subscription.body;
}

const typesOf = (events: ControlEvent[]) => events.map((event) => event.event_type);

describe('paypal fake: OAuth and errors', () => {
  it('refuses wrong client credentials and calls without a valid token', async () => {
    const wrong = await fetchToken(h.fake.url, CLIENT_ID, 'not-the-secret');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'invalid_client', error_description: 'Client Authentication failed' });

    const good = (await (await fetchToken(h.fake.url, CLIENT_ID, CLIENT_SECRET)).json()) as Json;
    expect(good).toMatchObject({ token_type: 'Bearer', expires_in: 32_400 });
    expect(typeof good.access_token).toBe('string');

    const noToken = await fetch(new URL('/v2/checkout/orders', h.fake.url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(noToken.status).toBe(401);
    const failure = (await noToken.json()) as Json;
    expect(failure).toMatchObject({ name: 'AUTHENTICATION_FAILURE' });
    expect(typeof failure.debug_id).toBe('string');
    const badToken = await fetch(new URL('/v1/billing/plans/P-1', h.fake.url), { headers: { Authorization: 'Bearer nope' } });
    expect(badToken.status).toBe(401);

    const noGrant = await fetch(new URL('/v1/oauth2/token', h.fake.url), {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}` },
    });
    expect(noGrant.status).toBe(400);
  });

  it('answers validation errors with INVALID_REQUEST and unknown ids with RESOURCE_NOT_FOUND', async () => {
    const missing = await h.api('POST', '/v2/checkout/orders', { intent: 'CAPTURE', purchase_units: [{ custom_id: 'x' }] });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ name: 'INVALID_REQUEST', details: [{ field: '/purchase_units/0/amount', issue: 'MISSING_REQUIRED_PARAMETER' }] });
    const precision = await h.api('POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'MXN', value: '17.005' } }],
    });
    expect(precision.body).toMatchObject({ name: 'INVALID_REQUEST', details: [{ issue: 'DECIMAL_PRECISION' }] });
    const zero = await h.api('POST', '/v2/checkout/orders', { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'MXN', value: '0.00' } }] });
    expect(zero.status).toBe(400);
    const malformed = await fetch(new URL('/v2/checkout/orders', h.fake.url), {
      method: 'POST',
      headers: { Authorization: `Bearer ${String(((await (await fetchToken(h.fake.url, CLIENT_ID, CLIENT_SECRET)).json()) as Json).access_token)}` },
      body: '{"intent":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ details: [{ issue: 'MALFORMED_REQUEST_JSON' }] });

    const unknown = await h.api('GET', '/v2/checkout/orders/5O190127TN364715T');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID', value: '5O190127TN364715T' }] });
    expect((await h.api('POST', '/v2/payments/captures/NOPE/refund', {})).status).toBe(404);
    expect((await h.api('GET', '/v1/billing/subscriptions/I-NOPE')).body).toMatchObject({ name: 'RESOURCE_NOT_FOUND' });

    const badPlan = await h.api('POST', '/v1/billing/plans', { product_id: 'PROD-NOPE', name: 'x', billing_cycles: [MONTHLY] });
    expect(badPlan.body).toMatchObject({ name: 'INVALID_REQUEST', details: [{ field: '/product_id' }] });
  });
});

describe('paypal fake: orders', () => {
  it('creates, approves and captures an order, and delivers verified webhooks', async () => {
    const created = await h.api('POST', '/v2/checkout/orders', ORDER);
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    expect(created.body).toMatchObject({ status: 'CREATED', intent: 'CAPTURE' });
    const links = created.body.links as Array<{ rel: string; href: string }>;
    expect(links.find((one) => one.rel === 'approve')?.href).toBe(`${h.fake.url}/checkoutnow?token=${id}`);
    expect(links.map((one) => one.rel)).toEqual(expect.arrayContaining(['self', 'approve', 'capture']));

    const early = await h.api('POST', `/v2/checkout/orders/${id}/capture`, {});
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });

    const approved = await h.control(`/_control/orders/${id}/approve`, {});
    expect(approved.body).toMatchObject({ status: 'APPROVED', payer: { address: { country_code: 'MX' } } });
    expect((await h.api('GET', `/v2/checkout/orders/${id}`)).body.status).toBe('APPROVED');

    const captured = await h.api('POST', `/v2/checkout/orders/${id}/capture`, {});
    expect(captured.status).toBe(201);
    expect(captured.body.status).toBe('COMPLETED');
    const units = captured.body.purchase_units as Array<{ payments: { captures: Json[] } }>;
    const capture = units[0]?.payments.captures[0] ?? {};
    expect(capture).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'MXN', value: '1700.00' }, custom_id: 'purchase:42', invoice_id: 'INV-42' });
    expect(capture.seller_receivable_breakdown).toMatchObject({
      gross_amount: { value: '1700.00' },
      paypal_fee: { value: '71.15' },
      net_amount: { value: '1628.85' },
    });

    const again = await h.api('POST', `/v2/checkout/orders/${id}/capture`, {});
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });

    const events = await h.settle();
    expect(typesOf(events)).toEqual(['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED']);
    expect(h.deliveries.map((delivery) => delivery.verification)).toEqual(['SUCCESS', 'SUCCESS']);
    expect(events.every((event) => event.deliveries[0]?.status === 200)).toBe(true);
    const completed = h.deliveries[1]?.event ?? {};
    expect(completed).toMatchObject({ event_version: '1.0', resource_type: 'capture', event_type: 'PAYMENT.CAPTURE.COMPLETED' });
    expect(String(completed.id)).toMatch(/^WH-/);
    expect(completed.resource).toMatchObject({ id: capture.id, custom_id: 'purchase:42', supplementary_data: { related_ids: { order_id: id } } });
    const headers = h.deliveries[1]?.headers ?? {};
    expect(headers['paypal-auth-algo']).toBe('SHA256withRSA');
    expect(headers['paypal-cert-url']).toBe(`${h.fake.url}/certs/fake.pem`);
    expect((await fetch(String(headers['paypal-cert-url']))).status).toBe(200);
  });

  it('refuses a second capture of the same invoice id', async () => {
    await h.api('POST', `/v2/checkout/orders/${await approvedOrder()}/capture`, {});
    const duplicate = await h.api('POST', `/v2/checkout/orders/${await approvedOrder()}/capture`, {});
    expect(duplicate.status).toBe(422);
    expect(duplicate.body).toMatchObject({ details: [{ issue: 'DUPLICATE_INVOICE_ID' }] });
  });

  it('replays a POST with the same PayPal-Request-Id instead of repeating it', async () => {
    const first = await h.api('POST', '/v2/checkout/orders', ORDER, { 'PayPal-Request-Id': 'order-booking-42' });
    const second = await h.api('POST', '/v2/checkout/orders', ORDER, { 'PayPal-Request-Id': 'order-booking-42' });
    expect(second).toEqual(first);
    const other = await h.api('POST', '/v2/checkout/orders', ORDER, { 'PayPal-Request-Id': 'order-booking-43' });
    expect(other.body.id).not.toBe(first.body.id);

    const id = String(first.body.id);
    await h.control(`/_control/orders/${id}/approve`, {});
    const capture = await h.api('POST', `/v2/checkout/orders/${id}/capture`, {}, { 'PayPal-Request-Id': 'capture-42' });
    const retried = await h.api('POST', `/v2/checkout/orders/${id}/capture`, {}, { 'PayPal-Request-Id': 'capture-42' });
    expect(capture.status).toBe(201);
    expect(retried).toEqual(capture);
    expect(typesOf(await h.settle()).filter((type) => type === 'PAYMENT.CAPTURE.COMPLETED')).toHaveLength(1);
  });

  it('answers injected errors as PayPal would: a decline kept for its PayPal-Request-Id, an outage not, then captures normally', async () => {
    const id = await approvedOrder();
    const path = `/v2/checkout/orders/${id}/capture`;
    expect((await h.control('/_control/faults', { path, issue: 'INSTRUMENT_DECLINED' })).body).toEqual({
      method: 'POST',
      path,
      status: 422,
      issue: 'INSTRUMENT_DECLINED',
      times: 1,
    });
    const declined = await h.api('POST', path, {}, { 'PayPal-Request-Id': 'capture-rechazada' });
    expect(declined.status).toBe(422);
    expect(declined.body).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] });
    // PayPal answers a request id it has seen with its first answer; only a new request tries again.
    expect(await h.api('POST', path, {}, { 'PayPal-Request-Id': 'capture-rechazada' })).toEqual(declined);

    await h.control('/_control/faults', { path, status: 503, times: 2 });
    for (const round of [1, 2]) {
      const down = await h.api('POST', path, {}, { 'PayPal-Request-Id': 'capture-caida' });
      expect(down.status, `round ${round}`).toBe(503);
      expect(down.body).toMatchObject({ name: 'SERVICE_UNAVAILABLE' });
    }
    // The outage was not remembered: the same request id now captures.
    const captured = await h.api('POST', path, {}, { 'PayPal-Request-Id': 'capture-caida' });
    expect(captured.status).toBe(201);
    expect(captured.body.status).toBe('COMPLETED');

    expect((await h.control('/_control/faults', { path: '/otra', issue: 'X' })).status).toBe(400);
    expect((await h.control('/_control/faults', { path, status: 422 })).status).toBe(400);
    await h.control('/_control/faults', { path: '/v2/checkout/orders', status: 500 });
    await h.control('/_control/reset', {});
    expect((await h.api('POST', '/v2/checkout/orders', ORDER)).status).toBe(201);
  });

  it('refunds a capture in parts and reports each refund', async () => {
    const id = await approvedOrder();
    const captured = await h.api('POST', `/v2/checkout/orders/${id}/capture`, {});
    const captureId = String((captured.body.purchase_units as Array<{ payments: { captures: Json[] } }>)[0]?.payments.captures[0]?.id);

    const part = await h.api('POST', `/v2/payments/captures/${captureId}/refund`, {
      amount: { currency_code: 'MXN', value: '700.00' },
      note_to_payer: 'Clase cancelada',
    });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({ status: 'COMPLETED', amount: { value: '700.00' }, invoice_id: 'INV-42', custom_id: 'purchase:42' });
    expect((await h.api('GET', `/v2/payments/captures/${captureId}`)).body.status).toBe('PARTIALLY_REFUNDED');
    const tooMuch = await h.api('POST', `/v2/payments/captures/${captureId}/refund`, { amount: { currency_code: 'MXN', value: '1000.01' } });
    expect(tooMuch.status).toBe(422);

    const rest = await h.api('POST', `/v2/payments/captures/${captureId}/refund`, {});
    expect(rest.body).toMatchObject({
      status: 'COMPLETED',
      amount: { value: '1000.00' },
      seller_payable_breakdown: { total_refunded_amount: { value: '1700.00' } },
    });
    expect((await h.api('GET', `/v2/payments/captures/${captureId}`)).body.status).toBe('REFUNDED');
    expect((await h.api('GET', `/v2/payments/refunds/${String(rest.body.id)}`)).status).toBe(200);
    const order = await h.api('GET', `/v2/checkout/orders/${id}`);
    expect((order.body.purchase_units as Array<{ payments: { refunds: Json[] } }>)[0]?.payments.refunds).toHaveLength(2);
    const none = await h.api('POST', `/v2/payments/captures/${captureId}/refund`, {});
    expect(none.body).toMatchObject({ details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }] });

    const events = await h.settle();
    const refunds = events.filter((event) => event.event_type === 'PAYMENT.CAPTURE.REFUNDED');
    expect(refunds.map((event) => event.resource.id)).toEqual([part.body.id, rest.body.id]);
    expect(h.deliveries.every((delivery) => delivery.verification === 'SUCCESS')).toBe(true);
  });
});

describe('paypal fake: subscriptions', () => {
  it('activates a subscription on approval and charges the first cycle', async () => {
    const subscription = await subscriptionFor([MONTHLY]);
    const id = String(subscription.id);
    expect(id).toMatch(/^I-/);
    expect(subscription).toMatchObject({ status: 'APPROVAL_PENDING', custom_id: 'member:7' });
    const approve = (subscription.links as Array<{ rel: string; href: string }>).find((one) => one.rel === 'approve')?.href ?? '';
    expect(approve).toMatch(new RegExp(`^${h.fake.url}/webapps/billing/subscriptions\\?ba_token=BA-`));

    const active = await h.control(`/_control/subscriptions/${id}/approve`, {});
    expect(active.body.status).toBe('ACTIVE');
    const read = (await h.api('GET', `/v1/billing/subscriptions/${id}`)).body;
    expect(read).toMatchObject({ status: 'ACTIVE', plan_id: subscription.plan_id, custom_id: 'member:7', subscriber: { email_address: 'ana@example.com' } });
    const info = read.billing_info as Json;
    expect(info).toMatchObject({
      failed_payments_count: 0,
      last_payment: { amount: { value: '899.00', currency_code: 'MXN' } },
      cycle_executions: [{ cycles_completed: 1 }],
    });
    const days = (Date.parse(String(info.next_billing_time)) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    const events = await h.settle();
    expect(typesOf(events)).toEqual(['BILLING.SUBSCRIPTION.CREATED', 'BILLING.SUBSCRIPTION.ACTIVATED', 'PAYMENT.SALE.COMPLETED']);
    expect(events[2]?.resource).toMatchObject({
      amount: { total: '899.00', currency: 'MXN' },
      billing_agreement_id: id,
      custom: 'member:7',
      state: 'completed',
    });
    expect(h.deliveries.map((delivery) => delivery.verification)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    expect((await h.control(`/_control/subscriptions/${id}/approve`, {})).status).toBe(422);
  });

  it('charges nothing during a free trial and the regular price when it ends', async () => {
    const subscription = await subscriptionFor([TRIAL_WEEK, { ...MONTHLY, sequence: 2 }]);
    const id = String(subscription.id);
    await h.control(`/_control/subscriptions/${id}/approve`, {});
    expect(typesOf(await h.settle())).toEqual(['BILLING.SUBSCRIPTION.CREATED', 'BILLING.SUBSCRIPTION.ACTIVATED']);
    const trial = (await h.api('GET', `/v1/billing/subscriptions/${id}`)).body.billing_info as Json;
    expect(trial.last_payment).toBeUndefined();
    const trialEnds = Date.parse(String(trial.next_billing_time));

    const renewed = await h.control(`/_control/subscriptions/${id}/renew`, { outcome: 'paid' });
    expect(renewed.status).toBe(200);
    const events = await h.settle();
    expect(typesOf(events).at(-1)).toBe('PAYMENT.SALE.COMPLETED');
    expect(events.at(-1)?.resource).toMatchObject({ amount: { total: '899.00' }, billing_agreement_id: id });
    const info = (await h.api('GET', `/v1/billing/subscriptions/${id}`)).body.billing_info as Json;
    expect(info.cycle_executions).toMatchObject([
      { tenure_type: 'TRIAL', cycles_completed: 1, cycles_remaining: 0 },
      { tenure_type: 'REGULAR', cycles_completed: 1 },
    ]);
    expect(Date.parse(String(info.next_billing_time))).toBeGreaterThan(trialEnds + 27 * 86_400_000);
    expect(h.deliveries.every((delivery) => delivery.verification === 'SUCCESS')).toBe(true);
  });

  it('reports failed renewals, suspends at the threshold, re-activates and cancels', async () => {
    const id = String((await subscriptionFor([MONTHLY], { payment_failure_threshold: 2 })).id);
    await h.control(`/_control/subscriptions/${id}/approve`, {});
    expect((await h.control(`/_control/subscriptions/${id}/renew`, { outcome: 'late' })).status).toBe(400);

    await h.control(`/_control/subscriptions/${id}/renew`, { outcome: 'failed' });
    const failed = (await h.api('GET', `/v1/billing/subscriptions/${id}`)).body;
    expect(failed).toMatchObject({ status: 'ACTIVE', billing_info: { failed_payments_count: 1, outstanding_balance: { value: '899.00' } } });
    await h.control(`/_control/subscriptions/${id}/renew`, { outcome: 'failed' });
    expect((await h.api('GET', `/v1/billing/subscriptions/${id}`)).body.status).toBe('SUSPENDED');
    expect((await h.control(`/_control/subscriptions/${id}/renew`, { outcome: 'paid' })).status).toBe(422);

    expect((await h.api('POST', `/v1/billing/subscriptions/${id}/activate`, { reason: 'Pagó en recepción' })).status).toBe(204);
    await h.control(`/_control/subscriptions/${id}/renew`, { outcome: 'paid' });
    expect((await h.api('GET', `/v1/billing/subscriptions/${id}`)).body.billing_info).toMatchObject({
      failed_payments_count: 0,
      outstanding_balance: { value: '0.00' },
    });
    expect((await h.api('POST', `/v1/billing/subscriptions/${id}/suspend`, { reason: 'Pausa' })).status).toBe(204);
    const cancelled = await h.api('POST', `/v1/billing/subscriptions/${id}/cancel`, { reason: 'Se mudó' });
    expect(cancelled.status).toBe(204);
    expect(cancelled.body).toEqual({});
    expect((await h.api('GET', `/v1/billing/subscriptions/${id}`)).body).toMatchObject({ status: 'CANCELLED', status_change_note: 'Se mudó' });
    const again = await h.api('POST', `/v1/billing/subscriptions/${id}/cancel`, { reason: 'Otra vez' });
    expect(again.body).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID' }] });

    expect(typesOf(await h.settle()).slice(3)).toEqual([
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      'BILLING.SUBSCRIPTION.SUSPENDED',
      'BILLING.SUBSCRIPTION.RE-ACTIVATED',
      'PAYMENT.SALE.COMPLETED',
      'BILLING.SUBSCRIPTION.SUSPENDED',
      'BILLING.SUBSCRIPTION.CANCELLED',
    ]);
    expect(h.deliveries.every((delivery) => delivery.verification === 'SUCCESS')).toBe(true);
  });

  it('validates billing cycles', async () => {
    const product = await h.api('POST', '/v1/catalogs/products', { name: 'Membresía', type: 'SERVICE' });
    const plan = (cycles: unknown[]) => h.api('POST', '/v1/billing/plans', { product_id: product.body.id, name: 'x', billing_cycles: cycles });
    expect((await plan([])).status).toBe(400);
    expect((await plan([TRIAL_WEEK])).status).toBe(400);
    expect((await plan([{ ...MONTHLY, frequency: { interval_unit: 'FORTNIGHT', interval_count: 1 } }])).body).toMatchObject({
      details: [{ field: '/billing_cycles/0/frequency/interval_unit', issue: 'INVALID_PARAMETER_VALUE' }],
    });
    expect((await plan([{ ...TRIAL_WEEK, sequence: 2 }, MONTHLY])).status).toBe(400);
    const created = await plan([TRIAL_WEEK, { ...MONTHLY, sequence: 2 }]);
    expect((await h.api('GET', `/v1/billing/plans/${String(created.body.id)}`)).body).toMatchObject({
      billing_cycles: [{ tenure_type: 'TRIAL' }, { tenure_type: 'REGULAR' }],
    });
  });
});

describe('paypal fake: webhook delivery and verification', () => {
  it('redelivers an event with the same id and a new transmission that still verifies', async () => {
    await h.close();
    h = await startHarness({ autoDeliver: false });
    await approvedOrder();
    const [approved] = await h.events();
    expect(approved?.deliveries).toEqual([]);
    expect(h.deliveries).toEqual([]);

    const first = await h.control(`/_control/events/${approved?.id}/deliver`, {});
    const second = await h.control(`/_control/events/${approved?.id}/deliver`, {});
    expect([first.body.status, second.body.status]).toEqual([200, 200]);
    expect(h.deliveries.map((delivery) => delivery.event.id)).toEqual([approved?.id, approved?.id]);
    expect(h.deliveries[0]?.headers['paypal-transmission-id']).not.toBe(h.deliveries[1]?.headers['paypal-transmission-id']);
    expect(h.deliveries.map((delivery) => delivery.verification)).toEqual(['SUCCESS', 'SUCCESS']);
    expect((await h.events())[0]?.deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
    expect((await h.control('/_control/events/WH-NOPE/deliver', {})).status).toBe(404);

    expect((await h.control('/_control/auto-deliver', { on: true })).body).toEqual({ on: true });
    await h.api('POST', `/v2/checkout/orders/${String(approved?.resource.id)}/capture`, {});
    await h.settle();
    expect(h.deliveries.at(-1)?.event.event_type).toBe('PAYMENT.CAPTURE.COMPLETED');
  });

  it('verifies FAILURE for a tampered body, a wrong webhook id or forged headers', async () => {
    await approvedOrder();
    await h.settle();
    const delivery = h.deliveries[0];
    if (!delivery) throw new Error('no delivery');
    const event = JSON.parse(delivery.raw) as Json;
    expect(await h.verify(claimOf(delivery.headers, event))).toBe('SUCCESS');

    const tampered = JSON.parse(delivery.raw.replace('1700.00', '17.00')) as Json;
    expect(await h.verify(claimOf(delivery.headers, tampered))).toBe('FAILURE');
    expect(await h.verify(claimOf(delivery.headers, event, 'WEBHOOK-OF-SOMEONE-ELSE'))).toBe('FAILURE');
    const forged = { ...delivery.headers, 'paypal-transmission-sig': Buffer.from('forged').toString('base64') };
    expect(await h.verify(claimOf(forged, event))).toBe('FAILURE');
    const otherTime = { ...delivery.headers, 'paypal-transmission-time': new Date(0).toISOString() };
    expect(await h.verify(claimOf(otherTime, event))).toBe('FAILURE');
    const unknown = { ...delivery.headers, 'paypal-transmission-id': '00000000-0000-0000-0000-000000000000' };
    expect(await h.verify(claimOf(unknown, event))).toBe('FAILURE');

    const incomplete = await h.api('POST', '/v1/notifications/verify-webhook-signature', { webhook_id: WEBHOOK_ID });
    expect(incomplete.status).toBe(400);
  });

  it('serves recorded events by id and forgets everything on reset but the tokens', async () => {
    await approvedOrder();
    const [event] = await h.settle();
    expect((await h.api('GET', `/v1/notifications/webhooks-events/${event?.id}`)).body).toMatchObject({ id: event?.id, event_type: 'CHECKOUT.ORDER.APPROVED' });
    expect((await h.control('/_control/reset', {})).body).toEqual({ reset: true });
    expect(await h.events()).toEqual([]);
    expect((await h.api('GET', `/v1/notifications/webhooks-events/${event?.id}`)).status).toBe(404);
    expect((await h.api('POST', '/v2/checkout/orders', ORDER)).status).toBe(201);
    expect((await h.control('/_control/nothing', {})).status).toBe(404);
  });
});

const DAY_MS = 86_400_000;
const iso = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

describe('paypal fake: its clock', () => {
  it('stamps everything with the clock it was given', async () => {
    const at = Math.floor((Date.now() + 730 * DAY_MS) / 1000) * 1000;
    await h.close();
    h = await startHarness({ clock: { now: () => at } });
    const orderId = await approvedOrder();
    const order = (await h.api('POST', `/v2/checkout/orders/${orderId}/capture`, {})).body;
    const capture = (order.purchase_units as Array<{ payments: { captures: Json[] } }>)[0]?.payments.captures[0] ?? {};
    const refund = (await h.api('POST', `/v2/payments/captures/${String(capture.id)}/refund`, { amount: { currency_code: 'MXN', value: '100.00' } })).body;
    const subscription = await subscriptionFor([MONTHLY]);
    await h.control(`/_control/subscriptions/${String(subscription.id)}/approve`, {});
    const active = (await h.api('GET', `/v1/billing/subscriptions/${String(subscription.id)}`)).body;

    expect([order.create_time, order.update_time, capture.create_time, refund.create_time, subscription.create_time, active.status_update_time]).toEqual(
      Array(6).fill(iso(at)),
    );
    const nextBilling = new Date(at);
    nextBilling.setUTCMonth(nextBilling.getUTCMonth() + 1);
    expect(active.billing_info).toMatchObject({ last_payment: { time: iso(at) }, next_billing_time: iso(nextBilling.getTime()) });
    const events = await h.settle();
    expect(new Set(events.map((event) => event.create_time))).toEqual(new Set([iso(at)]));
    expect(new Set(h.deliveries.map((delivery) => delivery.headers['paypal-transmission-time']))).toEqual(new Set([new Date(at).toISOString()]));
    expect(h.deliveries.every((delivery) => delivery.verification === 'SUCCESS')).toBe(true);
  });
});

describe('paypal fake: billing as its clock passes', () => {
  const moveClock = (to: number) => h.control('/_control/clock', { to });
  const read = async (id: string) => (await h.api('GET', `/v1/billing/subscriptions/${id}`)).body;
  const nextBilling = async (id: string) => Date.parse(String(((await read(id)).billing_info as Json).next_billing_time));
  const sales = (events: ControlEvent[]) => events.filter((event) => event.event_type === 'PAYMENT.SALE.COMPLETED').map((event) => event.resource);

  it('renews a subscription on each billing date, several when time jumps, and stops after cancel', async () => {
    const id = String((await subscriptionFor([MONTHLY])).id);
    await h.control(`/_control/subscriptions/${id}/approve`, {});
    expect((await h.control('/_control/clock')).body).toMatchObject({ now: expect.any(Number), settable: true });
    const dates = [await nextBilling(id)];
    expect((await moveClock((dates[0] ?? 0) - 1000)).body).toMatchObject({ renewed: 0, failed: 0, ended: 0 });
    expect((await moveClock((dates[0] ?? 0) + 1000)).body).toMatchObject({ renewed: 1, failed: 0, ended: 0 });
    dates.push(await nextBilling(id));
    // A month after the second date, on the same day where the month has it, else on its last day (as PayPal bills: the 29th of
    // January is followed by the 28th of February, not the 1st of March). The subscription starts today, so on the 29th–31st of a
    // month this is the case that counts.
    const second = new Date(dates[1] ?? 0);
    const lastDayNext = new Date(Date.UTC(second.getUTCFullYear(), second.getUTCMonth() + 2, 0)).getUTCDate();
    const third = new Date(
      Date.UTC(
        second.getUTCFullYear(),
        second.getUTCMonth() + 1,
        Math.min(second.getUTCDate(), lastDayNext),
        second.getUTCHours(),
        second.getUTCMinutes(),
        second.getUTCSeconds(),
        second.getUTCMilliseconds(),
      ),
    );
    dates.push(third.getTime());
    expect((await moveClock(third.getTime() + 1000)).body).toMatchObject({ renewed: 2, failed: 0, ended: 0 });
    expect(((await read(id)).billing_info as Json).cycle_executions).toMatchObject([{ cycles_completed: 4 }]);

    expect((await h.api('POST', `/v1/billing/subscriptions/${id}/cancel`, { reason: 'Se mudó' })).status).toBe(204);
    expect((await moveClock(third.getTime() + 120 * DAY_MS)).body).toMatchObject({ renewed: 0, failed: 0, ended: 0 });
    expect((await moveClock(Date.now())).status).toBe(400);

    const events = await h.settle();
    const renewals = sales(events).slice(1);
    expect(renewals.map((sale) => sale.create_time)).toEqual(dates.map(iso));
    expect(renewals.every((sale) => sale.billing_agreement_id === id && sale.custom === 'member:7')).toBe(true);
    expect(new Set(renewals.map((sale) => sale.id)).size).toBe(3);
    expect(typesOf(events).at(-1)).toBe('BILLING.SUBSCRIPTION.CANCELLED');
    expect(h.deliveries.every((delivery) => delivery.verification === 'SUCCESS')).toBe(true);
  });

  it('charges the first regular cycle when the trial ends and expires the subscription after its last cycle (billDue)', async () => {
    let now = Date.now();
    await h.close();
    h = await startHarness({ clock: { now: () => now } });
    const id = String((await subscriptionFor([TRIAL_WEEK, { ...MONTHLY, sequence: 2, total_cycles: 2 }])).id);
    await h.control(`/_control/subscriptions/${id}/approve`, {});
    expect((await h.control('/_control/clock')).body).toMatchObject({ now, settable: false });
    expect((await moveClock(now + DAY_MS)).status).toBe(400);
    const trialEnds = await nextBilling(id);
    now = trialEnds - 1;
    expect(await h.fake.billDue()).toEqual({ renewed: 0, failed: 0, ended: 0 });
    now = trialEnds;
    expect(await h.fake.billDue()).toEqual({ renewed: 1, failed: 0, ended: 0 });
    now = (await nextBilling(id)) + 1000;
    expect(await h.fake.billDue()).toEqual({ renewed: 1, failed: 0, ended: 0 });
    now = (await nextBilling(id)) + 1000;
    expect(await h.fake.billDue()).toEqual({ renewed: 0, failed: 0, ended: 1 });
    expect(await read(id)).toMatchObject({ status: 'EXPIRED' });

    const events = await h.settle();
    expect(sales(events).map((sale) => [sale.amount, sale.create_time])).toEqual([
      [{ total: '899.00', currency: 'MXN', details: { subtotal: '899.00' } }, iso(trialEnds)],
      [{ total: '899.00', currency: 'MXN', details: { subtotal: '899.00' } }, expect.any(String)],
    ]);
    expect(typesOf(events).at(-1)).toBe('BILLING.SUBSCRIPTION.EXPIRED');
  });

  it("retries a failed charge when PayPal's retry date comes", async () => {
    const id = String((await subscriptionFor([MONTHLY])).id);
    await h.control(`/_control/subscriptions/${id}/approve`, {});
    const due = await nextBilling(id);
    await moveClock(due - 1000);
    await h.control(`/_control/subscriptions/${id}/renew`, { outcome: 'failed' });
    const retryAt = Date.parse(String((((await read(id)).billing_info as Json).last_failed_payment as Json).next_payment_retry_time));
    expect(retryAt).toBeGreaterThanOrEqual(due - 1000 + 5 * DAY_MS);
    expect(retryAt).toBeLessThan(due + 5 * DAY_MS);
    // The billing date itself waits for the retry of the charge outstanding.
    expect((await moveClock(due + 1000)).body).toMatchObject({ renewed: 0 });
    expect((await moveClock(retryAt)).body).toMatchObject({ renewed: 1, failed: 0, ended: 0 });
    expect((await read(id)).billing_info).toMatchObject({
      failed_payments_count: 0,
      outstanding_balance: { value: '0.00' },
      cycle_executions: [{ cycles_completed: 2 }],
    });
    expect(await nextBilling(id)).toBeGreaterThan(due + 27 * DAY_MS);
  });
});

describe('paypal fake: the money ledger', () => {
  const ledger = async () => (await h.control('/_control/ledger')).body.data as Json[];
  const captureOf = (order: Json) => String((order.purchase_units as Array<{ payments: { captures: Json[] } }>)[0]?.payments.captures[0]?.id);

  it('lists every capture and sale once, with refunds and reversals', async () => {
    const refundedOrder = (await h.api('POST', `/v2/checkout/orders/${await approvedOrder()}/capture`, {})).body;
    const refunded = captureOf(refundedOrder);
    await h.api('POST', `/v2/payments/captures/${refunded}/refund`, { amount: { currency_code: 'MXN', value: '100.00' } });
    const second = { ...ORDER, purchase_units: [{ ...ORDER.purchase_units[0], invoice_id: 'INV-43', custom_id: 'purchase:43' }] };
    const reversed = captureOf((await h.api('POST', `/v2/checkout/orders/${await approvedOrder(second)}/capture`, {})).body);
    await h.control(`/_control/captures/${reversed}/reverse`, {});
    // An approved order never captured took no money.
    await approvedOrder({ ...ORDER, purchase_units: [{ ...ORDER.purchase_units[0], invoice_id: 'INV-44' }] });

    const monthly = String((await subscriptionFor([MONTHLY])).id);
    await h.control(`/_control/subscriptions/${monthly}/approve`, {});
    const trial = String((await subscriptionFor([TRIAL_WEEK, { ...MONTHLY, sequence: 2 }])).id);
    await h.control(`/_control/subscriptions/${trial}/approve`, {});
    const trialEnds = Date.parse(String(((await h.api('GET', `/v1/billing/subscriptions/${trial}`)).body.billing_info as Json).next_billing_time));
    await h.control('/_control/clock', { to: trialEnds });
    const events = await h.settle();
    const sales = events.filter((event) => event.event_type === 'PAYMENT.SALE.COMPLETED').map((event) => event.resource);
    expect(sales).toHaveLength(2);
    await h.api('POST', `/v1/payments/sale/${String(sales[1]?.id)}/refund`, {});

    const entries = await ledger();
    const payer = (order: Json) => (order.payer as Json).payer_id;
    expect(entries).toEqual([
      {
        id: refunded,
        kind: 'payment',
        amount_cents: 170_000,
        refunded_cents: 10_000,
        disputed: null,
        at: expect.any(Number),
        customer: payer(refundedOrder),
        metadata: { custom_id: 'purchase:42' },
      },
      {
        id: reversed,
        kind: 'payment',
        amount_cents: 170_000,
        refunded_cents: 0,
        disputed: 'lost',
        at: expect.any(Number),
        customer: expect.any(String),
        metadata: { custom_id: 'purchase:43' },
      },
      {
        id: sales[0]?.id,
        kind: 'payment',
        amount_cents: 89_900,
        refunded_cents: 0,
        disputed: null,
        at: expect.any(Number),
        customer: expect.any(String),
        metadata: { custom_id: 'member:7' },
      },
      {
        id: sales[1]?.id,
        kind: 'renewal',
        amount_cents: 89_900,
        refunded_cents: 89_900,
        disputed: null,
        at: trialEnds,
        customer: expect.any(String),
        metadata: { custom_id: 'member:7' },
      },
    ]);
    const subscriber = (await h.api('GET', `/v1/billing/subscriptions/${trial}`)).body.subscriber as Json;
    expect(entries[3]?.customer).toBe(subscriber.payer_id);
  });
});
