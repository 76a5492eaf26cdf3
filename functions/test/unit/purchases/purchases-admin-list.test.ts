/**
 * GET /purchases/admin/all's filters (docs/payments "Reading"): the desk's
 * pending cash payments are `status=pending&checkout_method=cash`, since card
 * and PayPal attempts wait as pending too; each row names its buyer.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, http, packages, seedAccessFixtures, T0, tokenOf } from '../access/access-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
beforeEach(async () => {
  env = testEnv();
  env.clock.now = new Date(T0);
  await seedAccessFixtures(env.store);
  await env.store.doc('app_config/main').set({ values: { cash_checkout_enabled: true } }, { merge: true });
});
afterEach(async () => {
  await env.cleanup();
});

type Doc = Record<string, unknown>;
const list = (query: string) => http(env).get(`/api/purchases/admin/all?${query}`).set('authorization', adminToken);

async function cashPurchase(uid: string): Promise<number> {
  const response = await http(env)
    .post('/api/checkout/attempt')
    .set('authorization', tokenOf(uid))
    .send({ class_package_id: packages.tenClasses.class_package_id, payment_method: 'cash' });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.purchase_id as number;
}

/** A card attempt waiting for 3-D Secure: pending, no pay_by, written as checkout leaves it. */
async function pendingCardLike(fromId: number, id: number): Promise<void> {
  const doc = (await env.store.doc(`purchases/${fromId}`).get()).data() as Doc;
  await env.store.doc(`purchases/${id}`).set({ ...doc, purchase_id: id, checkout_method: 'card', payment_method: 'Tarjeta', pay_by: null });
}

describe('GET /purchases/admin/all', () => {
  it('keeps only the pending cash purchases with checkout_method=cash, each with its buyer', async () => {
    const cash = await cashPurchase('ana');
    await pendingCardLike(cash, 9001);

    const all = await list('status=pending');
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.purchases.map((p: Doc) => p.purchase_id)).toEqual([cash, 9001]);

    const onlyCash = await list('status=pending&checkout_method=cash');
    expect(onlyCash.body.purchases).toHaveLength(1);
    expect(onlyCash.body.purchases[0]).toMatchObject({
      purchase_id: cash,
      checkout_method: 'cash',
      customer: { customer_id: 2, email: 'ana@example.com' },
    });
    expect((await list('status=pending&checkout_method=card')).body.purchases.map((p: Doc) => p.purchase_id)).toEqual([9001]);
  });

  it('refuses an unknown method and stays admin-only', async () => {
    expect((await list('status=pending&checkout_method=bitcoin')).status).toBe(400);
    expect((await http(env).get('/api/purchases/admin/all?checkout_method=cash').set('authorization', tokenOf('ana'))).status).toBe(403);
  });
});
