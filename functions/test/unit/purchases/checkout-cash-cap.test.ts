/**
 * The cap on unpaid cash (docs/payments "Cash", ADR 0078): a customer with
 * `max_pending_cash_purchases` (default 1) cash purchases awaiting the
 * studio's confirmation is refused another cash purchase (409, Spanish,
 * nothing written) until one is paid, cancelled or lapses. It is decided in
 * the transaction that places the purchase, so a burst of one customer's
 * cash purchases places exactly the cap.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiscountFromInput } from '../../../src/services/discounts/manage-discounts';
import { lapseUnpaidPurchases } from '../../../src/services/purchases/end-cash-purchase';
import { adminToken, customers, http, packages, seedAccessFixtures, snapshotOf, T0, tokenOf } from '../access/access-fixtures';
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
const ONE_OFF = [packages.tenClasses, packages.fiveOnSale, packages.perType, packages.enrollment, packages.noExpiry].map((p) => p.class_package_id);
const setConfig = (values: Record<string, unknown>) => env.store.doc('app_config/main').set({ values }, { merge: true });
const buyInCash = (uid: string, classPackageId: number, extra: Doc = {}) =>
  http(env)
    .post('/api/checkout/attempt')
    .set('authorization', tokenOf(uid))
    .send({ class_package_id: classPackageId, payment_method: 'cash', ...extra });
const purchasesOf = async (customerId: number) =>
  (await env.store.collection('purchases').where('customer_id', '==', customerId).get()).docs.map((d) => d.data() as Doc);
const creditsOf = async (customerId: number) =>
  (await env.store.collection('available_classes').where('customer_id', '==', customerId).get()).docs.reduce(
    (sum, d) => sum + (d.get('available_classes') as number),
    0,
  );
const ONE_PENDING = {
  code: 'checkout/cash-pending-limit',
  message: 'Ya tienes una compra en efectivo pendiente. Págala en el estudio o cancélala en Mis Compras antes de hacer otra.',
};

describe('unpaid cash purchases', () => {
  it('refuses a second pending cash purchase (booking before payment on: no second batch of unpaid credits), writing nothing', async () => {
    await setConfig({ cash_booking_before_payment: true });
    const first = await buyInCash('ana', packages.tenClasses.class_package_id);
    expect(first.status).toBe(201);
    expect(await creditsOf(customers.ana.customer_id)).toBe(10);

    const before = await snapshotOf(env.store, ['purchases', 'available_classes', 'credit_ledger', 'class_packages']);
    for (const id of ONE_OFF.slice(1)) {
      const refused = await buyInCash('ana', id);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual(ONE_PENDING);
    }
    expect(await snapshotOf(env.store, ['purchases', 'available_classes', 'credit_ledger', 'class_packages'])).toEqual(before);
    expect(await creditsOf(customers.ana.customer_id)).toBe(10);

    // A retry of the same purchase is still answered with it (not refused), and other customers are not affected.
    const again = await buyInCash('ana', packages.tenClasses.class_package_id);
    expect(again.status).toBe(200);
    expect(again.body.purchase_id).toBe(first.body.purchase_id);
    expect((await buyInCash('diego', packages.fiveOnSale.class_package_id)).status).toBe(201);
  });

  it('lets the next one through once the pending one is paid, cancelled or lapsed', async () => {
    const first = await buyInCash('ana', packages.tenClasses.class_package_id);
    expect((await http(env).put(`/api/purchases/${first.body.purchase_id}/confirm`).set('authorization', adminToken).send({})).status).toBe(200);
    const second = await buyInCash('ana', packages.fiveOnSale.class_package_id);
    expect(second.status).toBe(201);

    expect((await buyInCash('ana', packages.noExpiry.class_package_id)).status).toBe(409);
    const cancelled = await http(env)
      .post(`/api/purchases/cancel/${second.body.purchase_id}`)
      .set('authorization', tokenOf('ana'))
      .send({ reason: 'Mejor otro' });
    expect(cancelled.status).toBe(200);
    const third = await buyInCash('ana', packages.noExpiry.class_package_id);
    expect(third.status).toBe(201);

    expect((await buyInCash('ana', packages.perType.class_package_id)).status).toBe(409);
    env.clock.now = new Date(T0.getTime() + 49 * HOUR);
    expect(await lapseUnpaidPurchases(env.deps, env.clock.now)).toBe(1);
    expect((await buyInCash('ana', packages.perType.class_package_id)).status).toBe(201);
  });

  it('does not count what is not pending cash: a free offer or a 100 % code is not held back', async () => {
    await buyInCash('ana', packages.tenClasses.class_package_id);
    await createDiscountFromInput(env.deps, { code: 'REGALO', is_percent: true, amount: 100 });
    const free = await buyInCash('ana', packages.fiveOnSale.class_package_id, { discountCode: 'REGALO' });
    expect(free.status).toBe(201);
    expect(free.body.purchase).toMatchObject({ status: 'completed', total_payment: 0 });
  });

  it('leaves the signup fee out: paying the enrollment and a package in cash on a first visit works', async () => {
    await setConfig({ signup_fee: packages.enrollment.class_package_id });
    expect((await buyInCash('ana', packages.enrollment.class_package_id)).status).toBe(201);
    expect((await buyInCash('ana', packages.tenClasses.class_package_id)).status).toBe(201);
    expect((await buyInCash('ana', packages.fiveOnSale.class_package_id)).status).toBe(409);
  });

  it('follows the setting: with 2, the third pending cash purchase is refused with the count', async () => {
    await setConfig({ max_pending_cash_purchases: 2 });
    expect((await buyInCash('ana', ONE_OFF[0] as number)).status).toBe(201);
    expect((await buyInCash('ana', ONE_OFF[1] as number)).status).toBe(201);
    const third = await buyInCash('ana', ONE_OFF[2] as number);
    expect(third.status).toBe(409);
    expect(third.body.error.message).toBe(
      'Ya tienes 2 compras en efectivo pendientes. Págalas en el estudio o cancela alguna en Mis Compras antes de hacer otra.',
    );
    // A value that is not a whole number of at least 1 falls back to the default, one.
    await setConfig({ max_pending_cash_purchases: 0 });
    expect((await buyInCash('diego', ONE_OFF[0] as number)).status).toBe(201);
    expect((await buyInCash('diego', ONE_OFF[1] as number)).status).toBe(409);
  });

  it('places exactly the cap when a customer sends many cash purchases at once, for each customer in the burst', { timeout: 120_000 }, async () => {
    await setConfig({ cash_booking_before_payment: true });
    const uids = ['ana', 'diego', 'eva'] as const;
    const responses = await Promise.all(uids.flatMap((uid) => [...ONE_OFF, ...ONE_OFF].map((id) => buyInCash(uid, id).then((r) => ({ uid, r })))));
    for (const uid of uids) {
      const own = responses.filter((x) => x.uid === uid).map((x) => x.r);
      const placed = new Set(own.filter((r) => r.status === 201 || r.status === 200).map((r) => r.body.purchase_id as number));
      expect(placed.size, uid).toBe(1);
      expect(
        own.every((r) => [200, 201, 409].includes(r.status)),
        own.map((r) => r.status).join(),
      ).toBe(true);
      expect(own.filter((r) => r.status === 409).every((r) => ['checkout/cash-pending-limit', 'checkout/pending-exists'].includes(r.body.error.code))).toBe(
        true,
      );
      const pending = (await purchasesOf(customers[uid].customer_id)).filter((p) => p.status === 'pending');
      expect(pending).toHaveLength(1);
    }
  });
});
