/**
 * The front desk's check-in by the QR code alone (GET and POST /api/check_in):
 * the lookup names the customer, class, spot and whether already checked in;
 * the check-in is the class's own (window, idempotence). Instants are UTC
 * literals, so the suite means the same under any server zone.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { getReservation } from '../../../src/data/repos/reservations-repo';
import { checkInCode } from '../../../src/services/booking/check-in-code';
import { createClass } from '../../../src/services/schedule/create-class';
import { ADMIN_UID, giveLot, seedScheduleCatalogue, yogaClass } from '../schedule/schedule-fixtures';
import { type TestEnv, testEnv } from '../support';
import { addCustomers } from './booking-fixtures';

let env: TestEnv;
let app: ReturnType<typeof createApp>;
const ana = { customerId: 2, uid: 'ana' };
const beto = { customerId: 3, uid: 'beto' };

beforeEach(async () => {
  env = testEnv();
  app = createApp(env.deps);
  await seedScheduleCatalogue(env.store);
  await env.store.doc('app_config/main').set({ values: { timezone: 'America/Mexico_City' } });
  await addCustomers(env.store, [ana, beto]);
  // Class 1: yoga with Lucía at Roma; class 2: cycling (4,5,5,4 map) with Mar and Rod. Both 1 Dec 2026 07:00 in Mexico City (13:00Z), 50 minutes.
  await createClass(env.deps, yogaClass());
  await createClass(env.deps, yogaClass({ class_type_id: 1, capacity: undefined, instructor_ids: [1, 2] }));
  for (const [i, c] of [ana, beto].entries()) await giveLot(env.deps, { id: 101 + i, ...c, credits: 5 });
});
afterEach(async () => {
  await env.cleanup();
});

const admin = { Authorization: `Bearer admin:${ADMIN_UID}` };
const as = (uid: string) => ({ Authorization: `Bearer uid:${uid}` });
const at = (iso: string) => {
  env.clock.now = new Date(iso);
};

async function bookAs(uid: string, singleClassId = 1, spot?: number): Promise<number> {
  const res = await request(app)
    .post('/api/class_reservations')
    .set(as(uid))
    .send({ single_class_id: singleClassId, ...(spot === undefined ? {} : { spot }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.class_reservation.class_reservation_id as number;
}
const lookUp = (code: string) =>
  request(app)
    .get(`/api/check_in/${encodeURIComponent(code)}`)
    .set(admin);
const checkIn = (body: Record<string, unknown>) => request(app).post('/api/check_in').set(admin).send(body);
/** The same code with its last hex digit changed: what someone guessing would send. */
const forged = (code: string) => `${code.slice(0, -1)}${code.at(-1) === '0' ? '1' : '0'}`;

describe('GET /api/check_in/{code}', () => {
  it('names the customer, the class, the spot and whether already checked in', async () => {
    await bookAs('ana', 2, 3);
    const b = await bookAs('beto', 2, 7);
    const code = await checkInCode(env.deps, b);
    at('2026-12-01T12:10:00Z');
    const res = await lookUp(code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      class_reservation_id: b,
      code_valid: true,
      custom_values: {},
      customer: { customer_id: 3, name: 'beto', last_name: null, email: 'beto@example.com', phone: null, photo_src: null },
      single_class: {
        single_class_id: 2,
        class_date: '2026-12-01T13:00:00.000Z',
        end_date: '2026-12-01T13:50:00.000Z',
        status: 'scheduled',
        class_type: { class_type_id: 1, name: 'Indoor Cycling' },
        location: { location_id: 1, name: 'Latido Roma' },
        instructors: [
          { instructor_id: 1, name: 'Mar' },
          { instructor_id: 2, name: 'Rod' },
        ],
      },
      spot: 7,
      guest: null,
      status: 'Próxima',
      attend: false,
      cancelled: false,
      check_in_open: true,
      check_in_opens_at: '2026-12-01T12:00:00.000Z',
      check_in_closes_at: '2026-12-02T01:50:00.000Z',
    });
    // Letters in either case, as the class's own check-in.
    expect((await lookUp(code.toUpperCase())).body.class_reservation_id).toBe(b);

    expect((await checkIn({ code })).status).toBe(200);
    const after = await lookUp(code);
    expect(after.body).toMatchObject({ attend: true, status: 'Exitosa' });
  });

  it("carries the customer's photo src (the desk fetches it with its token), null when there is none", async () => {
    const photo = { file_id: 9, name: 'ana.jpg', type: 'image/jpeg', src: '/api/files/raw/9/ana.jpg' };
    await env.store.doc('customers/ana').set({ file: photo }, { merge: true });
    const a = await bookAs('ana', 2, 3);
    const b = await bookAs('beto', 2, 7);
    at('2026-12-01T12:10:00Z');
    const withPhoto = await lookUp(await checkInCode(env.deps, a));
    expect(withPhoto.status, JSON.stringify(withPhoto.body)).toBe(200);
    expect(withPhoto.body.customer).toMatchObject({ customer_id: 2, photo_src: photo.src });
    const without = await lookUp(await checkInCode(env.deps, b));
    expect(without.body.customer).toMatchObject({ customer_id: 3, photo_src: null });
    // The check-in answers the same customer.
    expect((await checkIn({ code: await checkInCode(env.deps, a) })).body.customer.photo_src).toBe(photo.src);
  });

  it('says when the window is closed, without refusing the read', async () => {
    const a = await bookAs('ana');
    const res = await lookUp(await checkInCode(env.deps, a));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      check_in_open: false,
      attend: false,
      single_class: { class_type: { name: 'Yoga Vinyasa' }, instructors: [{ name: 'Lu' }] },
    });
  });

  it('answers 404 for a forged code or one of no reservation, 400 for a malformed one, 403 to customers', async () => {
    const a = await bookAs('ana');
    const code = await checkInCode(env.deps, a);
    const fake = await lookUp(forged(code));
    expect(fake.status).toBe(404);
    expect(fake.body.error).toMatchObject({ code: 'booking/reservation-not-found', message: 'El código no corresponde a ninguna reservación.' });
    // A valid code of an id that was never booked: the studio's key made it, but there is nothing behind it.
    expect((await lookUp(await checkInCode(env.deps, 999_999))).status).toBe(404);
    const bad = await lookUp('hola');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).not.toBe('');
    expect((await lookUp('R12-abcdefg')).status).toBe(400);
    expect((await request(app).get(`/api/check_in/${code}`).set(as('ana'))).status).toBe(403);
    expect((await request(app).get(`/api/check_in/${code}`)).status).toBe(401);
  });
});

describe('POST /api/check_in {code}', () => {
  it('marks attended once: the second time changes nothing', async () => {
    const a = await bookAs('ana');
    const code = await checkInCode(env.deps, a);
    at('2026-12-01T13:05:00Z');
    const first = await checkIn({ code });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      changed: true,
      penalties_lifted: [],
      penalties_issued: [],
      class_reservation: { class_reservation_id: a, single_class_id: 1, attend: true, status: 'Exitosa' },
      class_reservation_id: a,
      code_valid: true,
      customer: { customer_id: 2, name: 'ana' },
      single_class: { single_class_id: 1, class_type: { name: 'Yoga Vinyasa' } },
      attend: true,
      status: 'Exitosa',
      check_in_open: true,
    });
    expect((await getReservation(env.store, a))?.attend).toBe(true);
    const again = await checkIn({ code });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ changed: false, attend: true });
  });

  it('refuses outside the window (409, in studio time) and a cancelled reservation (409)', async () => {
    const a = await bookAs('ana');
    const code = await checkInCode(env.deps, a);
    at('2026-12-01T11:59:59.999Z');
    const early = await checkIn({ code });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({
      code: 'booking/check-in-not-open',
      message: 'El registro de asistencia de esta clase abre el 2026-12-01 a las 06:00.',
    });
    at('2026-12-02T01:50:00.001Z');
    const late = await checkIn({ code });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('booking/check-in-closed');
    expect((await getReservation(env.store, a))?.attend).toBe(false);

    at('2026-11-20T12:00:00Z');
    const b = await bookAs('beto');
    expect((await request(app).delete(`/api/class_reservations/${b}`).set(as('beto'))).status).toBe(200);
    at('2026-12-01T13:00:00Z');
    const cancelled = await checkIn({ code: await checkInCode(env.deps, b) });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.error.code).toBe('booking/reservation-cancelled');
  });

  it('answers 404 for a forged code, 400 for a malformed or missing one, 403 to customers', async () => {
    const a = await bookAs('ana');
    const code = await checkInCode(env.deps, a);
    at('2026-12-01T13:00:00Z');
    expect((await checkIn({ code: forged(code) })).status).toBe(404);
    expect((await checkIn({ code: 'R12' })).status).toBe(400);
    expect((await checkIn({})).status).toBe(400);
    expect((await checkIn({ code, class_reservation_id: a })).status).toBe(400);
    expect((await request(app).post('/api/check_in').set(as('ana')).send({ code })).status).toBe(403);
    expect((await getReservation(env.store, a))?.attend).toBe(false);
  });
});
