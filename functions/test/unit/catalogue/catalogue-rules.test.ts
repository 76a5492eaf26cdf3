/**
 * The catalogue's own rules on top of the generic CRUD: deletion while in use,
 * 'nueva' categories and handles, the coaches on the landing, the protected
 * payment methods, forms with nested address fields, custom fields per object.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
let app: ReturnType<typeof createApp>;
beforeEach(() => {
  env = testEnv();
  app = createApp(env.deps);
});
afterEach(async () => {
  await env.cleanup();
});

const ADMIN = 'Bearer admin:valeria';
const NOW = new Date('2026-11-22T18:00:00Z');
const stamps = { createdAt: NOW, updatedAt: NOW, deletedAt: null };

const post = (path: string, body: unknown) =>
  request(app)
    .post(path)
    .set('authorization', ADMIN)
    .send(body as object);
const put = (path: string, body: unknown) =>
  request(app)
    .put(path)
    .set('authorization', ADMIN)
    .send(body as object);
const del = (path: string) => request(app).delete(path).set('authorization', ADMIN);

async function storedDocs(collection: string) {
  return (await env.store.collection(collection).get()).docs.map((d) => [d.id, d.data()]);
}

/** A class of the schedule area, as its collection stores it. */
async function scheduleClass(id: number, fields: Record<string, unknown>) {
  await env.store.doc(`single_classes/${id}`).set({
    single_class_id: id,
    class_date: new Date('2026-11-25T14:00:00Z'),
    status: 'scheduled',
    class_type_id: 90,
    location_id: 90,
    instructor_ids: [90],
    tag_ids: [],
    class_category_id: null,
    ...fields,
  });
}

describe('deleting a record that classes use (ADR 0010)', () => {
  const cases = [
    {
      path: '/api/locations',
      collection: 'locations',
      body: { name: 'Roma' },
      uses: (id: number) => ({ location_id: id }),
      message: 'No puedes eliminar esta ubicación porque tiene clases programadas. Cámbialas de ubicación o cancélalas primero.',
    },
    {
      path: '/api/class_types',
      collection: 'class_types',
      body: { name: 'Barre' },
      uses: (id: number) => ({ class_type_id: id }),
      message: 'No puedes eliminar este tipo de clase porque tiene clases programadas. Cámbialas o cancélalas primero.',
    },
    {
      path: '/api/class_categories',
      collection: 'class_categories',
      body: { name: 'Cardio' },
      uses: (id: number) => ({ class_category_id: id }),
      message: 'No puedes eliminar esta categoría porque tiene clases programadas. Cámbialas o cancélalas primero.',
    },
    {
      path: '/api/instructors',
      collection: 'instructors',
      body: { name: 'Mariana' },
      uses: (id: number) => ({ instructor_ids: [7, id] }),
      message: 'No puedes eliminar a este instructor porque tiene clases programadas. Asígnalas a otro instructor o cancélalas primero.',
    },
    {
      path: '/api/tags',
      collection: 'tags',
      body: { name: 'Intenso', color: '#d9485f' },
      uses: (id: number) => ({ tag_ids: [id] }),
      message: 'No puedes eliminar esta etiqueta porque la usan clases programadas. Quítala de esas clases primero.',
    },
  ];

  it.each(cases)('$path: 409 while an upcoming scheduled class uses it, archived once it is only in the past or cancelled', async (c) => {
    // Two records, so the check is by id and not "any class at all".
    await post(c.path, c.body);
    expect((await post(c.path, { ...c.body, name: `${c.body.name} 2` })).status).toBe(201);
    const recordId = 2;
    await scheduleClass(1, { ...c.uses(recordId), class_date: new Date('2026-11-01T14:00:00Z') });
    await scheduleClass(2, c.uses(recordId));
    const before = await storedDocs(c.collection);

    const refused = await del(`${c.path}/${recordId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: `${c.collection}/in-use`, message: c.message });
    expect(await storedDocs(c.collection)).toEqual(before);

    expect((await del(`${c.path}/1`)).status).toBe(204);
    await env.store.doc('single_classes/2').update({ status: 'cancelled' });
    expect((await del(`${c.path}/${recordId}`)).status).toBe(204);
    expect((await request(app).get(`${c.path}/${recordId}`)).status).toBe(404);
  });

  it('a class that already happened does not block', async () => {
    await post('/api/locations', { name: 'Coyoacán' });
    await scheduleClass(1, { location_id: 1, class_date: new Date('2026-11-22T17:59:00Z') });
    expect((await del('/api/locations/1')).status).toBe(204);
  });

  it('refuses to delete a class type an active package grants credits for, naming the package', async () => {
    await post('/api/class_types', { name: 'Yoga' });
    const pkg = (status: string, id: number, types: number[]) =>
      env.store.doc(`class_packages/${id}`).set({
        class_package_id: id,
        title: `Paquete ${id}`,
        status,
        class_package_types: types.map((t) => ({ class_type_id: t, class_amount: 4, expiration_days: 30 })),
      });
    await pkg('active', 1, [3, 1]);
    await pkg('inactive', 2, [1]);
    const refused = await del('/api/class_types/1');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'No puedes eliminar este tipo de clase porque lo incluye un paquete activo: Paquete 1. Quítalo del paquete o desactívalo primero.',
    );
    await env.store.doc('class_packages/1').update({ status: 'inactive' });
    expect((await del('/api/class_types/1')).status).toBe(204);
  });
});

describe('class categories', () => {
  it("creates from class_category_id 'nueva', derives the handle and keeps it unique among live categories", async () => {
    const created = await post('/api/class_categories', { class_category_id: 'nueva', name: '  Mente y Cuerpo: Año Nuevo ' });
    expect(created.status).toBe(201);
    expect(created.body.class_category).toMatchObject({
      class_category_id: 1,
      name: 'Mente y Cuerpo: Año Nuevo',
      handle: 'mente-y-cuerpo-ano-nuevo',
      available: true,
    });

    const before = await storedDocs('class_categories');
    const taken = await post('/api/class_categories', { name: 'Otra', handle: 'mente-y-cuerpo-ano-nuevo' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'class_categories/handle-taken', message: 'Ya existe una categoría con ese identificador.' });
    expect(await storedDocs('class_categories')).toEqual(before);

    // Renaming keeps the handle (links stay stable); null derives it again.
    const renamed = await put('/api/class_categories', { class_category_id: 1, name: 'Bienestar' });
    expect(renamed.body.class_category.handle).toBe('mente-y-cuerpo-ano-nuevo');
    const rederived = await put('/api/class_categories', { class_category_id: 1, name: 'Bienestar', handle: null });
    expect(rederived.body.class_category.handle).toBe('bienestar');

    expect((await del('/api/class_categories/1')).status).toBe(204);
    expect((await post('/api/class_categories', { name: 'Bienestar' })).status).toBe(201);
  });

  it('lists only available categories at /available (not taken for an id)', async () => {
    await post('/api/class_categories', { name: 'Cardio' });
    await post('/api/class_categories', { name: 'Navidad', available: false });
    await post('/api/class_categories', { name: 'Fuerza' });
    await del('/api/class_categories/3');
    const available = await request(app).get('/api/class_categories/available');
    expect(available.status).toBe(200);
    expect(available.body.class_categories.map((c: { name: string }) => c.name)).toEqual(['Cardio']);
    const all = await request(app).get('/api/class_categories');
    expect(all.body.class_categories.map((c: { name: string }) => c.name)).toEqual(['Cardio', 'Navidad']);
  });
});

describe('instructors on the landing page', () => {
  it('lists home instructors by home_order, unordered last, without the others or archived ones', async () => {
    await post('/api/instructors', { name: 'Sin orden', home: true });
    await post('/api/instructors', { name: 'Segunda', home: true, home_order: 2 });
    await post('/api/instructors', { name: 'Fuera', home: false, home_order: 0 });
    await post('/api/instructors', { name: 'Primera', home: true, home_order: 1 });
    await post('/api/instructors', { name: 'Archivada', home: true, home_order: 0 });
    await del('/api/instructors/5');
    const home = await request(app).get('/api/instructors/home/all');
    expect(home.status).toBe(200);
    expect(home.body.instructors.map((i: { name: string }) => i.name)).toEqual(['Primera', 'Segunda', 'Sin orden']);
  });
});

describe('payment methods (ADR 0012)', () => {
  beforeEach(async () => {
    for (const [id, name] of [
      [1, 'Tarjeta'],
      [2, 'Efectivo'],
      [3, 'PayPal'],
    ] as const) {
      await env.store.doc(`payment_methods/${id}`).set({ payment_method_id: id, name, ...stamps });
    }
    await env.store.doc('counters/payment_methods').set({ value: 3 });
  });

  it('never deletes card (id 1) or cash, and never renames cash', async () => {
    const before = await storedDocs('payment_methods');
    const card = await del('/api/payment_methods/1');
    expect(card.status).toBe(409);
    expect(card.body.error).toEqual({
      code: 'payment_methods/card-protected',
      message: 'El método de pago con tarjeta es parte del checkout y no se puede eliminar.',
    });
    const cash = await del('/api/payment_methods/2');
    expect(cash.status).toBe(409);
    expect(cash.body.error.message).toBe("El método de pago 'Efectivo' es parte del checkout y no se puede eliminar ni renombrar.");
    expect((await put('/api/payment_methods', { payment_method_id: 2, name: 'Cash' })).status).toBe(409);
    expect(await storedDocs('payment_methods')).toEqual(before);

    const renamedCard = await put('/api/payment_methods', { payment_method_id: 1, name: 'Tarjeta de crédito o débito' });
    expect(renamedCard.status).toBe(200);
    expect((await put('/api/payment_methods', { payment_method_id: 2, name: ' efectivo' })).body.payment_method.name).toBe('Efectivo');
    expect((await del('/api/payment_methods/3')).status).toBe(204);
  });

  it('keeps a single cash method, whatever the spelling', async () => {
    const before = await storedDocs('payment_methods');
    for (const attempt of [
      () => post('/api/payment_methods', { name: 'EFECTIVO ' }),
      () => put('/api/payment_methods', { payment_method_id: 3, name: 'Éfectivo' }),
    ]) {
      const response = await attempt();
      expect(response.status).toBe(409);
      expect(response.body.error).toEqual({ code: 'payment_methods/cash-taken', message: "Ya existe el método de pago 'Efectivo'." });
    }
    expect(await storedDocs('payment_methods')).toEqual(before);
  });

  it('stores a new cash method under the exact name checkout looks for', async () => {
    await env.store.doc('payment_methods/2').delete();
    const created = await post('/api/payment_methods', { name: 'efectivo' });
    expect(created.status).toBe(201);
    expect(created.body.payment_method).toMatchObject({ payment_method_id: 4, name: 'Efectivo' });
  });
});

describe('forms', () => {
  const addressForm = {
    form_id: 6,
    name: 'Dirección de facturación',
    description: null,
    form_fields: {
      city: {
        key: 'city',
        position: 0,
        name: 'city',
        label: 'Ciudad',
        type: 'text',
        required: true,
        step: 1,
        order: 1,
        options: [],
        className: null,
        value: null,
      },
      street: {
        key: 'street',
        position: 1,
        name: 'street',
        label: 'Calle',
        type: 'text',
        required: false,
        step: 1,
        order: 2,
        options: [],
        className: null,
        value: null,
      },
    },
    ...stamps,
  };
  beforeEach(async () => {
    await env.store.doc('forms/6').set(addressForm);
    await env.store.doc('counters/forms').set({ value: 6 });
  });

  it('nests the address form (6) in address fields and keeps the fields in the order sent', async () => {
    const created = await post('/api/forms', {
      name: 'Perfil',
      form_fields: [
        { key: 'shoe', label: 'Talla', type: 'creatable-select', value: ['25', 26] },
        { key: 'billing', label: 'Facturación', type: 'address', required: true },
        { key: 'age', label: 'Edad', type: 'number' },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const fields = created.body.form.form_fields;
    expect(fields.map((f: { key: string }) => f.key)).toEqual(['shoe', 'billing', 'age']);
    expect(fields[0].value).toEqual(['25', 26]);
    expect(fields[1]).toMatchObject({ type: 'address', form_id: 6 });
    expect(fields[1].form_fields.map((f: { key: string; required: boolean }) => [f.key, f.required])).toEqual([
      ['city', true],
      ['street', false],
    ]);
    expect(fields[2]).not.toHaveProperty('form_fields');

    const read = await request(app).get('/api/forms/7');
    expect(read.body.form).toEqual(created.body.form);
    const list = await request(app).get('/api/forms');
    expect(list.body.forms.map((f: { form_id: number }) => f.form_id)).toEqual([6, 7]);
    expect(list.body.forms[1]).toEqual(created.body.form);
  });

  it('keeps the address form read-only', async () => {
    const before = await storedDocs('forms');
    const edit = await put('/api/forms', { form_id: 6, name: 'Dirección', form_fields: [{ key: 'city', label: 'Ciudad', type: 'text' }] });
    expect(edit.status).toBe(409);
    expect(edit.body.error).toEqual({
      code: 'forms/address-form-locked',
      message: 'El formulario de dirección es parte del sistema y no se puede modificar ni eliminar.',
    });
    expect((await del('/api/forms/6')).status).toBe(409);
    expect(await storedDocs('forms')).toEqual(before);
  });

  it('refuses repeated keys and malformed fields without writing', async () => {
    const before = await storedDocs('forms');
    const repeated = await post('/api/forms', {
      name: 'Doble',
      form_fields: [
        { key: 'a', label: 'A', type: 'text' },
        { key: 'a', label: 'B', type: 'date' },
      ],
    });
    expect(repeated.status).toBe(400);
    expect(repeated.body.error.fields).toEqual({ 'form_fields[1].key': 'La clave a está repetida.' });
    const malformed = await post('/api/forms', {
      name: 'Mal',
      form_fields: [{ key: 'a', label: 'A', type: 'text', step: 0, options: 'x', value: { x: 1 }, color: 'red' }],
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.fields).toEqual({
      'form_fields[0]': 'El campo color no está permitido.',
      'form_fields[0].step': 'Debe ser un número positivo.',
      'form_fields[0].options': 'Debe ser una lista.',
      'form_fields[0].value': 'El valor no es válido.',
    });
    const notList = await post('/api/forms', { name: 'Mal', form_fields: 'a,b' });
    expect(notList.body.error.fields).toEqual({ form_fields: 'Debe ser una lista.' });
    const tooMany = await post('/api/forms', {
      name: 'Enorme',
      form_fields: Array.from({ length: 51 }, (_, i) => ({ key: `f${i}`, label: 'F', type: 'text' })),
    });
    expect(tooMany.body.error.fields).toEqual({ form_fields: 'Máximo 50 elementos.' });
    expect(await storedDocs('forms')).toEqual(before);
  });
});

describe('custom fields', () => {
  it('filters by object type and keeps keys unique per object', async () => {
    await post('/api/custom_fields', { key: 'emergency_contact', label: 'Contacto de emergencia', type: 'text', object: 'customer', required: true });
    await post('/api/custom_fields', { key: 'shoe_size', label: 'Talla', type: 'select', object: 'customer', options: [{ label: '25', value: 25 }] });
    const sameKeyOtherObject = await post('/api/custom_fields', { key: 'emergency_contact', label: 'Contacto', type: 'text', object: 'class_reservation' });
    expect(sameKeyOtherObject.status).toBe(201);

    const before = await storedDocs('custom_fields');
    const taken = await post('/api/custom_fields', { key: 'emergency_contact', label: 'Otro', type: 'phone', object: 'customer' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('Ya existe un campo con esa clave para este objeto.');
    const moved = await put('/api/custom_fields', { custom_field_id: 3, key: 'emergency_contact', label: 'Contacto', type: 'text', object: 'customer' });
    expect(moved.status).toBe(409);
    expect(await storedDocs('custom_fields')).toEqual(before);

    const customer = await request(app).get('/api/custom_fields?object=customer');
    expect(customer.status).toBe(200);
    expect(customer.body.custom_fields.map((f: { key: string }) => f.key)).toEqual(['emergency_contact', 'shoe_size']);
    expect(customer.body.custom_fields[1].options).toEqual([{ label: '25', value: 25 }]);
    expect((await request(app).get('/api/custom_fields')).body.custom_fields).toHaveLength(3);
    const badObject = await request(app).get('/api/custom_fields?object=planeta');
    expect(badObject.status).toBe(400);
    expect(badObject.body.error.fields).toEqual({ object: 'Debes seleccionar una opción.' });
  });
});

describe('class type spot maps', () => {
  it.each([
    ['4,5,5,4', 201, undefined],
    ['12', 201, undefined],
    ['4, 5', 400, 'Escribe cuántos lugares tiene cada fila, separados por comas; por ejemplo 4,5,5,4.'],
    ['0,4', 400, 'Escribe cuántos lugares tiene cada fila, separados por comas; por ejemplo 4,5,5,4.'],
    ['', 400, 'Escribe cuántos lugares tiene cada fila, separados por comas; por ejemplo 4,5,5,4.'],
    ['51', 400, 'El mapa admite hasta 30 filas de 50 lugares.'],
    [Array.from({ length: 31 }, () => '2').join(','), 400, 'El mapa admite hasta 30 filas de 50 lugares.'],
  ])('%s → %i', async (spotMap, status, message) => {
    const response = await post('/api/class_types', { name: 'Cycling', spot_map: spotMap });
    expect(response.status).toBe(status);
    if (message) expect(response.body.error.fields).toEqual({ spot_map: message });
    else expect(response.body.class_type.spot_map).toBe(spotMap);
  });
});
