import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { getLot, listLedgerOfCustomer } from '../../../src/data/repos/credits-repo';
import { revokeLot } from '../../../src/services/credits/ledger';
import { cancelClass, RESERVATIONS_PER_TRANSACTION } from '../../../src/services/schedule/cancel-class';
import { createClass } from '../../../src/services/schedule/create-class';
import { getClass } from '../../../src/services/schedule/get-class';
import { classCancelled } from '../../../src/services/schedule/on-class-cancelled';
import { type TestEnv, testEnv } from '../support';
import { ADMIN_UID, book, giveLot, ledgerMismatches, seedScheduleCatalogue, yogaClass } from './schedule-fixtures';

let env: TestEnv;
beforeEach(async () => {
  env = testEnv();
  await seedScheduleCatalogue(env.store);
});
afterEach(async () => {
  await env.cleanup();
});

const customers = {
  ana: { customerId: 2, uid: 'ana' },
  diego: { customerId: 3, uid: 'diego' },
  eva: { customerId: 4, uid: 'eva' },
  fer: { customerId: 5, uid: 'fer' },
  gus: { customerId: 6, uid: 'gus' },
};

const docs = async (collection: string) =>
  (await env.store.collection(collection).get()).docs.map((d) => ({ id: d.id, ...d.data() }) as Record<string, unknown> & { id: string });
const reservation = async (id: number) => (await env.store.doc(`class_reservations/${id}`).get()).data();

/**
 * Class 1 (yoga, 1 Dec 2026 07:00 Mexico City) with six active reservations:
 * Ana ×2 on a 5-credit lot, Diego on an unlimited lot, Eva on a lot that
 * expires before the cancellation, Fer on a lot revoked since, Gus in cash;
 * plus one Ana cancelled herself earlier and one on another class.
 */
async function bookedClass() {
  await createClass(env.deps, yogaClass());
  await createClass(env.deps, yogaClass({ date: '2026-12-02' }));
  await env.store.doc('counters/available_classes').set({ value: 200 });
  await giveLot(env.deps, { id: 101, ...customers.ana, credits: 5 });
  await giveLot(env.deps, { id: 102, ...customers.diego, credits: -1 });
  await giveLot(env.deps, { id: 103, ...customers.eva, credits: 2, expiration: new Date('2026-11-25T06:00:00Z') });
  await giveLot(env.deps, { id: 104, ...customers.fer, credits: 3 });
  await book(env.deps, { reservationId: 1, classId: 1, ...customers.ana, lotId: 101, spot: null });
  await book(env.deps, { reservationId: 2, classId: 1, ...customers.ana, lotId: 101, guest: 'Sofía' });
  await book(env.deps, { reservationId: 3, classId: 1, ...customers.diego, lotId: 102 });
  await book(env.deps, { reservationId: 4, classId: 1, ...customers.eva, lotId: 103 });
  await book(env.deps, { reservationId: 5, classId: 1, ...customers.fer, lotId: 104 });
  await book(env.deps, { reservationId: 6, classId: 1, ...customers.gus, lotId: null });
  await book(env.deps, { reservationId: 7, classId: 1, ...customers.ana, lotId: 101 });
  await book(env.deps, { reservationId: 8, classId: 2, ...customers.ana, lotId: 101 });
  // Ana cancelled reservation 7 herself (the booking flow's job): it must stay as it is.
  await env.store.doc('class_reservations/7').update({ deletedAt: new Date('2026-11-23T10:00:00Z'), cancel_reason: 'customer' });
  await env.store.doc('class_counts/1').update({ booked: 6 });
  await env.deps.store.runTransaction(async (tx) => {
    const lot = await getLot(env.store, 104, tx);
    revokeLot(env.deps, tx, lot!, { actor: { uid: ADMIN_UID, role: 'admin' }, reason: 'Reembolso' });
  });
  env.clock.now = new Date('2026-11-28T18:00:00Z');
}

describe('cancelling a class', () => {
  it('cancels every active reservation, returns each credit once through the ledger and notifies each customer once', async () => {
    await bookedClass();
    const reservation7 = await reservation(7);
    const result = await cancelClass(env.deps, ADMIN_UID, 1, { reason: 'La coach está enferma' });
    expect(result.cancellation).toEqual({
      reservations_cancelled: 6,
      credits_returned: 2,
      credits_replaced: 1,
      unlimited: 1,
      not_refunded: 2,
      customers_notified: 5,
    });
    expect(result.single_class).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'La coach está enferma',
      booked: 0,
      spots_left: 0,
      cancelledAt: '2026-11-28T18:00:00.000Z',
    });
    expect((await env.store.doc('single_classes/1').get()).data()).toMatchObject({ status: 'cancelled', cancelled_by: ADMIN_UID });
    expect((await env.store.doc('class_counts/1').get()).get('booked')).toBe(0);

    // Ana: both credits back on the lot that paid (5 − 4 booked + 2), one 'class-cancelled' entry each.
    expect((await getLot(env.store, 101))?.available_classes).toBe(3);
    const anaLedger = await listLedgerOfCustomer(env.store, 2);
    const anaRefunds = anaLedger.filter((e) => e.kind === 'class-cancelled');
    expect(anaRefunds).toHaveLength(2);
    expect(anaRefunds[0]).toMatchObject({
      available_class_id: 101,
      delta: 1,
      actor: { uid: ADMIN_UID, role: 'admin' },
      reason: 'La coach está enferma',
      reference: { type: 'single_class', id: 1 },
    });
    expect(await reservation(1)).toMatchObject({
      deletedAt: new Date('2026-11-28T18:00:00Z'),
      cancel_reason: 'class-cancelled',
      refund: { kind: 'credit-returned', available_class_id: 101, note: null },
    });
    expect(await reservation(7)).toEqual(reservation7);
    expect(await reservation(8)).toMatchObject({ deletedAt: null, refund: null });

    // Diego: unlimited, so only the ledger records it.
    expect((await getLot(env.store, 102))?.available_classes).toBe(-1);
    expect((await listLedgerOfCustomer(env.store, 3)).filter((e) => e.kind === 'class-cancelled')).toMatchObject([
      { delta: 0, unlimited: true, balance_after: -1 },
    ]);
    expect(await reservation(3)).toMatchObject({ refund: { kind: 'unlimited', available_class_id: 102 } });

    // Eva: her lot had expired; the credit comes back on a new lot, valid to the end of the 14th studio day.
    expect((await getLot(env.store, 103))?.available_classes).toBe(1);
    // The replacement is Eva's one new lot: the lot her 'class-cancelled' entry for class 1 credits.
    const evaLots = (await env.store.collection('available_classes').where('customer_id', '==', 4).get()).docs.map((d) => Number(d.id));
    const evaRefunds = (await listLedgerOfCustomer(env.store, 4)).filter((e) => e.kind === 'class-cancelled');
    expect(evaRefunds).toMatchObject([{ delta: 1, reference: { type: 'single_class', id: 1 } }]);
    const replacementId = evaRefunds[0]?.available_class_id as number;
    expect(evaLots.sort((a, b) => a - b)).toEqual([103, replacementId].sort((a, b) => a - b));
    // A claimed id above the old counter, which the cancellation leaves alone.
    expect(Number.isInteger(replacementId) && replacementId > 200).toBe(true);
    expect((await env.store.doc(`counters/available_classes/ids/${replacementId}`).get()).exists).toBe(true);
    const replacement = await getLot(env.store, replacementId);
    expect(replacement).toMatchObject({
      available_class_id: replacementId,
      customer_id: 4,
      uid: 'eva',
      available_classes: 1,
      initial_classes: 1,
      status: 'active',
      expiration_date: new Date('2026-12-13T05:59:59.999Z'),
    });
    expect(await reservation(4)).toMatchObject({ refund: { kind: 'credit-replaced', available_class_id: replacementId } });
    expect((await env.store.doc('counters/available_classes').get()).get('value')).toBe(200);

    // Fer's lot was revoked and Gus paid cash: nothing to return, the reservation says why.
    expect(await getLot(env.store, 104)).toMatchObject({ status: 'revoked', available_classes: 0 });
    expect(await reservation(5)).toMatchObject({
      cancel_reason: 'class-cancelled',
      refund: { kind: 'not-refunded', available_class_id: 104, note: 'lot-revoked' },
    });
    expect(await reservation(6)).toMatchObject({ cancel_reason: 'class-cancelled', refund: { kind: 'not-refunded', available_class_id: null, note: 'cash' } });

    for (const c of Object.values(customers)) expect(await ledgerMismatches(env.store, c.customerId)).toEqual([]);

    const notifications = await docs('notifications');
    expect(notifications.map((n) => n.id).sort()).toEqual([
      'class-cancelled-1-2',
      'class-cancelled-1-3',
      'class-cancelled-1-4',
      'class-cancelled-1-5',
      'class-cancelled-1-6',
    ]);
    const byCustomer = new Map(notifications.map((n) => [n.customer_id, n]));
    const intro = 'Tu clase de Yoga Vinyasa del martes 1 de diciembre a las 07:00 en Latido Roma fue cancelada. Motivo: La coach está enferma.';
    expect(byCustomer.get(2)).toMatchObject({
      uid: 'ana',
      type: 'class-cancelled',
      title: 'Clase cancelada',
      read: false,
      createdAt: new Date('2026-11-28T18:00:00Z'),
      reference: { type: 'single_class', id: 1 },
    });
    expect(byCustomer.get(2)?.body).toBe(`${intro} Ya regresamos a tu cuenta los 2 créditos con los que reservaste.`);
    expect(byCustomer.get(3)?.body).toBe(`${intro} Tu membresía ilimitada sigue activa para que reserves otra clase.`);
    expect(byCustomer.get(4)?.body).toBe(
      `${intro} Ya regresamos a tu cuenta el crédito con el que reservaste. Como tu paquete ya había vencido, lo que te regresamos vence el 12 de diciembre de 2026.`,
    );
    expect(byCustomer.get(5)?.body).toBe(`${intro} Comunícate con el estudio para aclarar lo que pagaste por esta clase.`);
    expect(byCustomer.get(6)?.body).toBe(byCustomer.get(5)?.body);
  });

  it('does nothing more when run again, and shows the class as cancelled with no taken spots', async () => {
    await bookedClass();
    await cancelClass(env.deps, ADMIN_UID, 1, { reason: 'Primera' });
    await env.store.doc('notifications/class-cancelled-1-2').update({ read: true });
    const before = {
      lots: await docs('available_classes'),
      ledger: await docs('credit_ledger'),
      notifications: await docs('notifications'),
      reservations: await docs('class_reservations'),
      cls: await docs('single_classes'),
    };
    env.clock.now = new Date('2026-11-29T18:00:00Z');
    const again = await cancelClass(env.deps, ADMIN_UID, 1, { reason: 'Segunda' });
    expect(again.cancellation).toEqual({
      reservations_cancelled: 0,
      credits_returned: 0,
      credits_replaced: 0,
      unlimited: 0,
      not_refunded: 0,
      customers_notified: 0,
    });
    expect(again.single_class.cancel_reason).toBe('Primera');
    expect({
      lots: await docs('available_classes'),
      ledger: await docs('credit_ledger'),
      notifications: await docs('notifications'),
      reservations: await docs('class_reservations'),
      cls: await docs('single_classes'),
    }).toEqual(before);
    const shown = await getClass(env.deps, 1);
    expect(shown).toMatchObject({ status: 'cancelled', spots_left: 0, class_reservations: [] });
  });

  it('refunds exactly once when cancelled several times at the same moment', async () => {
    await bookedClass();
    const results = await Promise.all([1, 2, 3, 4].map(() => cancelClass(env.deps, ADMIN_UID, 1, {})));
    const total = results.reduce((sum, r) => sum + r.cancellation.reservations_cancelled, 0);
    const credits = results.reduce((sum, r) => sum + r.cancellation.credits_returned, 0);
    expect(total).toBe(6);
    expect(credits).toBe(2);
    expect((await getLot(env.store, 101))?.available_classes).toBe(3);
    expect((await docs('credit_ledger')).filter((e) => e.kind === 'class-cancelled')).toHaveLength(4);
    expect(await docs('notifications')).toHaveLength(5);
    expect(await docs('available_classes')).toHaveLength(5);
    for (const c of Object.values(customers)) expect(await ledgerMismatches(env.store, c.customerId)).toEqual([]);
  });

  it('finishes the job when a previous run stopped after marking the class cancelled', async () => {
    await bookedClass();
    await env.store
      .doc('single_classes/1')
      .update({ status: 'cancelled', cancelledAt: new Date('2026-11-28T17:00:00Z'), cancel_reason: 'Lluvia', cancelled_by: ADMIN_UID });
    const result = await cancelClass(env.deps, ADMIN_UID, 1, {});
    expect(result.cancellation.reservations_cancelled).toBe(6);
    expect(result.single_class).toMatchObject({ cancel_reason: 'Lluvia', booked: 0, cancelledAt: '2026-11-28T17:00:00.000Z' });
  });

  it(`processes more reservations than fit in one transaction in chunks of whole customers (${RESERVATIONS_PER_TRANSACTION} per transaction)`, async () => {
    await createClass(env.deps, yogaClass({ capacity: 500 }));
    const people = Array.from({ length: 150 }, (_, i) => ({ customerId: 1000 + i, uid: `c${i}` }));
    let reservationId = 1;
    for (const [i, person] of people.entries()) {
      await giveLot(env.deps, { id: 1000 + i, ...person, credits: i % 3 === 0 ? 4 : -1 });
      const bookings = i < 50 ? 2 : 1;
      for (let b = 0; b < bookings; b++) await book(env.deps, { reservationId: reservationId++, classId: 1, ...person, lotId: 1000 + i });
    }
    expect((await env.store.doc('class_counts/1').get()).get('booked')).toBe(200);
    const results = await Promise.all([cancelClass(env.deps, ADMIN_UID, 1, { reason: 'Mantenimiento' }), cancelClass(env.deps, ADMIN_UID, 1, {})]);
    expect(results[0].cancellation.reservations_cancelled + results[1].cancellation.reservations_cancelled).toBe(200);
    expect(results[0].cancellation.customers_notified + results[1].cancellation.customers_notified).toBe(150);
    const reservations = await docs('class_reservations');
    expect(reservations.every((r) => r.deletedAt !== null && r.refund !== null)).toBe(true);
    expect((await env.store.doc('class_counts/1').get()).get('booked')).toBe(0);
    const notifications = await docs('notifications');
    expect(notifications).toHaveLength(150);
    for (const [i, person] of people.entries()) {
      const lot = await getLot(env.store, 1000 + i);
      expect(lot?.available_classes).toBe(i % 3 === 0 ? 4 : -1);
      expect(await ledgerMismatches(env.store, person.customerId)).toEqual([]);
      const body = notifications.find((n) => n.customer_id === person.customerId)?.body as string;
      if (i % 3 === 0) expect(body).toContain(i < 50 ? 'los 2 créditos' : 'el crédito con el que');
    }
  });
});

describe('a cancellation that died half way', () => {
  /** 170 reservations (two chunks and a bit), one customer each, each on its own 3-credit lot. */
  async function fullClass() {
    await createClass(env.deps, yogaClass({ capacity: 200 }));
    for (let i = 0; i < 170; i++) {
      const person = { customerId: 1000 + i, uid: `c${i}` };
      await giveLot(env.deps, { id: 1000 + i, ...person, credits: 3 });
      await book(env.deps, { reservationId: i + 1, classId: 1, ...person, lotId: 1000 + i });
    }
  }
  /** The API process killed after `commits` transactions: the next one never runs. */
  function killAfter(commits: number) {
    const real = env.deps.store.runTransaction.bind(env.deps.store);
    let left = commits;
    const store = Object.create(env.deps.store) as typeof env.deps.store;
    store.runTransaction = ((fn: Parameters<typeof real>[0]) => {
      if (left-- <= 0) return Promise.reject(new Error('killed (SIGKILL)'));
      return real(fn);
    }) as typeof store.runTransaction;
    return { ...env.deps, store };
  }
  const classEvent = async (before: Record<string, unknown>) => {
    const after = await env.store.doc('single_classes/1').get();
    return { eventId: 'e1', params: { singleClassId: '1' }, before: { data: () => before } as never, after, time: new Date() } as never;
  };

  it('shows "N de M" in progress, and the trigger on the class finishes it: every reservation refunded exactly once, everyone told once', async () => {
    await fullClass();
    const before = (await env.store.doc('single_classes/1').get()).data() as Record<string, unknown>;
    // Marked cancelled, then the first chunk of 80, then killed.
    await expect(cancelClass(killAfter(2), ADMIN_UID, 1, { reason: 'Fuga de agua' })).rejects.toThrow('killed');
    const half = await docs('class_reservations');
    expect(half.filter((r) => r.deletedAt === null)).toHaveLength(170 - RESERVATIONS_PER_TRANSACTION);
    expect(await getClass(env.deps, 1)).toMatchObject({ status: 'cancelled', cancellation_progress: { done: RESERVATIONS_PER_TRANSACTION, total: 170 } });

    await classCancelled(env.deps, await classEvent(before));
    // The platform delivers the event again (at least once): nothing more happens.
    await classCancelled(env.deps, await classEvent(before));
    const reservations = await docs('class_reservations');
    expect(reservations.every((r) => r.deletedAt !== null && r.refund !== null)).toBe(true);
    for (let i = 0; i < 170; i++) expect((await getLot(env.store, 1000 + i))?.available_classes).toBe(3);
    expect((await docs('credit_ledger')).filter((e) => e.kind === 'class-cancelled')).toHaveLength(170);
    expect(await docs('notifications')).toHaveLength(170);
    expect(await getClass(env.deps, 1)).toMatchObject({ cancel_reason: 'Fuga de agua', cancellation_progress: { done: 170, total: 170 } });
    for (let i = 0; i < 170; i += 17) expect(await ledgerMismatches(env.store, 1000 + i)).toEqual([]);
  });

  it('cancelling again from the console finishes it too; the trigger ignores classes that were already cancelled or are not', async () => {
    await fullClass();
    await expect(cancelClass(killAfter(1), ADMIN_UID, 1, {})).rejects.toThrow('killed');
    expect(await getClass(env.deps, 1)).toMatchObject({ cancellation_progress: { done: 0, total: 170 } });
    const cancelled = (await env.store.doc('single_classes/1').get()).data() as Record<string, unknown>;
    // An edit of a class already cancelled is not a cancellation: the trigger leaves it to the console.
    await classCancelled(env.deps, await classEvent(cancelled));
    expect((await docs('class_reservations')).filter((r) => r.deletedAt === null)).toHaveLength(170);
    const again = await cancelClass(env.deps, ADMIN_UID, 1, {});
    expect(again.cancellation.reservations_cancelled).toBe(170);
    expect(again.single_class.cancellation_progress).toEqual({ done: 170, total: 170 });
  });
});

describe('POST /api/single_class/{id}/cancel', () => {
  it('answers the class and what was done; refuses bad input and other callers without writing', async () => {
    await bookedClass();
    const app = createApp(env.deps);
    const snapshot = async () => ({
      cls: await docs('single_classes'),
      reservations: await docs('class_reservations'),
      notifications: await docs('notifications'),
    });
    const before = await snapshot();
    expect((await request(app).post('/api/single_class/1/cancel').send({})).status).toBe(401);
    expect((await request(app).post('/api/single_class/1/cancel').set('authorization', 'Bearer uid:ana').send({})).status).toBe(403);
    const badReason = await request(app).post('/api/single_class/1/cancel').set('authorization', `Bearer admin:${ADMIN_UID}`).send({ reason: 5 });
    expect(badReason.status).toBe(400);
    expect(badReason.body.error).toMatchObject({ code: 'invalid-argument', fields: { reason: 'Debe ser texto.' } });
    expect(badReason.body.error.message).toMatch(/^Revisa el campo: /);
    const badId = await request(app).post('/api/single_class/uno/cancel').set('authorization', `Bearer admin:${ADMIN_UID}`).send({});
    expect(badId.status).toBe(400);
    const missing = await request(app).post('/api/single_class/99/cancel').set('authorization', `Bearer admin:${ADMIN_UID}`).send({});
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('No encontramos la clase.');
    expect(await snapshot()).toEqual(before);

    const ok = await request(app).post('/api/single_class/1/cancel').set('authorization', `Bearer admin:${ADMIN_UID}`).send({ reason: 'Sin luz' });
    expect(ok.status).toBe(200);
    expect(ok.body.single_class).toMatchObject({ single_class_id: 1, status: 'cancelled', cancel_reason: 'Sin luz' });
    expect(ok.body.cancellation.reservations_cancelled).toBe(6);
  });
});
