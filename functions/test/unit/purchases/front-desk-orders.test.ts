/**
 * The desk finds a purchase by the order number the customer reads out
 * ('Orden #00{id}', docs/admin "Order numbers"): GET /customer/admin/all
 * answers the purchase as `order` beside the customers the same text matches.
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

const search = (query: string) =>
  http(env)
    .get(`/api/customer/admin/all?${new URLSearchParams({ query })}`)
    .set('authorization', adminToken);

async function cashPurchase(uid: string): Promise<number> {
  const response = await http(env)
    .post('/api/checkout/attempt')
    .set('authorization', tokenOf(uid))
    .send({ class_package_id: packages.tenClasses.class_package_id, payment_method: 'cash' });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.purchase_id as number;
}

describe('GET /customer/admin/all by order number', () => {
  it('finds the purchase with or without #, with leading zeros or the word Orden, with its buyer', async () => {
    const id = await cashPurchase('ana');
    for (const typed of [`#00${id}`, `00${id}`, String(id), `#${id}`, `Orden #00${id}`]) {
      const answer = await search(typed);
      expect(answer.status, typed).toBe(200);
      expect(answer.body.order, typed).toMatchObject({
        purchase_id: id,
        status: 'pending',
        checkout_method: 'cash',
        customer: { customer_id: 2, email: 'ana@example.com' },
      });
    }
  });

  it('answers no order for a name, an unknown number or a number no purchase has, and still the customers', async () => {
    await cashPurchase('ana');
    const byName = await search('ana');
    expect(byName.status).toBe(200);
    expect(byName.body.order).toBeNull();
    expect(byName.body.customers.map((c: { email: string }) => c.email)).toContain('ana@example.com');
    expect((await search('#0099999')).body.order).toBeNull();
    expect((await search('#0')).body.order).toBeNull();
    expect((await http(env).get('/api/customer/admin/all').set('authorization', adminToken)).body.order).toBeNull();
  });

  it('stays admin-only', async () => {
    const id = await cashPurchase('ana');
    expect((await http(env).get(`/api/customer/admin/all?query=${id}`).set('authorization', tokenOf('ana'))).status).toBe(403);
  });
});
