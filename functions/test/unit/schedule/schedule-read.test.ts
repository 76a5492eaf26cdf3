import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { cancelClass } from '../../../src/services/schedule/cancel-class';
import { createClass } from '../../../src/services/schedule/create-class';
import { type TestEnv, testEnv } from '../support';
import { ADMIN_UID, book, giveLot, seedScheduleCatalogue, setStudioZone, yogaClass } from './schedule-fixtures';

let env: TestEnv;
beforeEach(async () => {
  env = testEnv();
  await seedScheduleCatalogue(env.store);
});
afterEach(async () => {
  await env.cleanup();
});

type Listed = { single_class_id: number; date: string; start_time: string; status: string };
const get = (path: string, token?: string) => {
  const call = request(createApp(env.deps)).get(path);
  return token ? call.set('authorization', `Bearer ${token}`) : call;
};
const ids = (body: { single_classes: Listed[] }) => body.single_classes.map((c) => c.single_class_id);

/** Classes around the week of 1–7 December 2026, at the edges of studio days. */
async function week() {
  await createClass(env.deps, yogaClass({ date: '2026-11-30', start_time: '23:30' })); // 1: day before
  await createClass(env.deps, yogaClass({ date: '2026-12-01', start_time: '00:00' })); // 2: first minute
  await createClass(env.deps, yogaClass({ date: '2026-12-03', start_time: '19:00', location_id: 2, instructor_ids: [1, 2] })); // 3
  await createClass(env.deps, yogaClass({ date: '2026-12-02', start_time: '07:00', instructor_ids: [1] })); // 4
  await createClass(env.deps, yogaClass({ date: '2026-12-07', start_time: '23:59', location_id: 2 })); // 5: last minute
  await createClass(env.deps, yogaClass({ date: '2026-12-08', start_time: '00:00' })); // 6: day after
}

describe('GET /api/single_class', () => {
  it('answers the classes of the studio calendar days asked for, in start order, to anyone', async () => {
    await week();
    const response = await get('/api/single_class?start_date=2026-12-01&end_date=2026-12-07');
    expect(response.status).toBe(200);
    expect(ids(response.body)).toEqual([2, 4, 3, 5]);
    expect(response.body.single_classes.map((c: Listed) => `${c.date} ${c.start_time}`)).toEqual([
      '2026-12-01 00:00',
      '2026-12-02 07:00',
      '2026-12-03 19:00',
      '2026-12-07 23:59',
    ]);
    const one = await get('/api/single_class?start_date=2026-11-30&end_date=2026-11-30', 'uid:ana');
    expect(ids(one.body)).toEqual([1]);
  });

  it('uses the studio zone for calendar days, whatever the server zone', async () => {
    await setStudioZone(env.store, 'Asia/Tokyo');
    await createClass(env.deps, yogaClass({ date: '2026-12-01', start_time: '00:30' }));
    await createClass(env.deps, yogaClass({ date: '2026-11-30', start_time: '23:30' }));
    const response = await get('/api/single_class?start_date=2026-12-01&end_date=2026-12-01');
    expect(response.body.single_classes).toMatchObject([
      { single_class_id: 1, class_date: '2026-11-30T15:30:00.000Z', date: '2026-12-01', start_time: '00:30' },
    ]);
  });

  it('defaults to the seven days from today, or the seven days ending on end_date', async () => {
    await createClass(env.deps, yogaClass({ date: '2026-11-22', start_time: '20:00' })); // today (clock: 22 Nov 12:00 in Mexico City)
    await createClass(env.deps, yogaClass({ date: '2026-11-28', start_time: '20:00' }));
    await createClass(env.deps, yogaClass({ date: '2026-11-29', start_time: '08:00' }));
    await createClass(env.deps, yogaClass({ date: '2026-11-21', start_time: '08:00' }));
    expect(ids((await get('/api/single_class')).body)).toEqual([1, 2]);
    expect(ids((await get('/api/single_class?end_date=2026-11-28')).body)).toEqual([1, 2]);
    expect(ids((await get('/api/single_class?end_date=2026-11-27')).body)).toEqual([4, 1]);
  });

  it('filters by instructor and location', async () => {
    await week();
    const range = 'start_date=2026-11-30&end_date=2026-12-08';
    expect(ids((await get(`/api/single_class?${range}&instructor_id=1`)).body)).toEqual([4, 3]);
    expect(ids((await get(`/api/single_class?${range}&instructor_id=2`)).body)).toEqual([3]);
    expect(ids((await get(`/api/single_class?${range}&location_id=2`)).body)).toEqual([3, 5]);
    expect(ids((await get(`/api/single_class?${range}&location_id=2&instructor_id=1`)).body)).toEqual([3]);
    expect(ids((await get(`/api/single_class?${range}&location_id=1&instructor_id=2`)).body)).toEqual([]);
  });

  it('leaves cancelled classes out unless asked, and then flags them', async () => {
    await week();
    await cancelClass(env.deps, ADMIN_UID, 4, { reason: 'Mantenimiento' });
    const range = 'start_date=2026-12-01&end_date=2026-12-07';
    expect(ids((await get(`/api/single_class?${range}`)).body)).toEqual([2, 3, 5]);
    const all = await get(`/api/single_class?${range}&include_cancelled=true`);
    expect(ids(all.body)).toEqual([2, 4, 3, 5]);
    expect(all.body.single_classes[1]).toMatchObject({ status: 'cancelled', cancel_reason: 'Mantenimiento', spots_left: 0 });
  });

  it('shows counts and spots left, never who booked', async () => {
    await createClass(env.deps, yogaClass({ capacity: 3 }));
    await giveLot(env.deps, { id: 101, customerId: 2, uid: 'seed-customer-ana', credits: 5 });
    await book(env.deps, { reservationId: 1, classId: 1, customerId: 2, uid: 'seed-customer-ana', lotId: 101, spot: 2, guest: 'Sofía Pérez' });
    await book(env.deps, { reservationId: 2, classId: 1, customerId: 2, uid: 'seed-customer-ana', lotId: 101 });
    const list = await get('/api/single_class?start_date=2026-12-01&end_date=2026-12-01');
    expect(list.body.single_classes[0]).toMatchObject({ capacity: 3, booked: 2, spots_left: 1 });
    expect(list.body.single_classes[0]).not.toHaveProperty('class_reservations');
    const single = await get('/api/single_class/single/1');
    expect(single.status).toBe(200);
    expect(single.body.single_class).toMatchObject({ single_class_id: 1, booked: 2, spots_left: 1, class_reservations: [{ spot: 2 }, { spot: null }] });
    for (const body of [JSON.stringify(list.body), JSON.stringify(single.body)]) {
      expect(body).not.toContain('seed-customer-ana');
      expect(body).not.toContain('Sofía');
      expect(body).not.toContain('customer_id');
    }
  });

  it('leaves out catalogue records that no longer exist', async () => {
    await createClass(env.deps, yogaClass({ instructor_ids: [1, 3], tag_ids: [1] }));
    await env.store.doc('instructors/1').delete();
    await env.store.doc('tags/1').delete();
    await env.store.doc('locations/1').delete();
    const { body } = await get('/api/single_class/single/1');
    expect(body.single_class).toMatchObject({
      location: null,
      location_id: 1,
      tags: [],
      class_instructors: [{ instructor_id: 3, instructor: { name: 'Lucía', nick_name: 'Lu' } }],
    });
  });

  it('refuses bad windows and parameters in Spanish', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['start_date=2026-12-01&end_date=2027-01-01', { end_date: 'Consulta como máximo 31 días a la vez.' }],
      ['start_date=2026-12-02&end_date=2026-12-01', { end_date: 'La fecha final debe ser igual o posterior a la inicial.' }],
      ['start_date=2026-13-01', { start_date: 'Debe ser una fecha válida.' }],
      ['start_date=2026-12-01T00:00:00Z', { start_date: 'Debe ser una fecha válida.' }],
      ['instructor_id=abc', { instructor_id: 'Debe ser un número.' }],
      ['location_id=0', { location_id: 'Debe ser un número positivo.' }],
    ];
    for (const [query, fields] of cases) {
      const response = await get(`/api/single_class?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error.fields, query).toEqual(fields);
    }
    const month = await get('/api/single_class?start_date=2026-12-01&end_date=2026-12-31');
    expect(month.status).toBe(200);
    const long = await get('/api/single_class?start_date=2026-12-01&end_date=2027-01-01');
    expect(long.body.error.message).toBe('Revisa el campo: Hasta');
  });

  it('answers 404 for an unknown class and 400 for an id that is not a number', async () => {
    expect((await get('/api/single_class/single/5')).body.error).toEqual({ code: 'single_class/not-found', message: 'No encontramos la clase.' });
    expect((await get('/api/single_class/single/abc')).status).toBe(400);
  });
});
