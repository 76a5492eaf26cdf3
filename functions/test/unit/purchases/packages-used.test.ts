/**
 * GET /class_packages/used (docs/packages, ADR 0078): the packages the
 * signed-in customer has bought as often as limit_per_customer allows, so
 * the shop hides them; a personal read, while the package lists stay the
 * same for every caller (ADR 0104).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lapseUnpaidPurchases } from '../../../src/services/purchases/end-cash-purchase';
import { adminToken, http, packages, seedAccessFixtures, T0, tokenOf } from '../access/access-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
beforeEach(async () => {
  env = testEnv();
  env.clock.now = new Date(T0);
  await seedAccessFixtures(env.store);
  // A free class once per customer, and a five-class pack twice per customer.
  await env.store
    .doc('class_packages/20')
    .set({ ...packages.tenClasses, class_package_id: 20, title: 'Clase gratis', price: 0, class_amount: 1, limit_per_customer: 1 });
  await env.store.doc(`class_packages/${packages.fiveOnSale.class_package_id}`).set({ limit_per_customer: 2 }, { merge: true });
});
afterEach(async () => {
  await env.cleanup();
});

const used = (uid: string) => http(env).get('/api/class_packages/used').set('authorization', tokenOf(uid));
const attempt = (uid: string, body: Record<string, unknown>) => http(env).post('/api/checkout/attempt').set('authorization', tokenOf(uid)).send(body);
const FIVE = packages.fiveOnSale.class_package_id;

describe('used one-per-customer packages', () => {
  it('lists what the customer used up, never someone else’s, and only to a signed-in caller', async () => {
    expect((await http(env).get('/api/class_packages/used')).status).toBe(401);
    expect((await used('ana')).body).toEqual({ class_package_ids: [] });

    expect((await attempt('ana', { class_package_id: 20 })).body.purchase).toMatchObject({ status: 'completed' });
    const mine = await used('ana');
    expect(mine.body).toEqual({ class_package_ids: [20] });
    expect(mine.headers['cache-control']).toBe('no-store');
    expect((await used('diego')).body).toEqual({ class_package_ids: [] });
    // The checkout refuses it the same way the list says.
    expect((await attempt('ana', { class_package_id: 20 })).body.error.code).toBe('checkout/limit-reached');
    // The shared list stays the same for everyone and cacheable.
    const list = await http(env).get('/api/class_packages');
    expect(list.headers['cache-control']).toContain('public');
    expect(list.body.class_packages.map((p: { class_package_id: number }) => p.class_package_id)).toContain(20);
  });

  it('counts up to the limit, leaves out one still awaiting payment, and gives back a place that lapsed', async () => {
    const first = await attempt('ana', { class_package_id: FIVE, payment_method: 'cash' });
    expect((await used('ana')).body.class_package_ids).toEqual([]);
    await http(env).put(`/api/purchases/${first.body.purchase_id}/confirm`).set('authorization', adminToken).send({});
    expect((await used('ana')).body.class_package_ids).toEqual([]);

    const second = await attempt('ana', { class_package_id: FIVE, payment_method: 'cash' });
    expect(second.status).toBe(201);
    // At the limit, but the second still awaits its cash: the customer may come back to it.
    expect((await used('ana')).body.class_package_ids).toEqual([]);
    await http(env).put(`/api/purchases/${second.body.purchase_id}/confirm`).set('authorization', adminToken).send({});
    expect((await used('ana')).body.class_package_ids).toEqual([FIVE]);

    const third = await attempt('diego', { class_package_id: FIVE, payment_method: 'cash' });
    const fourth = await attempt('diego', { class_package_id: 20 });
    expect(fourth.status).toBe(201);
    expect((await used('diego')).body.class_package_ids).toEqual([20]);
    env.clock.now = new Date(T0.getTime() + 49 * 3_600_000);
    await lapseUnpaidPurchases(env.deps, env.clock.now);
    expect((await env.store.doc(`purchases/${third.body.purchase_id}`).get()).get('status')).toBe('cancelled');
    expect((await used('diego')).body.class_package_ids).toEqual([20]);
  });

  it('answers nothing for a signed-in identity without a customer record, and leaves out inactive packages', async () => {
    expect((await used('sin-registro')).body).toEqual({ class_package_ids: [] });
    await attempt('ana', { class_package_id: 20 });
    await env.store.doc('class_packages/20').set({ status: 'inactive' }, { merge: true });
    expect((await used('ana')).body.class_package_ids).toEqual([]);
  });
});
