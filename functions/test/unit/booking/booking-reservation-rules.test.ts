/**
 * Issue 25, the reservation rules: no customer cancel once checked in or once
 * the class has started (409 in Spanish, nothing written; the studio's paths
 * keep their powers), rating only attended classes that have ended, and
 * 'Todas' with the next class first. Instants are UTC literals; the suite
 * runs under America/Mexico_City and Asia/Tokyo.
 */
import { cancelBlock, rateOpen } from '@studio/shared/rules/reservation-rules';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { getLot, listLedgerOfCustomer } from '../../../src/data/repos/credits-repo';
import { getReservation } from '../../../src/data/repos/reservations-repo';
import { allReservationsOrder } from '../../../src/services/booking/rules';
import { cancelClass } from '../../../src/services/schedule/cancel-class';
import { createClass } from '../../../src/services/schedule/create-class';
import { ADMIN_UID, giveLot, seedScheduleCatalogue, yogaClass } from '../schedule/schedule-fixtures';
import { type TestEnv, testEnv } from '../support';
import { addCustomers } from './booking-fixtures';

let env: TestEnv;
let app: ReturnType<typeof createApp>;
const ana = { customerId: 2, uid: 'ana' };
/** Class 1: yoga, 1 Dec 2026 07:00 in Mexico City (13:00Z), 50 minutes: ends 13:50Z. Check-in opens at 12:00Z. */
const START = Date.parse('2026-12-01T13:00:00Z');
const END = Date.parse('2026-12-01T13:50:00Z');
const MINUTE = 60_000;
const DAY = 86_400_000;

beforeEach(async () => {
  env = testEnv();
  app = createApp(env.deps);
  await seedScheduleCatalogue(env.store);
  await env.store.doc('app_config/main').set({ values: { timezone: 'America/Mexico_City' } });
  await addCustomers(env.store, [ana]);
  await createClass(env.deps, yogaClass({ capacity: 5 }));
  await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
});
afterEach(async () => {
  await env.cleanup();
});

const at = (ms: number) => {
  env.clock.now = new Date(ms);
};
const as = (uid: string) => ({ Authorization: `Bearer uid:${uid}` });
const admin = { Authorization: `Bearer admin:${ADMIN_UID}` };

/** Ana books the class (with a guest when named): her reservation's id and her guest's. */
async function bookAs(singleClassId: number, guest?: string): Promise<{ id: number; guestId: number }> {
  const res = await request(app)
    .post('/api/class_reservations')
    .set(as('ana'))
    .send({ single_class_id: singleClassId, ...(guest ? { guest } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const made = res.body.class_reservations as Array<{ class_reservation_id: number; guest: string | null }>;
  return { id: res.body.class_reservation.class_reservation_id as number, guestId: made.find((r) => r.guest !== null)?.class_reservation_id ?? -1 };
}
const cancelAs = (uid: string, id: number) => request(app).delete(`/api/class_reservations/${id}`).set(as(uid));
const checkIn = (id: number) => request(app).post('/api/single_class/1/check_in').set(admin).send({ class_reservation_id: id });
const rate = (id: number) => request(app).put('/api/class_reservations').set(as('ana')).send({ class_reservation_id: id, class_stars: 5, coach_stars: 5 });

/** What a refused cancel must leave as it was: the reservation, the lot, the ledger and the class's seats. */
async function written(id: number) {
  const seats = await env.store.collection('single_classes/1/seats').get();
  return {
    reservation: JSON.stringify(await getReservation(env.store, id)),
    lot: JSON.stringify(await getLot(env.store, 101)),
    ledger: (await listLedgerOfCustomer(env.store, 2)).length,
    seats: seats.docs.map((d) => JSON.stringify(d.data())).sort(),
  };
}

describe('no customer cancel once checked in, nor once the class has started', () => {
  it('a checked-in reservation: 409 booking/checked-in in Spanish, nothing written, even long before the cancel window closes', async () => {
    const { id } = await bookAs(1);
    at(START - 60 * MINUTE); // check-in opens; the default cancel window (12 h) has closed, late cancel allowed
    expect((await checkIn(id)).status).toBe(200);
    const before = await written(id);
    const res = await cancelAs('ana', id);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'booking/checked-in', message: 'Ya registraste tu asistencia a esta clase; ya no puedes cancelarla.' });
    expect(await written(id)).toEqual(before);
    expect((await getReservation(env.store, id))?.deletedAt).toBeNull();
  });

  it('checked in with the credit still due back (cancel window open): refused all the same', async () => {
    // A cancel window of 30 minutes: at check-in's opening the credit would still come back.
    await env.store.doc('app_config/main').set({ values: { timezone: 'America/Mexico_City', cancel_timeframe_unit: 'minutes', cancel_timeframe_value: 30 } });
    const { id } = await bookAs(1);
    at(START - 60 * MINUTE);
    expect((await checkIn(id)).status).toBe(200);
    const before = await written(id);
    expect((await cancelAs('ana', id)).body.error.code).toBe('booking/checked-in');
    expect(await written(id)).toEqual(before);
    expect((await getLot(env.store, 101))?.available_classes).toBe(4);
  });

  it('the class has started: 409 booking/class-started, nothing written; check-in is named first when both hold', async () => {
    const { id, guestId } = await bookAs(1, 'Sofía Pérez');
    at(START);
    const before = await written(id);
    const started = await cancelAs('ana', id);
    expect(started.status).toBe(409);
    expect(started.body.error).toEqual({ code: 'booking/class-started', message: 'Esta clase ya comenzó; ya no puedes cancelarla.' });
    expect(await written(id)).toEqual(before);
    expect((await checkIn(guestId)).status).toBe(200);
    expect((await cancelAs('ana', guestId)).body.error.code).toBe('booking/checked-in');
  });

  it("the guest's place is judged on its own: the host checked in, the guest not yet, before the start: the guest's cancels", async () => {
    const { id, guestId } = await bookAs(1, 'Sofía Pérez');
    at(START - 30 * MINUTE);
    expect((await checkIn(id)).status).toBe(200);
    expect((await cancelAs('ana', id)).status).toBe(409);
    const guest = await cancelAs('ana', guestId);
    expect(guest.status).toBe(200);
    expect(guest.body.class_reservation).toMatchObject({ status: 'Cancelada', credit_returned: false });
  });

  it("the studio keeps its powers: an admin removes a checked-in reservation, and the studio's class cancellation refunds it once", async () => {
    const { id } = await bookAs(1);
    at(START - 30 * MINUTE);
    expect((await checkIn(id)).status).toBe(200);
    const removed = await request(app).delete(`/api/single_class/1/reservations/${id}`).set(admin);
    expect(removed.status).toBe(200);
    expect((await getReservation(env.store, id))?.cancel_reason).toBe('admin');

    const { id: again } = await bookAs(1);
    expect((await checkIn(again)).status).toBe(200);
    const first = await cancelClass(env.deps, ADMIN_UID, 1, { reason: 'Sin luz' });
    expect(first.cancellation).toMatchObject({ reservations_cancelled: 1, credits_returned: 1 });
    const second = await cancelClass(env.deps, ADMIN_UID, 1, { reason: 'Sin luz' });
    expect(second.cancellation).toMatchObject({ reservations_cancelled: 0, credits_returned: 0 });
    // The customer's cancel of a reservation the studio already cancelled answers it as it is.
    const mine = await cancelAs('ana', again);
    expect(mine.status).toBe(200);
    expect(mine.body.class_reservation.cancel_reason).toBe('class-cancelled');
  });

  it('cancelBlock: check-in first, then the start, to the millisecond', () => {
    expect(cancelBlock({ attended: false, classStart: START }, START - 1)).toBeNull();
    expect(cancelBlock({ attended: false, classStart: START }, START)).toBe('class-started');
    expect(cancelBlock({ attended: true, classStart: START }, START - DAY)).toBe('checked-in');
    expect(cancelBlock({ attended: true, classStart: START }, START + 1)).toBe('checked-in');
    expect(cancelBlock({ attended: false, classStart: null }, START)).toBeNull();
  });
});

describe('rating only an attended class that has ended', () => {
  it('checked in but the class not ended (before the start, or going on): 409 booking/class-not-ended, nothing stored; at its end: rated', async () => {
    const { id } = await bookAs(1);
    at(START - 30 * MINUTE);
    expect((await checkIn(id)).status).toBe(200);
    for (const now of [START - 30 * MINUTE, START + 10 * MINUTE, END - 1]) {
      at(now);
      const res = await rate(id);
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({ code: 'booking/class-not-ended', message: 'Podrás calificar esta clase cuando termine.' });
    }
    expect((await getReservation(env.store, id))?.class_stars).toBeNull();
    at(END);
    expect((await rate(id)).status).toBe(200);
    expect((await getReservation(env.store, id))?.class_stars).toBe(5);
  });

  it('not attended, after the end: still refused as not attended', async () => {
    const { id } = await bookAs(1);
    at(END + DAY);
    const res = await rate(id);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('booking/not-rateable');
  });

  it('rateOpen: attended and at or after the end', () => {
    expect(rateOpen({ attended: true, classEnd: END }, END - 1)).toBe(false);
    expect(rateOpen({ attended: true, classEnd: END }, END)).toBe(true);
    expect(rateOpen({ attended: false, classEnd: END }, END + DAY)).toBe(false);
    expect(rateOpen({ attended: true, classEnd: null }, END)).toBe(true);
  });
});

describe("'Todas': the next class first", () => {
  it('upcoming soonest first, then the started ones latest first; cancelled ones where their class falls', async () => {
    // Classes 2–5: 3 Dec, 5 Dec, 7 Dec, 9 Dec at 07:00 (class 1 is 1 Dec).
    for (const date of ['2026-12-03', '2026-12-05', '2026-12-07', '2026-12-09']) await createClass(env.deps, yogaClass({ date }));
    at(Date.parse('2026-11-20T12:00:00Z'));
    for (const classId of [3, 1, 5, 2]) await bookAs(classId);
    const { id: cancelled } = await bookAs(4);
    expect((await cancelAs('ana', cancelled)).status).toBe(200);
    // Now between class 2 (3 Dec) and class 3 (5 Dec).
    at(Date.parse('2026-12-04T12:00:00Z'));
    const all = await request(app).get('/api/class_reservations').set(as('ana'));
    expect(all.status).toBe(200);
    expect(all.body.class_reservations.map((r: { single_class_id: number }) => r.single_class_id)).toEqual([3, 4, 5, 2, 1]);
    expect(all.body.class_reservations[0].status).toBe('Próxima');
  });

  it('allReservationsOrder: a class starting now counts as started; ties by reservation id', () => {
    const now = START;
    const sorted = [
      { classStart: START - DAY, id: 1 },
      { classStart: START, id: 2 },
      { classStart: START + 2 * DAY, id: 3 },
      { classStart: START + DAY, id: 5 },
      { classStart: START + DAY, id: 4 },
    ].sort((a, b) => allReservationsOrder(a, b, now));
    expect(sorted.map((r) => r.id)).toEqual([4, 5, 3, 2, 1]);
  });
});
