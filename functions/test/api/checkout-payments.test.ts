/**
 * Checkout through the deployed shape: Hosting → function, real tokens, and
 * the Stripe fake the stack starts (emulators/stripe-fake) sending signed
 * webhooks to /api/webhooks/stripe. The browser's part (Stripe.js confirming
 * with a card typed into the processor's frame) is played here by the calls
 * that frame makes, with the publishable key only.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newCustomer, seed, signIn, store } from './support';

const FAKE = process.env.STRIPE_FAKE_URL;
const PUBLISHABLE = process.env.STRIPE_FAKE_PUBLISHABLE_KEY ?? '';
const PAYPAL = process.env.PAYPAL_FAKE_URL;

interface Body {
  message: string;
  purchase_id: number;
  clientSecret: string | null;
  purchase: { status: string; total_payment: number; checkout_method: string };
  methods: string[];
  error: { code: string; message: string };
  available_classes: Array<{ available_classes: number; class_package_id: number | null }>;
  invoices: Array<{ purchase_id: number; total_payment: number; status: string }>;
  purchases: Array<{ purchase_id: number; status: string }>;
}

let admin: string;
beforeAll(async () => {
  admin = (await signIn(seed.admin.email, seed.admin.password)).token;
});
afterAll(async () => {
  await store().close();
});

/** The frame's and Stripe.js's calls: publishable key, form-encoded like Stripe.js. */
async function asBrowser(path: string, form: Record<string, string>): Promise<Record<string, unknown>> {
  const response = await fetch(`${FAKE}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PUBLISHABLE}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return (await response.json()) as Record<string, unknown>;
}

async function payWithCard(clientSecret: string, number: string): Promise<Record<string, unknown>> {
  const method = await asBrowser('/v1/payment_methods', {
    type: 'card',
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': '2030',
    'card[cvc]': '123',
  });
  const intentId = clientSecret.split('_secret_')[0] as string;
  return asBrowser(`/v1/payment_intents/${intentId}/confirm`, { client_secret: clientSecret, payment_method: String(method.id) });
}

/** The purchase completes when the webhook arrives, a moment after the payment: poll the API as /gracias does. */
async function purchaseStatus(token: string, id: number, want: string): Promise<string> {
  let status = '';
  for (let i = 0; i < 100 && status !== want; i++) {
    const response = await api<{ purchase: { status: string } }>('GET', `/api/purchases/${id}`, { token });
    status = response.body.purchase.status;
    if (status !== want) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return status;
}

describe.skipIf(!FAKE)('card checkout with the Stripe fake', () => {
  it('offers cards, takes a payment confirmed in the browser and grants once, on the signed webhook', async () => {
    const customer = await newCustomer();
    const quote = await api<Body>('GET', '/api/checkout/quote?class_package_id=4', { token: customer.token });
    expect(quote.body.methods).toEqual(['cash', 'card', 'oxxo', 'paypal']);

    const attempt = await api<Body>('POST', '/api/checkout/attempt', { token: customer.token, body: { class_package_id: 4, payment_method: 'card' } });
    expect(attempt.status).toBe(201);
    expect(attempt.body).toMatchObject({ message: 'Estamos procesando tu pago.', purchase: { status: 'pending', total_payment: 1700 } });
    expect(attempt.body.clientSecret).toMatch(/^pi_.+_secret_.+/);

    const paid = await payWithCard(attempt.body.clientSecret as string, '4242424242424242');
    expect(paid.status).toBe('succeeded');
    expect(await purchaseStatus(customer.token, attempt.body.purchase_id, 'completed')).toBe('completed');

    const credits = await api<Body>('GET', '/api/available_classes', { token: customer.token });
    expect(credits.body.available_classes).toEqual([expect.objectContaining({ available_classes: 10, class_package_id: 4 })]);
    const invoices = await api<Body>('GET', '/api/invoices', { token: customer.token });
    expect(invoices.body.invoices).toEqual([expect.objectContaining({ purchase_id: attempt.body.purchase_id, total_payment: 1700, status: 'completed' })]);

    // Stripe retries: the same event delivered again grants nothing more.
    const events = (await (await fetch(`${FAKE}/_control/events`)).json()) as {
      data: Array<{ id: string; type: string; data: { object: { metadata?: Record<string, string> } } }>;
    };
    const succeeded = events.data.find(
      (e) => e.type === 'payment_intent.succeeded' && e.data.object.metadata?.purchase_id === String(attempt.body.purchase_id),
    );
    expect(succeeded).toBeDefined();
    for (let i = 0; i < 2; i++) {
      const again = (await (await fetch(`${FAKE}/_control/events/${succeeded?.id}/deliver`, { method: 'POST' })).json()) as { status: number };
      expect(again.status).toBe(200);
    }
    const after = await api<Body>('GET', '/api/available_classes', { token: customer.token });
    expect(after.body.available_classes).toHaveLength(1);
  });

  it('a declined card ends its purchase Fallido; the next try is a fresh purchase, and a 3-D Secure card completes only after the challenge', async () => {
    const customer = await newCustomer();
    const attempt = await api<Body>('POST', '/api/checkout/attempt', { token: customer.token, body: { class_package_id: 3, payment_method: 'card' } });
    const declined = await payWithCard(attempt.body.clientSecret as string, '4000000000009995');
    expect(declined).toMatchObject({ error: { type: 'card_error', decline_code: 'insufficient_funds' } });
    // The webhook cancels the refused PaymentIntent at Stripe and ends the purchase: it never blocks another try.
    expect(await purchaseStatus(customer.token, attempt.body.purchase_id, 'failed')).toBe('failed');
    const retry = await api<Body>('POST', '/api/checkout/attempt', { token: customer.token, body: { class_package_id: 3, payment_method: 'card' } });
    expect(retry.status).toBe(201);
    expect(retry.body.purchase_id).not.toBe(attempt.body.purchase_id);
    const secret = retry.body.clientSecret as string;
    const challenged = await payWithCard(secret, '4000002760003184');
    expect(challenged.status).toBe('requires_action');
    expect(await purchaseStatus(customer.token, retry.body.purchase_id, 'pending')).toBe('pending');
    const intentId = secret.split('_secret_')[0];
    const authenticated = await fetch(`${FAKE}/3ds/${intentId}/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_secret: secret, outcome: 'complete' }),
    });
    expect(authenticated.status).toBe(200);
    expect(await purchaseStatus(customer.token, retry.body.purchase_id, 'completed')).toBe('completed');
    const mine = await api<Body>('GET', '/api/purchases', { token: customer.token });
    expect(mine.body.purchases).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ purchase_id: retry.body.purchase_id, status: 'completed' }),
        expect.objectContaining({ purchase_id: attempt.body.purchase_id, status: 'failed' }),
      ]),
    );
  });

  it('a subscription: first month by card, then Stripe bills renewals; a failed renewal marks it failed', async () => {
    const customer = await newCustomer();
    const attempt = await api<Body>('POST', '/api/checkout/attempt', { token: customer.token, body: { class_package_id: 5, payment_method: 'card' } });
    expect(attempt.status).toBe(201);
    expect((await payWithCard(attempt.body.clientSecret as string, '4242424242424242')).status).toBe('succeeded');
    expect(await purchaseStatus(customer.token, attempt.body.purchase_id, 'active')).toBe('active');
    let subscriptionId: string | null = null;
    for (let i = 0; i < 100 && !subscriptionId; i++) {
      const response = await api<{ purchase: { subscription_id: string | null } }>('GET', `/api/purchases/${attempt.body.purchase_id}`, {
        token: customer.token,
      });
      subscriptionId = response.body.purchase.subscription_id;
      if (!subscriptionId) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(subscriptionId).toMatch(/^sub_/);
    const renew = (outcome: string) =>
      fetch(`${FAKE}/_control/subscriptions/${subscriptionId}/renew`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ outcome }),
      });
    expect((await renew('paid')).status).toBe(200);
    let lots = 0;
    for (let i = 0; i < 100 && lots < 2; i++) {
      lots = (await api<Body>('GET', '/api/available_classes', { token: customer.token })).body.available_classes.length;
      if (lots < 2) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(lots).toBe(2);
    expect((await renew('failed')).status).toBe(200);
    expect(await purchaseStatus(customer.token, attempt.body.purchase_id, 'failed')).toBe('failed');
    const invoices = await api<Body>('GET', '/api/invoices', { token: customer.token });
    expect(invoices.body.invoices.map((i) => i.status)).toEqual(['failed', 'completed', 'completed']);
  });

  it('a free trial: the card is kept (3-D Secure), the trial is granted at once, the first charge comes from Stripe at its end', async () => {
    const customer = await newCustomer();
    const quote = await api<{ quote: { trial: { days: number } }; methods: string[] }>('GET', '/api/checkout/quote?class_package_id=7', {
      token: customer.token,
    });
    // A subscription: never cash or OXXO; PayPal bills trials through a plan with a free trial cycle.
    expect(quote.body.methods).toEqual(['card', ...(PAYPAL ? ['paypal'] : [])]);
    const attempt = await api<Body & { intent: string }>('POST', '/api/checkout/attempt', {
      token: customer.token,
      body: { class_package_id: 7, payment_method: 'card' },
    });
    expect(attempt.status).toBe(201);
    expect(attempt.body.intent).toBe('setup');
    const secret = attempt.body.clientSecret as string;
    const method = await asBrowser('/v1/payment_methods', {
      type: 'card',
      'card[number]': '4000002500003155',
      'card[exp_month]': '12',
      'card[exp_year]': '2030',
      'card[cvc]': '123',
    });
    const setupId = secret.split('_secret_')[0] as string;
    const confirmed = await asBrowser(`/v1/setup_intents/${setupId}/confirm`, { client_secret: secret, payment_method: String(method.id) });
    expect(confirmed.status).toBe('requires_action');
    const authenticated = await fetch(`${FAKE}/3ds/${setupId}/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_secret: secret, outcome: 'complete' }),
    });
    expect(authenticated.status).toBe(200);
    expect(await purchaseStatus(customer.token, attempt.body.purchase_id, 'active')).toBe('active');
    expect((await api<Body>('GET', '/api/available_classes', { token: customer.token })).body.available_classes).toHaveLength(1);
    expect((await api<Body>('GET', '/api/invoices', { token: customer.token })).body.invoices).toEqual([]);
  });

  it('OXXO: the voucher is issued, and the purchase completes when the store payment is reported', async () => {
    const customer = await newCustomer();
    const attempt = await api<Body>('POST', '/api/checkout/attempt', { token: customer.token, body: { class_package_id: 2, payment_method: 'oxxo' } });
    expect(attempt.status).toBe(201);
    const secret = attempt.body.clientSecret as string;
    const intentId = secret.split('_secret_')[0] as string;
    const voucher = await asBrowser(`/v1/payment_intents/${intentId}/confirm`, {
      client_secret: secret,
      'payment_method_data[type]': 'oxxo',
      'payment_method_data[billing_details][name]': 'Prueba Cliente',
      'payment_method_data[billing_details][email]': customer.email,
    });
    expect(voucher).toMatchObject({ status: 'requires_action', next_action: { type: 'oxxo_display_details' } });
    expect(await purchaseStatus(customer.token, attempt.body.purchase_id, 'pending')).toBe('pending');
    const paid = await fetch(`${FAKE}/_control/payment_intents/${intentId}/oxxo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'paid' }),
    });
    expect(paid.status).toBe(200);
    expect(await purchaseStatus(customer.token, attempt.body.purchase_id, 'completed')).toBe('completed');
  });

  it('saved cards: kept from a browser token, listed, charged by the server, declined with the spec’s 402, deleted', async () => {
    const customer = await newCustomer();
    const tokenOf = async (number: string) =>
      String(
        (
          await asBrowser('/v1/payment_methods', {
            type: 'card',
            'card[number]': number,
            'card[exp_month]': '12',
            'card[exp_year]': '2030',
            'card[cvc]': '123',
          })
        ).id,
      );
    const good = await tokenOf('4242424242424242');
    const saved = await api<{ message: string; payment_source: { payment_source_id: string; card_type: string; last_digits: string } }>(
      'POST',
      '/api/metodosPago',
      {
        token: customer.token,
        body: { token_id: good, card_type: 'visa', last_digits: '4242', saveCard: true },
      },
    );
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      message: '¡Método de Pago guardado con éxito!',
      payment_source: { payment_source_id: good, card_type: 'visa', last_digits: '4242' },
    });
    const listed = await api<{ payment_sources: Array<{ payment_source_id: string }> }>('GET', '/api/payment_sources', { token: customer.token });
    expect(listed.body.payment_sources.map((c) => c.payment_source_id)).toEqual([good]);

    const paid = await api<Body>('POST', '/api/checkout/attempt', {
      token: customer.token,
      body: { class_package_id: 3, payment_method: 'card', payment_source_id: good },
    });
    expect(paid.status).toBe(201);
    expect(await purchaseStatus(customer.token, paid.body.purchase_id, 'completed')).toBe('completed');

    const failing = await tokenOf('4000000000000341');
    expect((await api('POST', '/api/metodosPago', { token: customer.token, body: { token_id: failing } })).status).toBe(201);
    const declined = await api<Body>('POST', '/api/checkout/attempt', {
      token: customer.token,
      body: { class_package_id: 2, payment_method: 'card', payment_source_id: failing },
    });
    expect(declined.status).toBe(402);
    expect(declined.body.error.message).toBe('Lo sentimos. Tu banco rechazó la tarjeta; comunícate con tu banco o usa otra tarjeta.');

    const stranger = await newCustomer();
    // Someone else's card (its id seen once) is the caller's mistake: a Spanish 400, nothing kept for either of them.
    for (const path of ['/api/metodosPago', '/api/payment_sources']) {
      const taken = await api<Body>('POST', path, { token: stranger.token, body: { token_id: good } });
      expect(taken.status).toBe(400);
      expect(taken.body.error).toMatchObject({
        code: 'payment-sources/card-unusable',
        message: 'No pudimos guardar esta tarjeta en tu cuenta. Vuelve a capturar sus datos para agregarla.',
      });
    }
    expect((await api<Body>('POST', '/api/metodosPago', { token: stranger.token, body: { token_id: 'pm_no_existe' } })).status).toBe(400);
    const strangers = await api<{ payment_sources: unknown[] }>('GET', '/api/payment_sources', { token: stranger.token });
    expect(strangers.body.payment_sources).toEqual([]);
    expect((await api('DELETE', `/api/metodosPago/${good}`, { token: stranger.token })).status).toBe(404);
    expect((await api<{ message: string }>('DELETE', `/api/metodosPago/${good}`, { token: customer.token })).body.message).toBe(
      'Metodo de Pago eliminado con éxito.',
    );
    const after = await api<{ payment_sources: Array<{ payment_source_id: string }> }>('GET', '/api/payment_sources', { token: customer.token });
    expect(after.body.payment_sources.map((c) => c.payment_source_id)).toEqual([failing]);
  });

  it('a notice not signed with our endpoint secret is refused and changes nothing', async () => {
    const customer = await newCustomer();
    const attempt = await api<Body>('POST', '/api/checkout/attempt', { token: customer.token, body: { class_package_id: 4, payment_method: 'card' } });
    const payload = JSON.stringify({
      id: 'evt_falso',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_falso', object: 'payment_intent', amount: 170000, metadata: { purchase_id: String(attempt.body.purchase_id) } } },
    });
    const forged = await api<Body>('POST', '/api/webhooks/stripe', {
      rawBody: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_de_otro' }) },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error.message).toBe('La firma del aviso de pago no es válida.');
    expect(await purchaseStatus(customer.token, attempt.body.purchase_id, 'pending')).toBe('pending');
  });

  it('cash: pending, confirmed by the studio, credits appear', async () => {
    const customer = await newCustomer();
    const attempt = await api<Body>('POST', '/api/checkout/attempt', { token: customer.token, body: { class_package_id: 2, payment_method: 'cash' } });
    expect(attempt.status).toBe(201);
    expect((await api<Body>('GET', '/api/available_classes', { token: customer.token })).body.available_classes).toEqual([]);
    const confirmed = await api<Body>('PUT', `/api/purchases/${attempt.body.purchase_id}/confirm`, { token: admin, body: {} });
    expect(confirmed.status).toBe(200);
    expect((await api<Body>('GET', '/api/available_classes', { token: customer.token })).body.available_classes).toHaveLength(1);
  });
});

describe.skipIf(!PAYPAL)('PayPal with its fake', () => {
  it('an order approved in PayPal, captured by the server, completed by PayPal’s verified notice', async () => {
    const customer = await newCustomer();
    const created = await api<{ purchase_id: number; orderID: string }>('POST', '/api/checkout/paypal', {
      token: customer.token,
      body: { class_package_id: 4 },
    });
    expect(created.status).toBe(201);
    expect(created.body.orderID).toBeTruthy();
    const approved = await fetch(`${PAYPAL}/_control/orders/${created.body.orderID}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(approved.status).toBe(200);
    const captured = await api<{ purchase_id: number }>('POST', '/api/checkout/capture', { token: customer.token, body: { orderID: created.body.orderID } });
    expect(captured.status).toBe(200);
    expect(captured.body.purchase_id).toBe(created.body.purchase_id);
    expect(await purchaseStatus(customer.token, created.body.purchase_id, 'completed')).toBe('completed');
    expect((await api<Body>('GET', '/api/available_classes', { token: customer.token })).body.available_classes).toHaveLength(1);

    const forged = await api<Body>('POST', '/api/webhooks/paypal', {
      body: {
        id: 'WH-FALSO',
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource: { id: 'CAP-FALSO', custom_id: String(created.body.purchase_id), amount: { value: '1700.00' } },
      },
      headers: {
        'paypal-transmission-id': 'x',
        'paypal-transmission-sig': 'x',
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${PAYPAL}/certs/fake.pem`,
      },
    });
    expect(forged.status).toBe(400);
    expect((await api<Body>('GET', '/api/available_classes', { token: customer.token })).body.available_classes).toHaveLength(1);
  });

  /** PayPal's side of things, read with the REST app's credentials as our server reads it. */
  const atPayPal = async <T>(path: string): Promise<T> => {
    const basic = Buffer.from(`${process.env.PAYPAL_FAKE_CLIENT_ID}:${process.env.PAYPAL_FAKE_CLIENT_SECRET}`).toString('base64');
    const token = (await (
      await fetch(`${PAYPAL}/v1/oauth2/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      })
    ).json()) as { access_token: string };
    return (await (await fetch(`${PAYPAL}${path}`, { headers: { authorization: `Bearer ${token.access_token}` } })).json()) as T;
  };
  const control = (path: string, body: object = {}) =>
    fetch(`${PAYPAL}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('PayPal’s refusals in Spanish: not approved 412, a declined funding source 402 and Fallido, PayPal down 503 and still pending', async () => {
    const customer = await newCustomer();
    const start = async () => {
      const created = await api<{ purchase_id: number; orderID: string }>('POST', '/api/checkout/paypal', {
        token: customer.token,
        body: { class_package_id: 4 },
      });
      expect(created.status).toBe(201);
      return created.body;
    };
    const capture = (orderID: string) => api<Body>('POST', '/api/checkout/capture', { token: customer.token, body: { orderID } });
    const purchase = async (id: number) => (await api<Body>('GET', `/api/purchases/${id}`, { token: customer.token })).body.purchase;

    // Captured before the buyer approved: PayPal's ORDER_NOT_APPROVED.
    const unapproved = await start();
    const early = await capture(unapproved.orderID);
    expect(early.status).toBe(412);
    expect(early.body.error).toEqual({
      code: 'checkout/paypal-action-required',
      message: 'El pago no se aprobó en PayPal. Vuelve a intentarlo con el botón de PayPal y apruébalo en su ventana.',
    });
    expect((await purchase(unapproved.purchase_id)).status).toBe('failed');

    // The buyer's funding source declined at capture: the purchase ends Fallido; the next click is a new order that goes through.
    const declinedOrder = await start();
    expect(declinedOrder.purchase_id).not.toBe(unapproved.purchase_id);
    expect((await control(`/_control/orders/${declinedOrder.orderID}/approve`)).status).toBe(200);
    expect((await control('/_control/faults', { path: `/v2/checkout/orders/${declinedOrder.orderID}/capture`, issue: 'INSTRUMENT_DECLINED' })).status).toBe(
      200,
    );
    const declined = await capture(declinedOrder.orderID);
    expect(declined.status).toBe(402);
    expect(declined.body.error).toEqual({
      code: 'checkout/paypal-declined',
      message: 'PayPal rechazó el pago con ese medio. Elige otro medio de pago en PayPal o paga con otro método.',
    });
    expect((await purchase(declinedOrder.purchase_id)).status).toBe('failed');

    // PayPal unavailable at capture: a 503, the purchase stays pending, and the retry captures it.
    const fresh = await start();
    expect(fresh.purchase_id).not.toBe(declinedOrder.purchase_id);
    expect((await control(`/_control/orders/${fresh.orderID}/approve`)).status).toBe(200);
    await control('/_control/faults', { path: `/v2/checkout/orders/${fresh.orderID}/capture`, status: 503 });
    const down = await capture(fresh.orderID);
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe('checkout/processor-unavailable');
    expect((await purchase(fresh.purchase_id)).status).toBe('pending');
    expect((await capture(fresh.orderID)).status).toBe(200);
    expect(await purchaseStatus(customer.token, fresh.purchase_id, 'completed')).toBe('completed');
    const mine = (await api<Body>('GET', '/api/purchases', { token: customer.token })).body.purchases;
    expect(mine.map((p) => [p.purchase_id, p.status]).sort()).toEqual(
      [
        [unapproved.purchase_id, 'failed'],
        [declinedOrder.purchase_id, 'failed'],
        [fresh.purchase_id, 'completed'],
      ].sort(),
    );
  });

  it('a subscription: the server makes the plan and subscription, PayPal bills it, each sale granted once, a failed renewal fails it', async () => {
    const customer = await newCustomer();
    const created = await api<{ purchase_id: number; plan_id: string; subscriptionID: string; orderID: null }>('POST', '/api/checkout/paypal', {
      token: customer.token,
      body: { class_package_id: 6 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ orderID: null, plan_id: expect.any(String), subscriptionID: expect.any(String) });
    const plan = await atPayPal<{
      billing_cycles: Array<{ frequency: { interval_unit: string; interval_count: number }; pricing_scheme: { fixed_price: { value: string } } }>;
    }>(`/v1/billing/plans/${created.body.plan_id}`);
    expect(plan.billing_cycles.map((cycle) => [cycle.frequency.interval_unit, cycle.frequency.interval_count, cycle.pricing_scheme.fixed_price.value])).toEqual(
      [['MONTH', 3, '6500.00']],
    );

    expect((await control(`/_control/subscriptions/${created.body.subscriptionID}/approve`)).status).toBe(200);
    const id = created.body.purchase_id;
    expect(await purchaseStatus(customer.token, id, 'active')).toBe('active');
    const invoices = async () =>
      (await api<Body>('GET', '/api/invoices', { token: customer.token })).body.invoices.filter((invoice) => invoice.purchase_id === id);
    expect(await invoices()).toMatchObject([{ total_payment: 6500, status: 'completed' }]);

    expect((await control(`/_control/subscriptions/${created.body.subscriptionID}/renew`, { outcome: 'failed' })).status).toBe(200);
    expect(await purchaseStatus(customer.token, id, 'failed')).toBe('failed');
    expect((await control(`/_control/subscriptions/${created.body.subscriptionID}/renew`, { outcome: 'paid' })).status).toBe(200);
    expect(await purchaseStatus(customer.token, id, 'active')).toBe('active');
    const paid = await invoices();
    expect(paid.map((invoice) => invoice.status).sort()).toEqual(['completed', 'completed', 'failed']);

    const cancelled = await api<Body>('POST', `/api/purchases/cancel/${id}`, { token: customer.token, body: { reason: 'Me mudo de ciudad' } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe('¡Suscripción cancelada!');
    expect((await atPayPal<{ status: string }>(`/v1/billing/subscriptions/${created.body.subscriptionID}`)).status).toBe('CANCELLED');
  });
});
