import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestEnv, testEnv } from '../support';
import { adminToken, grant, http, seedAccessFixtures, snapshotOf, T0, tokenOf } from './access-fixtures';

let env: TestEnv;
beforeEach(async () => {
  env = testEnv();
  env.clock.now = new Date(T0);
  await seedAccessFixtures(env.store);
});
afterEach(async () => {
  await env.cleanup();
});

const DAY = 24 * 60 * 60 * 1000;
type Lot = { available_class_id: number; available_classes: number; [k: string]: unknown };
/** Grants a one-lot package through the API and answers that lot's id. */
const lotIdOf = async (body: Record<string, unknown>) => {
  const { available_classes } = await grant(env, body);
  expect(available_classes).toHaveLength(1);
  return available_classes[0]?.available_class_id as number;
};

describe('the customer reads their own credits', () => {
  it('GET /available_classes lists usable in-person lots, earliest expiry first', async () => {
    const lot1 = await lotIdOf({ customer_id: 2, class_package_id: 4 }); // 1: 90 days
    const lot2 = await lotIdOf({ customer_id: 2, class_package_id: 3, package_days: 5 }); // 2: 5 days
    const lot3 = await lotIdOf({ customer_id: 2, class_package_id: 8 }); // 3: online, not a credit
    const gone = await grant(env, { customer_id: 2, class_package_id: 12 }); // 4: revoked below
    const lot5 = await lotIdOf({ customer_id: 2, class_package_id: 4, package_days: 0 }); // 5: expires tonight
    const lot6 = await lotIdOf({ customer_id: 3, class_package_id: 4 }); // 6: someone else's
    expect(new Set([lot1, lot2, lot3, gone.available_classes[0]?.available_class_id, lot5, lot6]).size).toBe(6);
    await http(env).put('/api/customer/revokeAccess').set('authorization', adminToken).send({ purchase_id: gone.purchase.purchase_id }).expect(200);
    env.clock.now = new Date(T0.getTime() + DAY);
    const response = await http(env).get('/api/available_classes').set('authorization', tokenOf('ana'));
    expect(response.status).toBe(200);
    expect(response.body.available_classes.map((l: Lot) => [l.available_class_id, l.available_classes, l.expiration_day, l.usable])).toEqual([
      [lot2, 5, '2026-11-27', true],
      [lot1, 10, '2027-02-20', true],
    ]);
  });

  it('GET /available_classes/{id} answers the owner and admins, 404 for anyone else', async () => {
    const {
      available_classes: [lot],
    } = await grant(env, { customer_id: 2, class_package_id: 4 });
    const id = lot?.available_class_id;
    const own = await http(env).get(`/api/available_classes/${id}`).set('authorization', tokenOf('ana'));
    expect(own.status).toBe(200);
    expect(own.body.available_class).toMatchObject({ available_class_id: id, customer_id: 2, available_classes: 10 });
    const other = await http(env).get(`/api/available_classes/${id}`).set('authorization', tokenOf('diego'));
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe('No encontramos estos créditos.');
    expect((await http(env).get('/api/available_classes/999').set('authorization', tokenOf('ana'))).status).toBe(404);
    expect((await http(env).get(`/api/available_classes/${id}`).set('authorization', adminToken)).status).toBe(200);
    expect((await http(env).get('/api/available_classes/abc').set('authorization', tokenOf('ana'))).status).toBe(400);
  });

  it('GET /available_classes/date/all lists the lots still valid on a studio day (default today)', async () => {
    const lot1 = await lotIdOf({ customer_id: 2, class_package_id: 4, package_days: 2 }); // through 24 Nov
    const lot2 = await lotIdOf({ customer_id: 2, class_package_id: 4, package_days: 10 }); // through 2 Dec
    const lot3 = await lotIdOf({ customer_id: 2, class_package_id: 12 }); // no expiry
    expect(new Set([lot1, lot2, lot3]).size).toBe(3);
    const ids = async (query: string) => {
      const response = await http(env).get(`/api/available_classes/date/all${query}`).set('authorization', tokenOf('ana'));
      expect(response.status).toBe(200);
      return [response.body.date, response.body.available_classes.map((l: Lot) => l.available_class_id)];
    };
    expect(await ids('')).toEqual(['2026-11-22', [lot1, lot2, lot3]]);
    expect(await ids('?date=2026-11-24')).toEqual(['2026-11-24', [lot1, lot2, lot3]]);
    expect(await ids('?date=2026-11-25')).toEqual(['2026-11-25', [lot2, lot3]]);
    expect(await ids('?date=2027-01-01')).toEqual(['2027-01-01', [lot3]]);
    const bad = await http(env).get('/api/available_classes/date/all?date=2026-02-30').set('authorization', tokenOf('ana'));
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ date: 'Debe ser una fecha válida.' });
  });

  it('needs a session', async () => {
    expect((await http(env).get('/api/available_classes')).status).toBe(401);
  });
});

describe('admin edits of lots go through the ledger', () => {
  const ledgerOf = async (customerId: number) => (await http(env).get(`/api/customer/admin/${customerId}/ledger`).set('authorization', adminToken)).body;

  it('POST creates a lot outside any purchase with a grant entry and its reason', async () => {
    const response = await http(env)
      .post('/api/available_classes')
      .set('authorization', adminToken)
      .send({ customer_id: 2, available_classes: 2, expiration_date: '2026-12-31', class_type_id: 1, reason: 'Cortesía por clase cancelada' });
    expect(response.status).toBe(201);
    const id = response.body.available_class.available_class_id as number;
    expect(Number.isInteger(id) && id > 0).toBe(true);
    expect((await env.store.doc(`available_classes/${id}`).get()).data()).toMatchObject({ available_class_id: id, customer_id: 2, available_classes: 2 });
    expect(response.body.available_class).toMatchObject({
      available_class_id: id,
      purchase_id: null,
      available_classes: 2,
      class_type_id: 1,
      class_types: [1],
      expiration_date: '2027-01-01T05:59:59.999Z',
      expiration_day: '2026-12-31',
    });
    const ledger = await ledgerOf(2);
    expect(ledger.entries).toEqual([
      expect.objectContaining({
        kind: 'grant',
        delta: 2,
        reason: 'Cortesía por clase cancelada',
        actor: { uid: 'valeria', role: 'admin' },
        purchase_id: null,
        available_class_id: id,
      }),
    ]);
  });

  it('POST of an unlimited lot makes the customer unlimited; DELETE revokes it and clears that', async () => {
    const created = await http(env)
      .post('/api/available_classes')
      .set('authorization', adminToken)
      .send({ customer_id: 3, available_classes: -1, expiration_date: null });
    expect(created.status).toBe(201);
    expect((await env.store.doc('customers/diego').get()).get('has_unlimited')).toBe(true);
    expect((await env.store.doc('customers/diego').get()).get('unlimited_membership_expiration')).toBeNull();
    const deleted = await http(env).delete(`/api/available_classes/${created.body.available_class.available_class_id}`).set('authorization', adminToken);
    expect(deleted.status).toBe(204);
    expect((await env.store.doc('customers/diego').get()).get('has_unlimited')).toBe(false);
    const again = await http(env).delete(`/api/available_classes/${created.body.available_class.available_class_id}`).set('authorization', adminToken);
    expect(again.status).toBe(409);
  });

  it('PUT sets a count (the ledger records the difference) and moves the expiry', async () => {
    const {
      available_classes: [lot],
    } = await grant(env, { customer_id: 2, class_package_id: 4 });
    const id = lot?.available_class_id;
    const response = await http(env)
      .put('/api/available_classes')
      .set('authorization', adminToken)
      .send({ available_class_id: id, available_classes: 7, expiration_date: '2027-03-31', reason: 'Corrección' });
    expect(response.status).toBe(200);
    expect(response.body.available_class).toMatchObject({ available_classes: 7, expiration_day: '2027-03-31' });
    const up = await http(env).put('/api/available_classes').set('authorization', adminToken).send({ available_class_id: id, available_classes: 12 });
    expect(up.body.available_class.available_classes).toBe(12);
    const { entries, balance } = await ledgerOf(2);
    expect(entries.map((e: { kind: string; delta: number }) => [e.kind, e.delta])).toEqual(
      expect.arrayContaining([
        ['adjust', -3],
        ['adjust', 5],
        ['grant', 10],
      ]),
    );
    expect(balance).toMatchObject({ available_classes: 12, ledger_total: 12, lots_total: 12 });
  });

  it('refuses impossible edits in Spanish and writes nothing', async () => {
    const {
      available_classes: [finite],
    } = await grant(env, { customer_id: 2, class_package_id: 4 });
    const {
      available_classes: [unlimited],
      purchase,
    } = await grant(env, { customer_id: 3, class_package_id: 5 });
    await http(env).put('/api/customer/revokeAccess').set('authorization', adminToken).send({ purchase_id: purchase.purchase_id }).expect(200);
    const before = await snapshotOf(env.store);
    const put = (body: Record<string, unknown>) => http(env).put('/api/available_classes').set('authorization', adminToken).send(body);
    const toUnlimited = await put({ available_class_id: finite?.available_class_id, available_classes: -1 });
    expect(toUnlimited.status).toBe(400);
    expect(toUnlimited.body.error.fields.available_classes).toBe(
      'Los créditos ilimitados no cambian de cantidad, y los limitados no pueden volverse ilimitados.',
    );
    const past = await put({ available_class_id: finite?.available_class_id, expiration_date: '2026-11-21' });
    expect(past.status).toBe(400);
    expect(past.body.error.fields).toEqual({ expiration_date: 'La fecha de vencimiento no puede ser anterior a hoy.' });
    const negative = await put({ available_class_id: finite?.available_class_id, available_classes: -5 });
    expect(negative.status).toBe(400);
    expect(negative.body.error.fields.available_classes).toBe('Debe ser -1 (ilimitadas) o un número entero entre 0 y 1000.');
    const revoked = await put({ available_class_id: unlimited?.available_class_id, expiration_date: '2027-01-01' });
    expect(revoked.status).toBe(412);
    expect(revoked.body.error.message).toBe('Estos créditos fueron revocados y ya no se pueden usar.');
    expect((await put({ available_class_id: 999, available_classes: 1 })).status).toBe(404);
    const post = (body: Record<string, unknown>) => http(env).post('/api/available_classes').set('authorization', adminToken).send(body);
    expect((await post({ customer_id: 2, available_classes: 0 })).body.error.fields).toEqual({
      available_classes: 'Debe ser -1 (ilimitadas) o un número entero entre 1 y 1000.',
    });
    expect((await post({ customer_id: 2, available_classes: 1, class_type_id: 77 })).body.error.fields).toEqual({
      class_type_id: 'Ese tipo de clase no existe.',
    });
    expect((await post({ customer_id: 99, available_classes: 1 })).status).toBe(404);
    expect((await post({ customer_id: 2, available_classes: 1, initial_classes: 50 })).status).toBe(400);
    expect(await snapshotOf(env.store)).toEqual(before);
  });

  it('is for admins only', async () => {
    const {
      available_classes: [lot],
    } = await grant(env, { customer_id: 2, class_package_id: 4 });
    const before = await snapshotOf(env.store);
    expect((await http(env).post('/api/available_classes').set('authorization', tokenOf('ana')).send({ customer_id: 2, available_classes: 5 })).status).toBe(
      403,
    );
    expect(
      (
        await http(env)
          .put('/api/available_classes')
          .set('authorization', tokenOf('ana'))
          .send({ available_class_id: lot?.available_class_id, available_classes: 50 })
      ).status,
    ).toBe(403);
    expect((await http(env).delete(`/api/available_classes/${lot?.available_class_id}`).set('authorization', tokenOf('ana'))).status).toBe(403);
    expect(await snapshotOf(env.store)).toEqual(before);
  });
});

describe('GET /api/customer/admin/{id}/ledger', () => {
  it('explains the balance: entries newest first, lots, totals that agree', async () => {
    const first = await grant(env, { customer_id: 2, class_package_id: 4 });
    const lot1 = first.available_classes[0]?.available_class_id;
    env.clock.now = new Date(T0.getTime() + 1000);
    const lot2 = await lotIdOf({ customer_id: 2, class_package_id: 8 });
    env.clock.now = new Date(T0.getTime() + 2000);
    await http(env).put('/api/customer/removeClasses').set('authorization', adminToken).send({ customer_id: 2, amount: 3 }).expect(200);
    env.clock.now = new Date(T0.getTime() + 3000);
    const lot3 = await lotIdOf({ customer_id: 2, class_package_id: 12 });
    expect(new Set([lot1, lot2, lot3]).size).toBe(3);
    const response = await http(env).get('/api/customer/admin/2/ledger').set('authorization', adminToken);
    expect(response.status).toBe(200);
    expect(response.body.entries.map((e: { kind: string; delta: number; available_class_id: number }) => [e.kind, e.delta, e.available_class_id])).toEqual([
      ['grant', 3, lot3],
      ['remove', -3, lot1],
      ['grant', 0, lot2],
      ['grant', 10, lot1],
    ]);
    expect(response.body.entries[3]).toMatchObject({
      purchase_id: first.purchase.purchase_id,
      balance_after: 10,
      unlimited: false,
      reference: { type: 'purchase', id: first.purchase.purchase_id },
      createdAt: T0.toISOString(),
    });
    expect(typeof response.body.entries[0].ledger_entry_id).toBe('string');
    // Lots by id, highest first (claimed ids are unique but not in creation order).
    expect(response.body.available_classes.map((l: Lot) => l.available_class_id)).toEqual([lot1, lot2, lot3].sort((a, b) => (b as number) - (a as number)));
    expect(response.body.balance).toEqual({
      available_classes: 10,
      has_unlimited: false,
      unlimited_membership_expiration: null,
      has_online: true,
      online_membership_expiration: '2026-12-23T05:59:59.999Z',
      ledger_total: 10,
      lots_total: 10,
    });
  });

  it('answers 404 for an unknown customer and 403 for customers', async () => {
    expect((await http(env).get('/api/customer/admin/99/ledger').set('authorization', adminToken)).status).toBe(404);
    expect((await http(env).get('/api/customer/admin/2/ledger').set('authorization', tokenOf('ana'))).status).toBe(403);
  });
});
