import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { createClass } from '../../../src/services/schedule/create-class';
import { type TestEnv, testEnv } from '../support';
import { seedScheduleCatalogue, setStudioZone, yogaClass } from './schedule-fixtures';

let env: TestEnv;
beforeEach(async () => {
  env = testEnv();
  await seedScheduleCatalogue(env.store);
});
afterEach(async () => {
  await env.cleanup();
});

const admin = 'Bearer admin:admin-valeria';

/** Nothing about classes was written: no class, no counter. */
async function expectNoClassWrites() {
  expect(await env.store.collection('single_classes').count()).toBe(0);
  expect((await env.store.doc('counters/single_classes').get()).exists).toBe(false);
}

describe('POST /api/single_class', () => {
  it('creates a class at the studio wall-clock time, joined with its catalogue records', async () => {
    const response = await request(createApp(env.deps))
      .post('/api/single_class')
      .set('authorization', admin)
      .send({
        date: '2026-12-01',
        start_time: '07:00',
        duration_minutes: 45,
        class_type_id: 1,
        location_id: 1,
        instructor_ids: [1, 2],
        tag_ids: [2],
        class_category_id: 1,
        class_package_id: 3,
        description: '  Rodada  ',
      });
    expect(response.status).toBe(201);
    const cls = response.body.single_class;
    expect(cls).toMatchObject({
      single_class_id: 1,
      class_date: '2026-12-01T13:00:00.000Z',
      end_date: '2026-12-01T13:45:00.000Z',
      date: '2026-12-01',
      start_time: '07:00',
      duration_minutes: 45,
      description: 'Rodada',
      capacity: 18,
      booked: 0,
      spots_left: 18,
      spot_map: '4,5,5,4',
      status: 'scheduled',
      class_category_id: 1,
      class_package_id: 3,
      series_id: null,
      icon: 'bike',
      class_type: { class_type_id: 1, name: 'Indoor Cycling', spot_map: '4,5,5,4' },
      location: { location_id: 1, name: 'Latido Roma' },
      tags: [{ tag_id: 2, name: 'Intenso', color: '#d9485f' }],
    });
    expect(cls.class_instructors.map((ci: { instructor: { name: string } }) => ci.instructor.name)).toEqual(['Mariana', 'Rodrigo']);
    const stored = (await env.store.doc('single_classes/1').get()).data();
    expect(stored?.class_date).toEqual(new Date('2026-12-01T13:00:00Z'));
    expect(stored).toMatchObject({ instructor_ids: [1, 2], tag_ids: [2], status: 'scheduled' });
    // Counts live apart (class_counts, ADR 0060): a new class has none, and shows 0 booked.
    expect(stored).not.toHaveProperty('booked');
    expect(cls.booked).toBe(0);
    expect(stored).not.toHaveProperty('class_type');
  });

  it('stores the instant of the wall-clock time in the configured studio zone', async () => {
    await setStudioZone(env.store, 'America/New_York');
    const cls = await createClass(env.deps, yogaClass({ date: '2026-12-01', start_time: '07:00' }));
    expect(cls.class_date).toBe('2026-12-01T12:00:00.000Z');
    expect(cls.start_time).toBe('07:00');
    const summer = await createClass(env.deps, yogaClass({ date: '2026-07-01', start_time: '07:00' }));
    expect(summer.class_date).toBe('2026-07-01T11:00:00.000Z');
  });

  it('takes the class type spot map unless the class brings its own or none', async () => {
    const own = await createClass(env.deps, { ...yogaClass(), class_type_id: 1, capacity: undefined, spot_map: '3, 3' as string });
    expect(own).toMatchObject({ spot_map: '3,3', capacity: 6 });
    const none = await createClass(env.deps, { ...yogaClass(), class_type_id: 1, spot_map: null, capacity: 9 });
    expect(none).toMatchObject({ spot_map: null, capacity: 9 });
    const fewer = await createClass(env.deps, { ...yogaClass(), class_type_id: 1, capacity: 10 });
    expect(fewer).toMatchObject({ spot_map: '4,5,5,4', capacity: 10, spots_left: 10 });
  });

  it('refuses a capacity above the spot map and a missing capacity without a map, in Spanish, writing nothing', async () => {
    const app = createApp(env.deps);
    const over = await request(app)
      .post('/api/single_class')
      .set('authorization', admin)
      .send({ ...yogaClass(), class_type_id: 1, capacity: 19 });
    expect(over.status).toBe(400);
    expect(over.body.error).toEqual({
      code: 'invalid-argument',
      message: 'Revisa el campo: Cupo',
      fields: { capacity: 'El cupo no puede ser mayor que los 18 lugares del mapa.' },
    });
    const { capacity: _omit, ...withoutCapacity } = yogaClass();
    const missing = await request(app).post('/api/single_class').set('authorization', admin).send(withoutCapacity);
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ capacity: 'Indica el cupo: este tipo de clase no tiene mapa de lugares.' });
    await expectNoClassWrites();
  });

  it('refuses references to catalogue records that do not exist, naming each field', async () => {
    const response = await request(createApp(env.deps))
      .post('/api/single_class')
      .set('authorization', admin)
      .send({ ...yogaClass(), class_type_id: 9, location_id: 9, instructor_ids: [3, 99], tag_ids: [1, 7], class_category_id: 5, class_package_id: 77 });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: 'invalid-argument',
      message: 'Revisa los campos faltantes o inválidos',
      fields: {
        class_type_id: 'Ese tipo de clase no existe.',
        location_id: 'Esa sede no existe.',
        instructor_ids: 'Uno de los instructores no existe.',
        tag_ids: 'Una de las etiquetas no existe.',
        class_category_id: 'Esa categoría no existe.',
        class_package_id: 'Ese paquete no existe.',
      },
    });
    const one = await request(createApp(env.deps))
      .post('/api/single_class')
      .set('authorization', admin)
      .send({ ...yogaClass(), location_id: 9 });
    expect(one.body.error).toEqual({ code: 'invalid-argument', message: 'Revisa el campo: Ubicación', fields: { location_id: 'Esa sede no existe.' } });
    await expectNoClassWrites();
  });

  it('treats archived catalogue records as gone for a new class', async () => {
    await env.store.doc('instructors/2').update({ deletedAt: new Date() });
    await env.store.doc('class_packages/3').update({ archivedAt: new Date(), status: 'inactive' });
    const response = await request(createApp(env.deps))
      .post('/api/single_class')
      .set('authorization', admin)
      .send({ ...yogaClass(), instructor_ids: [2], class_package_id: 3 });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ instructor_ids: 'Uno de los instructores no existe.', class_package_id: 'Ese paquete no existe.' });
    await expectNoClassWrites();
  });

  it('validates shapes strictly, in Spanish, and writes nothing', async () => {
    const app = createApp(env.deps);
    const send = (body: Record<string, unknown>) => request(app).post('/api/single_class').set('authorization', admin).send(body);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ ...yogaClass(), start_time: '7:00' }, { start_time: 'Usa el formato de 24 horas HH:mm, por ejemplo 07:30.' }],
      [{ ...yogaClass(), start_time: '24:00' }, { start_time: 'Usa el formato de 24 horas HH:mm, por ejemplo 07:30.' }],
      [{ ...yogaClass(), date: '2026-02-30' }, { date: 'Debe ser una fecha válida.' }],
      [{ ...yogaClass(), instructor_ids: [] }, { instructor_ids: 'Elige al menos un instructor.' }],
      [{ ...yogaClass(), instructor_ids: [3, 3] }, { instructor_ids: 'No repitas elementos.' }],
      [{ ...yogaClass(), capacity: '12' }, { capacity: 'Debe ser un número.' }],
      [{ ...yogaClass(), capacity: 0 }, { capacity: 'Debe ser un número positivo.' }],
      [{ ...yogaClass(), capacity: 501 }, { capacity: 'El máximo es 500.' }],
      [{ ...yogaClass(), instructor_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }, { instructor_ids: 'Elige como máximo 10.' }],
      [{ ...yogaClass(), duration_minutes: 2 }, { duration_minutes: 'El mínimo es 5.' }],
      [{ ...yogaClass(), spot_map: '4,,5' }, { spot_map: 'Escribe cuántos lugares tiene cada fila, separados por comas; por ejemplo 4,5,5,4.' }],
      [{ ...yogaClass(), spot_map: '400,200' }, { spot_map: 'El mapa de lugares admite como máximo 500 lugares.' }],
      [{ ...yogaClass(), booked: 3 }, { _: 'El campo booked no está permitido.' }],
    ];
    for (const [body, fields] of cases) {
      const response = await send(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.fields, JSON.stringify(body)).toEqual(fields);
      expect(response.body.error.message).toMatch(/^(Revisa el campo: |El campo booked)/);
    }
    const empty = await send({});
    expect(empty.body.error.message).toBe('Revisa los campos faltantes o inválidos');
    expect(empty.body.error.fields).toMatchObject({
      date: 'Debes llenar este campo.',
      start_time: 'Debes llenar este campo.',
      class_type_id: 'Debes llenar este campo.',
    });
    await expectNoClassWrites();
  });

  it('is for admins only', async () => {
    const app = createApp(env.deps);
    expect((await request(app).post('/api/single_class').send(yogaClass())).status).toBe(401);
    const customer = await request(app).post('/api/single_class').set('authorization', 'Bearer uid:ana').send(yogaClass());
    expect(customer.status).toBe(403);
    expect(customer.body.error.message).toBe('No tienes permiso para realizar esta acción.');
    await expectNoClassWrites();
  });
});
