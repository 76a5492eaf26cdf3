/**
 * PayPal orders and subscriptions (docs/payments): the server creates the
 * order (or the plan and subscription) and captures after the buyer
 * approves, and only PayPal's verified notices complete the purchase, grant
 * renewals and end it, exactly once. The gateway is a recording stub whose
 * verification accepts only the notices it "sent".
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PayPalCycle, PayPalError, type PayPalGateway, translatePayPalEvent } from '../../../src/data/payments/paypal-gateway';
import { createDiscountFromInput } from '../../../src/services/discounts/manage-discounts';
import { adminToken, http, packages, seedAccessFixtures, snapshotOf, T0, tokenOf } from '../access/access-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
let calls: {
  orders: string[];
  captures: string[];
  refunds: string[];
  plans: Array<{ key: string; cycles: PayPalCycle[] }>;
  subscriptions: Array<{ planId: string; purchaseId: number; key: string }>;
  cancelled: string[];
  saleRefunds: string[];
};
beforeEach(async () => {
  env = testEnv();
  env.clock.now = new Date(T0);
  await seedAccessFixtures(env.store);
  await env.store.doc('app_config/main').set({ values: { paypal_enabled: true } }, { merge: true });
  calls = { orders: [], captures: [], refunds: [], plans: [], subscriptions: [], cancelled: [], saleRefunds: [] };
  const paypal: PayPalGateway = {
    clientId: 'paypal-prueba',
    async createOrder(request) {
      calls.orders.push(request.idempotencyKey);
      return `ORDER-${request.purchaseId}`;
    },
    async captureOrder(orderId) {
      calls.captures.push(orderId);
      return { status: 'COMPLETED', purchaseId: Number(orderId.replace('ORDER-', '')) };
    },
    async refundCapture(captureId) {
      calls.refunds.push(captureId);
    },
    async createPlan(request, key) {
      calls.plans.push({ key, cycles: request.cycles });
      return `P-${calls.plans.length}`;
    },
    async createSubscription(request) {
      calls.subscriptions.push({ planId: request.planId, purchaseId: request.purchaseId, key: request.idempotencyKey });
      return `I-${request.purchaseId}`;
    },
    async cancelSubscription(id) {
      calls.cancelled.push(id);
    },
    async refundSale(saleId) {
      calls.saleRefunds.push(saleId);
    },
    async readNotice(headers, body) {
      return headers['paypal-transmission-sig'] === 'firma-valida' ? translatePayPalEvent(body as Record<string, unknown>) : null;
    },
  };
  env.deps.paypal = paypal;
});
afterEach(async () => {
  await env.cleanup();
});

type Doc = Record<string, unknown>;
const docs = async (collection: string) => (await env.store.collection(collection).get()).docs.map((d) => d.data() as Doc);
let seq = 0;
const captureEvent = (purchaseId: number, captureId = `CAP-${purchaseId}`, type = 'PAYMENT.CAPTURE.COMPLETED') => ({
  id: `WH-${++seq}`,
  event_type: type,
  resource_type: 'capture',
  resource: { id: captureId, status: 'COMPLETED', custom_id: String(purchaseId), amount: { currency_code: 'MXN', value: '1700.00' } },
});
const notify = (event: unknown, signature = 'firma-valida') =>
  http(env)
    .post('/api/webhooks/paypal')
    .set({
      'paypal-transmission-id': 't1',
      'paypal-transmission-time': T0.toISOString(),
      'paypal-transmission-sig': signature,
      'paypal-cert-url': 'https://api.paypal.com/cert.pem',
      'paypal-auth-algo': 'SHA256withRSA',
    })
    .send(event as object);
const order = (uid: string, classPackageId = 4) =>
  http(env).post('/api/checkout/paypal').set('authorization', tokenOf(uid)).send({ class_package_id: classPackageId });

describe('PayPal orders', () => {
  it('is offered when set up and switched on; an order per purchase, the same on a retry', async () => {
    expect((await http(env).get('/api/checkout/quote?class_package_id=4')).body.methods).toEqual(['cash', 'paypal']);
    // A subscription: no cash, and PayPal bills it through a plan.
    expect((await http(env).get('/api/checkout/quote?class_package_id=5')).body.methods).toEqual(['paypal']);
    const first = await order('ana');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ purchase_id: expect.any(Number), orderID: `ORDER-${first.body.purchase_id}`, message: 'Estamos procesando tu pago.' });
    const again = await order('ana');
    expect(again.status).toBe(200);
    expect(again.body.orderID).toBe(first.body.orderID);
    expect((await env.store.doc(`purchases/${first.body.purchase_id}`).get()).data()).toMatchObject({ status: 'pending', checkout_method: 'paypal' });
    const viaAttempt = await http(env)
      .post('/api/checkout/attempt')
      .set('authorization', tokenOf('diego'))
      .send({ class_package_id: 4, payment_method: 'paypal' });
    expect(viaAttempt.status).toBe(400);
    expect(viaAttempt.body.error.code).toBe('checkout/use-paypal-buttons');
    await env.store.doc('app_config/main').set({ values: { paypal_enabled: false } }, { merge: true });
    expect((await order('diego')).status).toBe(400);
  });

  it('the buyer captures their own approved order; the verified notice completes it once', async () => {
    const { body } = await order('ana');
    const id = body.purchase_id as number;
    expect((await http(env).post('/api/checkout/capture').set('authorization', tokenOf('diego')).send({ orderID: body.orderID })).status).toBe(404);
    const captured = await http(env).post('/api/checkout/capture').set('authorization', tokenOf('ana')).send({ orderID: body.orderID });
    expect(captured.body).toEqual({ purchase_id: id, message: 'Estamos procesando tu pago.' });
    expect(calls.captures).toEqual([body.orderID]);
    expect((await env.store.doc(`purchases/${id}`).get()).get('status')).toBe('pending');

    const event = captureEvent(id);
    expect((await notify(event)).body.outcome).toBe('granted');
    expect((await notify(event)).body.outcome).toBe('duplicate');
    expect((await notify(captureEvent(id))).body.outcome).toBe('already-paid');
    expect((await env.store.doc(`purchases/${id}`).get()).data()).toMatchObject({ status: 'completed', provider_ref: `CAP-${id}` });
    expect(await docs('available_classes')).toHaveLength(1);
    expect(await docs('invoices')).toMatchObject([{ purchase_id: id, total_payment: 1700, checkout_method: 'paypal', provider_ref: `CAP-${id}` }]);

    const refunded = await http(env).post(`/api/purchases/${id}/refund`).set('authorization', adminToken).send({});
    expect(refunded.status).toBe(200);
    expect(calls.refunds).toEqual([`CAP-${id}`]);
  });

  it('a notice PayPal does not vouch for is a 400 and writes nothing', async () => {
    const { body } = await order('ana');
    const before = await snapshotOf(env.store, ['purchases', 'available_classes', 'invoices', 'payment_events']);
    const forged = await notify(captureEvent(body.purchase_id as number), 'firma-falsa');
    expect(forged.status).toBe(400);
    expect(forged.body.error.message).toBe('La firma del aviso de pago no es válida.');
    expect(await snapshotOf(env.store, ['purchases', 'available_classes', 'invoices', 'payment_events'])).toEqual(before);
  });

  it('a denied capture ends the purchase; money for an ended purchase goes back', async () => {
    const { body } = await order('ana');
    const id = body.purchase_id as number;
    expect((await notify(captureEvent(id, `CAP-${id}`, 'PAYMENT.CAPTURE.DENIED'))).body.outcome).toBe('ended');
    expect((await env.store.doc(`purchases/${id}`).get()).data()).toMatchObject({ status: 'failed', holds_place: false });
    expect((await notify(captureEvent(id, 'CAP-tarde'))).body.outcome).toBe('refunded');
    expect(calls.refunds).toEqual(['CAP-tarde']);
    expect(await docs('available_classes')).toEqual([]);
  });
});

describe('PayPal refusals, in the one Spanish mapping', () => {
  const paypal = () => env.deps.paypal as PayPalGateway;
  const capture = (uid: string, orderID: string) => http(env).post('/api/checkout/capture').set('authorization', tokenOf(uid)).send({ orderID });
  const purchase = async (id: number) => (await env.store.doc(`purchases/${id}`).get()).data() as Doc;
  const refusing = (status: number, issue: string | null) => async () => {
    throw new PayPalError(status, issue, `PayPal POST /v2/checkout/orders: ${status} UNPROCESSABLE_ENTITY`);
  };

  it('INSTRUMENT_DECLINED at capture: a 402 in Spanish, the purchase ends Fallido, and the next click is a fresh purchase and order', async () => {
    await env.store.doc('class_packages/4').set({ purchase_limit: 1, limit_per_customer: 1 }, { merge: true });
    const { body } = await order('ana');
    const id = body.purchase_id as number;
    paypal().captureOrder = refusing(422, 'INSTRUMENT_DECLINED');
    const declined = await capture('ana', body.orderID as string);
    expect(declined.status).toBe(402);
    expect(declined.body.error).toEqual({
      code: 'checkout/paypal-declined',
      message: 'PayPal rechazó el pago con ese medio. Elige otro medio de pago en PayPal o paga con otro método.',
    });
    expect(await purchase(id)).toMatchObject({ status: 'failed', cancel_reason: 'paypal-refused', payment_error: 'INSTRUMENT_DECLINED', holds_place: false });
    // Its place, unit and one-per-customer use were given back: PayPal again is a new order, and so is cash.
    const again = await order('ana');
    expect(again.status).toBe(201);
    expect(again.body.purchase_id).not.toBe(id);
    expect(again.body.orderID).toBe(`ORDER-${again.body.purchase_id}`);
  });

  it('a step the buyer must take in PayPal’s window (ORDER_NOT_APPROVED, PAYER_ACTION_REQUIRED) is a 412 that says so', async () => {
    for (const [issue, text] of [
      ['ORDER_NOT_APPROVED', 'El pago no se aprobó en PayPal. Vuelve a intentarlo con el botón de PayPal y apruébalo en su ventana.'],
      ['PAYER_ACTION_REQUIRED', 'PayPal necesita que completes un paso más. Vuelve a intentarlo con el botón de PayPal.'],
    ] as const) {
      const { body } = await order('ana');
      paypal().captureOrder = refusing(422, issue);
      const refused = await capture('ana', body.orderID as string);
      expect(refused.status, issue).toBe(412);
      expect(refused.body.error, issue).toEqual({ code: 'checkout/paypal-action-required', message: text });
      expect(await purchase(body.purchase_id as number)).toMatchObject({ status: 'failed', payment_error: issue });
    }
  });

  it('a refusal PayPal names in a way we do not know gets the generic Spanish text, never PayPal’s English; at the capture it ends nothing', async () => {
    const { body } = await order('ana');
    paypal().captureOrder = refusing(422, 'PAYEE_ACCOUNT_RESTRICTED');
    const refused = await capture('ana', body.orderID as string);
    expect(refused.status).toBe(402);
    expect(refused.body.error.message).toBe('Hubo un error al procesar tu compra. Inténtalo más tarde.');
    expect(JSON.stringify(refused.body)).not.toMatch(/PAYEE|UNPROCESSABLE|PayPal POST/);
    // Money may have moved beside an answer we do not know: the purchase waits for the capture's notice, or its hour.
    expect(await purchase(body.purchase_id as number)).toMatchObject({ status: 'pending', holds_place: true });
  });

  it('a capture PayPal says was already made (a double click, a late retry) is answered as processing; the notice completes it once', async () => {
    const { body } = await order('ana');
    const id = body.purchase_id as number;
    for (const issue of ['ORDER_ALREADY_CAPTURED', 'DUPLICATE_INVOICE_ID']) {
      paypal().captureOrder = refusing(422, issue);
      const again = await capture('ana', body.orderID as string);
      expect(again.status, issue).toBe(200);
      expect(again.body, issue).toMatchObject({ purchase_id: id });
      expect(await purchase(id), issue).toMatchObject({ status: 'pending', holds_place: true });
    }
    expect((await notify(captureEvent(id, `CAP-${id}`))).body.outcome).toBe('granted');
    expect(await purchase(id)).toMatchObject({ status: 'completed' });
    expect(calls.refunds).toEqual([]);
  });

  it('an order PayPal cannot find, or a capture still in flight, at the capture: the purchase stays pending (no 5xx)', async () => {
    const { body } = await order('ana');
    for (const [status, issue] of [
      [404, 'RESOURCE_NOT_FOUND'],
      [409, null],
    ] as const) {
      paypal().captureOrder = refusing(status, issue);
      const answer = await capture('ana', body.orderID as string);
      expect(answer.status, String(issue)).toBeLessThan(500);
      expect(await purchase(body.purchase_id as number), String(issue)).toMatchObject({ status: 'pending' });
    }
  });

  it('only PayPal being unavailable is a 503, and the purchase stays pending for the retry that then captures it', async () => {
    const { body } = await order('ana');
    const id = body.purchase_id as number;
    const captureOrder = paypal().captureOrder;
    for (const down of [
      new PayPalError(503, null, 'Service Unavailable'),
      new PayPalError(500, 'INTERNAL_SERVER_ERROR', 'Internal Server Error'),
      new PayPalError(429, 'RATE_LIMIT_REACHED', 'Too Many Requests'),
      new PayPalError(401, null, 'PayPal token: 401'),
      new TypeError('fetch failed'),
    ]) {
      paypal().captureOrder = async () => {
        throw down;
      };
      const answer = await capture('ana', body.orderID as string);
      expect(answer.status, down.message).toBe(503);
      expect(answer.body.error, down.message).toEqual({
        code: 'checkout/processor-unavailable',
        message: 'Hubo un error al procesar tu compra. Inténtalo más tarde.',
      });
      expect(await purchase(id)).toMatchObject({ status: 'pending', holds_place: true });
    }
    paypal().captureOrder = captureOrder;
    expect((await capture('ana', body.orderID as string)).status).toBe(200);
    expect(calls.captures).toEqual([body.orderID]);
  });

  it('creating the order or the subscription: the same mapping (a refusal ends the purchase with a 4xx, PayPal down is a 503 and keeps it)', async () => {
    paypal().createOrder = refusing(422, 'PAYEE_ACCOUNT_RESTRICTED');
    const refused = await order('ana');
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('checkout/paypal-declined');
    const placed = (await docs('purchases')).filter((p) => p.uid === 'ana');
    expect(placed).toMatchObject([{ status: 'failed', cancel_reason: 'paypal-refused', holds_place: false }]);

    paypal().createOrder = refusing(503, null);
    const down = await order('diego');
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe('checkout/processor-unavailable');
    expect((await docs('purchases')).filter((p) => p.uid === 'diego')).toMatchObject([{ status: 'pending' }]);

    paypal().createSubscription = refusing(422, 'SUBSCRIPTION_STATUS_INVALID');
    const subscription = await order('eva', 5);
    expect(subscription.status).toBe(402);
    expect(subscription.body.error.message).toBe('Hubo un error al procesar tu compra. Inténtalo más tarde.');
    paypal().createSubscription = refusing(500, null);
    const subscriptionDown = await order('ana', 5);
    expect(subscriptionDown.status).toBe(503);
    expect((await docs('purchases')).filter((p) => p.uid === 'ana' && p.class_package_id === 5)).toMatchObject([{ status: 'pending' }]);
  });
});

describe('PayPal subscriptions', () => {
  const TRIAL = 20;
  const subscriptionEvent = (type: string, purchaseId: number, extra: Record<string, unknown> = {}, subscriptionId = `I-${purchaseId}`) => ({
    id: `WH-${++seq}`,
    event_type: type,
    resource_type: 'subscription',
    resource: { id: subscriptionId, custom_id: String(purchaseId), status: 'ACTIVE', ...extra },
  });
  const saleEvent = (purchaseId: number, saleId: string, total = '2400.00', subscriptionId = `I-${purchaseId}`) => ({
    id: `WH-${++seq}`,
    event_type: 'PAYMENT.SALE.COMPLETED',
    resource_type: 'sale',
    resource: { id: saleId, state: 'completed', billing_agreement_id: subscriptionId, custom: String(purchaseId), amount: { total, currency: 'MXN' } },
  });
  const status = async (id: number) => (await env.store.doc(`purchases/${id}`).get()).data() as Doc;

  it('answers a plan and the subscription the server created; the same on a retry; one plan per package and price', async () => {
    const first = await order('ana', 5);
    expect(first.status).toBe(201);
    const id = first.body.purchase_id as number;
    expect(first.body).toEqual({ purchase_id: id, orderID: null, plan_id: 'P-1', subscriptionID: `I-${id}`, message: 'Estamos procesando tu pago.' });
    expect(calls.plans).toEqual([
      { key: expect.stringMatching(/^plan-5-/), cycles: [{ tenure: 'REGULAR', unit: 'MONTH', count: 1, totalCycles: 0, price: 2400 }] },
    ]);
    expect(calls.subscriptions).toEqual([{ planId: 'P-1', purchaseId: id, key: `subscription-${id}` }]);
    expect((await order('ana', 5)).body).toMatchObject({ purchase_id: id, plan_id: 'P-1', subscriptionID: `I-${id}` });
    const other = await order('diego', 5);
    expect(other.body.plan_id).toBe('P-1');
    expect(calls.plans).toHaveLength(1);
    expect(calls.subscriptions).toHaveLength(2);
    expect(await status(id)).toMatchObject({ status: 'pending', subscription_id: `I-${id}`, paypal_plan_id: 'P-1' });
  });

  it('the first sale completes it once; each renewal sale grants the next period once; a failure marks it failed; the end cancels it', async () => {
    const id = (await order('ana', 5)).body.purchase_id as number;
    expect((await notify(subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', id))).body.outcome).toBe('recorded');
    expect(await status(id)).toMatchObject({ status: 'pending' });
    const sale = saleEvent(id, 'SALE-1');
    expect((await notify(sale)).body.outcome).toBe('granted');
    expect((await notify(sale)).body.outcome).toBe('duplicate');
    expect((await notify(saleEvent(id, 'SALE-1'))).body.outcome).toBe('already-paid');
    expect(await status(id)).toMatchObject({ status: 'active', provider_ref: 'SALE-1' });
    expect(await docs('available_classes')).toHaveLength(1);

    env.clock.now = new Date(T0.getTime() + 30 * 86_400_000);
    expect(
      (await notify(subscriptionEvent('BILLING.SUBSCRIPTION.PAYMENT.FAILED', id, { billing_info: { last_failed_payment: { amount: { value: '2400.00' } } } })))
        .body.outcome,
    ).toBe('recorded');
    expect(await status(id)).toMatchObject({ status: 'failed' });
    expect((await notify(saleEvent(id, 'SALE-2'))).body.outcome).toBe('granted');
    expect((await notify(saleEvent(id, 'SALE-2'))).body.outcome).toBe('already-paid');
    expect(await status(id)).toMatchObject({ status: 'active' });
    expect(await docs('available_classes')).toHaveLength(2);
    const invoices = await docs('invoices');
    expect(invoices.map((invoice) => [invoice.billing_reason, invoice.status, invoice.provider_ref])).toEqual(
      expect.arrayContaining([
        ['purchase', 'completed', 'SALE-1'],
        ['renewal', 'failed', expect.any(String)],
        ['renewal', 'completed', 'SALE-2'],
      ]),
    );
    expect(invoices).toHaveLength(3);

    expect((await notify(subscriptionEvent('BILLING.SUBSCRIPTION.CANCELLED', id))).body.outcome).toBe('ended');
    expect(await status(id)).toMatchObject({ status: 'cancelled' });
  });

  it('only the subscription the server made for the purchase counts', async () => {
    const id = (await order('ana', 5)).body.purchase_id as number;
    expect((await notify(saleEvent(id, 'SALE-X', '1.00', 'I-ajena'))).body.outcome).toBe('unknown-purchase');
    expect(await status(id)).toMatchObject({ status: 'pending' });
    expect(await docs('available_classes')).toEqual([]);
  });

  it('a free trial starts on approval, then the first sale pays the first period at its discounted price', async () => {
    await env.store
      .doc(`class_packages/${TRIAL}`)
      .set({ ...packages.unlimited, class_package_id: TRIAL, title: 'Prueba 7 Días', is_trial: true, free_trial_length: 7 });
    await createDiscountFromInput(env.deps, { code: 'PRIMERMES', is_percent: true, amount: 50, first_invoice_only: true });
    const answer = await http(env)
      .post('/api/checkout/paypal')
      .set('authorization', tokenOf('ana'))
      .send({ class_package_id: TRIAL, discountCode: 'PRIMERMES' });
    expect(answer.status).toBe(201);
    const id = answer.body.purchase_id as number;
    expect(calls.plans[0]?.cycles).toEqual([
      { tenure: 'TRIAL', unit: 'DAY', count: 7, totalCycles: 1, price: 0 },
      { tenure: 'TRIAL', unit: 'MONTH', count: 1, totalCycles: 1, price: 1200 },
      { tenure: 'REGULAR', unit: 'MONTH', count: 1, totalCycles: 0, price: 2400 },
    ]);
    const activated = subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', id);
    expect((await notify(activated)).body.outcome).toBe('granted');
    expect((await notify(subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', id))).body.outcome).toBe('already-paid');
    expect(await status(id)).toMatchObject({ status: 'active', provider_ref: `I-${id}` });
    expect(await docs('available_classes')).toHaveLength(1);
    expect(await docs('invoices')).toEqual([]);
    env.clock.now = new Date(T0.getTime() + 7 * 86_400_000);
    expect((await notify(saleEvent(id, 'SALE-T1', '1200.00'))).body.outcome).toBe('granted');
    expect(await docs('invoices')).toMatchObject([{ billing_reason: 'renewal', total_payment: 1200, provider_ref: 'SALE-T1' }]);
  });

  it('money for a purchase that ended goes back and its subscription stops', async () => {
    const id = (await order('ana', 5)).body.purchase_id as number;
    expect((await http(env).post(`/api/purchases/cancel/${id}`).set('authorization', tokenOf('ana')).send({ reason: 'Me equivoqué' })).status).toBe(200);
    expect((await notify(saleEvent(id, 'SALE-TARDE'))).body.outcome).toBe('refunded');
    expect(calls.saleRefunds).toEqual(['SALE-TARDE']);
    expect(calls.cancelled).toEqual([`I-${id}`]);
    expect(await docs('available_classes')).toEqual([]);
  });

  it('the buyer cancels an active subscription at PayPal with a reason; an admin refund returns the first sale', async () => {
    const id = (await order('ana', 5)).body.purchase_id as number;
    await notify(saleEvent(id, 'SALE-1'));
    const cancelled = await http(env).post(`/api/purchases/cancel/${id}`).set('authorization', tokenOf('ana')).send({ reason: 'Me mudo' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe('¡Suscripción cancelada!');
    expect(calls.cancelled).toEqual([`I-${id}`]);

    const other = (await order('diego', 5)).body.purchase_id as number;
    await notify(saleEvent(other, 'SALE-D'));
    expect((await http(env).post(`/api/purchases/${other}/refund`).set('authorization', adminToken).send({})).status).toBe(200);
    expect(calls.saleRefunds).toEqual(['SALE-D']);
    expect(calls.refunds).toEqual([]);
    expect(calls.cancelled).toEqual([`I-${id}`, `I-${other}`]);
  });

  it('a trial cancelled before its first sale: PayPal stops it with the reason, the trial’s credits stay; a second click answers the same', async () => {
    await env.store
      .doc(`class_packages/${TRIAL}`)
      .set({ ...packages.unlimited, class_package_id: TRIAL, title: 'Prueba 7 Días', is_trial: true, free_trial_length: 7 });
    const id = (await http(env).post('/api/checkout/paypal').set('authorization', tokenOf('ana')).send({ class_package_id: TRIAL })).body.purchase_id as number;
    expect((await notify(subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', id))).body.outcome).toBe('granted');
    const mine = async () => ((await http(env).get('/api/purchases').set('authorization', tokenOf('ana'))).body.purchases as Doc[])[0];
    expect(await mine()).toMatchObject({ status: 'active', next_charge_at: new Date(T0.getTime() + 7 * 86_400_000).toISOString(), next_charge_amount: 2400 });
    const cancel = () => http(env).post(`/api/purchases/cancel/${id}`).set('authorization', tokenOf('ana')).send({ reason: 'No me gustó' });
    const first = await cancel();
    expect(first.body).toMatchObject({ message: '¡Suscripción cancelada!', purchase: { status: 'cancelled', next_charge_at: null } });
    expect(calls.cancelled).toEqual([`I-${id}`]);
    expect((await cancel()).body).toMatchObject({ message: '¡Suscripción cancelada!', purchase: { status: 'cancelled', cancel_reason: 'No me gustó' } });
    expect(calls.cancelled).toHaveLength(1);
    expect(await docs('available_classes')).toMatchObject([{ status: 'active' }]);
  });

  it('PayPal down: a 503 in Spanish, nothing written, the subscription still active', async () => {
    const id = (await order('ana', 5)).body.purchase_id as number;
    await notify(saleEvent(id, 'SALE-1'));
    (env.deps.paypal as PayPalGateway).cancelSubscription = async () => {
      throw new PayPalError(503, null, 'Service Unavailable');
    };
    const before = await snapshotOf(env.store, ['purchases', 'available_classes', 'invoices']);
    const down = await http(env).post(`/api/purchases/cancel/${id}`).set('authorization', tokenOf('ana')).send({ reason: 'Me mudo' });
    expect(down.status).toBe(503);
    expect(down.body.error.message).toBe('No pudimos cancelar tu suscripción en este momento. No se hizo ningún cambio; inténtalo de nuevo en unos minutos.');
    expect(await snapshotOf(env.store, ['purchases', 'available_classes', 'invoices'])).toEqual(before);
    expect(await status(id)).toMatchObject({ status: 'active' });
  });
});
