import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { type AvailableClassDoc, getLot, listLedgerOfCustomer } from '../../../src/data/repos/credits-repo';
import type { LocalDocumentStore } from '../../../src/data/store/local/local-store';
import { reservationChanged } from '../../../src/services/booking/count-booked';
import { lotCovers, lotEndingBefore, reservationStatus } from '../../../src/services/booking/rules';
import { endOfStudioDay } from '../../../src/services/credits/expiry';
import { cancelClass } from '../../../src/services/schedule/cancel-class';
import { createClass } from '../../../src/services/schedule/create-class';
import { getClass } from '../../../src/services/schedule/get-class';
import { updateClass } from '../../../src/services/schedule/update-class';
import { ADMIN_UID, giveLot, ledgerMismatches, yogaClass } from '../schedule/schedule-fixtures';
import { type TestEnv, testEnv } from '../support';
import { addCustomers, deleteReservation, postReservation, seedBookingStudio, setConfig } from './booking-fixtures';

let env: TestEnv;
let app: ReturnType<typeof createApp>;
const ana = { customerId: 2, uid: 'ana' };
const beto = { customerId: 3, uid: 'beto' };
/** Class 1: yoga, no spot map, 1 Dec 2026 07:00 in Mexico City (13:00Z). */
const YOGA_START = new Date('2026-12-01T13:00:00Z');

beforeEach(async () => {
  env = testEnv();
  app = createApp(env.deps);
  await seedBookingStudio(env, [ana, beto], { cycling: true });
});
afterEach(async () => {
  await env.cleanup();
});

const bookAs = (uid: string, body: Record<string, unknown>) => postReservation(app, uid, body);
const cancelAs = (uid: string, id: number) => deleteReservation(app, uid, id);
const listAs = (uid: string, query = '') => request(app).get(`/api/class_reservations${query}`).set('Authorization', `Bearer uid:${uid}`);
const at = (iso: string | Date) => {
  env.clock.now = new Date(iso);
};
const credits = async (lotId: number) => (await getLot(env.store, lotId))?.available_classes;

describe('booking a class', () => {
  it('books with the lot that expires first, writes a ledger entry and answers the reservation with its class', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 5, expiration: new Date('2026-12-20T06:00:00Z') });
    await giveLot(env.deps, { id: 102, ...ana, credits: 5, expiration: new Date('2026-12-10T06:00:00Z') });
    await giveLot(env.deps, { id: 103, ...ana, credits: 5, expiration: null });
    const res = await bookAs('ana', { single_class_id: 1 });
    expect(res.status).toBe(201);
    const r = res.body.class_reservation;
    expect(r).toMatchObject({ single_class_id: 1, customer_id: 2, available_class_id: 102, status: 'Próxima', deletedAt: null, guest: null });
    expect(r.class_reservation_id).toBeGreaterThan(1000);
    expect(r.spot).toBeGreaterThanOrEqual(1);
    expect(r.spot).toBeLessThanOrEqual(3);
    expect(r.single_class).toMatchObject({ single_class_id: 1, class_type: { name: 'Yoga Vinyasa' } });
    expect([await credits(101), await credits(102), await credits(103)]).toEqual([5, 4, 5]);
    const ledger = await listLedgerOfCustomer(env.store, 2);
    expect(ledger.filter((e) => e.kind === 'book')).toMatchObject([
      { available_class_id: 102, delta: -1, reference: { type: 'class_reservation', id: r.class_reservation_id } },
    ]);
    expect(await ledgerMismatches(env.store, 2)).toEqual([]);
  });

  it('answers the reservation with its access code (the QR), which the admin check-in accepts; a cancelled one has none', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    const r = (await bookAs('ana', { single_class_id: 1 })).body.class_reservation;
    expect(r.access_code).toMatch(new RegExp(`^R${r.class_reservation_id}-[0-9a-f]{6}$`));
    const listed = (await listAs('ana')).body.class_reservations[0];
    expect(listed.access_code).toBe(r.access_code);
    at(new Date(YOGA_START.getTime() - 30 * 60_000));
    const checkedIn = await request(app).post('/api/single_class/1/check_in').set('Authorization', `Bearer admin:${ADMIN_UID}`).send({ code: r.access_code });
    expect(checkedIn.status).toBe(200);
    expect(checkedIn.body.class_reservation.attend).toBe(true);
    at('2026-11-22T18:00:00Z');
    const other = (await bookAs('beto', { single_class_id: 1 })).body;
    expect(other.error?.code).toBe('booking/no-credits');
    await giveLot(env.deps, { id: 102, ...beto, credits: 1 });
    const b = (await bookAs('beto', { single_class_id: 1 })).body.class_reservation;
    expect((await cancelAs('beto', b.class_reservation_id)).body.class_reservation.access_code).toBeNull();
  });

  it('never writes the class document; booked follows through the recount (trigger)', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    const before = (await env.store.doc('single_classes/1').get()).updateTime;
    const res = await bookAs('ana', { single_class_id: 1 });
    expect((await env.store.doc('single_classes/1').get()).updateTime).toEqual(before);
    expect((await getClass(env.deps, 1)).booked).toBe(0);
    const after = await env.store.doc(`class_reservations/${res.body.class_reservation.class_reservation_id}`).get();
    await reservationChanged(env.deps, { eventId: 'e1', params: {}, before: null, after, time: new Date() });
    expect((await getClass(env.deps, 1)).booked).toBe(1);
    expect((await getClass(env.deps, 1)).spots_left).toBe(2);
  });

  it('a burst of recount deliveries is coalesced: the counts are written at most once per gap, and end right', async () => {
    const people = Array.from({ length: 3 }, (_, i) => ({ customerId: 20 + i, uid: `q${i}` }));
    await addCustomers(env.store, people);
    // A real clock for this one: the gap is measured between recounts.
    const deps = { store: env.store, now: () => new Date() };
    const bookAndEvent = async (i: number) => {
      await giveLot(env.deps, { id: 300 + i, ...(people[i] as { customerId: number; uid: string }), credits: 1 });
      const res = await bookAs(`q${i}`, { single_class_id: 1 });
      const after = await env.store.doc(`class_reservations/${res.body.class_reservation.class_reservation_id}`).get();
      return { eventId: `e${i}`, params: {}, before: null, after, time: new Date() };
    };
    await reservationChanged(deps, await bookAndEvent(0));
    expect((await getClass(env.deps, 1)).booked).toBe(1);
    // The next delivery finds a recount under a second old and waits; a booking lands meanwhile, and its own delivery waits too.
    const first = reservationChanged(deps, await bookAndEvent(1));
    const second = reservationChanged(deps, await bookAndEvent(2));
    await Promise.all([first, second]);
    expect((await getClass(env.deps, 1)).booked).toBe(3);
    // One write for both (without the gap: one each).
    const heat = await (env.store as LocalDocumentStore).meter.hottest({ pathPrefix: 'class_counts/', limit: 1 });
    expect(heat[0]?.writes).toBe(2);
  });

  it("a lot with allowed times pays only for classes starting inside them, in the studio's time", async () => {
    // Class 1 starts Tuesday 1 Dec 2026 at 07:00 in Mexico City (13:00Z; already Tuesday 22:00 in Tokyo).
    const offPeak = await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    await env.store.doc('available_classes/101').update({ allowed_times: [{ weekdays: [1, 2, 3, 4, 5], start: '10:00', end: '16:00' }] });
    const refused = await bookAs('ana', { single_class_id: 1 });
    expect(refused.status).toBe(412);
    expect(refused.body.error.code).toBe('booking/no-credits');
    await env.store.doc('available_classes/101').update({ allowed_times: [{ weekdays: [2], start: '06:00', end: '07:01' }] });
    const booked = await bookAs('ana', { single_class_id: 1 });
    expect(booked.status).toBe(201);
    expect(booked.body.class_reservation.available_class_id).toBe(offPeak.available_class_id);
    // Not on Wednesdays, and the end is exclusive.
    await env.store.doc('available_classes/101').update({
      allowed_times: [
        { weekdays: [3], start: '06:00', end: '08:00' },
        { weekdays: [2], start: '06:00', end: '07:00' },
      ],
    });
    expect((await bookAs('ana', { single_class_id: 2 })).body.error.code).toBe('booking/no-credits');
  });

  it('an admin gives a lot with allowed times; malformed windows are 400 in Spanish and nothing is granted', async () => {
    const post = (body: Record<string, unknown>) => request(app).post('/api/available_classes').set('Authorization', `Bearer admin:${ADMIN_UID}`).send(body);
    const bad = await post({ customer_id: 2, available_classes: 3, allowed_times: [{ weekdays: [8], start: '16:00', end: '10:00' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^Revisa|Indica/);
    expect((await env.store.collection('available_classes').get()).size).toBe(0);
    const ok = await post({ customer_id: 2, available_classes: 3, allowed_times: [{ weekdays: [2], start: '06:00', end: '08:00' }] });
    expect(ok.status).toBe(201);
    expect((await bookAs('ana', { single_class_id: 1 })).status).toBe(201);
  });

  it('refuses without a usable credit (412), an unknown class (404) and a cancelled class (409)', async () => {
    expect((await bookAs('ana', { single_class_id: 1 })).status).toBe(412);
    await giveLot(env.deps, { id: 101, ...ana, credits: 0 });
    const none = await bookAs('ana', { single_class_id: 1 });
    expect(none.status).toBe(412);
    expect(none.body.error.message).toBe('No tienes créditos disponibles para esta clase. Compra un paquete para reservar.');
    await giveLot(env.deps, { id: 102, ...ana, credits: 2 });
    expect((await bookAs('ana', { single_class_id: 99 })).status).toBe(404);
    await cancelClass(env.deps, ADMIN_UID, 1, {});
    const cancelled = await bookAs('ana', { single_class_id: 1 });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.error.message).toBe('Esta clase fue cancelada; ya no se puede reservar.');
    expect(await credits(102)).toBe(2);
  });

  it('books with an unlimited lot: the count stays -1 and the entry has delta 0', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: -1 });
    expect((await bookAs('ana', { single_class_id: 1 })).status).toBe(201);
    expect(await credits(101)).toBe(-1);
    const entries = (await listLedgerOfCustomer(env.store, 2)).filter((e) => e.kind === 'book');
    expect(entries).toMatchObject([{ delta: 0, unlimited: true }]);
  });

  it('a lot restricted to a class type pays only for that type', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 2 });
    await env.store.doc('available_classes/101').update({ class_type_id: 1 });
    expect((await bookAs('ana', { single_class_id: 1 })).status).toBe(412);
    const cycling = await bookAs('ana', { single_class_id: 2 });
    expect(cycling.status).toBe(201);
    expect(cycling.body.class_reservation.available_class_id).toBe(101);
  });

  it('a lot that expires at the end of a studio day (Mexico City) pays for a class until its last millisecond, not after (ADR 0065)', async () => {
    await env.store.doc('app_config/main').set({ values: { timezone: 'America/Mexico_City' } });
    const expiry = endOfStudioDay('2026-12-04', 'America/Mexico_City');
    expect(expiry.toISOString()).toBe('2026-12-05T05:59:59.999Z');
    // Class 3 on its last minute (Friday 4 Dec 23:59 = 05:59Z on the 5th), class 4 at the next day's first (Saturday 00:00 = 06:00Z).
    await createClass(env.deps, yogaClass({ date: '2026-12-04', start_time: '23:59' }));
    await createClass(env.deps, yogaClass({ date: '2026-12-05', start_time: '00:00' }));
    await giveLot(env.deps, { id: 101, ...ana, credits: 2, expiration: expiry });
    const lastMinute = await bookAs('ana', { single_class_id: 3 });
    expect(lastMinute.status).toBe(201);
    expect(lastMinute.body.class_reservation.available_class_id).toBe(101);
    const nextDay = await bookAs('ana', { single_class_id: 4 });
    expect(nextDay.status).toBe(412);
    expect(nextDay.body.error).toMatchObject({ code: 'booking/lot-ends-before-class', message: 'Tu paquete vence el 4 dic, antes de esta clase.' });
    expect(await credits(101)).toBe(1);
  });

  it('a lot ending the day before the class is refused with its end named; one ending that studio day books (the 7-day trial of issue 23)', async () => {
    // Class 3: Saturday 5 Dec 2026 07:00; class 4: Friday 4 Dec 20:00 (Mexico City).
    await createClass(env.deps, yogaClass({ date: '2026-12-05', start_time: '07:00' }));
    await createClass(env.deps, yogaClass({ date: '2026-12-04', start_time: '20:00' }));
    await giveLot(env.deps, { id: 101, ...ana, credits: 10, expiration: endOfStudioDay('2026-12-04', 'America/Mexico_City') });
    const refused = await bookAs('ana', { single_class_id: 3 });
    expect(refused.status).toBe(412);
    expect(refused.body.error).toMatchObject({ code: 'booking/lot-ends-before-class', message: 'Tu paquete vence el 4 dic, antes de esta clase.' });
    expect(await credits(101)).toBe(10);
    expect((await listLedgerOfCustomer(env.store, 2)).filter((e) => e.kind === 'book')).toEqual([]);
    expect((await bookAs('ana', { single_class_id: 4 })).status).toBe(201);
    // A lot that lasts is spent instead of one that ends first but before the class.
    await giveLot(env.deps, { id: 102, ...ana, credits: 1, expiration: endOfStudioDay('2026-12-30', 'America/Mexico_City') });
    const paid = await bookAs('ana', { single_class_id: 3 });
    expect(paid.status).toBe(201);
    expect(paid.body.class_reservation.available_class_id).toBe(102);
  });

  it('an unlimited membership ending tomorrow does not pay for classes after it; a lot that does not cover the class is still plain no-credits', async () => {
    // Now: 22 Nov 2026. The membership ends 23 Nov; class 1 is 1 Dec.
    await giveLot(env.deps, { id: 101, ...ana, credits: -1, expiration: endOfStudioDay('2026-11-23', 'America/Mexico_City') });
    const refused = await bookAs('ana', { single_class_id: 1 });
    expect(refused.status).toBe(412);
    expect(refused.body.error).toMatchObject({ code: 'booking/lot-ends-before-class', message: 'Tu paquete vence el 23 nov, antes de esta clase.' });
    // Beto's only lot is for another class type: nothing would pay, so the message is the plain one.
    await giveLot(env.deps, { id: 102, ...beto, credits: 2, expiration: endOfStudioDay('2026-11-23', 'America/Mexico_City') });
    await env.store.doc('available_classes/102').update({ class_type_id: 1 });
    expect((await bookAs('beto', { single_class_id: 1 })).body.error.code).toBe('booking/no-credits');
  });

  it("lotCovers: live now and not expired at the class's start, to the millisecond", () => {
    const cls = { class_type_id: 2, class_package_id: null, class_date: new Date('2026-12-01T13:00:00Z') };
    const now = new Date('2026-11-22T18:00:00Z');
    const lot = (expiration: Date | null, extra: Partial<AvailableClassDoc> = {}): AvailableClassDoc => ({
      available_class_id: 1,
      customer_id: 2,
      uid: 'ana',
      purchase_id: null,
      class_package_id: 3,
      available_classes: 1,
      initial_classes: 1,
      expiration_date: expiration,
      class_type_id: null,
      class_types: [],
      allowed_times: null,
      is_online: false,
      status: 'active',
      cancels_used: 0,
      createdAt: now,
      updatedAt: now,
      ...extra,
    });
    const tz = 'America/Mexico_City';
    expect(lotCovers(lot(cls.class_date), cls, now, tz)).toBe(true);
    expect(lotCovers(lot(new Date(cls.class_date.getTime() - 1)), cls, now, tz)).toBe(false);
    expect(lotCovers(lot(null), cls, now, tz)).toBe(true);
    // Not live now (an admin's late add after the class started): refused even though it was valid at the start.
    const lateNow = new Date('2026-12-01T14:00:00Z');
    expect(lotCovers(lot(new Date('2026-12-01T13:30:00Z')), cls, lateNow, tz)).toBe(false);
    expect(lotCovers(lot(null, { status: 'revoked' }), cls, now, tz)).toBe(false);
    expect(lotCovers(lot(null, { available_classes: 0 }), cls, now, tz)).toBe(false);
    const ending = lot(new Date(cls.class_date.getTime() - 1));
    expect(lotEndingBefore([ending, lot(new Date('2026-11-30T06:00:00Z'), { available_class_id: 2 })], cls, now, tz)).toBe(ending);
    expect(lotEndingBefore([lot(null, { class_type_id: 1 })], cls, now, tz)).toBeNull();
  });

  it('opens reservation_timeframe before the class and closes at its start', async () => {
    await setConfig(env.store, { reservation_timeframe_hours: 24, reservation_timeframe_minutes: 30 });
    await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    await giveLot(env.deps, { id: 102, ...beto, credits: 5 });
    const opens = YOGA_START.getTime() - (24 * 60 + 30) * 60_000;
    at(new Date(opens - 1));
    const early = await bookAs('ana', { single_class_id: 1 });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe('Las reservaciones para esta clase abren el 2026-11-30 a las 06:30.');
    at(new Date(opens));
    expect((await bookAs('ana', { single_class_id: 1 })).status).toBe(201);
    at(YOGA_START);
    const late = await bookAs('beto', { single_class_id: 1 });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('Esta clase ya comenzó; ya no se puede reservar.');
    at(new Date(YOGA_START.getTime() - 1));
    expect((await bookAs('beto', { single_class_id: 1 })).status).toBe(201);
  });

  it('nobody holds two reservations in one class', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    expect((await bookAs('ana', { single_class_id: 1 })).status).toBe(201);
    const again = await bookAs('ana', { single_class_id: 1 });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Ya tienes una reservación en esta clase.');
    const both = await Promise.all([bookAs('ana', { single_class_id: 2 }), bookAs('ana', { single_class_id: 2 })]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await credits(101)).toBe(3);
  });

  it('with a spot map the customer picks a free spot; a taken one is 409, one off the map 400', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    await giveLot(env.deps, { id: 102, ...beto, credits: 5 });
    const first = await bookAs('ana', { single_class_id: 2, spot: 5 });
    expect(first.status).toBe(201);
    expect(first.body.class_reservation.spot).toBe(5);
    const taken = await bookAs('beto', { single_class_id: 2, spot: 5 });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('El lugar 5 ya está ocupado. Elige otro lugar.');
    expect((await bookAs('beto', { single_class_id: 2, spot: 19 })).status).toBe(400);
    expect((await bookAs('beto', { single_class_id: 1, spot: 1 })).status).toBe(400);
    const assigned = await bookAs('beto', { single_class_id: 2 });
    expect(assigned.status).toBe(201);
    expect(assigned.body.class_reservation.spot).not.toBe(5);
    expect(await credits(102)).toBe(4);
  });

  it('a full class answers 412 and spends nothing', async () => {
    const people = [ana, beto, { customerId: 4, uid: 'caro' }, { customerId: 5, uid: 'dani' }];
    await addCustomers(env.store, people);
    for (const [i, p] of people.entries()) await giveLot(env.deps, { id: 101 + i, ...p, credits: 1 });
    for (const p of people.slice(0, 3)) expect((await bookAs(p.uid, { single_class_id: 1 })).status).toBe(201);
    const full = await bookAs('dani', { single_class_id: 1 });
    expect(full.status).toBe(412);
    expect(full.body.error.code).toBe('booking/class-full');
    expect(full.body.error.message).toBe('Lo sentimos, esta clase ya no tiene lugares disponibles.');
    expect(await credits(104)).toBe(1);
  });

  it('lowering capacity counts the seats held (not the lagging booked) and moves seats above it, so it is never exceeded', async () => {
    const people = Array.from({ length: 6 }, (_, i) => ({ customerId: 10 + i, uid: `p${i}` }));
    await addCustomers(env.store, people);
    for (const [i, p] of people.entries()) await giveLot(env.deps, { id: 200 + i, ...p, credits: 1 });
    await updateClass(env.deps, { single_class_id: 1, capacity: 5 });
    const ids = new Map<number, number>();
    for (const p of people.slice(0, 5)) {
      const r = (await bookAs(p.uid, { single_class_id: 1 })).body.class_reservation;
      ids.set(r.spot, r.class_reservation_id);
    }
    // Free seats 1 and 2; seats 3, 4 and 5 stay held.
    for (const seat of [1, 2]) {
      const r = (await env.store.doc(`class_reservations/${ids.get(seat)}`).get()).data()!;
      expect((await cancelAs(r.uid as string, ids.get(seat)!)).status).toBe(200);
    }
    const refused = await updateClass(env.deps, { single_class_id: 1, capacity: 2 }).catch((e: Error) => e);
    expect(refused).toMatchObject({ code: 'single_class/capacity-below-booked' });
    await updateClass(env.deps, { single_class_id: 1, capacity: 3 });
    const seats = (await env.store.collection('single_classes/1/seats').get()).docs.map((d) => Number(d.get('n'))).sort();
    expect(seats).toEqual([1, 2, 3]);
    const held = await env.store.collection('class_reservations').where('single_class_id', '==', 1).where('deletedAt', '==', null).get();
    expect(held.docs.map((d) => d.get('seat')).sort()).toEqual([1, 2, 3]);
    expect((await bookAs('p5', { single_class_id: 1 })).status).toBe(412);
  });

  it('refuses unknown fields, a missing class id and a guest name under 2 characters (400), spending nothing', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    expect((await bookAs('ana', { single_class_id: 1, friend: 'Sofía' })).status).toBe(400);
    expect((await bookAs('ana', {})).status).toBe(400);
    const short = await bookAs('ana', { single_class_id: 1, guest: ' S ' });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.guest).toBe('Debes ingresar un nombre para tu invitado');
    expect(await credits(101)).toBe(5);
  });
});

describe('cancelling', () => {
  async function booked(uid = 'ana', classId = 1) {
    const res = await bookAs(uid, { single_class_id: classId });
    expect(res.status).toBe(201);
    return res.body.class_reservation.class_reservation_id as number;
  }

  it('outside the cancel window returns the credit through the ledger and frees the seat; twice is the same answer', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 1 });
    const id = await booked();
    expect(await credits(101)).toBe(0);
    at(new Date(YOGA_START.getTime() - 12 * 3_600_000)); // default: 12 hours
    const res = await cancelAs('ana', id);
    expect(res.status).toBe(200);
    expect(res.body.class_reservation).toMatchObject({ status: 'Cancelada', credit_returned: true, cancel_reason: 'customer' });
    expect(await credits(101)).toBe(1);
    const again = await cancelAs('ana', id);
    expect(again.status).toBe(200);
    expect(again.body.class_reservation.deletedAt).toBe(res.body.class_reservation.deletedAt);
    expect(await credits(101)).toBe(1);
    const kinds = (await listLedgerOfCustomer(env.store, 2)).map((e) => e.kind).sort();
    expect(kinds).toEqual(['book', 'grant', 'refund']);
    expect(await ledgerMismatches(env.store, 2)).toEqual([]);
    // The seat and the holder are free again: she can book once more.
    expect((await bookAs('ana', { single_class_id: 1 })).status).toBe(201);
  });

  it('on time, to a lot that has expired since the booking: the credit goes back to it, marked lot-expired', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 1 });
    const id = await booked();
    // Booked before ADR 0065 (or the admin has since moved the lot's end): it now ends before the class.
    await env.store.doc('available_classes/101').update({ expiration_date: new Date('2026-11-25T06:00:00Z') });
    at('2026-11-26T12:00:00Z');
    const res = await cancelAs('ana', id);
    expect(res.status).toBe(200);
    expect(await credits(101)).toBe(1);
    expect((await env.store.doc(`class_reservations/${id}`).get()).get('refund')).toMatchObject({ kind: 'credit-returned', note: 'lot-expired' });
  });

  it('inside the window: cancelled without credit when late cancels are allowed, refused otherwise', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 2 });
    await giveLot(env.deps, { id: 102, ...beto, credits: 2 });
    const anaId = await booked('ana');
    const betoId = await booked('beto');
    at(new Date(YOGA_START.getTime() - 12 * 3_600_000 + 1));
    const late = await cancelAs('ana', anaId);
    expect(late.status).toBe(200);
    expect(late.body.class_reservation).toMatchObject({ status: 'Cancelada', credit_returned: false });
    expect(await credits(101)).toBe(1);
    expect((await listLedgerOfCustomer(env.store, 2)).filter((e) => e.kind === 'late-cancel')).toMatchObject([{ delta: 0 }]);
    await setConfig(env.store, { allow_cancel_after_treshold: false });
    const refused = await cancelAs('beto', betoId);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Ya no puedes cancelar esta reservación: faltan menos de 12 horas para tu clase.');
    at(YOGA_START);
    await setConfig(env.store, { allow_cancel_after_treshold: true });
    expect((await cancelAs('beto', betoId)).status).toBe(409);
  });

  it('allow_cancel_reservations off: refused unless late cancels are allowed (then without credit)', async () => {
    await setConfig(env.store, { allow_cancel_reservations: false, allow_cancel_after_treshold: false });
    await giveLot(env.deps, { id: 101, ...ana, credits: 2 });
    const id = await booked();
    const res = await cancelAs('ana', id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('El estudio no permite cancelar reservaciones.');
    await setConfig(env.store, { allow_cancel_after_treshold: true });
    expect((await cancelAs('ana', id)).body.class_reservation.credit_returned).toBe(false);
  });

  it('max_cancels_per_available_class counts cancels per paying lot', async () => {
    await setConfig(env.store, { max_cancels_per_available_class: 1 });
    await giveLot(env.deps, { id: 101, ...ana, credits: 3 });
    expect((await cancelAs('ana', await booked())).status).toBe(200);
    const second = await cancelAs('ana', await booked());
    expect(second.status).toBe(412);
    expect(second.body.error.message).toBe('Llegaste al límite de 1 cancelaciones con este paquete; ya no puedes cancelar más reservaciones.');
    expect(await credits(101)).toBe(2);
  });

  it("a customer cannot cancel another's reservation (404) and the studio's cancellation still refunds bookings", async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 1 });
    const id = await booked();
    expect((await cancelAs('beto', id)).status).toBe(404);
    expect((await cancelAs('beto', 999_999)).status).toBe(404);
    const { cancellation } = await cancelClass(env.deps, ADMIN_UID, 1, { reason: 'Lluvia' });
    expect(cancellation).toMatchObject({ reservations_cancelled: 1, credits_returned: 1 });
    expect(await credits(101)).toBe(1);
    expect((await cancelAs('ana', id)).body.class_reservation.cancel_reason).toBe('class-cancelled');
  });
});

describe('my reservations', () => {
  it('lists only the caller’s own, by filter, with the spec’s statuses', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    await giveLot(env.deps, { id: 102, ...beto, credits: 5 });
    const a1 = (await bookAs('ana', { single_class_id: 1 })).body.class_reservation.class_reservation_id;
    await bookAs('ana', { single_class_id: 2 });
    await bookAs('beto', { single_class_id: 1 });
    await cancelAs('ana', a1);
    const all = await listAs('ana');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    expect(all.body.class_reservations.every((r: { customer_id: number }) => r.customer_id === 2)).toBe(true);
    expect((await listAs('ana', '?filter=cancelled')).body.class_reservations).toMatchObject([{ class_reservation_id: a1, status: 'Cancelada' }]);
    expect((await listAs('ana', '?filter=upcoming')).body).toMatchObject({ total: 1, class_reservations: [{ single_class_id: 2, status: 'Próxima' }] });
    expect((await listAs('ana', '?filter=past')).body.total).toBe(0);
    at('2026-12-02T00:00:00Z');
    expect((await listAs('ana', '?filter=past')).body.class_reservations).toMatchObject([{ single_class_id: 2, status: 'No Asistí' }]);
    expect((await listAs('ana', '?page=2')).body).toMatchObject({ total: 2, page: 2, page_size: 50, class_reservations: [] });
    expect((await listAs('ana', '?filter=mine')).status).toBe(400);
  });

  it('status is checked in the spec’s order', () => {
    const past = new Date('2026-01-01T00:00:00Z');
    const future = new Date('2027-01-01T00:00:00Z');
    const now = new Date('2026-06-01T00:00:00Z');
    const base = { deletedAt: null, is_cash: false, is_paid: true, attend: false };
    expect(reservationStatus({ ...base, deletedAt: now, is_cash: true, is_paid: false }, past, now)).toBe('Cancelada');
    expect(reservationStatus({ ...base, is_cash: true, is_paid: false, attend: true }, past, now)).toBe('Pago en Efectivo Incompleto');
    expect(reservationStatus(base, past, now)).toBe('No Asistí');
    expect(reservationStatus({ ...base, attend: true }, past, now)).toBe('Exitosa');
    expect(reservationStatus(base, future, now)).toBe('Próxima');
  });
});
