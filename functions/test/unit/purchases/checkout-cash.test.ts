/**
 * Checkout, first payment paths (docs/payments): cash (pending, confirmed,
 * rejected, lapsed, cancelled by the buyer), free offers, the package's limits
 * (limit_per_customer, purchase_limit), discounts claimed and given back, the
 * signup-fee rule, and every refusal with its Spanish text and nothing written.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiscountFromInput } from '../../../src/services/discounts/manage-discounts';
import { lapseUnpaidPurchases } from '../../../src/services/purchases/end-cash-purchase';
import { adminToken, http, packages, seedAccessFixtures, snapshotOf, T0, tokenOf } from '../access/access-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
beforeEach(async () => {
  env = testEnv();
  env.clock.now = new Date(T0);
  await seedAccessFixtures(env.store);
});
afterEach(async () => {
  await env.cleanup();
});

type Doc = Record<string, unknown>;
const HOUR = 3_600_000;
const docs = async (collection: string) => (await env.store.collection(collection).get()).docs.map((d) => d.data() as Doc);
const setConfig = (values: Record<string, unknown>) => env.store.doc('app_config/main').set({ values }, { merge: true });
const setPackage = (id: number, fields: Doc) => env.store.doc(`class_packages/${id}`).set(fields, { merge: true });
const attempt = (uid: string, body: Doc) => http(env).post('/api/checkout/attempt').set('authorization', tokenOf(uid)).send(body);
const confirm = (id: number) => http(env).put(`/api/purchases/${id}/confirm`).set('authorization', adminToken).send({});
const reject = (id: number, body: Doc = {}) => http(env).put(`/api/purchases/${id}/reject`).set('authorization', adminToken).send(body);
const lotsOf = async (customerId: number) => (await docs('available_classes')).filter((l) => l.customer_id === customerId);
const buyer = async (packageId: number, customerId: number) => (await env.store.doc(`class_packages/${packageId}/buyers/${customerId}`).get()).data();
const writes = () => snapshotOf(env.store, ['purchases', 'available_classes', 'credit_ledger', 'invoices', 'counters', 'discount_usages']);

async function cashPurchase(uid: string, packageId = packages.tenClasses.class_package_id, extra: Doc = {}) {
  const response = await attempt(uid, { class_package_id: packageId, payment_method: 'cash', ...extra });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { purchase_id: number; purchase: Doc; message: string; quote: Doc };
}

describe('cash', () => {
  it('leaves a pending purchase with the instructions and a deadline, priced by the server', async () => {
    await setConfig({ cash_instructions: 'Transfiere a CLABE 0123 4567 8901 2345 67 y manda tu comprobante.' });
    const answer = await cashPurchase('ana', packages.fiveOnSale.class_package_id);
    expect(answer.message).toBe('Tu compra quedó pendiente de pago en efectivo. Sigue las instrucciones para completarla.');
    expect(answer.purchase).toMatchObject({
      status: 'pending',
      source: 'checkout',
      checkout_method: 'cash',
      total_payment: 890,
      subtotal: 890,
      payment_method_id: 2,
      payment_method: 'Efectivo',
      payment_instructions: 'Transfiere a CLABE 0123 4567 8901 2345 67 y manda tu comprobante.',
      pay_by: new Date(T0.getTime() + 48 * HOUR).toISOString(),
      paid_at: null,
      customer_id: 2,
    });
    expect(answer.quote).toMatchObject({ list_price: 950, price: 890, total_now: 890 });
    expect(await lotsOf(2)).toEqual([]);
    expect(await buyer(3, 2)).toEqual({ class_package_id: 3, customer_id: 2, count: 1, pending_purchase_id: answer.purchase_id });
  });

  it('answers a retry with the same pending purchase and writes nothing', async () => {
    const first = await cashPurchase('ana');
    const before = await writes();
    const again = await attempt('ana', { class_package_id: 4, payment_method: 'cash' });
    expect(again.status).toBe(200);
    expect(again.body.purchase_id).toBe(first.purchase_id);
    expect(await writes()).toEqual(before);
  });

  it('an admin confirms it once: credits from the confirmation day, a ledger entry, an invoice', async () => {
    const { purchase_id: id } = await cashPurchase('ana');
    env.clock.now = new Date(T0.getTime() + 24 * HOUR);
    const confirmed = await confirm(id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe('Pago en efectivo confirmado: las clases ya están disponibles.');
    expect(confirmed.body.purchase).toMatchObject({ status: 'completed', paid_at: env.clock.now.toISOString() });
    const lots = await lotsOf(2);
    expect(lots).toHaveLength(1);
    // 90 studio days after the confirmation (23 Nov in Mexico City), to the end of that day.
    expect(lots[0]).toMatchObject({ purchase_id: id, available_classes: 10, expiration_date: new Date('2027-02-22T05:59:59.999Z') });
    const entries = (await docs('credit_ledger')).filter((e) => e.customer_id === 2);
    expect(entries).toMatchObject([{ kind: 'grant', delta: 10, actor: { uid: 'valeria', role: 'admin' }, reference: { type: 'purchase', id } }]);
    expect(await buyer(4, 2)).toMatchObject({ count: 1, pending_purchase_id: null });

    const before = await writes();
    const twice = await confirm(id);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('Esta compra ya no está pendiente de pago.');
    expect(await writes()).toEqual(before);

    const invoices = await http(env).get('/api/invoices').set('authorization', tokenOf('ana'));
    expect(invoices.body.invoices).toMatchObject([
      { purchase_id: id, total_payment: 1700, status: 'completed', billing_reason: 'purchase', checkout_method: 'cash', purchase: { status: 'completed' } },
    ]);
    const mine = await http(env).get('/api/purchases').set('authorization', tokenOf('ana'));
    expect(mine.body.purchases.map((p: Doc) => [p.purchase_id, p.status])).toEqual([[id, 'completed']]);
    // Granted, its credits have an end: /gracias names that date.
    const order = await http(env).get(`/api/purchases/${id}`).set('authorization', tokenOf('ana'));
    expect(order.body.purchase.credits_expire_at).toBe('2027-02-22T05:59:59.999Z');
  });

  it('a rejected or lapsed purchase is cancelled and gives its place back; the lapse job runs once per purchase', async () => {
    await setPackage(4, { limit_per_customer: 1 });
    const first = await cashPurchase('ana');
    const rejected = await reject(first.purchase_id, { reason: 'No llegó la transferencia.' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.purchase).toMatchObject({ status: 'cancelled', cancel_reason: 'No llegó la transferencia.', cancelledAt: T0.toISOString() });
    expect(await buyer(4, 2)).toMatchObject({ count: 0, pending_purchase_id: null });

    const second = await cashPurchase('ana');
    expect(second.purchase_id).not.toBe(first.purchase_id);
    env.clock.now = new Date(T0.getTime() + 47 * HOUR);
    expect(await lapseUnpaidPurchases(env.deps, env.clock.now)).toBe(0);
    env.clock.now = new Date(T0.getTime() + 48 * HOUR);
    expect(await lapseUnpaidPurchases(env.deps, env.clock.now)).toBe(1);
    expect(await lapseUnpaidPurchases(env.deps, env.clock.now)).toBe(0);
    const lapsed = (await env.store.doc(`purchases/${second.purchase_id}`).get()).data();
    expect(lapsed).toMatchObject({ status: 'cancelled', cancel_reason: 'El plazo para pagar en efectivo venció.', holds_place: false });
    expect(await lotsOf(2)).toEqual([]);
    // A lapsed purchase cannot be confirmed afterwards.
    expect((await confirm(second.purchase_id)).status).toBe(409);
    expect((await attempt('ana', { class_package_id: 4, payment_method: 'cash' })).status).toBe(201);
  });

  it('the buyer cancels their own pending purchase with a reason; not someone else’s, not a paid one', async () => {
    const { purchase_id: id } = await cashPurchase('ana');
    const cancel = (uid: string, body: Doc) => http(env).post(`/api/purchases/cancel/${id}`).set('authorization', tokenOf(uid)).send(body);
    const noReason = await cancel('ana', { reason: '   ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields.reason).toBe('Debes indicar un motivo de cancelación.');
    expect((await cancel('diego', { reason: 'No es mía' })).status).toBe(404);
    const done = await cancel('ana', { reason: 'Mejor pago con tarjeta' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: 'Compra cancelada.', purchase: { status: 'cancelled', cancel_reason: 'Mejor pago con tarjeta' } });
    expect((await cancel('ana', { reason: 'otra vez' })).status).toBe(409);
  });

  it('shows a purchase to its buyer and to admins only, with the buyer’s e-mail', async () => {
    const { purchase_id: id } = await cashPurchase('ana');
    const own = await http(env).get(`/api/purchases/${id}`).set('authorization', tokenOf('ana'));
    expect(own.status).toBe(200);
    // Not paid yet: no credits, so no end date (the page says the days of validity).
    expect(own.body.purchase).toMatchObject({ purchase_id: id, customer: { customer_id: 2, email: 'ana@example.com' }, credits_expire_at: null });
    expect((await http(env).get(`/api/purchases/${id}`).set('authorization', tokenOf('diego'))).status).toBe(404);
    expect((await http(env).get(`/api/purchases/${id}`).set('authorization', adminToken)).status).toBe(200);
    const pending = await http(env).get('/api/purchases/admin/all?status=pending').set('authorization', adminToken);
    expect(pending.body.purchases.map((p: Doc) => p.purchase_id)).toEqual([id]);
    expect((await http(env).get('/api/purchases/admin/all').set('authorization', tokenOf('ana'))).status).toBe(403);
  });
});

describe('free offers', () => {
  it('"Obtener Oferta" grants at once, with no payment method, and a typed code is not used up', async () => {
    await setPackage(20, {
      ...packages.tenClasses,
      class_package_id: 20,
      title: 'Primera Clase Gratis',
      price: 0,
      class_amount: 1,
      expiration_days: 15,
      limit_per_customer: 1,
    });
    await createDiscountFromInput(env.deps, { code: 'HOLA10', is_percent: true, amount: 10, usage_limit: 1 });
    const response = await attempt('ana', { class_package_id: 20, discountCode: 'HOLA10' });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('¡Compra exitosa!');
    expect(response.body.purchase).toMatchObject({ status: 'completed', checkout_method: 'free', total_payment: 0, discount: null, paid_at: T0.toISOString() });
    expect(await lotsOf(2)).toMatchObject([{ available_classes: 1, purchase_id: response.body.purchase_id }]);
    expect(await docs('discount_usages')).toEqual([]);
    const again = await attempt('ana', { class_package_id: 20 });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Lo sentimos, ya has alcanzado el límite de compras de este paquete.');
  });

  it('a 100 % code on a one-off package completes at once, whatever method was chosen', async () => {
    await createDiscountFromInput(env.deps, { code: 'TODOGRATIS', is_percent: true, amount: 100 });
    const response = await attempt('ana', { class_package_id: 4, payment_method: 'cash', discountCode: 'todogratis' });
    expect(response.status).toBe(201);
    expect(response.body.purchase).toMatchObject({ status: 'completed', checkout_method: 'free', total_payment: 0, subtotal: 1700 });
    expect(response.body.purchase.discount).toMatchObject({ code: 'TODOGRATIS', amount: 1700 });
    expect(await lotsOf(2)).toHaveLength(1);
  });
});

describe('limits and discounts', () => {
  it('a discount is claimed with the purchase and given back when the cash never comes', async () => {
    const discount = await createDiscountFromInput(env.deps, { code: 'BUENFIN', is_percent: true, amount: 20, usage_limit: 1 });
    const first = await cashPurchase('ana', 4, { discountCode: 'BUENFIN' });
    expect(first.purchase).toMatchObject({
      total_payment: 1360,
      subtotal: 1700,
      discount: { discount_id: discount.discount_id, code: 'BUENFIN', amount: 340 },
    });
    const usedUp = await attempt('diego', { class_package_id: 4, payment_method: 'cash', discountCode: 'BUENFIN' });
    expect(usedUp.status).toBe(412);
    expect(usedUp.body.error.message).toBe('Lo sentimos, ya has agotado este descuento.');
    await reject(first.purchase_id);
    const second = await cashPurchase('diego', 4, { discountCode: 'BUENFIN' });
    expect(second.purchase.total_payment).toBe(1360);
    const invalid = await attempt('eva', { class_package_id: 4, payment_method: 'cash', discountCode: 'NOEXISTE' });
    expect(invalid.status).toBe(404);
    expect(invalid.body.error.message).toBe('Lo sentimos, ese descuento no es válido.');
  });

  it('purchase_limit: the package sells out with the spec’s 412 and a given-back place sells again', async () => {
    await setPackage(4, { purchase_limit: 2 });
    const ana = await cashPurchase('ana');
    await cashPurchase('diego');
    const before = await writes();
    const soldOut = await attempt('eva', { class_package_id: 4, payment_method: 'cash' });
    expect(soldOut.status).toBe(412);
    expect(soldOut.body.error.message).toBe('Lo sentimos, se ha alcanzado el límite de personas para este paquete.');
    expect(await writes()).toEqual(before);
    await reject(ana.purchase_id);
    expect((await attempt('eva', { class_package_id: 4, payment_method: 'cash' })).status).toBe(201);
  });

  it('the signup fee comes first (not for trials or the fee itself), and a pending fee counts', async () => {
    await setConfig({ signup_fee: packages.enrollment.class_package_id });
    const refused = await attempt('ana', { class_package_id: 4, payment_method: 'cash' });
    expect(refused.status).toBe(412);
    expect(refused.body.error).toMatchObject({ code: 'checkout/signup-fee-required', message: 'Antes de comprar este paquete completa tu inscripción.' });
    const quote = await http(env).get('/api/checkout/quote?class_package_id=4').set('authorization', tokenOf('ana'));
    expect(quote.body.quote.signup_fee_required).toBe(11);
    await cashPurchase('ana', packages.enrollment.class_package_id);
    expect((await attempt('ana', { class_package_id: 4, payment_method: 'cash' })).status).toBe(201);
  });
});

describe('refusals write nothing', () => {
  it.each([
    ['no payment method', { class_package_id: 4 }, 400, 'No has seleccionado un método de pago.'],
    ['an unknown package', { class_package_id: 999, payment_method: 'cash' }, 404, 'Lo sentimos, no encontramos el paquete que quieres comprar.'],
    ['a method this studio cannot take', { class_package_id: 4, payment_method: 'card' }, 400, 'Este método de pago no está disponible en este momento.'],
    ['a subscription in cash', { class_package_id: 5, payment_method: 'cash' }, 400, 'Las suscripciones se pagan con tarjeta o PayPal.'],
    ['a total sent by the browser', { class_package_id: 4, payment_method: 'cash', total_payment: 1 }, 400, 'El campo total_payment no está permitido.'],
  ])('%s', async (_label, body, status, message) => {
    const before = await writes();
    const response = await attempt('ana', body);
    expect(response.status).toBe(status);
    expect(response.body.error.message).toBe(message);
    expect(await writes()).toEqual(before);
  });

  it('an inactive package is not for sale, cash can be switched off, anonymous buyers must sign in', async () => {
    await setPackage(4, { status: 'inactive' });
    expect((await attempt('ana', { class_package_id: 4, payment_method: 'cash' })).status).toBe(404);
    await setConfig({ cash_checkout_enabled: false });
    const off = await attempt('ana', { class_package_id: 3, payment_method: 'cash' });
    expect(off.status).toBe(400);
    expect(off.body.error.code).toBe('checkout/method-unavailable');
    expect((await http(env).post('/api/checkout/attempt').send({ class_package_id: 3, payment_method: 'cash' })).status).toBe(401);
    expect((await attempt('ana', { class_package_id: 3, payment_method: 'bitcoin' })).status).toBe(400);
  });

  it('the quote is public and names the methods the checkout can take', async () => {
    const response = await http(env).get('/api/checkout/quote?class_package_id=3');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ quote: { price: 890, total_now: 890, is_free_offer: false }, methods: ['cash'] });
  });
});

describe('the last places of a limited package', () => {
  it('are never oversold when many buyers race', async () => {
    await setPackage(4, { purchase_limit: 5 });
    const uids = Array.from({ length: 16 }, (_, i) => `corredora${i}`);
    const batch = env.store.batch();
    uids.forEach((uid, i) =>
      batch.set(env.store.doc(`customers/${uid}`), {
        customer_id: 100 + i,
        uid,
        name: uid,
        last_name: 'Prueba',
        email: `${uid}@example.com`,
        phone: `55${String(20_000_000 + i)}`,
        has_unlimited: false,
        unlimited_membership_expiration: null,
        search_terms: [uid],
        createdAt: T0,
        updatedAt: T0,
      }),
    );
    await batch.commit();
    const results = await Promise.all(uids.map((uid) => attempt(uid, { class_package_id: 4, payment_method: 'cash' })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 412 || s === 503)).toBe(true);
    expect((await docs('purchases')).filter((p) => p.class_package_id === 4)).toHaveLength(5);
    expect((await env.store.collection('class_packages/4/units').get()).size).toBe(5);
  });
});
