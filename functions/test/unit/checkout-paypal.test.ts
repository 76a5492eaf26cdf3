/**
 * PayPal orders (docs/payments): the server creates the order and captures
 * it after the buyer approves, and only PayPal's verified notice of the
 * capture completes the purchase, exactly once. The gateway is a recording
 * stub whose verification accepts only the notices it "sent".
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PayPalGateway, translatePayPalEvent } from '../../src/data/payments/paypal-gateway';
import { adminToken, http, seedAccessFixtures, snapshotOf, T0, tokenOf } from './access-fixtures';
import { type TestEnv, testEnv } from './support';

let env: TestEnv;
let calls: { orders: string[]; captures: string[]; refunds: string[] };
beforeEach(async () => {
  env = testEnv();
  env.clock.now = new Date(T0);
  await seedAccessFixtures(env.store);
  await env.store.doc('app_config/main').set({ values: { paypal_enabled: true } }, { merge: true });
  calls = { orders: [], captures: [], refunds: [] };
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
    expect((await http(env).get('/api/checkout/quote?class_package_id=5')).body.methods).toEqual([]);
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
