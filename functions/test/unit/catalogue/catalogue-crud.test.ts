/**
 * The plain catalogue resources through the in-process app: one table, the
 * same life for each (create, read, list, update, delete), validation in
 * Spanish with nothing written, not-found, and who may write.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
beforeEach(() => {
  env = testEnv();
});
afterEach(async () => {
  await env.cleanup();
});

const ADMIN = 'Bearer admin:valeria';
const CUSTOMER = 'Bearer uid:ana';

interface ResourceCase {
  path: string;
  one: string;
  many: string;
  idField: string;
  collection: string;
  /** The counter as the studio left it (payment method 1 is the card, which cannot be deleted). */
  counterAt?: number;
  /** The first id created (form ids up to 6 are reserved for the address form). */
  firstId?: number;
  create: Record<string, unknown>;
  /** What the created record shows, beyond the request's fields. */
  created?: Record<string, unknown>;
  update: Record<string, unknown>;
  updated: Record<string, unknown>;
  bad: Record<string, unknown>;
  badFields: Record<string, string>;
}

const cases: ResourceCase[] = [
  {
    path: '/api/locations',
    one: 'location',
    many: 'locations',
    idField: 'location_id',
    collection: 'locations',
    create: { name: 'Latido Polanco', address: 'Av. Presidente Masaryk 101, Polanco' },
    update: { name: '  Latido Polanco Centro ', address: null },
    updated: { name: 'Latido Polanco Centro', address: null },
    bad: { name: '   ', address: 5 },
    badFields: { name: 'Debes llenar este campo.', address: 'Debe ser texto.' },
  },
  {
    path: '/api/class_types',
    one: 'class_type',
    many: 'class_types',
    idField: 'class_type_id',
    collection: 'class_types',
    create: { name: 'Indoor Cycling', icon: 'bike', spot_map: '4,5,5,4', file: { name: 'cycling.svg', type: 'image/svg+xml', src: '/brand/cycling.svg' } },
    created: { description: null },
    update: { name: 'Cycling Ritmo', spot_map: null, description: 'Cuarenta y cinco minutos.' },
    updated: {
      name: 'Cycling Ritmo',
      spot_map: null,
      icon: 'bike',
      description: 'Cuarenta y cinco minutos.',
      file: { name: 'cycling.svg', type: 'image/svg+xml', src: '/brand/cycling.svg' },
    },
    bad: { name: 'Cycling', spot_map: '4,,5', file: { name: 'x.png', type: 'image/png', src: 'javascript:alert(1)' } },
    badFields: {
      spot_map: 'Escribe cuántos lugares tiene cada fila, separados por comas; por ejemplo 4,5,5,4.',
      'file.src': 'La dirección del archivo debe empezar con /, http:// o https://.',
    },
  },
  {
    path: '/api/class_categories',
    one: 'class_category',
    many: 'class_categories',
    idField: 'class_category_id',
    collection: 'class_categories',
    create: { class_category_id: 'nueva', name: 'Baile Latino' },
    created: { handle: 'baile-latino', available: true, description: null },
    update: { name: 'Baile', available: false },
    updated: { name: 'Baile', handle: 'baile-latino', available: false },
    bad: { class_category_id: 7, name: 'Baile', handle: 'Con Espacios' },
    badFields: { class_category_id: "Para crear una categoría usa el id 'nueva'.", handle: 'Usa solo minúsculas, números y guiones.' },
  },
  {
    path: '/api/instructors',
    one: 'instructor',
    many: 'instructors',
    idField: 'instructor_id',
    collection: 'instructors',
    create: { name: 'Paola', last_name: 'Ruiz', nick_name: 'Pao', birthdate: '1993-02-03', instagram: '@pao.fit', home: true, home_order: 2 },
    created: { quote: null, file: null },
    update: { name: 'Paola', home: false, quote: 'Suda, sonríe, repite.' },
    updated: { last_name: 'Ruiz', home: false, home_order: 2, quote: 'Suda, sonríe, repite.', birthdate: '1993-02-03' },
    bad: { name: '', birthdate: '1993-02-30', home_order: -1 },
    badFields: { name: 'Debes llenar este campo.', birthdate: 'Debe ser una fecha válida.', home_order: 'Debe ser un número positivo.' },
  },
  {
    path: '/api/tags',
    one: 'tag',
    many: 'tags',
    idField: 'tag_id',
    collection: 'tags',
    create: { name: 'Nuevo', color: '#AABBCC' },
    created: { color: '#aabbcc' },
    update: { name: 'Nuevo horario', color: '#112233' },
    updated: { name: 'Nuevo horario', color: '#112233' },
    bad: { name: 'Nuevo', color: 'red' },
    badFields: { color: 'Usa un color hexadecimal, por ejemplo #2b9fa8.' },
  },
  {
    path: '/api/announcements',
    one: 'announcement',
    many: 'announcements',
    idField: 'announcement_id',
    collection: 'announcements',
    create: { title: 'Cierre por mantenimiento', content: 'El lunes 3 no habrá clases.' },
    update: { title: 'Cierre por mantenimiento', content: 'El lunes 3 y el martes 4 no habrá clases.' },
    updated: { content: 'El lunes 3 y el martes 4 no habrá clases.' },
    bad: { title: 'Aviso' },
    badFields: { content: 'Debes llenar este campo.' },
  },
  {
    path: '/api/payment_methods',
    one: 'payment_method',
    many: 'payment_methods',
    idField: 'payment_method_id',
    collection: 'payment_methods',
    counterAt: 3,
    firstId: 4,
    create: { name: 'Transferencia' },
    update: { name: 'Transferencia SPEI' },
    updated: { name: 'Transferencia SPEI' },
    bad: { name: 12 },
    badFields: { name: 'Debe ser texto.' },
  },
  {
    path: '/api/programs',
    one: 'program',
    many: 'programs',
    idField: 'program_id',
    collection: 'programs',
    create: { name: 'Core en 10 minutos', description: 'Diez videos cortos.' },
    created: { file: null },
    update: { name: 'Core en 10 minutos', file: { name: 'core.jpg', type: 'image/jpeg', src: 'https://cdn.example.com/core.jpg' } },
    updated: { description: 'Diez videos cortos.', file: { name: 'core.jpg', type: 'image/jpeg', src: 'https://cdn.example.com/core.jpg' } },
    bad: { name: 'x'.repeat(81) },
    badFields: { name: 'Máximo 80 caracteres.' },
  },
  {
    path: '/api/video_types',
    one: 'video_type',
    many: 'video_types',
    idField: 'video_type_id',
    collection: 'video_types',
    create: { name: 'Estiramiento' },
    created: { description: null },
    update: { name: 'Estiramiento guiado', description: 'Diez minutos.' },
    updated: { name: 'Estiramiento guiado', description: 'Diez minutos.' },
    bad: {},
    badFields: { name: 'Debes llenar este campo.' },
  },
  {
    path: '/api/forms',
    one: 'form',
    many: 'forms',
    idField: 'form_id',
    collection: 'forms',
    firstId: 7,
    create: {
      name: 'Encuesta de bienvenida',
      form_fields: [
        {
          key: 'goal',
          label: 'Tu objetivo',
          type: 'select',
          required: true,
          options: [
            { label: 'Bajar de peso', value: 'peso' },
            { label: 'Ninguno', value: false },
          ],
        },
      ],
    },
    created: {
      description: null,
      form_fields: [
        {
          key: 'goal',
          name: 'goal',
          label: 'Tu objetivo',
          type: 'select',
          required: true,
          step: null,
          order: null,
          options: [
            { label: 'Bajar de peso', value: 'peso' },
            { label: 'Ninguno', value: false },
          ],
          className: null,
          value: null,
        },
      ],
    },
    update: { name: 'Encuesta', form_fields: [{ key: 'notes', label: 'Notas', type: 'textarea', order: 1, step: 2, className: 'col-12', value: 'Sin notas' }] },
    updated: {
      form_fields: [
        {
          key: 'notes',
          name: 'notes',
          label: 'Notas',
          type: 'textarea',
          required: false,
          step: 2,
          order: 1,
          options: [],
          className: 'col-12',
          value: 'Sin notas',
        },
      ],
    },
    bad: {
      name: 'Encuesta',
      form_fields: [
        { key: 'Tu Meta', label: ' ', type: 'radio' },
        { key: 'notes', label: 'Notas', type: 'select' },
      ],
    },
    badFields: {
      'form_fields[0].key': 'Usa minúsculas, números y guion bajo, empezando con una letra.',
      'form_fields[0].label': 'Debes llenar este campo.',
      'form_fields[0].type': 'Debes seleccionar una opción.',
      'form_fields[1].options': 'Agrega al menos una opción.',
    },
  },
  {
    path: '/api/custom_fields',
    one: 'custom_field',
    many: 'custom_fields',
    idField: 'custom_field_id',
    collection: 'custom_fields',
    create: { key: 'allergies', label: 'Alergias', type: 'textarea', object: 'customer' },
    created: { required: false, options: [] },
    update: { key: 'allergies', label: 'Alergias o lesiones', type: 'textarea', object: 'customer', required: true },
    updated: { label: 'Alergias o lesiones', required: true },
    bad: { key: 'allergies', label: 'Alergias', type: 'select', object: 'planet' },
    badFields: { object: 'Debes seleccionar una opción.', options: 'Agrega al menos una opción.' },
  },
];

/** Everything a write could touch: the collection and its counter. */
async function snapshot(collection: string) {
  const docs = await env.store.collection(collection).get();
  const counter = await env.store.doc(`counters/${collection}`).get();
  return { docs: docs.docs.map((d) => [d.id, d.data()]), counter: counter.data() ?? null };
}

describe.each(cases)('$path', (c) => {
  const id = c.firstId ?? 1;
  beforeEach(async () => {
    if (c.counterAt) await env.store.doc(`counters/${c.collection}`).set({ value: c.counterAt });
  });

  it('creates (201), reads, lists, updates, archives on delete (204) and then answers 404', async () => {
    const app = createApp(env.deps);
    const created = await request(app).post(c.path).set('authorization', ADMIN).send(c.create);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const record = created.body[c.one];
    const { class_category_id: _marker, ...sentFields } = c.create;
    expect(record).toMatchObject({ ...sentFields, ...c.created, [c.idField]: id });
    expect(record.createdAt).toBe('2026-11-22T18:00:00.000Z');

    const read = await request(app).get(`${c.path}/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ [c.one]: record });
    const list = await request(app).get(c.path);
    expect(list.body).toEqual({ [c.many]: [record] });

    env.clock.now = new Date('2026-11-23T09:30:00Z');
    const updated = await request(app)
      .put(c.path)
      .set('authorization', ADMIN)
      .send({ ...c.update, [c.idField]: id });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body[c.one]).toMatchObject({ ...c.updated, [c.idField]: id, createdAt: record.createdAt, updatedAt: '2026-11-23T09:30:00.000Z' });
    expect((await request(app).get(`${c.path}/${id}`)).body[c.one]).toEqual(updated.body[c.one]);

    const removed = await request(app).delete(`${c.path}/${id}`).set('authorization', ADMIN);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    const gone = await request(app).get(`${c.path}/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe(`${c.collection}/not-found`);
    expect((await request(app).get(c.path)).body).toEqual({ [c.many]: [] });
    expect((await request(app).delete(`${c.path}/${id}`).set('authorization', ADMIN)).status).toBe(404);
    expect(
      (
        await request(app)
          .put(c.path)
          .set('authorization', ADMIN)
          .send({ ...c.update, [c.idField]: id })
      ).status,
    ).toBe(404);
    // Archived, not erased: what pointed at it still resolves (ADR 0010).
    const stored = await env.store.doc(`${c.collection}/${id}`).get();
    expect(stored.get('deletedAt')).toEqual(new Date('2026-11-23T09:30:00Z'));

    const next = await request(app).post(c.path).set('authorization', ADMIN).send(c.create);
    expect(next.body[c.one][c.idField]).toBe(id + 1);
  });

  it('refuses invalid input in Spanish, field by field, and writes nothing', async () => {
    const app = createApp(env.deps);
    await request(app).post(c.path).set('authorization', ADMIN).send(c.create);
    const before = await snapshot(c.collection);

    const bad = await request(app).post(c.path).set('authorization', ADMIN).send(c.bad);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid-argument');
    expect(bad.body.error.fields).toEqual(c.badFields);
    expect(bad.body.error.message).toEqual(
      Object.keys(c.badFields).length > 1 ? 'Revisa los campos faltantes o inválidos' : expect.stringMatching(/^Revisa el campo: /),
    );

    const badUpdate = await request(app)
      .put(c.path)
      .set('authorization', ADMIN)
      .send({ ...c.bad, [c.idField]: id });
    expect(badUpdate.status).toBe(400);
    const { [c.idField]: _id, ...updateFields } = c.badFields;
    expect(badUpdate.body.error.fields).toEqual(updateFields);

    const unknown = await request(app)
      .post(c.path)
      .set('authorization', ADMIN)
      .send({ ...c.create, deletedAt: null });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields._).toBe('El campo deletedAt no está permitido.');

    const noId = await request(app).put(c.path).set('authorization', ADMIN).send(c.update);
    expect(noId.status).toBe(400);
    expect(noId.body.error.fields[c.idField]).toBe('Debes llenar este campo.');

    const missing = await request(app)
      .put(c.path)
      .set('authorization', ADMIN)
      .send({ ...c.update, [c.idField]: 999 });
    expect(missing.status).toBe(404);
    expect((await request(app).delete(`${c.path}/999`).set('authorization', ADMIN)).status).toBe(404);
    expect((await request(app).get(`${c.path}/999`)).status).toBe(404);
    const notAnId = await request(app).get(`${c.path}/uno`);
    expect(notAnId.status).toBe(400);
    expect(notAnId.body.error.fields).toEqual({ id: 'Debe ser un número entero.' });

    expect(await snapshot(c.collection)).toEqual(before);
  });

  it('lets anyone read and only admins write (401 anonymous, 403 customers), writing nothing', async () => {
    const app = createApp(env.deps);
    await request(app).post(c.path).set('authorization', ADMIN).send(c.create);
    const before = await snapshot(c.collection);
    expect((await request(app).get(c.path)).status).toBe(200);
    expect((await request(app).get(`${c.path}/${id}`).set('authorization', CUSTOMER)).status).toBe(200);
    for (const [auth, status] of [
      [undefined, 401],
      [CUSTOMER, 403],
    ] as const) {
      const calls = [
        request(app).post(c.path).send(c.create),
        request(app)
          .put(c.path)
          .send({ ...c.update, [c.idField]: id }),
        request(app).delete(`${c.path}/${id}`),
      ];
      for (const call of calls) {
        const response = await (auth ? call.set('authorization', auth) : call);
        expect(response.status).toBe(status);
      }
    }
    expect(await snapshot(c.collection)).toEqual(before);
  });
});
