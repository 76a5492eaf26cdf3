import type { MyClassReservation, MyWaitlistPlace, SingleClass } from '@studio/shared/schemas/single-class';
import type { Wire } from '@studio/shared/types/wire';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { createApp } from '../../../src/app';
import { createWaitlist, endWaitlist, getWaitlist } from '../../../src/data/repos/waitlists-repo';
import { cancelClass } from '../../../src/services/schedule/cancel-class';
import { createClass } from '../../../src/services/schedule/create-class';
import { getClass } from '../../../src/services/schedule/get-class';
import { listSchedule } from '../../../src/services/schedule/list-schedule';
import type { MyPlaces } from '../../../src/services/schedule/my-places';
import { addCustomers } from '../booking/booking-fixtures';
import { type TestEnv, testEnv } from '../support';
import { ADMIN_UID, book, giveLot, seedScheduleCatalogue, yogaClass } from './schedule-fixtures';

let env: TestEnv;
let app: ReturnType<typeof createApp>;
const ana = { customerId: 2, uid: 'ana' };
const beto = { customerId: 3, uid: 'beto' };
const carla = { customerId: 4, uid: 'carla' };
type Who = typeof ana;
const CLASS_START = new Date('2026-12-01T13:00:00Z');
const WEEK = 'start_date=2026-12-01&end_date=2026-12-07';

beforeEach(async () => {
  env = testEnv();
  app = createApp(env.deps);
  await seedScheduleCatalogue(env.store);
  await addCustomers(env.store, [ana, beto, carla]);
  // Class 1: yoga, no map, capacity 3. Class 2: cycling, map 4,5,5,4 (18 spots), capacity 18.
  await createClass(env.deps, yogaClass({ capacity: 3 }));
  await createClass(env.deps, yogaClass({ class_type_id: 1, capacity: undefined, start_time: '09:00' }));
  await giveLot(env.deps, { id: 101, ...ana, credits: 10 });
  await giveLot(env.deps, { id: 102, ...beto, credits: 10 });
});
afterEach(async () => {
  await env.cleanup();
});

const getAs = (uid: string | null, path: string) => {
  const req = request(app).get(path);
  return uid === null ? req : req.set('Authorization', `Bearer ${uid.startsWith('admin:') ? uid : `uid:${uid}`}`);
};
const classIn = (body: { single_classes: Array<{ single_class_id: number }> }, id: number) =>
  body.single_classes.find((c) => c.single_class_id === id) as Record<string, unknown>;

let joined = 0;
/** Puts a customer in a class's line, one second after the previous one. */
async function wait(waitlistId: number, classId: number, who: Who): Promise<void> {
  const joinedAt = new Date(Date.parse('2026-11-22T12:00:00Z') + ++joined * 1000);
  await env.store.runTransaction(async (tx) =>
    createWaitlist(env.store, tx, {
      waitlist_id: waitlistId,
      single_class_id: classId,
      customer_id: who.customerId,
      uid: who.uid,
      status: 'waiting',
      end_reason: null,
      class_reservation_id: null,
      class_date: CLASS_START,
      class_end: new Date(CLASS_START.getTime() + 50 * 60_000),
      joinedAt,
      endedAt: null,
      createdAt: joinedAt,
      updatedAt: joinedAt,
    }),
  );
}

async function leave(waitlistId: number): Promise<void> {
  await env.store.runTransaction(async (tx) => {
    const doc = await getWaitlist(env.store, waitlistId, tx);
    if (!doc) throw new Error(`no waitlist ${waitlistId}`);
    const now = env.deps.now();
    endWaitlist(env.store, tx, { ...doc, status: 'left', end_reason: 'customer', endedAt: now, updatedAt: now });
  });
}

describe('what a customer sees of a class: my_reservations, my_waitlist, free_spots', () => {
  beforeEach(async () => {
    // Ana: her own spot 5 and her guest's spot 6 in cycling; her own in yoga. Beto: spot 2 in cycling.
    await book(env.deps, { reservationId: 1001, classId: 2, ...ana, lotId: 101, spot: 5 });
    await book(env.deps, { reservationId: 1002, classId: 2, ...ana, lotId: 101, spot: 6, guest: 'Sofía Pérez' });
    await book(env.deps, { reservationId: 1003, classId: 1, ...ana, lotId: 101, spot: 1 });
    await book(env.deps, { reservationId: 1004, classId: 2, ...beto, lotId: 102, spot: 2 });
  });

  it('anonymous callers get spots_left and free_spots, and no personal fields at all', async () => {
    const list = await getAs(null, `/api/single_class?${WEEK}`);
    expect(list.status).toBe(200);
    for (const c of list.body.single_classes) {
      expect(c).toHaveProperty('spots_left');
      expect(c).not.toHaveProperty('my_reservations');
      expect(c).not.toHaveProperty('my_waitlist');
      expect(c).not.toHaveProperty('free_spots');
    }
    const single = await getAs(null, '/api/single_class/single/2');
    expect(single.body.single_class).toMatchObject({ spots_left: 15, free_spots: [1, 3, 4, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18] });
    expect(single.body.single_class).not.toHaveProperty('my_reservations');
    expect(single.body.single_class).not.toHaveProperty('my_waitlist');
    expect((await getAs(null, '/api/single_class/single/1')).body.single_class.free_spots).toBeNull();
  });

  it('a signed-in customer sees their own reservations and their guest’s in each class, own first', async () => {
    const list = await getAs('ana', `/api/single_class?${WEEK}`);
    expect(list.status).toBe(200);
    expect(classIn(list.body, 2)).toMatchObject({
      spots_left: 15,
      my_reservations: [
        { class_reservation_id: 1001, spot: 5, guest: null, status: 'Próxima', attend: false },
        { class_reservation_id: 1002, spot: 6, guest: 'Sofía Pérez', status: 'Próxima', attend: false },
      ],
      my_waitlist: null,
    });
    expect(classIn(list.body, 1)).toMatchObject({ my_reservations: [{ class_reservation_id: 1003, spot: 1, guest: null }], my_waitlist: null });
    expect(classIn(list.body, 1)).not.toHaveProperty('free_spots');
    const single = await getAs('ana', '/api/single_class/single/2');
    expect(single.body.single_class).toMatchObject({
      my_reservations: [
        { class_reservation_id: 1001, spot: 5, guest: null, status: 'Próxima', attend: false },
        { class_reservation_id: 1002, spot: 6, guest: 'Sofía Pérez', status: 'Próxima', attend: false },
      ],
      my_waitlist: null,
      free_spots: [1, 3, 4, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18],
    });
    expect(Object.keys(single.body.single_class.my_reservations[0]).sort()).toEqual(['attend', 'class_reservation_id', 'guest', 'spot', 'status']);
  });

  it('another customer sees only their own, never anyone else’s identity', async () => {
    const list = await getAs('beto', `/api/single_class?${WEEK}`);
    expect(classIn(list.body, 2)).toMatchObject({ my_reservations: [{ class_reservation_id: 1004, spot: 2, guest: null }], my_waitlist: null });
    expect(classIn(list.body, 1)).toMatchObject({ my_reservations: [], my_waitlist: null });
    const single = await getAs('carla', '/api/single_class/single/2');
    expect(single.body.single_class).toMatchObject({ my_reservations: [], my_waitlist: null });
    for (const body of [JSON.stringify(list.body), JSON.stringify(single.body)]) {
      expect(body).not.toContain('Sofía');
      expect(body).not.toContain('"ana"');
      expect(body).not.toContain('1001');
      expect(body).not.toContain('customer_id');
    }
  });

  it('cancelled reservations leave my_reservations and free their spot', async () => {
    const cancel = await request(app).delete('/api/class_reservations/1002').set('Authorization', 'Bearer uid:ana');
    expect(cancel.status).toBe(200);
    const single = await getAs('ana', '/api/single_class/single/2');
    expect(single.body.single_class.my_reservations).toEqual([{ class_reservation_id: 1001, spot: 5, guest: null, status: 'Próxima', attend: false }]);
    expect(single.body.single_class.free_spots).toContain(6);
    const list = await getAs('ana', `/api/single_class?${WEEK}`);
    expect(classIn(list.body, 2).my_reservations).toEqual([{ class_reservation_id: 1001, spot: 5, guest: null, status: 'Próxima', attend: false }]);
  });

  it('status follows the display rules once the class has passed', async () => {
    await env.store.doc('class_reservations/1001').update({ attend: true });
    env.clock.now = new Date('2026-12-01T18:00:00Z');
    const list = await getAs('ana', `/api/single_class?start_date=2026-12-01&end_date=2026-12-01`);
    expect(classIn(list.body, 2).my_reservations).toMatchObject([{ status: 'Exitosa' }, { status: 'No Asistí' }]);
  });

  it('a signed-in caller without a customer record (an admin) gets empty fields', async () => {
    const list = await getAs(`admin:${ADMIN_UID}`, `/api/single_class?${WEEK}`);
    expect(classIn(list.body, 2)).toMatchObject({ my_reservations: [], my_waitlist: null });
    const single = await getAs(`admin:${ADMIN_UID}`, '/api/single_class/single/2');
    expect(single.body.single_class).toMatchObject({ my_reservations: [], my_waitlist: null });
  });
});

describe('my_waitlist: the caller’s place in the line', () => {
  it('is 1-based in line order and moves up when someone ahead leaves', async () => {
    await wait(501, 1, beto);
    await wait(502, 1, carla);
    await wait(503, 1, ana);
    await wait(504, 2, ana);
    const list = await getAs('ana', `/api/single_class?${WEEK}`);
    expect(classIn(list.body, 1).my_waitlist).toEqual({ waitlist_id: 503, position: 3 });
    expect(classIn(list.body, 2).my_waitlist).toEqual({ waitlist_id: 504, position: 1 });
    expect((await getAs('ana', '/api/single_class/single/1')).body.single_class.my_waitlist).toEqual({ waitlist_id: 503, position: 3 });
    expect((await getAs('beto', '/api/single_class/single/1')).body.single_class.my_waitlist).toEqual({ waitlist_id: 501, position: 1 });

    await leave(501);
    expect(classIn((await getAs('ana', `/api/single_class?${WEEK}`)).body, 1).my_waitlist).toEqual({ waitlist_id: 503, position: 2 });
    expect((await getAs('ana', '/api/single_class/single/1')).body.single_class.my_waitlist).toEqual({ waitlist_id: 503, position: 2 });
    const betoView = await getAs('beto', '/api/single_class/single/1');
    expect(betoView.body.single_class.my_waitlist).toBeNull();
    expect(classIn((await getAs('beto', `/api/single_class?${WEEK}`)).body, 1).my_waitlist).toBeNull();
    expect(JSON.stringify(betoView.body)).not.toContain('carla');

    await leave(503);
    expect(classIn((await getAs('ana', `/api/single_class?${WEEK}`)).body, 1).my_waitlist).toBeNull();
    expect((await getAs('carla', '/api/single_class/single/1')).body.single_class.my_waitlist).toEqual({ waitlist_id: 502, position: 1 });
  });

  it('anonymous callers never see the line', async () => {
    await wait(501, 1, beto);
    const single = await getAs(null, '/api/single_class/single/1');
    expect(single.body.single_class).not.toHaveProperty('my_waitlist');
    expect(JSON.stringify(single.body)).not.toContain('501');
  });
});

describe('free_spots', () => {
  it('is empty when the class is full or cancelled, null without a map', async () => {
    // Class 3: cycling map (18 spots) but capacity 2.
    await createClass(env.deps, yogaClass({ class_type_id: 1, capacity: 2, start_time: '11:00' }));
    await book(env.deps, { reservationId: 1001, classId: 3, ...ana, lotId: 101, spot: 1 });
    expect((await getAs(null, '/api/single_class/single/3')).body.single_class.free_spots).toHaveLength(17);
    await book(env.deps, { reservationId: 1002, classId: 3, ...beto, lotId: 102, spot: 7 });
    expect((await getAs(null, '/api/single_class/single/3')).body.single_class).toMatchObject({ spots_left: 0, free_spots: [] });
    expect((await getAs(null, '/api/single_class/single/2')).body.single_class.free_spots).toHaveLength(18);
    await cancelClass(env.deps, ADMIN_UID, 2, {});
    expect((await getAs(null, '/api/single_class/single/2')).body.single_class).toMatchObject({ status: 'cancelled', free_spots: [] });
    expect((await getAs(null, '/api/single_class/single/1')).body.single_class.free_spots).toBeNull();
  });
});

describe('wire types', () => {
  // Type-level: tsc checks these; at run time they pass trivially.
  it('the personal fields are optional on SingleClass, carry no dates and match what the services return', () => {
    expectTypeOf<SingleClass['my_reservations']>().toEqualTypeOf<MyClassReservation[] | undefined>();
    expectTypeOf<SingleClass['my_waitlist']>().toEqualTypeOf<MyWaitlistPlace | null | undefined>();
    expectTypeOf<SingleClass['free_spots']>().toEqualTypeOf<number[] | null | undefined>();
    expectTypeOf<Wire<MyClassReservation>>().toEqualTypeOf<MyClassReservation>();
    expectTypeOf<Wire<MyWaitlistPlace>>().toEqualTypeOf<MyWaitlistPlace>();
    expectTypeOf<MyPlaces>().toExtend<Pick<Required<SingleClass>, 'my_reservations' | 'my_waitlist'>>();
    expectTypeOf(getClass).returns.resolves.toEqualTypeOf<SingleClass>();
    expectTypeOf(listSchedule).returns.resolves.toEqualTypeOf<SingleClass[]>();
  });
});
