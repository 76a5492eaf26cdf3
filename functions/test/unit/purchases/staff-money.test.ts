/**
 * Staff money actions and the processors' own refunds (docs/payments
 * "Refunds, revokes and disputes", ADR 0077): revoking a subscription stops it
 * at the processor (now or at the end of the period), a renewal charged after
 * that is refunded, refunds are full or partial with the credits rule stated,
 * and refunds or disputes made in the processors' dashboards are applied as a
 * staff refund is, exactly once. Stripe's webhooks go through the real
 * gateway's signature check; the processors' calls are recording stubs.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PayPalGateway, translatePayPalEvent } from '../../../src/data/payments/paypal-gateway';
import { adminToken, http, packages, seedAccessFixtures, snapshotOf, T0, tokenOf } from '../access/access-fixtures';
import { type TestEnv, testEnv } from '../support';
import { cardGatewayDouble, deliverStripeEvent, stripeEvent as envelope } from './card-gateway-double';

type Doc = Record<string, unknown>;

let env: TestEnv;
let calls: {
  refunds: Array<[string, string, number | undefined]>;
  cancelled: Array<[string, boolean]>;
  paypalRefunds: Array<[string, string, number | undefined]>;
  paypalCancelled: string[];
  saleRefunds: string[];
};
/** Makes the next processor call fail as a network error would. */
let processorDown = false;
/** Runs inside the next card refund call, before it returns (a webhook that overtakes the console's own write). */
let duringRefund: (() => Promise<unknown>) | null = null;

beforeEach(async () => {
  env = testEnv();
  env.clock.now = new Date(T0);
  await seedAccessFixtures(env.store);
  await env.store.doc('app_config/main').set({ values: { paypal_enabled: true } }, { merge: true });
  calls = { refunds: [], cancelled: [], paypalRefunds: [], paypalCancelled: [], saleRefunds: [] };
  processorDown = false;
  duringRefund = null;
  const down = () => {
    if (processorDown) throw new Error('connect ECONNREFUSED');
  };
  const cards = cardGatewayDouble({
    async refundPayment(paymentId, key, amountCents) {
      down();
      calls.refunds.push([paymentId, key, amountCents]);
      const overtaking = duringRefund;
      duringRefund = null;
      if (overtaking) await overtaking();
    },
    async cancelSubscription(subscriptionId, options) {
      down();
      calls.cancelled.push([subscriptionId, options?.atPeriodEnd === true]);
    },
  });
  const paypal: PayPalGateway = {
    clientId: 'paypal-prueba',
    createOrder: async (request) => `ORDER-${request.purchaseId}`,
    captureOrder: async (orderId) => ({ status: 'COMPLETED', purchaseId: Number(orderId.replace('ORDER-', '')) }),
    async refundCapture(captureId, key, amount) {
      down();
      calls.paypalRefunds.push([captureId, key, amount]);
    },
    createPlan: async () => 'P-1',
    createSubscription: async (request) => `I-${request.purchaseId}`,
    async cancelSubscription(id) {
      down();
      calls.paypalCancelled.push(id);
    },
    async refundSale(saleId) {
      down();
      calls.saleRefunds.push(saleId);
    },
    readNotice: async (headers, body) => (headers['paypal-transmission-sig'] === 'firma-valida' ? translatePayPalEvent(body as Doc) : null),
  };
  env.deps.cards = cards;
  env.deps.paypal = paypal;
});
afterEach(async () => {
  await env.cleanup();
});

const docs = async (collection: string) => (await env.store.collection(collection).get()).docs.map((d) => d.data() as Doc);
const purchaseOf = async (id: number) => (await env.store.doc(`purchases/${id}`).get()).data() as Doc;
const lotsOf = async (id: number) => (await docs('available_classes')).filter((l) => l.purchase_id === id);
const writes = () => snapshotOf(env.store, ['purchases', 'available_classes', 'credit_ledger', 'invoices', 'payment_events']);

let seq = 0;
const stripeEvent = (type: string, object: Doc) => envelope(type, object, { created: T0 });
const paid = (purchaseId: number, amount: number, extra: Doc = {}) =>
  stripeEvent('payment_intent.succeeded', {
    id: `pi_purchase-${purchaseId}`,
    object: 'payment_intent',
    amount,
    amount_received: amount,
    currency: 'mxn',
    metadata: { purchase_id: String(purchaseId) },
    ...extra,
  });
/** What Stripe sends after any refund of a charge: the charge with its running refunded total. */
const chargeRefunded = (purchaseId: number, amount: number, refunded: number) =>
  stripeEvent('charge.refunded', {
    id: `ch_${purchaseId}`,
    object: 'charge',
    payment_intent: `pi_purchase-${purchaseId}`,
    amount,
    amount_refunded: refunded,
    refunded: amount === refunded,
    metadata: { purchase_id: String(purchaseId) },
  });
/** Disputes carry no purchase metadata: the purchase is found by its payment. */
const dispute = (type: 'charge.dispute.created' | 'charge.dispute.closed', purchaseId: number, amount: number, status: string) =>
  stripeEvent(type, {
    id: `dp_${purchaseId}`,
    object: 'dispute',
    charge: `ch_${purchaseId}`,
    payment_intent: `pi_purchase-${purchaseId}`,
    amount,
    status,
    metadata: {},
  });
const renewalPaid = (purchaseId: number, invoiceId: string) =>
  stripeEvent('invoice.paid', {
    id: invoiceId,
    object: 'invoice',
    billing_reason: 'subscription_cycle',
    amount_due: 240000,
    amount_paid: 240000,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: `sub_renewals-${purchaseId}`, metadata: { purchase_id: String(purchaseId) } },
    },
  });

const deliver = (event: unknown) => deliverStripeEvent(http(env), event);
const notify = (event: unknown) =>
  http(env)
    .post('/api/webhooks/paypal')
    .set({ 'paypal-transmission-sig': 'firma-valida', 'paypal-transmission-id': 't1', 'paypal-auth-algo': 'SHA256withRSA' })
    .send(event as object);

async function cardPurchase(packageId = packages.tenClasses.class_package_id, uid = 'ana') {
  const answer = await http(env).post('/api/checkout/attempt').set('authorization', tokenOf(uid)).send({ class_package_id: packageId, payment_method: 'card' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const id = answer.body.purchase_id as number;
  const cents = packageId === packages.unlimited.class_package_id ? 240000 : 170000;
  expect((await deliver(paid(id, cents, { payment_method: 'pm_guardada' }))).body.outcome).toBe('granted');
  return id;
}
const revoke = (body: Doc) => http(env).put('/api/customer/revokeAccess').set('authorization', adminToken).send(body);
const refund = (id: number, body: Doc = {}, key?: string) => {
  const request = http(env).post(`/api/purchases/${id}/refund`).set('authorization', adminToken);
  return (key ? request.set('idempotency-key', key) : request).send(body);
};

describe('revoking a subscription', () => {
  it("'now' cancels it at Stripe, ends its credits and says so", async () => {
    const id = await cardPurchase(packages.unlimited.class_package_id);
    const answer = await revoke({ purchase_id: id, when: 'now' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      message: '¡Acceso eliminado! La suscripción se canceló en el procesador de pagos: no se le volverá a cobrar.',
      purchase: { status: 'revoked' },
    });
    expect(calls.cancelled).toEqual([[`sub_renewals-${id}`, false]]);
    expect(await lotsOf(id)).toMatchObject([{ status: 'revoked' }]);
  });

  it("'period_end' stops renewals at Stripe and keeps the credits; a renewal charged anyway is refunded once, and grants nothing", async () => {
    const id = await cardPurchase(packages.unlimited.class_package_id);
    const answer = await revoke({ purchase_id: id, when: 'period_end' });
    expect(answer.body.message).toBe(
      '¡Acceso eliminado al final del periodo! La suscripción no se renovará: conserva sus créditos hasta que venzan y no se le volverá a cobrar.',
    );
    expect(answer.body.purchase).toMatchObject({ status: 'cancelled' });
    expect(calls.cancelled).toEqual([[`sub_renewals-${id}`, true]]);
    expect(await lotsOf(id)).toMatchObject([{ status: 'active' }]);

    env.clock.now = new Date('2026-12-22T18:00:05Z');
    const late = renewalPaid(id, 'in_tarde');
    expect((await deliver(late)).body.outcome).toBe('refunded');
    expect((await deliver(late)).body.outcome).toBe('duplicate');
    expect(calls.refunds).toEqual([['in_tarde', 'refund-in_tarde', undefined]]);
    expect(await lotsOf(id)).toHaveLength(1);
    expect(await docs('invoices')).toHaveLength(1);
    expect((await docs('payment_events')).filter((e) => e.outcome === 'refunded')).toHaveLength(1);
  });

  it('a renewal charged after a revoke is refunded, and a refund that fails is retried with the event', async () => {
    const id = await cardPurchase(packages.unlimited.class_package_id);
    await revoke({ purchase_id: id }).expect(200);
    processorDown = true;
    const late = renewalPaid(id, 'in_despues');
    expect((await deliver(late)).status).toBe(500);
    processorDown = false;
    expect((await deliver(late)).body.outcome).toBe('refunded');
    expect(calls.refunds).toEqual([['in_despues', 'refund-in_despues', undefined]]);
  });

  it('with the processor down it is a 503 in Spanish and nothing is written', async () => {
    const id = await cardPurchase(packages.unlimited.class_package_id);
    const before = await writes();
    processorDown = true;
    const answer = await revoke({ purchase_id: id, when: 'now' });
    expect(answer.status).toBe(503);
    expect(answer.body.error.message).toBe('No pudimos comunicarnos con el procesador de pagos. No se cambió nada; intenta de nuevo en unos minutos.');
    expect(await writes()).toEqual(before);
  });

  it('a one-off package is revoked as before with no processor call; a bad `when` is a 400', async () => {
    const id = await cardPurchase();
    expect((await revoke({ purchase_id: id, when: 'mañana' })).status).toBe(400);
    const answer = await revoke({ purchase_id: id, when: 'period_end' });
    expect(answer.body).toMatchObject({ message: '¡Acceso eliminado!', purchase: { status: 'revoked' } });
    expect(calls.cancelled).toEqual([]);
  });

  it('a PayPal subscription is cancelled at PayPal (no period-end flag there) and keeps its credits; a later sale is refunded', async () => {
    const started = await http(env).post('/api/checkout/paypal').set('authorization', tokenOf('ana')).send({ class_package_id: 5 });
    const id = started.body.purchase_id as number;
    const sale = (saleId: string) => ({
      id: `WH-${++seq}`,
      event_type: 'PAYMENT.SALE.COMPLETED',
      resource: { id: saleId, state: 'completed', billing_agreement_id: `I-${id}`, custom: String(id), amount: { total: '2400.00', currency: 'MXN' } },
    });
    expect((await notify(sale('SALE-1'))).body.outcome).toBe('granted');
    const answer = await revoke({ purchase_id: id, when: 'period_end' });
    expect(answer.body.purchase).toMatchObject({ status: 'cancelled' });
    expect(calls.paypalCancelled).toEqual([`I-${id}`]);
    expect(await lotsOf(id)).toMatchObject([{ status: 'active' }]);
    expect((await notify(sale('SALE-2'))).body.outcome).toBe('refunded');
    expect(calls.saleRefunds).toEqual(['SALE-2']);
  });
});

describe('staff refunds', () => {
  it('partial refunds add up, keep the credits unless asked, never exceed what was left; the full rest revokes', async () => {
    const id = await cardPurchase();
    const first = await refund(id, { amount: 500, reason: 'Clase cancelada' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      message: 'Reembolso parcial registrado: conserva sus créditos.',
      purchase: { status: 'completed', refunded_amount: 500 },
    });
    expect(calls.refunds).toEqual([[`pi_purchase-${id}`, `refund-admin-${id}-0-50000`, 50000]]);
    expect(await lotsOf(id)).toMatchObject([{ status: 'active', available_classes: 10 }]);

    const tooMuch = await refund(id, { amount: 1200.5 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.message).toBe('El reembolso no puede ser mayor a $1,200.00 MXN (lo pagado menos lo ya reembolsado).');
    expect((await refund(id, { amount: 10.005 })).status).toBe(400);

    const second = await refund(id, { amount: 300, remove_credits: true });
    expect(second.body).toMatchObject({
      message: 'Reembolso parcial registrado: sus créditos restantes de esta compra se retiraron.',
      purchase: { status: 'completed', refunded_amount: 800 },
    });
    expect(await lotsOf(id)).toMatchObject([{ status: 'revoked' }]);

    const rest = await refund(id, {});
    expect(rest.body).toMatchObject({ message: 'Compra reembolsada: sus créditos se retiraron.', purchase: { status: 'revoked', refunded_amount: 1700 } });
    expect(calls.refunds.at(-1)).toEqual([`pi_purchase-${id}`, `refund-admin-${id}-80000-90000`, undefined]);
    expect((await refund(id, { amount: 1 })).status).toBe(409);
    expect((await purchaseOf(id)).refunds).toMatchObject([
      { amount: 500, by: 'staff', credits_removed: false },
      { amount: 300, by: 'staff', credits_removed: true },
      { amount: 900, by: 'staff', credits_removed: false },
    ]);
  });

  it('the same Idempotency-Key refunds once and replays the answer; its webhook afterwards counts nothing more', async () => {
    const id = await cardPurchase();
    const first = await refund(id, { amount: 200 }, 'reembolso-clave-1');
    const again = await refund(id, { amount: 200 }, 'reembolso-clave-1');
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(calls.refunds).toHaveLength(1);
    expect((await deliver(chargeRefunded(id, 170000, 20000))).body.outcome).toBe('recorded');
    expect(await purchaseOf(id)).toMatchObject({ refunded_amount: 200, status: 'completed' });
  });

  it('a webhook that overtakes the console’s own write does not count the refund twice', async () => {
    const id = await cardPurchase();
    duringRefund = async () => expect((await deliver(chargeRefunded(id, 170000, 30000))).body.outcome).toBe('refund-applied');
    const answer = await refund(id, { amount: 300, remove_credits: true });
    expect(answer.body.purchase).toMatchObject({ refunded_amount: 300 });
    // The staff's choice still applies: the webhook alone would have kept them.
    expect(await lotsOf(id)).toMatchObject([{ status: 'revoked' }]);
  });

  it('cash is handed back at the desk: recorded with no processor call, partial then the rest', async () => {
    const placed = await http(env).post('/api/checkout/attempt').set('authorization', tokenOf('ana')).send({ class_package_id: 4, payment_method: 'cash' });
    const id = placed.body.purchase_id as number;
    expect((await refund(id, { amount: 100 })).status).toBe(409);
    await http(env).put(`/api/purchases/${id}/confirm`).set('authorization', adminToken).send({}).expect(200);
    expect((await refund(id, { amount: 700 })).body.purchase).toMatchObject({ status: 'completed', refunded_amount: 700 });
    expect((await refund(id, { reason: 'Se mudó' })).body.purchase).toMatchObject({ status: 'revoked', refunded_amount: 1700 });
    expect(calls.refunds).toEqual([]);
    expect(calls.paypalRefunds).toEqual([]);
  });

  it('a subscription fully refunded stops renewing; the processor down is a 503 with nothing written', async () => {
    const id = await cardPurchase(packages.unlimited.class_package_id);
    const before = await writes();
    processorDown = true;
    expect((await refund(id)).status).toBe(503);
    expect(await writes()).toEqual(before);
    processorDown = false;
    expect((await refund(id)).body.purchase).toMatchObject({ status: 'revoked', refunded_amount: 2400 });
    expect(calls.cancelled).toEqual([[`sub_renewals-${id}`, false]]);
  });
});

describe('refunds and disputes made at the processors', () => {
  it('a Stripe dashboard refund: partial keeps the credits, full revokes them; each event once', async () => {
    const id = await cardPurchase();
    const partial = chargeRefunded(id, 170000, 70000);
    expect((await deliver(partial)).body.outcome).toBe('refund-applied');
    expect((await deliver(partial)).body.outcome).toBe('duplicate');
    expect(await purchaseOf(id)).toMatchObject({ refunded_amount: 700, status: 'completed' });
    expect(await lotsOf(id)).toMatchObject([{ status: 'active' }]);
    expect((await deliver(chargeRefunded(id, 170000, 170000))).body.outcome).toBe('refund-applied');
    expect(await purchaseOf(id)).toMatchObject({ refunded_amount: 1700, status: 'revoked' });
    expect(await lotsOf(id)).toMatchObject([{ status: 'revoked' }]);
    expect((await purchaseOf(id)).refunds).toMatchObject([
      { amount: 700, by: 'stripe' },
      { amount: 1000, by: 'stripe', credits_removed: true },
    ]);
    // An older event arriving last (out of order) lowers nothing.
    expect((await deliver(chargeRefunded(id, 170000, 70000))).body.outcome).toBe('recorded');
    expect(await purchaseOf(id)).toMatchObject({ refunded_amount: 1700 });
  });

  it('a subscription refunded in full in the dashboard is cancelled at Stripe', async () => {
    const id = await cardPurchase(packages.unlimited.class_package_id);
    expect((await deliver(chargeRefunded(id, 240000, 240000))).body.outcome).toBe('refund-applied');
    expect(calls.cancelled).toEqual([[`sub_renewals-${id}`, false]]);
    expect(await purchaseOf(id)).toMatchObject({ status: 'revoked' });
  });

  it('a dispute: open and won change no credits; lost is a refund that revokes them, once', async () => {
    const won = await cardPurchase();
    expect((await deliver(dispute('charge.dispute.created', won, 170000, 'needs_response'))).body.outcome).toBe('recorded');
    expect(await purchaseOf(won)).toMatchObject({ dispute: { status: 'open' } });
    expect((await deliver(dispute('charge.dispute.closed', won, 170000, 'won'))).body.outcome).toBe('recorded');
    expect(await purchaseOf(won)).toMatchObject({ dispute: { status: 'won' }, status: 'completed' });
    expect(await lotsOf(won)).toMatchObject([{ status: 'active' }]);

    const lost = await cardPurchase(packages.tenClasses.class_package_id, 'diego');
    const closed = dispute('charge.dispute.closed', lost, 170000, 'lost');
    expect((await deliver(closed)).body.outcome).toBe('refund-applied');
    expect((await deliver(closed)).body.outcome).toBe('duplicate');
    expect((await deliver(dispute('charge.dispute.closed', lost, 170000, 'lost'))).body.outcome).toBe('recorded');
    expect(await purchaseOf(lost)).toMatchObject({ status: 'revoked', refunded_amount: 1700, dispute: { status: 'lost' } });
    expect(await lotsOf(lost)).toMatchObject([{ status: 'revoked' }]);
    const admin = await http(env).get(`/api/customer/admin/3/purchases`).set('authorization', adminToken);
    expect(admin.body.purchases.find((p: Doc) => p.purchase_id === lost)).toMatchObject({ dispute_status: 'lost', refunded_amount: 1700 });
  });

  it('PayPal: a capture refunded in the dashboard (partial, then reversed by a chargeback) is applied once each', async () => {
    const started = await http(env).post('/api/checkout/paypal').set('authorization', tokenOf('ana')).send({ class_package_id: 4 });
    const id = started.body.purchase_id as number;
    const capture = {
      id: `WH-${++seq}`,
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: 'CAP-1', custom_id: String(id), amount: { value: '1700.00' } },
    };
    expect((await notify(capture)).body.outcome).toBe('granted');
    const refundNotice = (type: string, value: string, total?: string) => ({
      id: `WH-${++seq}`,
      event_type: type,
      resource: {
        id: `RF-${seq}`,
        status: 'COMPLETED',
        custom_id: String(id),
        amount: { currency_code: 'MXN', value },
        ...(total ? { seller_payable_breakdown: { total_refunded_amount: { currency_code: 'MXN', value: total } } } : {}),
        links: [{ rel: 'up', href: 'https://api.paypal.test/v2/payments/captures/CAP-1', method: 'GET' }],
      },
    });
    const partial = refundNotice('PAYMENT.CAPTURE.REFUNDED', '400.00', '400.00');
    expect((await notify(partial)).body.outcome).toBe('refund-applied');
    expect((await notify(partial)).body.outcome).toBe('duplicate');
    expect(await purchaseOf(id)).toMatchObject({ refunded_amount: 400, status: 'completed' });
    expect(await lotsOf(id)).toMatchObject([{ status: 'active' }]);
    expect((await notify(refundNotice('PAYMENT.CAPTURE.REVERSED', '1300.00'))).body.outcome).toBe('refund-applied');
    expect(await purchaseOf(id)).toMatchObject({ refunded_amount: 1700, status: 'revoked', dispute: { status: 'lost' } });
    expect(await lotsOf(id)).toMatchObject([{ status: 'revoked' }]);
  });

  it('PayPal: a staff partial refund of a capture sends the amount; its own notice then counts nothing more', async () => {
    const started = await http(env).post('/api/checkout/paypal').set('authorization', tokenOf('ana')).send({ class_package_id: 4 });
    const id = started.body.purchase_id as number;
    await notify({
      id: `WH-${++seq}`,
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: 'CAP-2', custom_id: String(id), amount: { value: '1700.00' } },
    });
    expect((await refund(id, { amount: 250.5 })).status).toBe(200);
    expect(calls.paypalRefunds).toEqual([['CAP-2', `refund-admin-${id}-0-25050`, 250.5]]);
    const own = {
      id: `WH-${++seq}`,
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: {
        id: 'RF-own',
        custom_id: String(id),
        amount: { value: '250.50' },
        seller_payable_breakdown: { total_refunded_amount: { value: '250.50' } },
        links: [{ rel: 'up', href: 'https://api.paypal.test/v2/payments/captures/CAP-2' }],
      },
    };
    expect((await notify(own)).body.outcome).toBe('recorded');
    expect(await purchaseOf(id)).toMatchObject({ refunded_amount: 250.5 });
  });
});
