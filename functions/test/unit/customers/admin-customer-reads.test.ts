import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClass } from '../../../src/services/schedule/create-class';
import { adminToken, customers, grant, http, seedAccessFixtures, tokenOf } from '../access/access-fixtures';
import { seedScheduleCatalogue, yogaClass } from '../schedule/schedule-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
beforeEach(async () => {
  env = testEnv();
  env.clock.now = new Date('2026-11-30T13:00:00Z');
  // The schedule's catalogue first: the access fixtures then put full packages and payment methods on top.
  await seedScheduleCatalogue(env.store);
  await seedAccessFixtures(env.store);
});
afterEach(async () => {
  await env.cleanup();
});

const { ana, diego } = customers;
const adminGet = (path: string) => http(env).get(path).set('authorization', adminToken);
const book = (uid: string, classId: number) => http(env).post('/api/class_reservations').set('authorization', tokenOf(uid)).send({ single_class_id: classId });

describe('GET /api/customer/admin/{id}/purchases', () => {
  it("lists that customer's purchases of every status, newest first, and nobody else's", async () => {
    const first = await grant(env, { customer_id: ana.customer_id, class_package_id: 4, is_gift: true });
    env.clock.now = new Date('2026-11-30T14:00:00Z');
    const second = await grant(env, { customer_id: ana.customer_id, class_package_id: 3 });
    await grant(env, { customer_id: diego.customer_id, class_package_id: 4, is_gift: true });
    const revoked = await http(env).put('/api/customer/revokeAccess').set('authorization', adminToken).send({ purchase_id: first.purchase.purchase_id });
    expect(revoked.status).toBe(200);

    const response = await adminGet(`/api/customer/admin/${ana.customer_id}/purchases`);
    expect(response.status).toBe(200);
    expect(response.body.purchases.map((p: { purchase_id: number; status: string }) => [p.purchase_id, p.status])).toEqual([
      [second.purchase.purchase_id, 'completed'],
      [first.purchase.purchase_id, 'revoked'],
    ]);
    expect(response.body.purchases[1]).toMatchObject({ customer_id: ana.customer_id, title: 'Paquete 10 Clases', is_gift: true, source: 'admin' });
  });

  it('answers 404 for an unknown customer and 403 to a customer', async () => {
    const unknown = await adminGet('/api/customer/admin/999/purchases');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('customer/not-found');
    const own = await http(env).get(`/api/customer/admin/${ana.customer_id}/purchases`).set('authorization', tokenOf(ana.uid));
    expect(own.status).toBe(403);
  });
});

describe('GET /api/customer/admin/{id}/reservations', () => {
  it('puts the upcoming ones first (soonest first), then the rest, latest class first', async () => {
    await grant(env, { customer_id: ana.customer_id, class_package_id: 4, is_gift: true });
    const dec1 = await createClass(env.deps, yogaClass({ date: '2026-12-01' }));
    const dec2 = await createClass(env.deps, yogaClass({ date: '2026-12-02' }));
    const dec4 = await createClass(env.deps, yogaClass({ date: '2026-12-04' }));
    const dec3 = await createClass(env.deps, yogaClass({ date: '2026-12-03' }));
    const ids = new Map<number, number>();
    for (const cls of [dec1, dec2, dec4, dec3]) {
      const booked = await book(ana.uid, cls.single_class_id);
      expect(booked.status).toBe(201);
      ids.set(cls.single_class_id, booked.body.class_reservation.class_reservation_id as number);
    }
    const cancelled = await http(env)
      .delete(`/api/class_reservations/${ids.get(dec2.single_class_id)}`)
      .set('authorization', tokenOf(ana.uid));
    expect(cancelled.status).toBe(200);
    // Dec 1 has happened by now; Dec 3 and Dec 4 are still ahead.
    env.clock.now = new Date('2026-12-01T20:00:00Z');

    const response = await adminGet(`/api/customer/admin/${ana.customer_id}/reservations`);
    expect(response.status).toBe(200);
    expect(response.body.class_reservations.map((r: { single_class_id: number }) => r.single_class_id)).toEqual([
      dec3.single_class_id,
      dec4.single_class_id,
      dec2.single_class_id,
      dec1.single_class_id,
    ]);
    expect(response.body.class_reservations[2].deletedAt).not.toBeNull();
    expect(response.body.class_reservations[0]).toMatchObject({ customer_id: ana.customer_id, single_class: { single_class_id: dec3.single_class_id } });
    expect((await adminGet(`/api/customer/admin/${diego.customer_id}/reservations`)).body.class_reservations).toEqual([]);
  });
});

describe('GET /api/customer/admin/{id}/waitlists', () => {
  it("lists that customer's places still waiting, with their position", async () => {
    await grant(env, { customer_id: ana.customer_id, class_package_id: 4, is_gift: true });
    await grant(env, { customer_id: diego.customer_id, class_package_id: 4, is_gift: true });
    const full = await createClass(env.deps, yogaClass({ capacity: 1 }));
    expect((await book(diego.uid, full.single_class_id)).status).toBe(201);
    const joined = await http(env).post('/api/waitlist').set('authorization', tokenOf(ana.uid)).send({ single_class_id: full.single_class_id });
    expect(joined.status).toBe(201);

    const response = await adminGet(`/api/customer/admin/${ana.customer_id}/waitlists`);
    expect(response.status).toBe(200);
    expect(response.body.waitlists).toEqual([
      expect.objectContaining({ single_class_id: full.single_class_id, customer_id: ana.customer_id, status: 'waiting', position: 1 }),
    ]);
    expect((await adminGet(`/api/customer/admin/${diego.customer_id}/waitlists`)).body.waitlists).toEqual([]);
    expect((await adminGet('/api/customer/admin/999/waitlists')).status).toBe(404);
  });
});
