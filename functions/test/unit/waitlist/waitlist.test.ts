import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { getLot } from '../../../src/data/repos/credits-repo';
import type { WaitlistDoc } from '../../../src/data/repos/waitlists-repo';
import { recountBooked } from '../../../src/services/booking/count-booked';
import { endOfStudioDay } from '../../../src/services/credits/expiry';
import { cancelClass } from '../../../src/services/schedule/cancel-class';
import { createClass } from '../../../src/services/schedule/create-class';
import { getClass } from '../../../src/services/schedule/get-class';
import { updateClass } from '../../../src/services/schedule/update-class';
import { closeDueWaitlists } from '../../../src/services/waitlist/close-waitlists';
import { classChanged } from '../../../src/services/waitlist/on-waitlist-change';
import { promoteWaitlist } from '../../../src/services/waitlist/promote-waitlist';
import { addCustomers, setConfig } from '../booking/booking-fixtures';
import { ADMIN_UID, giveLot, ledgerMismatches, seedScheduleCatalogue, yogaClass } from '../schedule/schedule-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
let app: ReturnType<typeof createApp>;
const people = Array.from({ length: 8 }, (_, i) => ({ customerId: 10 + i, uid: `p${i}` }));
const uidOf = (i: number) => `p${i}`;
/** Class 1: yoga, capacity 2, 1 Dec 2026 07:00 in Mexico City (13:00Z). */
const YOGA_START = new Date('2026-12-01T13:00:00Z');

beforeEach(async () => {
  env = testEnv();
  env.clock.now = new Date('2026-11-30T13:00:00Z');
  app = createApp(env.deps);
  await seedScheduleCatalogue(env.store);
  await addCustomers(env.store, people);
  await createClass(env.deps, yogaClass({ capacity: 2 }));
  for (const [i, p] of people.entries()) await giveLot(env.deps, { id: 100 + i, ...p, credits: 3 });
});
afterEach(async () => {
  await env.cleanup();
});

const as = (uid: string) => ({ Authorization: `Bearer uid:${uid}` });
const book = (i: number, classId = 1) =>
  request(app)
    .post('/api/class_reservations')
    .set(as(uidOf(i)))
    .send({ single_class_id: classId });
const cancel = (i: number, id: number) =>
  request(app)
    .delete(`/api/class_reservations/${id}`)
    .set(as(uidOf(i)));
const join = (i: number, classId = 1) =>
  request(app)
    .post('/api/waitlist')
    .set(as(uidOf(i)))
    .send({ single_class_id: classId });
const mine = (i: number) =>
  request(app)
    .get('/api/waitlist')
    .set(as(uidOf(i)));
const credits = async (i: number) => (await getLot(env.store, 100 + i))?.available_classes;
const entry = async (id: number) => (await env.store.doc(`waitlists/${id}`).get()).data() as unknown as WaitlistDoc;

/** p0 and p1 fill class 1; returns their reservation ids. */
async function fill(): Promise<number[]> {
  const ids = [];
  for (const i of [0, 1]) {
    const res = await book(i);
    expect(res.status).toBe(201);
    ids.push(res.body.class_reservation.class_reservation_id as number);
  }
  return ids;
}

describe('joining a line', () => {
  it('needs a full class, a usable credit, no booking there and no place in line already', async () => {
    const notFull = await join(2);
    expect(notFull.status).toBe(409);
    expect(notFull.body.error.code).toBe('waitlist/not-full');
    await fill();
    expect((await join(0)).body.error.code).toBe('waitlist/already-booked');
    const joined = await join(2);
    expect(joined.status).toBe(201);
    expect(joined.body.waitlist).toMatchObject({ single_class_id: 1, customer_id: 12, status: 'waiting', position: 1 });
    expect(joined.body.waitlist.single_class.single_class_id).toBe(1);
    expect((await join(2)).body.error.code).toBe('waitlist/already-waiting');
    await env.store.doc('available_classes/103').update({ available_classes: 0 });
    const broke = await join(3);
    expect(broke.status).toBe(412);
    expect(broke.body.error.code).toBe('booking/no-credits');
    // Joining spends nothing.
    expect(await credits(2)).toBe(3);
  });

  it('refuses a customer whose lots end before the class, naming the end (412, ADR 0065)', async () => {
    await fill();
    await env.store.doc('available_classes/102').update({ expiration_date: endOfStudioDay('2026-11-30', 'America/Mexico_City') });
    const refused = await join(2);
    expect(refused.status).toBe(412);
    expect(refused.body.error).toMatchObject({ code: 'booking/lot-ends-before-class', message: 'Tu paquete vence el 30 nov, antes de esta clase.' });
    expect((await mine(2)).body.waitlists).toEqual([]);
  });

  it('is first in, first out: positions follow the order of joining and move up as people leave', async () => {
    await fill();
    const ids: number[] = [];
    for (const i of [2, 3, 4]) {
      env.clock.now = new Date(env.clock.now.getTime() + 1000);
      ids.push((await join(i)).body.waitlist.waitlist_id);
    }
    expect((await mine(4)).body.waitlists.map((w: { position: number }) => w.position)).toEqual([3]);
    const left = await request(app).delete(`/api/waitlist/${ids[0]}`).set(as('p2'));
    expect(left.status).toBe(200);
    expect(left.body.waitlist).toMatchObject({ status: 'left', position: null });
    expect((await mine(4)).body.waitlists[0].position).toBe(2);
    expect((await mine(2)).body.waitlists).toEqual([]);
    // Re-joining puts them at the back.
    // The client sends the entry back as it holds it: its other fields are accepted and ignored.
    const back = await request(app)
      .put('/api/waitlist')
      .set(as('p2'))
      .send({ waitlist_id: ids[0], single_class_id: 1, createdAt: '2026-11-30T13:00:00.000Z', single_class: { single_class_id: 1 } });
    expect(back.status).toBe(200);
    expect(back.body.waitlist).toMatchObject({ status: 'waiting', position: 3 });
  });

  it('is closed from the cutoff (default 2 h before the class), for a cancelled class and when the studio has no waitlist', async () => {
    await fill();
    env.clock.now = new Date(YOGA_START.getTime() - 2 * 3600_000);
    expect((await join(2)).body.error.code).toBe('waitlist/closed');
    env.clock.now = new Date(YOGA_START.getTime() - 2 * 3600_000 - 1);
    expect((await join(2)).status).toBe(201);
    await setConfig(env.store, { waitlist_enabled: false });
    expect((await join(3)).body.error.code).toBe('waitlist/disabled');
    await setConfig(env.store, { waitlist_enabled: true });
    await cancelClass(env.deps, ADMIN_UID, 1, {});
    expect((await join(3)).body.error.code).toBe('waitlist/class-cancelled');
  });

  it("shows and touches only the caller's own entries (another's is 404); an admin may act for a customer", async () => {
    await fill();
    const id = (await join(2)).body.waitlist.waitlist_id;
    expect((await request(app).get(`/api/waitlist/${id}`).set(as('p3'))).status).toBe(404);
    expect((await request(app).delete(`/api/waitlist/${id}`).set(as('p3'))).status).toBe(404);
    expect((await request(app).put('/api/waitlist').set(as('p3')).send({ waitlist_id: id })).status).toBe(404);
    // Found by fuzz-routes.test.ts: a null id got yup's English default ('customer_id cannot be null').
    const nullId = await request(app).put('/api/waitlist').set(as('p3')).send({ waitlist_id: id, customer_id: null });
    expect(nullId.status).toBe(400);
    expect(nullId.body.error.fields).toEqual({ customer_id: 'Debe ser un número.' });
    expect((await request(app).post('/api/waitlist').set(as('p3')).send({ single_class_id: 1, customer_id: 12 })).status).toBe(403);
    expect((await entry(id)).status).toBe('waiting');
    env.clock.now = new Date(env.clock.now.getTime() + 1000);
    const byAdmin = await request(app).post('/api/waitlist').set('Authorization', `Bearer admin:${ADMIN_UID}`).send({ single_class_id: 1, customer_id: 13 });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.waitlist).toMatchObject({ customer_id: 13, position: 2 });
    expect((await mine(3)).body.waitlists).toHaveLength(1);
  });
});

describe('promotion', () => {
  it('a cancelled seat is held for the line: nobody books it directly, and the first in line gets it, paid from their credit', async () => {
    const [r0] = await fill();
    const w2 = (await join(2)).body.waitlist.waitlist_id;
    env.clock.now = new Date(env.clock.now.getTime() + 1000);
    const w3 = (await join(3)).body.waitlist.waitlist_id;
    expect((await cancel(0, r0 as number)).status).toBe(200);
    const held = (await env.store.collection('single_classes/1/seats').get()).docs.map((d) => d.data());
    expect(held.filter((s) => s?.held_for_waitlist === true)).toHaveLength(1);
    const sneaky = await book(5);
    expect(sneaky.status).toBe(412);
    expect(sneaky.body.error.code).toBe('booking/class-full');
    // The schedule shows it full too: the count trigger counts the held seat.
    await recountBooked(env.deps, 1);
    expect((await getClass(env.deps, 1)).spots_left).toBe(0);

    const summary = await promoteWaitlist(env.deps, 1);
    expect(summary.promoted).toEqual([w2]);
    const promoted = await entry(w2);
    expect(promoted.status).toBe('promoted');
    const reservation = (await env.store.doc(`class_reservations/${promoted.class_reservation_id}`).get()).data()!;
    expect(reservation).toMatchObject({ customer_id: 12, source: 'waitlist', available_class_id: 102, deletedAt: null });
    expect(await credits(2)).toBe(2);
    expect(await ledgerMismatches(env.store, 12)).toEqual([]);
    expect((await entry(w3)).status).toBe('waiting');
    expect((await mine(3)).body.waitlists[0].position).toBe(1);
    // Running again hands out nothing more.
    expect(await promoteWaitlist(env.deps, 1)).toEqual({ promoted: [], skipped: [], released: 0 });
  });

  it('skips someone who can no longer be booked (no credit left) and books the next', async () => {
    const [r0] = await fill();
    const w2 = (await join(2)).body.waitlist.waitlist_id;
    env.clock.now = new Date(env.clock.now.getTime() + 1000);
    const w3 = (await join(3)).body.waitlist.waitlist_id;
    await env.store.doc('available_classes/102').update({ available_classes: 0 });
    await cancel(0, r0 as number);
    const summary = await promoteWaitlist(env.deps, 1);
    expect(summary).toEqual({ promoted: [w3], skipped: [w2], released: 0 });
    expect(await entry(w2)).toMatchObject({ status: 'skipped', end_reason: 'no-credits' });
  });

  it('skips someone whose only lot left ends before the class, recording why (ADR 0065), and books the next', async () => {
    const [r0] = await fill();
    // p2 also holds a lot ending today (30 Nov, studio time); the class is tomorrow.
    await giveLot(env.deps, {
      id: 200,
      ...(people[2] as { customerId: number; uid: string }),
      credits: 4,
      expiration: endOfStudioDay('2026-11-30', 'America/Mexico_City'),
    });
    const w2 = (await join(2)).body.waitlist.waitlist_id;
    env.clock.now = new Date(env.clock.now.getTime() + 1000);
    const w3 = (await join(3)).body.waitlist.waitlist_id;
    // While waiting, p2 spends the lot that was valid on the class's date.
    await env.store.doc('available_classes/102').update({ available_classes: 0 });
    await cancel(0, r0 as number);
    const summary = await promoteWaitlist(env.deps, 1);
    expect(summary).toEqual({ promoted: [w3], skipped: [w2], released: 0 });
    expect(await entry(w2)).toMatchObject({ status: 'skipped', end_reason: 'lot-ends-before-class', class_reservation_id: null });
    expect((await getLot(env.store, 200))?.available_classes).toBe(4);
    expect(await entry(w3)).toMatchObject({ status: 'promoted' });
    expect(await credits(3)).toBe(2);
  });

  it('a promoted customer leaves their lines for overlapping classes; someone booked at that time is skipped', async () => {
    // Class 2 overlaps class 1 (07:30); class 3 does not (10:00).
    await createClass(env.deps, yogaClass({ capacity: 1, start_time: '07:30' }));
    await createClass(env.deps, yogaClass({ capacity: 1, start_time: '10:00' }));
    expect((await book(6, 2)).status).toBe(201);
    expect((await book(7, 3)).status).toBe(201);
    const [r0] = await fill();
    const w2 = (await join(2, 1)).body.waitlist.waitlist_id;
    const w2b = (await join(2, 2)).body.waitlist.waitlist_id;
    const w2c = (await join(2, 3)).body.waitlist.waitlist_id;
    await cancel(0, r0 as number);
    expect((await promoteWaitlist(env.deps, 1)).promoted).toEqual([w2]);
    expect(await entry(w2b)).toMatchObject({ status: 'left', end_reason: 'overlap' });
    expect((await entry(w2c)).status).toBe('waiting');
    // p6 is booked in class 2 (overlapping class 1): their turn in class 1 is skipped.
    const [, r1] = [r0, (await env.store.collection('class_reservations').where('customer_id', '==', 11).get()).docs[0]!.get('class_reservation_id')];
    const w6 = (await join(6, 1)).body.waitlist.waitlist_id;
    await cancel(1, r1 as number);
    expect(await promoteWaitlist(env.deps, 1)).toEqual({ promoted: [], skipped: [w6], released: 1 });
  });

  it('frees a held seat when nobody is left in line', async () => {
    const [r0] = await fill();
    const w2 = (await join(2)).body.waitlist.waitlist_id;
    await cancel(0, r0 as number);
    await request(app).delete(`/api/waitlist/${w2}`).set(as('p2'));
    expect(await promoteWaitlist(env.deps, 1)).toEqual({ promoted: [], skipped: [], released: 1 });
    expect((await getClass(env.deps, 1)).spots_left).toBe(1);
    expect((await book(5)).status).toBe(201);
  });

  it('a capacity rise goes to the line first', async () => {
    await fill();
    const w2 = (await join(2)).body.waitlist.waitlist_id;
    const before = (await env.store.doc('single_classes/1').get()).data()!;
    await updateClass(env.deps, { single_class_id: 1, capacity: 3 });
    const after = (await env.store.doc('single_classes/1').get()).data()!;
    await classChanged(env.deps, {
      eventId: 'e1',
      params: { singleClassId: '1' },
      before: { exists: true, data: () => before } as never,
      after: { exists: true, data: () => after } as never,
      time: new Date(),
    });
    expect((await entry(w2)).status).toBe('promoted');
  });

  it('concurrent promotions after concurrent cancellations: each freed seat goes to one person, nobody twice, in line order', async () => {
    await createClass(env.deps, yogaClass({ capacity: 4, start_time: '12:00' }));
    const booked: number[] = [];
    for (const i of [0, 1, 2, 3]) booked.push((await book(i, 2)).body.class_reservation.class_reservation_id);
    const line: number[] = [];
    for (const i of [4, 5, 6, 7]) {
      env.clock.now = new Date(env.clock.now.getTime() + 1000);
      line.push((await join(i, 2)).body.waitlist.waitlist_id);
    }
    await Promise.all([0, 1, 2].map((i) => cancel(i, booked[i] as number)));
    const runs = await Promise.all(Array.from({ length: 5 }, () => promoteWaitlist(env.deps, 2)));
    const promoted = runs.flatMap((r) => r.promoted);
    expect(promoted.sort((a, b) => a - b)).toEqual(line.slice(0, 3).sort((a, b) => a - b));
    const active = await env.store.collection('class_reservations').where('single_class_id', '==', 2).where('deletedAt', '==', null).get();
    expect(active.size).toBe(4);
    expect(new Set(active.docs.map((d) => d.get('customer_id'))).size).toBe(4);
    expect((await entry(line[3] as number)).status).toBe('waiting');
  });
});

describe('penalties', () => {
  const penalize = (customerId: number) =>
    request(app)
      .post('/api/class_reservation_penaltys')
      .set('Authorization', `Bearer admin:${ADMIN_UID}`)
      .send({ customer_id: customerId, end_date: '2026-12-05' });

  it('a customer under a penalty cannot book or join a line (412 booking/penalty, with the date they can book again)', async () => {
    await fill();
    expect((await penalize(12)).status).toBe(201);
    const booked = await book(2);
    expect(booked.status).toBe(412);
    expect(booked.body.error.code).toBe('booking/penalty');
    expect(booked.body.error.message).toContain('2026-12-05');
    const joined = await join(2);
    expect(joined.status).toBe(412);
    expect(joined.body.error.code).toBe('booking/penalty');
  });

  it('the first in line under a penalty issued after joining is skipped, and the next is booked', async () => {
    const [r0] = await fill();
    const w2 = (await join(2)).body.waitlist.waitlist_id;
    env.clock.now = new Date(env.clock.now.getTime() + 1000);
    const w3 = (await join(3)).body.waitlist.waitlist_id;
    expect((await penalize(12)).status).toBe(201);
    await cancel(0, r0 as number);
    expect(await promoteWaitlist(env.deps, 1)).toEqual({ promoted: [w3], skipped: [w2], released: 0 });
    expect(await entry(w2)).toMatchObject({ status: 'skipped', end_reason: 'penalty' });
  });
});

describe('closing', () => {
  it('at the cutoff promotion stops and frees held seats, and the job closes the line (each member told once)', async () => {
    const [r0] = await fill();
    const w2 = (await join(2)).body.waitlist.waitlist_id;
    await cancel(0, r0 as number);
    env.clock.now = new Date(YOGA_START.getTime() - 2 * 3600_000);
    // Past the cutoff promotion books nobody; the held seat is anyone's now.
    expect(await promoteWaitlist(env.deps, 1)).toEqual({ promoted: [], skipped: [], released: 1 });
    expect(await entry(w2)).toMatchObject({ status: 'waiting' });
    expect(await closeDueWaitlists(env.deps)).toEqual({ closed: 1 });
    expect(await entry(w2)).toMatchObject({ status: 'closed', end_reason: 'cutoff' });
    expect(await closeDueWaitlists(env.deps)).toEqual({ closed: 0 });
    expect((await book(5)).status).toBe(201);
  });

  it('a seat held when the line empties after the cutoff (before the job ran) is freed for anyone', async () => {
    const [r0] = await fill();
    const w2 = (await join(2)).body.waitlist.waitlist_id;
    env.clock.now = new Date(YOGA_START.getTime() - 119 * 60_000);
    await cancel(0, r0 as number);
    await request(app).delete(`/api/waitlist/${w2}`).set(as('p2'));
    expect(await promoteWaitlist(env.deps, 1)).toEqual({ promoted: [], skipped: [], released: 1 });
    expect(await closeDueWaitlists(env.deps)).toEqual({ closed: 0 });
    expect((await book(5)).status).toBe(201);
  });

  it('before the class opens for booking nobody can join its line', async () => {
    await setConfig(env.store, { reservation_timeframe_hours: 12 });
    env.clock.now = new Date(YOGA_START.getTime() - 13 * 3600_000);
    const early = await join(2);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('waitlist/not-open');
  });

  it('the cutoff is configurable and follows a class that moved', async () => {
    await setConfig(env.store, { waitlist_cutoff_minutes: 30 });
    await fill();
    const w2 = (await join(2)).body.waitlist.waitlist_id;
    env.clock.now = new Date(YOGA_START.getTime() - 31 * 60_000);
    expect(await closeDueWaitlists(env.deps)).toEqual({ closed: 0 });
    await updateClass(env.deps, { single_class_id: 1, start_time: '09:00' });
    env.clock.now = new Date(YOGA_START.getTime() - 29 * 60_000);
    // The entry still has the old time: the job reads the class, keeps the entry and refreshes its copy.
    expect(await closeDueWaitlists(env.deps)).toEqual({ closed: 0 });
    expect((await entry(w2)).class_date.toISOString()).toBe('2026-12-01T15:00:00.000Z');
    env.clock.now = new Date('2026-12-01T14:30:00Z');
    expect(await closeDueWaitlists(env.deps)).toEqual({ closed: 1 });
  });

  it('a class cancelled by the studio closes its line with that reason', async () => {
    await fill();
    const w2 = (await join(2)).body.waitlist.waitlist_id;
    const before = (await env.store.doc('single_classes/1').get()).data()!;
    await cancelClass(env.deps, ADMIN_UID, 1, {});
    const after = (await env.store.doc('single_classes/1').get()).data()!;
    await classChanged(env.deps, {
      eventId: 'e2',
      params: {},
      before: { exists: true, data: () => before } as never,
      after: { exists: true, data: () => after } as never,
      time: new Date(),
    });
    expect(await entry(w2)).toMatchObject({ status: 'closed', end_reason: 'class-cancelled' });
  });
});
