/**
 * The admin side of booking: the roster, check-in (by id and by QR code) and
 * its window, attendance, an admin removing a reservation (refund or not) and
 * adding a customer (capacity, twice, courtesy). Instants are UTC literals
 * and messages are in the studio's zone, so the suite means the same under
 * any server zone (it runs under America/Mexico_City and Asia/Tokyo).
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { getLot, listLedgerOfCustomer } from '../../../src/data/repos/credits-repo';
import { getReservation } from '../../../src/data/repos/reservations-repo';
import { createWaitlist } from '../../../src/data/repos/waitlists-repo';
import { checkInCode } from '../../../src/services/booking/check-in-code';
import { endOfStudioDay } from '../../../src/services/credits/expiry';
import { cancelClass } from '../../../src/services/schedule/cancel-class';
import { createClass } from '../../../src/services/schedule/create-class';
import { ADMIN_UID, giveLot, ledgerMismatches, seedScheduleCatalogue, yogaClass } from '../schedule/schedule-fixtures';
import { type TestEnv, testEnv } from '../support';
import { addCustomers, setConfig } from './booking-fixtures';

let env: TestEnv;
let app: ReturnType<typeof createApp>;
const ana = { customerId: 2, uid: 'ana' };
const beto = { customerId: 3, uid: 'beto' };
const carla = { customerId: 4, uid: 'carla' };
const dani = { customerId: 5, uid: 'dani' };
/** Class 1: yoga, capacity 3, no map, 1 Dec 2026 07:00 in Mexico City (13:00Z), 50 minutes. */
const YOGA_START = '2026-12-01T13:00:00.000Z';

beforeEach(async () => {
  env = testEnv();
  app = createApp(env.deps);
  await seedScheduleCatalogue(env.store);
  await env.store.doc('app_config/main').set({ values: { timezone: 'America/Mexico_City' } });
  await addCustomers(env.store, [ana, beto, carla, dani]);
  await createClass(env.deps, yogaClass({ capacity: 3 }));
  // Class 2: cycling with the 4,5,5,4 map (18 spots), same time.
  await createClass(env.deps, yogaClass({ class_type_id: 1, capacity: undefined }));
  for (const [i, c] of [ana, beto, carla].entries()) await giveLot(env.deps, { id: 101 + i, ...c, credits: 5 });
});
afterEach(async () => {
  await env.cleanup();
});

const admin = { Authorization: `Bearer admin:${ADMIN_UID}` };
const as = (uid: string) => ({ Authorization: `Bearer uid:${uid}` });
const at = (iso: string) => {
  env.clock.now = new Date(iso);
};
const credits = async (lotId: number) => (await getLot(env.store, lotId))?.available_classes;

async function bookAs(uid: string, singleClassId = 1, spot?: number): Promise<number> {
  const res = await request(app)
    .post('/api/class_reservations')
    .set(as(uid))
    .send({ single_class_id: singleClassId, ...(spot === undefined ? {} : { spot }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.class_reservation.class_reservation_id as number;
}
const roster = (classId = 1) => request(app).get(`/api/single_class/${classId}/roster`).set(admin);
const checkIn = (body: Record<string, unknown>, classId = 1) => request(app).post(`/api/single_class/${classId}/check_in`).set(admin).send(body);
const attendance = (body: Record<string, unknown>, classId = 1) => request(app).put(`/api/single_class/${classId}/attendance`).set(admin).send(body);
const remove = (rid: number, query = '', classId = 1) => request(app).delete(`/api/single_class/${classId}/reservations/${rid}${query}`).set(admin);
const add = (body: Record<string, unknown>, classId = 1) => request(app).post(`/api/single_class/${classId}/reservations`).set(admin).send(body);
const seats = async (classId = 1) => (await env.store.collection(`single_classes/${classId}/seats`).get()).docs.map((d) => d.data());

describe('the roster', () => {
  it('lists active and cancelled reservations with their customers, and the line in order', async () => {
    const a = await bookAs('ana');
    const b = await bookAs('beto');
    const c = await bookAs('carla');
    expect((await request(app).delete(`/api/class_reservations/${b}`).set(as('beto'))).status).toBe(200);
    await env.store.runTransaction(async (tx) => {
      const base = { single_class_id: 1, status: 'waiting' as const, end_reason: null, class_reservation_id: null, endedAt: null };
      const times = { class_date: new Date(YOGA_START), class_end: new Date('2026-12-01T13:50:00Z'), createdAt: env.deps.now(), updatedAt: env.deps.now() };
      // Dani joined after Beto (in line order), though with a lower entry id.
      createWaitlist(env.store, tx, { ...base, ...times, waitlist_id: 7, customer_id: 5, uid: 'dani', joinedAt: new Date('2026-11-22T18:05:00Z') });
      createWaitlist(env.store, tx, { ...base, ...times, waitlist_id: 9, customer_id: 3, uid: 'beto', joinedAt: new Date('2026-11-22T18:01:00Z') });
    });
    const res = await roster();
    expect(res.status).toBe(200);
    expect(res.body.single_class_id).toBe(1);
    const byId = new Map(res.body.reservations.map((r: { class_reservation_id: number }) => [r.class_reservation_id, r]));
    expect(res.body.reservations.map((r: { class_reservation_id: number }) => r.class_reservation_id).slice(-1)).toEqual([b]);
    expect(byId.get(a)).toMatchObject({
      customer_id: 2,
      customer: { customer_id: 2, name: 'ana', email: 'ana@example.com' },
      status: 'Próxima',
      guest: null,
      attend: false,
      deletedAt: null,
      source: 'customer',
    });
    expect(byId.get(b)).toMatchObject({ customer_id: 3, status: 'Cancelada', cancel_reason: 'customer' });
    expect(byId.get(c)).toMatchObject({ customer_id: 4, status: 'Próxima' });
    expect(res.body.waitlist).toMatchObject([
      { waitlist_id: 9, position: 1, customer_id: 3, customer: { name: 'beto' } },
      { waitlist_id: 7, position: 2, customer_id: 5, customer: { name: 'dani' } },
    ]);
  });

  it('is for admins only (401 anonymous, 403 customer) and 404 for an unknown class', async () => {
    expect((await request(app).get('/api/single_class/1/roster')).status).toBe(401);
    expect((await request(app).get('/api/single_class/1/roster').set(as('ana'))).status).toBe(403);
    expect((await roster(99)).status).toBe(404);
  });
});

describe('check-in', () => {
  it('by reservation id marks attended, and again changes nothing (idempotent)', async () => {
    const a = await bookAs('ana');
    at('2026-12-01T12:30:00Z');
    const first = await checkIn({ class_reservation_id: a });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ changed: true, class_reservation: { class_reservation_id: a, attend: true, status: 'Exitosa' } });
    const again = await checkIn({ class_reservation_id: a });
    expect(again.status).toBe(200);
    expect(again.body.changed).toBe(false);
    expect((await getReservation(env.store, a))?.attend).toBe(true);
  });

  it('by the QR code R{id}-{6 hex}; a made-up or altered code, or one of another class, is 404', async () => {
    const a = await bookAs('ana');
    const other = await bookAs('beto', 2);
    const code = await checkInCode(env.deps, a);
    expect(code).toMatch(new RegExp(`^R${a}-[0-9a-f]{6}$`));
    expect(await checkInCode(env.deps, a)).toBe(code);
    at('2026-12-01T13:10:00Z');
    const last = code.at(-1) === '0' ? '1' : '0';
    const altered = await checkIn({ code: `${code.slice(0, -1)}${last}` });
    expect(altered.status).toBe(404);
    expect(altered.body.error.message).toBe('El código no corresponde a ninguna reservación de esta clase.');
    expect((await checkIn({ code: `R${a + 1}-${code.slice(-6)}` })).status).toBe(404);
    expect((await checkIn({ code: await checkInCode(env.deps, other) })).status).toBe(404);
    expect((await checkIn({ class_reservation_id: other })).status).toBe(404);
    const ok = await checkIn({ code: code.toUpperCase().replace(/^R/, 'R') });
    expect(ok.status).toBe(200);
    expect(ok.body.class_reservation).toMatchObject({ class_reservation_id: a, attend: true });
    expect((await getReservation(env.store, other))?.attend).toBe(false);
  });

  it('needs exactly one of id and code, and a code of the right shape (400)', async () => {
    const a = await bookAs('ana');
    at('2026-12-01T13:00:00Z');
    expect((await checkIn({})).status).toBe(400);
    expect((await checkIn({ class_reservation_id: a, code: await checkInCode(env.deps, a) })).status).toBe(400);
    const bad = await checkIn({ code: 'hola' });
    expect(bad.status).toBe(400);
    expect((await checkIn({ class_reservation_id: a, extra: 1 })).status).toBe(400);
  });

  it('opens an hour before the class and closes 12 hours after it ends (409 outside, in studio time)', async () => {
    const a = await bookAs('ana');
    at('2026-12-01T11:59:59.999Z');
    const early = await checkIn({ class_reservation_id: a });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('booking/check-in-not-open');
    expect(early.body.error.message).toBe('El registro de asistencia de esta clase abre el 2026-12-01 a las 06:00.');
    at('2026-12-01T12:00:00.000Z');
    expect((await checkIn({ class_reservation_id: a })).status).toBe(200);

    const b = await bookAs('beto', 2);
    // Class end 13:50Z + 12 h = 01:50Z the next day, 19:50 in Mexico City.
    at('2026-12-02T01:50:00.001Z');
    const late = await checkIn({ class_reservation_id: b }, 2);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('booking/check-in-closed');
    expect(late.body.error.message).toBe('El registro de asistencia de esta clase cerró el 2026-12-01 a las 19:50.');
    at('2026-12-02T01:50:00.000Z');
    expect((await checkIn({ class_reservation_id: b }, 2)).status).toBe(200);
  });

  it('refuses a cancelled reservation (409, Spanish)', async () => {
    const a = await bookAs('ana');
    expect((await request(app).delete(`/api/class_reservations/${a}`).set(as('ana'))).status).toBe(200);
    at('2026-12-01T13:00:00Z');
    const res = await checkIn({ class_reservation_id: a });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'booking/reservation-cancelled',
      message: 'Esta reservación está cancelada; no se puede registrar la asistencia.',
    });
  });
});

describe('attendance', () => {
  it('marks attended or a no-show from check-in opening on, with no closing (corrections)', async () => {
    const a = await bookAs('ana');
    at('2026-12-01T11:00:00Z');
    const early = await attendance({ class_reservation_id: a, attend: true });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('booking/check-in-not-open');
    at('2026-12-01T12:00:00Z');
    expect((await attendance({ class_reservation_id: a, attend: true })).body.class_reservation.attend).toBe(true);
    at('2026-12-20T12:00:00Z');
    const noShow = await attendance({ class_reservation_id: a, attend: false });
    expect(noShow.status).toBe(200);
    expect(noShow.body).toMatchObject({ changed: true, class_reservation: { attend: false, status: 'No Asistí' } });
    expect((await attendance({ class_reservation_id: a, attend: 'sí' })).status).toBe(400);
    expect((await attendance({ class_reservation_id: a, attend: true }, 2)).status).toBe(404);
    expect((await request(app).put('/api/single_class/1/attendance').set(as('ana')).send({ class_reservation_id: a, attend: true })).status).toBe(403);
  });
});

describe('an admin removes a reservation', () => {
  it('returns the credit by default, frees the seat (someone else can book it) and answers the same on a second call', async () => {
    const a = await bookAs('ana');
    await bookAs('beto');
    await bookAs('carla');
    expect(await credits(101)).toBe(4);
    at('2026-12-01T12:55:00Z'); // past any customer cancel deadline
    const res = await remove(a);
    expect(res.status).toBe(200);
    expect(res.body.class_reservation).toMatchObject({ class_reservation_id: a, status: 'Cancelada', cancel_reason: 'admin' });
    expect(await credits(101)).toBe(5);
    const r = await getReservation(env.store, a);
    expect(r?.refund).toMatchObject({ kind: 'credit-returned', available_class_id: 101 });
    expect(await seats()).toHaveLength(2);
    expect((await getLot(env.store, 101))?.cancels_used).toBe(0);
    const again = await remove(a);
    expect(again.status).toBe(200);
    expect(await credits(101)).toBe(5);
    const ledger = await listLedgerOfCustomer(env.store, 2);
    expect(ledger.filter((e) => e.kind === 'refund')).toMatchObject([{ delta: 1, actor: { uid: ADMIN_UID, role: 'admin' } }]);
    await giveLot(env.deps, { id: 104, ...dani, credits: 1 });
    expect(await bookAs('dani')).toBeGreaterThan(1000);
    expect(await ledgerMismatches(env.store, 2)).toEqual([]);
  });

  it('with refund: false keeps the credit; a reservation of another class is 404; customers get 403', async () => {
    const a = await bookAs('ana');
    expect((await remove(a, '', 2)).status).toBe(404);
    expect((await request(app).delete(`/api/single_class/1/reservations/${a}`).set(as('ana'))).status).toBe(403);
    const res = await remove(a, '?refund=false');
    expect(res.status).toBe(200);
    expect(await credits(101)).toBe(4);
    expect((await getReservation(env.store, a))?.refund).toMatchObject({ kind: 'not-refunded' });
    expect(await seats()).toHaveLength(0);
    expect((await remove(a, '?refund=no')).status).toBe(400);
    expect(await ledgerMismatches(env.store, 2)).toEqual([]);
  });

  it('holds the freed seat for the line when someone is waiting', async () => {
    const a = await bookAs('ana');
    await env.store.runTransaction(async (tx) => {
      createWaitlist(env.store, tx, {
        waitlist_id: 1,
        single_class_id: 1,
        customer_id: 5,
        uid: 'dani',
        status: 'waiting',
        end_reason: null,
        class_reservation_id: null,
        class_date: new Date(YOGA_START),
        class_end: new Date('2026-12-01T13:50:00Z'),
        joinedAt: env.deps.now(),
        endedAt: null,
        createdAt: env.deps.now(),
        updatedAt: env.deps.now(),
      });
    });
    expect((await remove(a)).status).toBe(200);
    expect(await seats()).toMatchObject([{ class_reservation_id: null, held_for_waitlist: true }]);
  });
});

describe('an admin adds a customer', () => {
  it('spends a credit like a booking (source admin) and refuses the same customer twice (409)', async () => {
    const res = await add({ customer_id: 2 });
    expect(res.status).toBe(201);
    const r = res.body.class_reservation;
    expect(r).toMatchObject({ customer_id: 2, source: 'admin', available_class_id: 101, is_paid: true, is_cash: false, status: 'Próxima' });
    expect(await credits(101)).toBe(4);
    const ledger = await listLedgerOfCustomer(env.store, 2);
    expect(ledger.filter((e) => e.kind === 'book')).toMatchObject([
      { delta: -1, actor: { uid: ADMIN_UID, role: 'admin' }, reference: { id: r.class_reservation_id } },
    ]);
    expect(await seats()).toHaveLength(1);
    const twice = await add({ customer_id: 2 });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('booking/already-booked');
    const customerToo = await request(app).post('/api/class_reservations').set(as('ana')).send({ single_class_id: 1 });
    expect(customerToo.status).toBe(409);
    expect(await ledgerMismatches(env.store, 2)).toEqual([]);
  });

  it('never beyond capacity (412 booking/class-full)', async () => {
    await bookAs('ana');
    await bookAs('beto');
    await bookAs('carla');
    await giveLot(env.deps, { id: 104, ...dani, credits: 1 });
    const full = await add({ customer_id: 5 });
    expect(full.status).toBe(412);
    expect(full.body.error.code).toBe('booking/class-full');
    expect(await credits(104)).toBe(1);
    expect((await add({ customer_id: 5, charge: false })).status).toBe(412);
  });

  it('charge: false is a courtesy (no lot spent); without credits and charged it is 412', async () => {
    const charged = await add({ customer_id: 5 });
    expect(charged.status).toBe(412);
    expect(charged.body.error.code).toBe('booking/no-credits');
    const res = await add({ customer_id: 5, charge: false });
    expect(res.status).toBe(201);
    expect(res.body.class_reservation).toMatchObject({ customer_id: 5, available_class_id: null, is_cash: false, is_paid: true, source: 'admin' });
    expect((await listLedgerOfCustomer(env.store, 5)).length).toBe(0);
    expect((await add({ customer_id: 99 })).status).toBe(404);
  });

  it("a charged add needs a lot valid on the class's date (412 naming its end); a courtesy add does not (ADR 0065)", async () => {
    // Dani's only lot ends 30 Nov, the day before the class.
    await giveLot(env.deps, { id: 104, ...dani, credits: 5, expiration: endOfStudioDay('2026-11-30', 'America/Mexico_City') });
    const charged = await add({ customer_id: 5 });
    expect(charged.status).toBe(412);
    expect(charged.body.error).toMatchObject({
      code: 'booking/lot-ends-before-class',
      message: 'El paquete del cliente vence el 30 nov, antes de esta clase. Agrégalo sin cobro o asígnale un paquete.',
    });
    expect(await credits(104)).toBe(5);
    const courtesy = await add({ customer_id: 5, charge: false });
    expect(courtesy.status).toBe(201);
    expect(courtesy.body.class_reservation).toMatchObject({ customer_id: 5, available_class_id: null, source: 'admin' });
    expect(await credits(104)).toBe(5);
  });

  it('past the booking window and after the start (a walk-in), until check-in closes', async () => {
    await setConfig(env.store, { reservation_timeframe_hours: 1 });
    const notOpen = await request(app).post('/api/class_reservations').set(as('ana')).send({ single_class_id: 1 });
    expect(notOpen.status).toBe(409);
    expect((await add({ customer_id: 2 })).status).toBe(201);
    at('2026-12-01T13:20:00Z');
    expect((await add({ customer_id: 3 })).status).toBe(201);
    at('2026-12-02T01:50:00.001Z');
    const over = await add({ customer_id: 4 });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('booking/class-over');
  });

  it('takes the chosen spot on a map (409 if taken) and refuses a cancelled class', async () => {
    await bookAs('ana', 2, 5);
    const taken = await add({ customer_id: 3, spot: 5 }, 2);
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('booking/spot-taken');
    const ok = await add({ customer_id: 3, spot: 6 }, 2);
    expect(ok.status).toBe(201);
    expect(ok.body.class_reservation.spot).toBe(6);
    await cancelClass(env.deps, ADMIN_UID, 1, {});
    expect((await add({ customer_id: 4 })).status).toBe(409);
  });
});
