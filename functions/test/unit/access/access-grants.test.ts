import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endOfStudioDay, expiryAfterDays } from '../../../src/services/credits/expiry';
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

type Doc = Record<string, unknown>;
const docs = async (collection: string) => (await env.store.collection(collection).get()).docs.map((d) => d.data() as Doc);
const customerDoc = async (uid: string) => (await env.store.doc(`customers/${uid}`).get()).data() as Doc;
const setZone = (timezone: string) => env.store.doc('app_config/main').set({ values: { timezone } }, { merge: true });

describe('studio-day expiry', () => {
  it('ends on the last millisecond of the studio calendar day, whatever the process zone', () => {
    // 12:00 in Mexico City on 22 Nov; 90 days later is 20 Feb, which ends at 06:00Z on the 21st (UTC-6).
    expect(expiryAfterDays(T0, 90, 'America/Mexico_City').toISOString()).toBe('2027-02-21T05:59:59.999Z');
    expect(expiryAfterDays(T0, 0, 'America/Mexico_City').toISOString()).toBe('2026-11-23T05:59:59.999Z');
    // 23:30 on 22 Nov in Mexico City is already 23 Nov in UTC: the studio's day counts.
    expect(expiryAfterDays(new Date('2026-11-23T05:30:00Z'), 1, 'America/Mexico_City').toISOString()).toBe('2026-11-24T05:59:59.999Z');
    // The same instant is 03:00 on 23 Nov in Tokyo.
    expect(expiryAfterDays(T0, 1, 'Asia/Tokyo').toISOString()).toBe('2026-11-24T14:59:59.999Z');
  });

  it('follows daylight-saving changes of the studio zone', () => {
    expect(endOfStudioDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-09T03:59:59.999Z');
    expect(endOfStudioDay('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-02T04:59:59.999Z');
    expect(expiryAfterDays(new Date('2026-03-07T17:00:00Z'), 30, 'America/New_York').toISOString()).toBe('2026-04-07T03:59:59.999Z');
  });
});

describe('POST /api/customer/giveAccess', () => {
  it('grants a finite package: purchase, one lot, one ledger entry, in Spanish', async () => {
    const response = await http(env)
      .post('/api/customer/giveAccess')
      .set('authorization', adminToken)
      .send({ customer_id: 2, class_package_id: 4, is_gift: false, payment_method_id: 1, bill: true });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('¡Acceso agregado!');
    const purchaseId = response.body.purchase.purchase_id as number;
    const lotId = response.body.available_classes[0]?.available_class_id as number;
    expect(Number.isInteger(purchaseId) && purchaseId > 0).toBe(true);
    expect(Number.isInteger(lotId) && lotId > 0).toBe(true);
    expect(response.body.purchase).toMatchObject({
      purchase_id: purchaseId,
      customer_id: 2,
      class_package_id: 4,
      title: 'Paquete 10 Clases',
      status: 'completed',
      source: 'admin',
      total_payment: 1700,
      payment_method_id: 1,
      payment_method: 'Tarjeta',
      is_gift: false,
      bill: true,
      subscription_id: null,
      class_amount: 10,
      expiration_days: 90,
      revokedAt: null,
    });
    expect(response.body.available_classes).toEqual([
      expect.objectContaining({
        available_class_id: lotId,
        purchase_id: purchaseId,
        available_classes: 10,
        initial_classes: 10,
        unlimited: false,
        expiration_date: '2027-02-21T05:59:59.999Z',
        expiration_day: '2027-02-20',
        class_type_id: null,
        is_online: false,
        status: 'active',
        usable: true,
      }),
    ]);
    const ledger = await docs('credit_ledger');
    expect(ledger).toEqual([
      expect.objectContaining({
        customer_id: 2,
        uid: 'ana',
        available_class_id: lotId,
        purchase_id: purchaseId,
        kind: 'grant',
        delta: 10,
        balance_after: 10,
        unlimited: false,
        actor: { uid: 'valeria', role: 'admin' },
        reference: { type: 'purchase', id: purchaseId },
      }),
    ]);
    expect((await docs('purchases'))[0]).toMatchObject({ uid: 'ana', granted_by: 'valeria', createdAt: T0 });
    // The ids answered are the ids stored under: one purchase, one lot.
    expect((await env.store.doc(`purchases/${purchaseId}`).get()).data()).toMatchObject({ purchase_id: purchaseId, customer_id: 2 });
    expect((await env.store.doc(`available_classes/${lotId}`).get()).data()).toMatchObject({ available_class_id: lotId, purchase_id: purchaseId });
    expect(await customerDoc('ana')).toMatchObject({ has_unlimited: false, unlimited_membership_expiration: null });
  });

  it('charges the sale price when there is one, and nothing for a gift', async () => {
    expect((await grant(env, { customer_id: 2, class_package_id: 3 })).purchase.total_payment).toBe(890);
    const gift = await grant(env, { customer_id: 2, class_package_id: 4, is_gift: true, payment_method_id: null });
    expect(gift.purchase).toMatchObject({ total_payment: 0, is_gift: true, payment_method_id: null, payment_method: null });
    const giftWithMethod = await grant(env, { customer_id: 2, class_package_id: 4, is_gift: true, payment_method_id: 2 });
    expect(giftWithMethod.purchase).toMatchObject({ total_payment: 0, payment_method: 'Efectivo' });
  });

  it('grants unlimited classes and derives the customer membership from the lot', async () => {
    const body = await grant(env, { customer_id: 3, class_package_id: 5, payment_method_id: 2 });
    expect(body.available_classes).toEqual([expect.objectContaining({ available_classes: -1, unlimited: true, expiration_date: '2026-12-23T05:59:59.999Z' })]);
    expect(body.purchase).toMatchObject({
      status: 'completed',
      subscription_id: null,
      subscription_period: null,
      subscription_interval: null,
      class_package: expect.objectContaining({ is_subscription: true, subscription_period: 'month' }),
    });
    expect(await customerDoc('diego')).toMatchObject({ has_unlimited: true, unlimited_membership_expiration: new Date('2026-12-23T05:59:59.999Z') });
    expect(await docs('credit_ledger')).toEqual([expect.objectContaining({ kind: 'grant', delta: 0, balance_after: -1, unlimited: true })]);
  });

  it('grants general credits plus one lot per class type, each with its own expiry', async () => {
    const body = await grant(env, { customer_id: 2, class_package_id: 10 });
    expect(body.available_classes.map((lot) => [lot.available_classes, lot.class_type_id, lot.class_types, lot.expiration_day])).toEqual([
      [2, null, [], '2026-12-22'],
      [4, 1, [1], '2027-01-06'],
      [-1, 2, [2], '2026-12-22'],
    ]);
    // Unlimited yoga only is not an unlimited membership.
    expect(await customerDoc('ana')).toMatchObject({ has_unlimited: false });
    expect((await docs('credit_ledger')).map((e) => e.delta as number).sort((a, b) => a - b)).toEqual([0, 2, 4]);
  });

  it('grants an online package as one online membership lot', async () => {
    const body = await grant(env, { customer_id: 3, class_package_id: 8 });
    expect(body.available_classes).toEqual([
      expect.objectContaining({ is_online: true, available_classes: -1, class_type_id: null, expiration_day: '2026-12-22' }),
    ]);
    expect(await customerDoc('diego')).toMatchObject({ has_unlimited: false });
  });

  it('lets package_days override every expiry (0 = the end of today), and keeps packages without expiry open', async () => {
    const body = await grant(env, { customer_id: 2, class_package_id: 10, package_days: 0 });
    expect(body.available_classes.map((lot) => lot.expiration_date)).toEqual([
      '2026-11-23T05:59:59.999Z',
      '2026-11-23T05:59:59.999Z',
      '2026-11-23T05:59:59.999Z',
    ]);
    expect(body.purchase.expiration_days).toBe(0);
    const open = await grant(env, { customer_id: 2, class_package_id: 12 });
    expect(open.available_classes).toEqual([expect.objectContaining({ expiration_date: null, expiration_day: null, available_classes: 3 })]);
  });

  it('counts days in the studio zone from config', async () => {
    await setZone('Asia/Tokyo');
    const body = await grant(env, { customer_id: 2, class_package_id: 4, package_days: 1 });
    expect(body.available_classes[0]).toMatchObject({ expiration_date: '2026-11-24T14:59:59.999Z', expiration_day: '2026-11-24' });
    await setZone('Not/AZone');
    const fallback = await grant(env, { customer_id: 2, class_package_id: 4, package_days: 1 });
    expect(fallback.available_classes[0]).toMatchObject({ expiration_date: '2026-11-24T05:59:59.999Z' });
  });

  it('records a package that grants no classes (an enrollment fee) as a purchase without lots', async () => {
    const body = await grant(env, { customer_id: 2, class_package_id: 11 });
    expect(body.purchase.total_payment).toBe(500);
    expect(body.available_classes).toEqual([]);
    expect(await docs('credit_ledger')).toEqual([]);
  });

  it('gives purchases and lots unique claimed ids above the old counters, never writing the counters, also under concurrency', async () => {
    // Ids up to the old counters' values were handed out before the claims: they must never come back.
    await env.store.doc('counters/purchases').set({ value: 100 });
    await env.store.doc('counters/available_classes').set({ value: 100 });
    const counterBefore = async (name: string) => (await env.store.doc(`counters/${name}`).get()).data();
    const purchasesCounter = await counterBefore('purchases');
    const lotsCounter = await counterBefore('available_classes');
    const bodies = await Promise.all(Array.from({ length: 8 }, (_, i) => grant(env, { customer_id: 2 + (i % 3), class_package_id: i % 2 === 0 ? 10 : 4 })));
    const purchaseDocs = (await env.store.collection('purchases').get()).docs;
    const lotDocs = (await env.store.collection('available_classes').get()).docs;
    const purchases = purchaseDocs.map((d) => d.get('purchase_id') as number).sort((a, b) => a - b);
    const lots = lotDocs.map((d) => d.get('available_class_id') as number).sort((a, b) => a - b);
    // Every record is stored under its own id, and the ids answered are the ids stored.
    expect(purchaseDocs.every((d) => d.id === String(d.get('purchase_id')))).toBe(true);
    expect(lotDocs.every((d) => d.id === String(d.get('available_class_id')))).toBe(true);
    expect(bodies.map((b) => b.purchase.purchase_id).sort((a, b) => a - b)).toEqual(purchases);
    expect(bodies.flatMap((b) => b.available_classes.map((l) => l.available_class_id)).sort((a, b) => a - b)).toEqual(lots);
    // 8 purchases, 16 lots (4 × 3 for the per-type package, 4 × 1), all unique integers above the old counters.
    expect(purchases).toHaveLength(8);
    expect(new Set(purchases).size).toBe(8);
    expect(lots).toHaveLength(16);
    expect(new Set(lots).size).toBe(16);
    for (const id of [...purchases, ...lots]) expect(Number.isInteger(id) && id > 100).toBe(true);
    // Each lot belongs to one of the purchases.
    expect(lotDocs.every((d) => purchases.includes(d.get('purchase_id') as number))).toBe(true);
    // Each id has its claim document, and there are no claims beyond them.
    for (const id of purchases) expect((await env.store.doc(`counters/purchases/ids/${id}`).get()).exists).toBe(true);
    for (const id of lots) expect((await env.store.doc(`counters/available_classes/ids/${id}`).get()).exists).toBe(true);
    expect((await env.store.collection('counters/purchases/ids').get()).size).toBe(8);
    expect((await env.store.collection('counters/available_classes/ids').get()).size).toBe(16);
    // The counters themselves are not written by the creators.
    expect(await counterBefore('purchases')).toEqual(purchasesCounter);
    expect(await counterBefore('available_classes')).toEqual(lotsCounter);
    expect(purchasesCounter).toEqual({ value: 100 });
    expect(lotsCounter).toEqual({ value: 100 });
  });

  describe('refuses bad input in Spanish and writes nothing', () => {
    const cases: Array<[string, Record<string, unknown>, number, string, Record<string, string>?]> = [
      ['an empty body', {}, 400, 'Revisa los campos faltantes o inválidos'],
      [
        'a customer id sent as text',
        { customer_id: '2', class_package_id: 4, payment_method_id: 1 },
        400,
        'Revisa el campo: Cliente',
        { customer_id: 'Debe ser un número.' },
      ],
      [
        'a paid grant without payment method',
        { customer_id: 2, class_package_id: 4 },
        400,
        'Revisa el campo: Método de pago',
        { payment_method_id: 'No has seleccionado un método de pago.' },
      ],
      [
        'negative days',
        { customer_id: 2, class_package_id: 4, payment_method_id: 1, package_days: -1 },
        400,
        'Revisa el campo: Días de vigencia',
        { package_days: 'Debe ser un número entero entre 0 y 3650.' },
      ],
      [
        'fractional days',
        { customer_id: 2, class_package_id: 4, payment_method_id: 1, package_days: 1.5 },
        400,
        'Revisa el campo: Días de vigencia',
        { package_days: 'Debe ser un número entero.' },
      ],
      [
        'an unknown field',
        { customer_id: 2, class_package_id: 4, payment_method_id: 1, has_unlimited: true },
        400,
        'El campo has_unlimited no está permitido.',
      ],
      ['an unknown customer', { customer_id: 99, class_package_id: 4, payment_method_id: 1 }, 404, 'No encontramos al cliente.'],
      ['an unknown package', { customer_id: 2, class_package_id: 99, payment_method_id: 1 }, 404, 'No encontramos el paquete.'],
      ['an unknown payment method', { customer_id: 2, class_package_id: 4, payment_method_id: 99 }, 404, 'No encontramos el método de pago.'],
      ['an archived payment method', { customer_id: 2, class_package_id: 4, payment_method_id: 3 }, 404, 'No encontramos el método de pago.'],
    ];
    for (const [name, body, status, message, fields] of cases) {
      it(name, async () => {
        await grant(env, { customer_id: 3, class_package_id: 5 });
        const before = await snapshotOf(env.store);
        const response = await http(env).post('/api/customer/giveAccess').set('authorization', adminToken).send(body);
        expect(response.status).toBe(status);
        expect(response.body.error.message.startsWith(message.replace(/: .*$/, ''))).toBe(true);
        if (!message.startsWith('Revisa el campo')) expect(response.body.error.message).toBe(message);
        if (fields) expect(response.body.error.fields).toEqual(fields);
        expect(await snapshotOf(env.store)).toEqual(before);
      });
    }
  });

  it('is for admins only', async () => {
    const response = await http(env)
      .post('/api/customer/giveAccess')
      .set('authorization', tokenOf('ana'))
      .send({ customer_id: 2, class_package_id: 4, payment_method_id: 1 });
    expect(response.status).toBe(403);
    expect(await docs('purchases')).toEqual([]);
  });
});

describe('PUT /api/customer/revokeAccess', () => {
  it('revokes the purchase and writes off what each lot had left', async () => {
    const { purchase } = await grant(env, { customer_id: 2, class_package_id: 10 });
    await http(env).put('/api/customer/removeClasses').set('authorization', adminToken).send({ customer_id: 2, amount: 1 }).expect(200);
    env.clock.now = new Date(T0.getTime() + 60_000);
    const response = await http(env).put('/api/customer/revokeAccess').set('authorization', adminToken).send({ purchase_id: purchase.purchase_id });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('¡Acceso eliminado!');
    expect(response.body.purchase).toMatchObject({ status: 'revoked', revokedAt: '2026-11-22T18:01:00.000Z' });
    const lots = await docs('available_classes');
    expect(lots.map((l) => [l.status, l.available_classes])).toEqual([
      ['revoked', 0],
      ['revoked', 0],
      ['revoked', -1],
    ]);
    const revokes = (await docs('credit_ledger')).filter((e) => e.kind === 'revoke');
    expect(revokes.map((e) => e.delta as number).sort((a, b) => a - b)).toEqual([-4, -1, 0]);
  });

  it('answers a second revoke with 409 and writes nothing', async () => {
    const { purchase } = await grant(env, { customer_id: 2, class_package_id: 4 });
    await http(env).put('/api/customer/revokeAccess').set('authorization', adminToken).send({ purchase_id: purchase.purchase_id }).expect(200);
    const before = await snapshotOf(env.store);
    const again = await http(env).put('/api/customer/revokeAccess').set('authorization', adminToken).send({ purchase_id: purchase.purchase_id });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'access/already-revoked', message: 'Este acceso ya fue eliminado.' });
    expect(await snapshotOf(env.store)).toEqual(before);
  });

  it('keeps has_unlimited derived: another unlimited grant still counts, the last revoke clears it', async () => {
    const first = await grant(env, { customer_id: 3, class_package_id: 5, package_days: 60 });
    const second = await grant(env, { customer_id: 3, class_package_id: 5 });
    expect(await customerDoc('diego')).toMatchObject({ has_unlimited: true, unlimited_membership_expiration: new Date('2027-01-22T05:59:59.999Z') });
    await http(env).put('/api/customer/revokeAccess').set('authorization', adminToken).send({ purchase_id: first.purchase.purchase_id }).expect(200);
    expect(await customerDoc('diego')).toMatchObject({ has_unlimited: true, unlimited_membership_expiration: new Date('2026-12-23T05:59:59.999Z') });
    await http(env).put('/api/customer/revokeAccess').set('authorization', adminToken).send({ purchase_id: second.purchase.purchase_id }).expect(200);
    expect(await customerDoc('diego')).toMatchObject({ has_unlimited: false, unlimited_membership_expiration: null });
  });

  it('refuses unknown purchases and bad ids without writing', async () => {
    await grant(env, { customer_id: 2, class_package_id: 4 });
    const before = await snapshotOf(env.store);
    const missing = await http(env).put('/api/customer/revokeAccess').set('authorization', adminToken).send({ purchase_id: 99 });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('No encontramos la compra.');
    const bad = await http(env).put('/api/customer/revokeAccess').set('authorization', adminToken).send({ purchase_id: 'uno' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ purchase_id: 'Debe ser un número.' });
    expect(await snapshotOf(env.store)).toEqual(before);
  });
});

describe('PUT /api/customer/removeClasses', () => {
  const remove = (amount: number, customer_id = 2) =>
    http(env).put('/api/customer/removeClasses').set('authorization', adminToken).send({ customer_id, amount });
  const lotCounts = async () => Object.fromEntries((await docs('available_classes')).map((l) => [l.available_class_id, l.available_classes]));
  /** Grants through the API and answers the new lots' ids, in the order the grant lists them. */
  const lotIdsOf = async (body: Record<string, unknown>) => (await grant(env, body)).available_classes.map((l) => l.available_class_id);

  it('takes credits from the earliest-expiring lots first, across lots', async () => {
    const lot1 = await lotIdsOf({ customer_id: 2, class_package_id: 4 }); // lot 1: 10, 90 days
    const lot2 = await lotIdsOf({ customer_id: 2, class_package_id: 3, package_days: 10 }); // lot 2: 5, 10 days
    const lot3 = await lotIdsOf({ customer_id: 2, class_package_id: 12 }); // lot 3: 3, no expiry
    const [lot4, lot5, lot6] = await lotIdsOf({ customer_id: 2, class_package_id: 10 }); // lots 4 (2, 30 d), 5 (4 cycling, 45 d), 6 (unlimited yoga)
    const lot7 = await lotIdsOf({ customer_id: 2, class_package_id: 8 }); // lot 7: online
    const ids = [lot1[0], lot2[0], lot3[0], lot4, lot5, lot6, lot7[0]];
    expect(new Set(ids).size).toBe(7);
    const response = await remove(9);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: '¡Clases Restadas!', removed: 9, available: 15 });
    // 5 from lot 2 (10 d), 2 from lot 4 (30 d), 2 from lot 5 (45 d); lot 1 (90 d) and lot 3 (none) untouched.
    expect(await lotCounts()).toEqual({
      [lot1[0] as number]: 10,
      [lot2[0] as number]: 0,
      [lot3[0] as number]: 3,
      [lot4 as number]: 0,
      [lot5 as number]: 2,
      [lot6 as number]: -1,
      [lot7[0] as number]: -1,
    });
    const removals = (await docs('credit_ledger')).filter((e) => e.kind === 'remove');
    const byLot = (a: unknown[], b: unknown[]) => (a[0] as number) - (b[0] as number);
    expect(removals.map((e) => [e.available_class_id, e.delta, e.balance_after]).sort(byLot)).toEqual(
      [
        [lot2[0], -5, 0],
        [lot4, -2, 0],
        [lot5, -2, 2],
      ].sort(byLot),
    );
    expect(removals.every((e) => (e.actor as Doc).uid === 'valeria')).toBe(true);
  });

  it('skips expired and revoked lots', async () => {
    const [lot1] = await lotIdsOf({ customer_id: 2, class_package_id: 4, package_days: 1 }); // lot 1
    const revoked = await grant(env, { customer_id: 2, class_package_id: 3 }); // lot 2
    const lot2 = revoked.available_classes[0]?.available_class_id;
    const [lot3] = await lotIdsOf({ customer_id: 2, class_package_id: 12 }); // lot 3
    expect(new Set([lot1, lot2, lot3]).size).toBe(3);
    await http(env).put('/api/customer/revokeAccess').set('authorization', adminToken).send({ purchase_id: revoked.purchase.purchase_id }).expect(200);
    env.clock.now = new Date('2026-11-24T06:00:00Z'); // lot 1 ended at 05:59:59.999Z
    const response = await remove(4);
    expect(response.status).toBe(412);
    expect(response.body.error.message).toBe('No se pueden restar 4: el cliente solo tiene 3 clases disponibles.');
    expect((await remove(3)).status).toBe(200);
    expect(await lotCounts()).toEqual({ [lot1 as number]: 10, [lot2 as number]: 0, [lot3 as number]: 0 });
  });

  it('refuses more than the customer has, says how many, and writes nothing', async () => {
    await grant(env, { customer_id: 2, class_package_id: 12 });
    await remove(2).expect(200);
    const before = await snapshotOf(env.store);
    const one = await remove(2);
    expect(one.status).toBe(412);
    expect(one.body.error.message).toBe('No se pueden restar 2: el cliente solo tiene 1 clase disponible.');
    await grant(env, { customer_id: 3, class_package_id: 5 });
    const unlimitedOnly = await remove(1, 3);
    expect(unlimitedOnly.body.error.message).toBe('No se pueden restar 1: el cliente solo tiene 0 clases disponibles.');
    const after = await snapshotOf(env.store, ['credit_ledger']);
    expect((after.credit_ledger as unknown[]).length).toBe((before.credit_ledger as unknown[]).length + 1);
  });

  it('validates amount and customer in Spanish without writing', async () => {
    await grant(env, { customer_id: 2, class_package_id: 4 });
    const before = await snapshotOf(env.store);
    const zero = await remove(0);
    expect(zero.status).toBe(400);
    expect(zero.body.error.fields).toEqual({ amount: 'Debe ser un número entero entre 1 y 1000.' });
    expect(zero.body.error.message).toMatch(/^Revisa el campo: /);
    expect((await remove(99, 99)).body.error.message).toBe('No encontramos al cliente.');
    expect((await http(env).put('/api/customer/removeClasses').set('authorization', adminToken).send({ customer_id: 2, amount: '1' })).status).toBe(400);
    expect(await snapshotOf(env.store)).toEqual(before);
  });
});
