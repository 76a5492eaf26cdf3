import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { cancelClass } from '../../../src/services/schedule/cancel-class';
import { createClass } from '../../../src/services/schedule/create-class';
import { createSeries } from '../../../src/services/schedule/create-series';
import { updateClass } from '../../../src/services/schedule/update-class';
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

const put = (body: Record<string, unknown>) =>
  request(createApp(env.deps)).put('/api/single_class').set('authorization', `Bearer admin:${ADMIN_UID}`).send(body);
const classDoc = async (id: number) => (await env.store.doc(`single_classes/${id}`).get()).data();
const allClasses = async () =>
  (await env.store.collection('single_classes').orderBy('single_class_id').get()).docs.map((d) => d.data() as Record<string, unknown>);

async function bookSeveral(classId: number, n: number, firstReservationId = 1) {
  await giveLot(env.deps, { id: 500 + classId, customerId: 2, uid: 'ana', credits: 20 });
  for (let i = 0; i < n; i++) await book(env.deps, { reservationId: firstReservationId + i, classId, customerId: 2, uid: 'ana', lotId: 500 + classId });
}

describe('PUT /api/single_class (one class)', () => {
  it('changes only the fields sent', async () => {
    await createClass(env.deps, yogaClass({ tag_ids: [1], description: 'Original' }));
    const response = await put({ single_class_id: 1, instructor_ids: [1, 2], tag_ids: [], class_category_id: 1 });
    expect(response.status).toBe(200);
    expect(response.body).not.toHaveProperty('single_classes');
    expect(response.body.single_class).toMatchObject({
      single_class_id: 1,
      class_date: '2026-12-01T13:00:00.000Z',
      capacity: 12,
      description: 'Original',
      tags: [],
      class_category_id: 1,
      location: { location_id: 1 },
    });
    expect(response.body.single_class.class_instructors.map((ci: { instructor_id: number }) => ci.instructor_id)).toEqual([1, 2]);
    expect(await classDoc(1)).toMatchObject({ instructor_ids: [1, 2], tag_ids: [], description: 'Original', class_type_id: 2 });
  });

  it('keeps references to records archived since, but refuses new ones', async () => {
    await createClass(env.deps, yogaClass({ instructor_ids: [1, 3] }));
    await env.store.doc('instructors/1').update({ deletedAt: new Date() });
    await env.store.doc('instructors/2').update({ deletedAt: new Date() });
    const kept = await updateClass(env.deps, { single_class_id: 1, instructor_ids: [1], capacity: 10 });
    expect(kept.single_class.class_instructors).toMatchObject([{ instructor_id: 1, instructor: { name: 'Mariana' } }]);
    const added = await put({ single_class_id: 1, instructor_ids: [1, 2] });
    expect(added.status).toBe(400);
    expect(added.body.error.fields).toEqual({ instructor_ids: 'Uno de los instructores no existe.' });
  });

  it('moves a class to another studio day and time', async () => {
    await setStudioZone(env.store, 'America/New_York');
    await createClass(env.deps, yogaClass({ date: '2026-03-06', start_time: '07:00' }));
    const moved = await updateClass(env.deps, { single_class_id: 1, date: '2026-03-09' });
    expect(moved.single_class).toMatchObject({ date: '2026-03-09', start_time: '07:00', class_date: '2026-03-09T11:00:00.000Z' });
    const later = await updateClass(env.deps, { single_class_id: 1, start_time: '18:15', duration_minutes: 60 });
    expect(later.single_class).toMatchObject({
      date: '2026-03-09',
      start_time: '18:15',
      class_date: '2026-03-09T22:15:00.000Z',
      end_date: '2026-03-09T23:15:00.000Z',
    });
  });

  it('never lowers capacity below the bookings (409, Spanish, nothing written)', async () => {
    await createClass(env.deps, yogaClass());
    await bookSeveral(1, 3);
    const before = await classDoc(1);
    const response = await put({ single_class_id: 1, capacity: 2, instructor_ids: [1] });
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: 'single_class/capacity-below-booked',
      message: 'No puedes bajar el cupo a 2: la clase del 01 dic 2026 ya tiene 3 reservaciones.',
    });
    expect(await classDoc(1)).toEqual(before);
    const ok = await put({ single_class_id: 1, capacity: 3 });
    expect(ok.status).toBe(200);
    expect(ok.body.single_class).toMatchObject({ capacity: 3, booked: 3, spots_left: 0 });
  });

  it('keeps the spot map of a booked class, and follows a new class type otherwise', async () => {
    await createClass(env.deps, yogaClass({ class_type_id: 1, capacity: undefined }));
    await createClass(env.deps, yogaClass());
    await bookSeveral(1, 1);
    const locked = await put({ single_class_id: 1, spot_map: '5,5' });
    expect(locked.status).toBe(409);
    expect(locked.body.error.message).toBe('No puedes cambiar el mapa de lugares de la clase del 01 dic 2026 porque ya tiene reservaciones.');
    expect((await put({ single_class_id: 1, capacity: 17 })).body.single_class).toMatchObject({ capacity: 17, spot_map: '4,5,5,4' });

    const cycling = await updateClass(env.deps, { single_class_id: 2, class_type_id: 1 });
    expect(cycling.single_class).toMatchObject({ class_type_id: 1, spot_map: '4,5,5,4', capacity: 18 });
    const over = await put({ single_class_id: 2, capacity: 19 });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({
      message: 'Revisa el campo: Cupo',
      fields: { capacity: 'El cupo no puede ser mayor que los 18 lugares del mapa.' },
    });
    const unmapped = await updateClass(env.deps, { single_class_id: 2, spot_map: null });
    expect(unmapped.single_class).toMatchObject({ spot_map: null, capacity: 18 });
  });

  it('refuses bad edits in Spanish and writes nothing', async () => {
    await createClass(env.deps, yogaClass());
    await createClass(env.deps, yogaClass({ date: '2026-12-02' }));
    await cancelClass(env.deps, ADMIN_UID, 2, {});
    const before = await allClasses();
    const cases: Array<[Record<string, unknown>, number, Record<string, unknown>]> = [
      [{ single_class_id: 1 }, 400, { message: 'No hay cambios que guardar.' }],
      [
        { single_class_id: 1, scope: 'following', capacity: 5 },
        400,
        { message: 'Revisa el campo: Aplicar a', fields: { scope: 'Esta clase no es parte de una serie.' } },
      ],
      [{ single_class_id: 1, scope: 'all', capacity: 5 }, 400, { fields: { scope: 'Debes seleccionar una opción.' } }],
      [{ single_class_id: 1, location_id: 8 }, 400, { fields: { location_id: 'Esa sede no existe.' } }],
      [{ single_class_id: 1, capacity: null }, 400, { fields: { capacity: 'Debe ser un número.' } }],
      [{ single_class_id: 1, class_date: '2026-12-01T13:00:00Z' }, 400, { fields: { _: 'El campo class_date no está permitido.' } }],
      [{ single_class_id: 99, capacity: 5 }, 404, { message: 'No encontramos la clase.' }],
      [{ single_class_id: 2, capacity: 5 }, 409, { code: 'single_class/cancelled', message: 'Esta clase fue cancelada y ya no se puede editar.' }],
    ];
    for (const [body, status, error] of cases) {
      const response = await put(body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.error, JSON.stringify(body)).toMatchObject(error);
    }
    expect(await allClasses()).toEqual(before);
  });
});

describe('PUT /api/single_class with scope "following"', () => {
  /** Mondays 07:00 New York, 23 Feb – 30 Mar 2026 (ids 1–6), across the 8 March change. */
  async function mondays() {
    await setStudioZone(env.store, 'America/New_York');
    await createSeries(env.deps, ADMIN_UID, {
      weekdays: [1],
      start_time: '07:00',
      first_date: '2026-02-23',
      count: 6,
      duration_minutes: 50,
      capacity: 12,
      class_type_id: 2,
      location_id: 1,
      instructor_ids: [3],
    });
  }

  it('applies a new time as wall-clock time on each later class, across the DST change', async () => {
    await mondays();
    const result = await updateClass(env.deps, { single_class_id: 2, scope: 'following', start_time: '08:00', instructor_ids: [1] });
    expect(result.single_classes?.map((c) => c.single_class_id)).toEqual([2, 3, 4, 5, 6]);
    const classes = await allClasses();
    expect(classes.map((c) => (c.class_date as Date).toISOString())).toEqual([
      '2026-02-23T12:00:00.000Z',
      '2026-03-02T13:00:00.000Z',
      '2026-03-09T12:00:00.000Z',
      '2026-03-16T12:00:00.000Z',
      '2026-03-23T12:00:00.000Z',
      '2026-03-30T12:00:00.000Z',
    ]);
    expect(classes.map((c) => c.instructor_ids)).toEqual([[3], [1], [1], [1], [1], [1]]);
    expect(result.single_classes?.every((c) => c.start_time === '08:00')).toBe(true);
  });

  it('skips cancelled classes and changes nothing when one class refuses', async () => {
    await mondays();
    await cancelClass(env.deps, ADMIN_UID, 4, { reason: 'Puente' });
    await bookSeveral(5, 4);
    const before = await allClasses();
    const refused = await put({ single_class_id: 2, scope: 'following', capacity: 3, location_id: 2 });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('No puedes bajar el cupo a 3: la clase del 23 mar 2026 ya tiene 4 reservaciones.');
    expect(await allClasses()).toEqual(before);

    const ok = await updateClass(env.deps, { single_class_id: 3, scope: 'following', capacity: 4 });
    expect(ok.single_classes?.map((c) => c.single_class_id)).toEqual([3, 5, 6]);
    expect((await allClasses()).map((c) => c.capacity)).toEqual([12, 12, 4, 12, 4, 4]);
  });

  it('cannot move several classes to one date', async () => {
    await mondays();
    const response = await put({ single_class_id: 2, scope: 'following', date: '2026-03-03' });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ date: 'Para mover varias clases a otra fecha, cancélalas y crea una serie nueva.' });
  });
});

describe('who may schedule', () => {
  it('refuses anonymous callers (401) and customers (403) on every write, changing nothing', async () => {
    await createClass(env.deps, yogaClass());
    const app = createApp(env.deps);
    const before = await allClasses();
    const writes = [
      () => request(app).post('/api/single_class'),
      () => request(app).post('/api/single_class/series'),
      () => request(app).put('/api/single_class'),
      () => request(app).post('/api/single_class/1/cancel'),
    ];
    for (const write of writes) {
      expect((await write().send({ single_class_id: 1, capacity: 5 })).status).toBe(401);
      expect((await write().set('authorization', 'Bearer uid:ana').send({ single_class_id: 1, capacity: 5 })).status).toBe(403);
    }
    expect(await allClasses()).toEqual(before);
    expect((await request(app).get('/api/single_class/single/1')).status).toBe(200);
  });
});
