/**
 * No-shows and penalties: the streak rule (pure and through the job), the
 * detectNoShows job's cursor and idempotence, activePenalty and the booking
 * refusal, attendance corrections, lifting, and the penalties routes.
 * Classes are daily at 07:00 Mexico City (13:00Z), 50 minutes; instants are
 * UTC literals, so the suite means the same under any server zone.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import type { ClassReservationPenaltyDoc } from '../../../src/data/repos/penalties-repo';
import { scheduledJobs } from '../../../src/scheduled/registry';
import { activePenalty, detectNoShows, FIRST_RUN_LOOKBACK_MS, penaltyRefusal, penaltyStreaks, type StreakEntry } from '../../../src/services/booking/penalties';
import { createClass } from '../../../src/services/schedule/create-class';
import { ADMIN_UID, book, giveLot, seedScheduleCatalogue, yogaClass } from '../schedule/schedule-fixtures';
import { type TestEnv, testEnv } from '../support';
import { addCustomers, setConfig } from './booking-fixtures';

let env: TestEnv;
let app: ReturnType<typeof createApp>;
const ana = { customerId: 2, uid: 'ana' };
const beto = { customerId: 3, uid: 'beto' };
const UNLIMITED = 201;
const FINITE = 202;
const BETO_UNLIMITED = 301;
const DAYS = 8;

const day = (n: number) => `2026-12-${String(n).padStart(2, '0')}`;
/** Class n (1-based) is on 1 + (n − 1) December, 13:00Z–13:50Z. */
const afterClass = (n: number) => new Date(`${day(n)}T14:00:00.000Z`);
/** Ana's reservation in class n: id 2000 + n. */
const rid = (n: number) => 2000 + n;

beforeEach(async () => {
  env = testEnv();
  app = createApp(env.deps);
  await seedScheduleCatalogue(env.store);
  await env.store.doc('app_config/main').set({ values: { timezone: 'America/Mexico_City' } });
  await setConfig(env.store, { penalties_enabled: true, penalty_no_shows: 3, penalty_days: 7 });
  await addCustomers(env.store, [ana, beto]);
  for (let n = 1; n <= DAYS; n++) await createClass(env.deps, yogaClass({ date: day(n), capacity: 10 }));
  const far = new Date('2027-06-01T00:00:00Z');
  await giveLot(env.deps, { id: UNLIMITED, ...ana, credits: -1, expiration: far });
  await giveLot(env.deps, { id: FINITE, ...ana, credits: 10, expiration: far });
  await giveLot(env.deps, { id: BETO_UNLIMITED, ...beto, credits: -1, expiration: far });
});
afterEach(async () => {
  await env.cleanup();
});

/** Ana books classes 1..n with her unlimited lot (or `lots[n]`), before any of them. */
async function anaBooks(classes: number[], lots: Record<number, number> = {}): Promise<void> {
  for (const n of classes) await book(env.deps, { reservationId: rid(n), classId: n, ...ana, lotId: lots[n] ?? UNLIMITED });
}
async function attended(n: number): Promise<void> {
  await env.store.doc(`class_reservations/${rid(n)}`).update({ attend: true });
}
async function runAt(now: Date) {
  env.clock.now = now;
  return detectNoShows(env.deps, now);
}
const penaltiesOf = async (customerId: number) =>
  (await env.store.collection('class_reservation_penaltys').where('customer_id', '==', customerId).get()).docs.map(
    (d) => d.data() as unknown as ClassReservationPenaltyDoc,
  );
const admin = { Authorization: `Bearer admin:${ADMIN_UID}` };
const as = (uid: string) => ({ Authorization: `Bearer uid:${uid}` });

describe('the streak rule (pure)', () => {
  const entry = (id: number, attend = false): StreakEntry => ({ class_reservation_id: id, class_date: new Date(Date.UTC(2026, 11, id)), attend });
  it('needs exactly N in a row; an attended class or a spent no-show resets; after N it starts again', () => {
    expect(penaltyStreaks([entry(1), entry(2)], 3, new Set())).toEqual([]);
    expect(penaltyStreaks([entry(3), entry(1), entry(2)], 3, new Set())).toEqual([[1, 2, 3]]);
    expect(penaltyStreaks([entry(1), entry(2, true), entry(3), entry(4)], 3, new Set())).toEqual([]);
    expect(penaltyStreaks([entry(1), entry(2), entry(3), entry(4), entry(5)], 3, new Set())).toEqual([[1, 2, 3]]);
    expect(
      penaltyStreaks(
        [1, 2, 3, 4, 5, 6].map((i) => entry(i)),
        3,
        new Set(),
      ),
    ).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    expect(
      penaltyStreaks(
        [1, 2, 3, 4].map((i) => entry(i)),
        3,
        new Set([2]),
      ),
    ).toEqual([]);
    expect(penaltyStreaks([entry(1)], 1, new Set())).toEqual([[1]]);
  });
});

describe('detectNoShows', () => {
  it('is a scheduled job every 15 minutes', () => {
    expect(scheduledJobs.find((job) => job.name === 'detectNoShows')?.everyMinutes).toBe(15);
  });

  it('issues one penalty when the third no-show in a row ends, for penalty_days from then; re-running issues nothing new', async () => {
    await anaBooks([1, 2, 3]);
    expect((await runAt(afterClass(1))).issued).toEqual([]);
    expect((await runAt(afterClass(2))).issued).toEqual([]);
    // Class 3 ends at 13:50Z: not yet at 13:49.
    expect((await runAt(new Date(`${day(3)}T13:49:59.999Z`))).issued).toEqual([]);
    const run = await runAt(new Date(`${day(3)}T13:50:00.000Z`));
    expect(run.classes).toBe(1);
    expect(run.issued).toHaveLength(1);
    const [penalty] = await penaltiesOf(2);
    expect(penalty).toMatchObject({
      customer_id: 2,
      uid: 'ana',
      source: 'no-shows',
      reservation_ids: [rid(1), rid(2), rid(3)],
      streak_key: `2-${rid(3)}`,
      start_date: new Date(`${day(3)}T13:50:00.000Z`),
      end_date: new Date(`${day(10)}T13:50:00.000Z`),
      lifted_at: null,
    });
    expect((await runAt(afterClass(3))).issued).toEqual([]);
    // Even a run that looks at the same classes again (cursor lost) issues nothing new.
    await env.store.doc('jobs/detect-no-shows').delete();
    expect((await runAt(afterClass(3))).issued).toEqual([]);
    expect(await penaltiesOf(2)).toHaveLength(1);
  });

  it('one run can catch up on several classes (the cursor) and the first run looks back two days only', async () => {
    await anaBooks([1, 2, 3, 4, 5]);
    // First run on 5 Dec 14:00Z: it looks at classes that ended after 3 Dec 14:00Z, i.e. 4 and 5…
    const first = await runAt(afterClass(5));
    expect(first.from.toISOString()).toBe(new Date(afterClass(5).getTime() - FIRST_RUN_LOOKBACK_MS).toISOString());
    expect(first.classes).toBe(2);
    // …but the streak is the customer's history: 1–3 make a (past) streak, 4–5 are two in a row: nothing is issued for the past.
    expect(first.issued).toEqual([]);
    await anaBooks([6]);
    const next = await runAt(afterClass(6));
    expect(next.from.toISOString()).toBe(afterClass(5).toISOString());
    expect(next.issued.map((x) => x.reservation_ids)).toEqual([[rid(4), rid(5), rid(6)]]);
  });

  it('an attended class resets the streak', async () => {
    await anaBooks([1, 2, 3, 4, 5]);
    await attended(2);
    await runAt(afterClass(1));
    await runAt(afterClass(3));
    expect((await runAt(afterClass(4))).issued).toEqual([]);
    const run = await runAt(afterClass(5));
    expect(run.issued.map((x) => x.reservation_ids)).toEqual([[rid(3), rid(4), rid(5)]]);
  });

  it('guests, finite lots, cash and cancelled reservations neither count nor reset', async () => {
    await anaBooks([1, 3, 5], {});
    await anaBooks([2], { 2: FINITE });
    // Class 4: a guest on the unlimited lot (seed-style data), and Ana's own place paid in cash.
    await book(env.deps, { reservationId: 2104, classId: 4, ...ana, lotId: UNLIMITED, guest: 'Luis' });
    await book(env.deps, { reservationId: rid(4), classId: 4, ...ana, lotId: null });
    await book(env.deps, { reservationId: rid(6), classId: 6, ...ana, lotId: UNLIMITED });
    await env.store.doc(`class_reservations/${rid(6)}`).update({ deletedAt: new Date('2026-11-30T00:00:00Z'), cancel_reason: 'customer' });
    for (const n of [1, 2, 3, 4]) expect((await runAt(afterClass(n))).issued).toEqual([]);
    const run = await runAt(afterClass(5));
    expect(run.issued.map((x) => x.reservation_ids)).toEqual([[rid(1), rid(3), rid(5)]]);
    expect((await runAt(afterClass(6))).issued).toEqual([]);
  });

  it('each no-show counts once: six in a row are two penalties, four and five none', async () => {
    await anaBooks([1, 2, 3, 4, 5, 6]);
    const issued: number[][] = [];
    for (let n = 1; n <= 6; n++) issued.push(...(await runAt(afterClass(n))).issued.map((x) => x.reservation_ids));
    expect(issued).toEqual([
      [rid(1), rid(2), rid(3)],
      [rid(4), rid(5), rid(6)],
    ]);
  });

  it('with penalties off it issues nothing and moves on (turning them on does not punish the past)', async () => {
    await setConfig(env.store, { penalties_enabled: false });
    await anaBooks([1, 2, 3, 4]);
    for (let n = 1; n <= 3; n++) expect((await runAt(afterClass(n))).issued).toEqual([]);
    await setConfig(env.store, { penalties_enabled: true });
    expect((await runAt(afterClass(4))).issued).toEqual([]);
    expect(await penaltiesOf(2)).toEqual([]);
  });

  it('penalises each customer on their own streak', async () => {
    await anaBooks([1, 2, 3]);
    for (const n of [1, 2, 3]) await book(env.deps, { reservationId: 3000 + n, classId: n, ...beto, lotId: BETO_UNLIMITED });
    await env.store.doc('class_reservations/3002').update({ attend: true });
    await runAt(afterClass(1));
    await runAt(afterClass(2));
    await runAt(afterClass(3));
    expect(await penaltiesOf(2)).toHaveLength(1);
    expect(await penaltiesOf(3)).toHaveLength(0);
  });
});

describe('activePenalty and the booking refusal', () => {
  it('is the penalty until its end (exclusive) and null after; the refusal is 412 booking/penalty in studio time', async () => {
    await anaBooks([1, 2, 3]);
    await runAt(afterClass(1));
    await runAt(afterClass(2));
    await runAt(afterClass(3));
    const end = new Date(`${day(10)}T14:00:00.000Z`);
    const active = await activePenalty(env.deps, 2, new Date(end.getTime() - 1));
    expect(active?.reservation_ids).toEqual([rid(1), rid(2), rid(3)]);
    expect(await activePenalty(env.deps, 2, end)).toBeNull();
    expect(await activePenalty(env.deps, 3, afterClass(4))).toBeNull();
    const refusal = penaltyRefusal(active as ClassReservationPenaltyDoc, 'America/Mexico_City');
    expect(refusal).toMatchObject({ kind: 'precondition', code: 'booking/penalty' });
    // Ends 10 Dec 14:00Z = 08:00 in Mexico City.
    expect(refusal.message).toBe('Tienes una penalización por 3 inasistencias seguidas; podrás reservar de nuevo el 2026-12-10 a las 08:00.');
  });
});

describe('attendance corrections and lifting', () => {
  it('marking a counted no-show attended lifts its penalty; undoing it issues the penalty again', async () => {
    await anaBooks([1, 2, 3]);
    for (const n of [1, 2, 3]) await runAt(afterClass(n));
    const [issued] = await penaltiesOf(2);
    const fixed = await request(app)
      .put('/api/single_class/2/attendance')
      .set(admin)
      .send({ class_reservation_id: rid(2), attend: true });
    expect(fixed.status).toBe(200);
    expect(fixed.body.penalties_lifted).toEqual([issued?.class_reservation_penalty_id]);
    expect(await activePenalty(env.deps, 2, env.deps.now())).toBeNull();
    const lifted = (await penaltiesOf(2))[0];
    expect(lifted).toMatchObject({
      lift_kind: 'attendance',
      lifted_by: ADMIN_UID,
      lift_reason: 'Se corrigió la asistencia de la clase del 2026-12-02 a las 07:00.',
    });
    const undone = await request(app)
      .put('/api/single_class/2/attendance')
      .set(admin)
      .send({ class_reservation_id: rid(2), attend: false });
    expect(undone.body.penalties_issued).toHaveLength(1);
    expect((await activePenalty(env.deps, 2, env.deps.now()))?.reservation_ids).toEqual([rid(1), rid(2), rid(3)]);
    expect((await runAt(afterClass(3))).issued).toEqual([]);
  });

  it('freed no-shows count again: a lifted streak’s later no-shows can make a new one', async () => {
    await anaBooks([1, 2, 3, 4, 5]);
    for (const n of [1, 2, 3, 4, 5]) await runAt(afterClass(n));
    expect((await penaltiesOf(2)).map((x) => x.reservation_ids)).toEqual([[rid(1), rid(2), rid(3)]]);
    const fixed = await request(app)
      .put('/api/single_class/1/attendance')
      .set(admin)
      .send({ class_reservation_id: rid(1), attend: true });
    expect(fixed.body.penalties_lifted).toHaveLength(1);
    // 2, 3, 4 are now three no-shows in a row, none spent.
    expect(fixed.body.penalties_issued).toHaveLength(1);
    expect((await activePenalty(env.deps, 2, env.deps.now()))?.reservation_ids).toEqual([rid(2), rid(3), rid(4)]);
  });

  it('an admin lift ends it for good; its no-shows stay spent', async () => {
    await anaBooks([1, 2, 3, 4]);
    for (const n of [1, 2, 3]) await runAt(afterClass(n));
    const [penalty] = await penaltiesOf(2);
    const id = penalty?.class_reservation_penalty_id;
    const res = await request(app)
      .put('/api/class_reservation_penaltys')
      .set(admin)
      .send({ class_reservation_penalty_id: id, lifted: true, lift_reason: 'Enfermedad' });
    expect(res.status).toBe(200);
    expect(res.body.class_reservation_penalty).toMatchObject({ active: false, lifted_by: ADMIN_UID, lift_reason: 'Enfermedad' });
    expect(await activePenalty(env.deps, 2, env.deps.now())).toBeNull();
    expect((await request(app).put('/api/class_reservation_penaltys').set(admin).send({ class_reservation_penalty_id: id, lifted: true })).status).toBe(200);
    const moved = await request(app).put('/api/class_reservation_penaltys').set(admin).send({ class_reservation_penalty_id: id, end_date: '2026-12-20' });
    expect(moved.status).toBe(409);
    expect((await runAt(afterClass(4))).issued).toEqual([]);
  });
});

describe('/api/class_reservation_penaltys', () => {
  async function anaPenalised(): Promise<number> {
    await anaBooks([1, 2, 3]);
    for (const n of [1, 2, 3]) await runAt(afterClass(n));
    return (await penaltiesOf(2))[0]?.class_reservation_penalty_id as number;
  }

  it('a customer lists and reads their own; another customer gets an empty list and 404', async () => {
    const id = await anaPenalised();
    const mine = await request(app).get('/api/class_reservation_penaltys').set(as('ana'));
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ total: 1, page: 1, page_size: 50 });
    expect(mine.body.class_reservation_penaltys[0]).toMatchObject({
      class_reservation_penalty_id: id,
      active: true,
      reservation_ids: [rid(1), rid(2), rid(3)],
    });
    expect(mine.body.class_reservation_penaltys[0].uid).toBeUndefined();
    expect((await request(app).get(`/api/class_reservation_penaltys/${id}`).set(as('ana'))).status).toBe(200);
    const others = await request(app).get('/api/class_reservation_penaltys?customer_id=2').set(as('beto'));
    expect(others.body.total).toBe(0);
    expect((await request(app).get(`/api/class_reservation_penaltys/${id}`).set(as('beto'))).status).toBe(404);
    expect((await request(app).get('/api/class_reservation_penaltys')).status).toBe(401);
  });

  it('admins list any customer’s, issue one by hand (to the end of a studio day) and move its end', async () => {
    await anaPenalised();
    env.clock.now = new Date('2026-12-04T18:00:00Z');
    const made = await request(app).post('/api/class_reservation_penaltys').set(admin).send({ customer_id: 3, end_date: '2026-12-06', reason: 'Conducta' });
    expect(made.status).toBe(201);
    expect(made.body.class_reservation_penalty).toMatchObject({
      customer_id: 3,
      source: 'admin',
      reservation_ids: [],
      reason: 'Conducta',
      active: true,
      start_date: '2026-12-04T18:00:00.000Z',
      // The end of 6 Dec in Mexico City.
      end_date: '2026-12-07T05:59:59.999Z',
    });
    const refusal = penaltyRefusal((await activePenalty(env.deps, 3, env.deps.now())) as ClassReservationPenaltyDoc, 'America/Mexico_City');
    expect(refusal.message).toBe('Tienes una penalización; podrás reservar de nuevo el 2026-12-06 a las 23:59.');
    const id = made.body.class_reservation_penalty.class_reservation_penalty_id;
    const moved = await request(app).put('/api/class_reservation_penaltys').set(admin).send({ class_reservation_penalty_id: id, end_date: '2026-12-05' });
    expect(moved.body.class_reservation_penalty.end_date).toBe('2026-12-06T05:59:59.999Z');
    expect(
      (await request(app).put('/api/class_reservation_penaltys').set(admin).send({ class_reservation_penalty_id: id, end_date: '2026-12-01' })).status,
    ).toBe(400);
    expect((await request(app).put('/api/class_reservation_penaltys').set(admin).send({ class_reservation_penalty_id: id })).status).toBe(400);
    expect((await request(app).put('/api/class_reservation_penaltys').set(admin).send({ class_reservation_penalty_id: id, lifted: false })).status).toBe(400);
    expect((await request(app).get('/api/class_reservation_penaltys?customer_id=3').set(admin)).body.total).toBe(1);
    expect((await request(app).get('/api/class_reservation_penaltys').set(admin)).body.total).toBe(2);
    expect((await request(app).post('/api/class_reservation_penaltys').set(admin).send({ customer_id: 99, end_date: '2026-12-06' })).status).toBe(400);
    expect((await request(app).post('/api/class_reservation_penaltys').set(as('ana')).send({ customer_id: 3, end_date: '2026-12-06' })).status).toBe(403);
    expect((await request(app).put('/api/class_reservation_penaltys').set(as('ana')).send({ class_reservation_penalty_id: id, lifted: true })).status).toBe(
      403,
    );
  });
});
