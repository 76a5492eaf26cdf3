/**
 * The catalogue through the deployed shape (Hosting → function, Auth emulator
 * tokens): the demo studio as the public site reads it, an admin's edits,
 * refusals that write nothing, and customers' own addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, countDocs, newCustomer, seed, signIn, store } from './support';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Named = { name: string };

let adminToken: string;
beforeAll(async () => {
  adminToken = (await signIn(seed.admin.email, seed.admin.password)).token;
});
afterAll(async () => {
  await store().close();
});

async function counter(collection: string) {
  return (await store().doc(`counters/${collection}`).get()).get('value');
}

describe('the demo catalogue, read anonymously', () => {
  it('serves locations, class types with spot maps, tags, announcements, payment methods, programs and video types', async () => {
    const locations = await api<{ locations: Array<Named & { location_id: number }> }>('GET', '/api/locations');
    expect(locations.status).toBe(200);
    expect(locations.body.locations.slice(0, 2).map((l) => [l.location_id, l.name])).toEqual([
      [1, 'Latido Roma'],
      [2, 'Latido Coyoacán'],
    ]);

    const cycling = await api<{ class_type: Record<string, unknown> }>('GET', '/api/class_types/1');
    expect(cycling.body.class_type).toMatchObject({
      class_type_id: 1,
      name: 'Indoor Cycling',
      spot_map: '4,5,5,4',
      icon: 'bike',
      file: { name: 'cycling.svg', type: 'image/svg+xml', src: '/brand/hero.svg' },
    });

    const methods = await api<{ payment_methods: Array<Named & { payment_method_id: number }> }>('GET', '/api/payment_methods');
    expect(methods.body.payment_methods.slice(0, 3).map((m) => [m.payment_method_id, m.name])).toEqual([
      [1, 'Tarjeta'],
      [2, 'Efectivo'],
      [3, 'PayPal'],
    ]);

    const announcements = await api<{ announcements: Array<{ announcement_id: number }> }>('GET', '/api/announcements');
    const ids = announcements.body.announcements.map((a) => a.announcement_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids).toEqual(expect.arrayContaining([1, 2]));

    for (const [path, key] of [
      ['/api/tags', 'tags'],
      ['/api/programs', 'programs'],
      ['/api/video_types', 'video_types'],
    ] as const) {
      const response = await api<Record<string, unknown[]>>('GET', path);
      expect(response.status, path).toBe(200);
      expect(response.body[key]?.length, path).toBeGreaterThan(1);
    }
  });

  it('shows the home coaches in order and only available categories', async () => {
    const home = await api<{ instructors: Array<{ nick_name: string; home: boolean }> }>('GET', '/api/instructors/home/all');
    expect(home.body.instructors.slice(0, 4).map((i) => i.nick_name)).toEqual(['Mar', 'Rod', 'Lu', 'Fer']);
    expect(home.body.instructors.every((i) => i.home)).toBe(true);
    const all = await api<{ instructors: unknown[] }>('GET', '/api/instructors');
    expect(all.body.instructors.length).toBeGreaterThan(home.body.instructors.length);

    const available = await api<{ class_categories: Array<{ handle: string }> }>('GET', '/api/class_categories/available');
    expect(available.body.class_categories.map((c) => c.handle)).toEqual(expect.arrayContaining(['cardio', 'fuerza', 'mente-y-cuerpo']));
    expect(available.body.class_categories.map((c) => c.handle)).not.toContain('temporada-navidena');
  });

  it('serves the address form (6) and nests it in address fields', async () => {
    const address = await api<{ form: { form_fields: Array<{ key: string; required: boolean }> } }>('GET', '/api/forms/6');
    expect(address.status).toBe(200);
    const fields = address.body.form.form_fields;
    expect(fields.map((f) => f.key)).toEqual(['street', 'number', 'interior_number', 'neighborhood', 'city', 'state', 'country', 'zip_code']);
    expect(fields.filter((f) => f.required).map((f) => f.key)).toEqual(['city', 'state', 'country']);

    const profile = await api<{ form: { form_fields: Array<{ key: string; type: string; form_id?: number; form_fields?: unknown[] }> } }>(
      'GET',
      '/api/forms/1',
    );
    const billing = profile.body.form.form_fields.find((f) => f.type === 'address');
    expect(billing).toMatchObject({ key: 'billing_address', form_id: 6 });
    expect(billing?.form_fields).toEqual(fields);

    const customerFields = await api<{ custom_fields: Array<{ key: string; object: string }> }>('GET', '/api/custom_fields?object=customer');
    expect(customerFields.body.custom_fields.map((f) => f.key)).toEqual(expect.arrayContaining(['emergency_contact', 'shoe_size']));
    expect(customerFields.body.custom_fields.every((f) => f.object === 'customer')).toBe(true);
  });
});

describe('admin edits', () => {
  it('runs an instructor from creation to archive', async () => {
    const created = await api<{ instructor: { instructor_id: number } }>('POST', '/api/instructors', {
      token: adminToken,
      body: {
        name: 'Valentina',
        last_name: 'Paz',
        nick_name: 'Vale',
        birthdate: '1996-05-17',
        home: true,
        home_order: 9,
        file: { name: 'vale.jpg', type: 'image/jpeg', src: '/api/files/vale.jpg' },
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.instructor.instructor_id;
    const stored = await store().doc(`instructors/${id}`).get();
    expect(stored.data()).toMatchObject({ instructor_id: id, nick_name: 'Vale', birthdate: '1996-05-17', deletedAt: null });
    expect(stored.get('createdAt')).toBeInstanceOf(Date);

    const updated = await api<{ instructor: Record<string, unknown> }>('PUT', '/api/instructors', {
      token: adminToken,
      body: { instructor_id: id, name: 'Valentina', quote: 'A darle.' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.instructor).toMatchObject({ nick_name: 'Vale', quote: 'A darle.', home: true });
    const home = await api<{ instructors: Array<{ instructor_id: number }> }>('GET', '/api/instructors/home/all');
    expect(home.body.instructors.map((i) => i.instructor_id)).toContain(id);

    expect((await api('DELETE', `/api/instructors/${id}`, { token: adminToken })).status).toBe(204);
    expect((await api('GET', `/api/instructors/${id}`)).status).toBe(404);
    expect((await store().doc(`instructors/${id}`).get()).get('deletedAt')).toBeInstanceOf(Date);
  });

  it('refuses invalid records in Spanish and writes nothing', async () => {
    const before = { types: await countDocs('class_types'), counter: await counter('class_types') };
    const response = await api<ErrorBody>('POST', '/api/class_types', { token: adminToken, body: { name: ' ', spot_map: '4;5', role: 'admin' } });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('Revisa los campos faltantes o inválidos');
    expect(response.body.error.fields).toEqual({
      _: 'El campo role no está permitido.',
      name: 'Debes llenar este campo.',
      spot_map: 'Escribe cuántos lugares tiene cada fila, separados por comas; por ejemplo 4,5,5,4.',
    });
    const missing = await api<ErrorBody>('PUT', '/api/class_types', { token: adminToken, body: { class_type_id: 99_999, name: 'Fantasma' } });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('No encontramos este tipo de clase.');
    expect({ types: await countDocs('class_types'), counter: await counter('class_types') }).toEqual(before);
  });

  it('refuses to delete an instructor with upcoming classes until they are cancelled', async () => {
    const created = await api<{ instructor: { instructor_id: number } }>('POST', '/api/instructors', { token: adminToken, body: { name: 'Ocupado' } });
    const id = created.body.instructor.instructor_id;
    // A class of the schedule area, far from the demo ids.
    const classRef = store().doc(`single_classes/${900_000 + id}`);
    await classRef.set({
      single_class_id: 900_000 + id,
      class_date: new Date(Date.now() + 7 * 24 * 3600_000),
      status: 'scheduled',
      class_type_id: 1,
      location_id: 1,
      instructor_ids: [id],
      tag_ids: [],
      class_category_id: null,
    });
    try {
      const refused = await api<ErrorBody>('DELETE', `/api/instructors/${id}`, { token: adminToken });
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(
        'No puedes eliminar a este instructor porque tiene clases programadas. Asígnalas a otro instructor o cancélalas primero.',
      );
      expect((await store().doc(`instructors/${id}`).get()).get('deletedAt')).toBeNull();
      await classRef.update({ status: 'cancelled' });
      expect((await api('DELETE', `/api/instructors/${id}`, { token: adminToken })).status).toBe(204);
    } finally {
      await classRef.delete();
    }
  });

  it('protects card and cash from deletion', async () => {
    const card = await api<ErrorBody>('DELETE', '/api/payment_methods/1', { token: adminToken });
    expect(card.status).toBe(409);
    expect(card.body.error.code).toBe('payment_methods/card-protected');
    const cash = await api<ErrorBody>('DELETE', '/api/payment_methods/2', { token: adminToken });
    expect(cash.status).toBe(409);
    expect(cash.body.error.code).toBe('payment_methods/cash-protected');
    const again = await api<ErrorBody>('POST', '/api/payment_methods', { token: adminToken, body: { name: 'efectivo' } });
    expect(again.status).toBe(409);
    expect((await api<{ payment_method: Named }>('GET', '/api/payment_methods/2')).body.payment_method.name).toBe('Efectivo');
  });

  it("creates a category from the spec's 'nueva' id", async () => {
    const created = await api<{ class_category: Record<string, unknown> }>('POST', '/api/class_categories', {
      token: adminToken,
      body: { class_category_id: 'nueva', name: 'Baile Latino API' },
    });
    expect(created.status).toBe(201);
    expect(created.body.class_category).toMatchObject({ name: 'Baile Latino API', handle: 'baile-latino-api', available: true });
    expect(typeof created.body.class_category.class_category_id).toBe('number');
  });
});

describe('addresses', () => {
  it("keeps each customer's addresses to themselves", async () => {
    const ana = await newCustomer();
    const diego = await newCustomer();
    const body = { street: 'Av. Álvaro Obregón', number: '120', city: 'Ciudad de México', state: 'CDMX', country: 'México', zip_code: '06700' };
    const created = await api<{ address: { address_id: number; customer_id: number } }>('POST', '/api/addresses', { token: ana.token, body });
    expect(created.status).toBe(201);
    expect(created.body.address.customer_id).toBe(ana.customerId);
    const id = created.body.address.address_id;

    const peek = await api<ErrorBody>('GET', `/api/addresses/${id}`, { token: diego.token });
    expect(peek.status).toBe(404);
    expect(peek.body.error.message).toBe('No encontramos esta dirección.');
    expect((await api('DELETE', `/api/addresses/${id}`, { token: diego.token })).status).toBe(404);
    expect((await api('GET', `/api/addresses/${id}`, { token: adminToken })).status).toBe(200);

    const before = await countDocs('addresses');
    const invalid = await api<ErrorBody>('POST', '/api/addresses', { token: ana.token, body: { street: 'Sin ciudad' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toEqual({ city: 'Debes agregar tu ciudad.', state: 'Debes agregar tu estado.', country: 'Debes agregar tu país.' });
    expect(await countDocs('addresses')).toBe(before);

    expect((await api('DELETE', `/api/addresses/${id}`, { token: ana.token })).status).toBe(204);
    expect((await store().doc(`addresses/${id}`).get()).exists).toBe(false);
  });
});
