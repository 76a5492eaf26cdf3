/**
 * /api/addresses: each customer's own billing addresses. Someone else's is a
 * 404 (existence is not revealed); admins may read anyone's but write only their own.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
let app: ReturnType<typeof createApp>;

const NOW = new Date('2026-11-22T18:00:00Z');
const ANA = 'Bearer uid:ana';
const DIEGO = 'Bearer uid:diego';
const ADMIN = 'Bearer admin:valeria';

async function customer(uid: string, customerId: number) {
  await env.store.doc(`customers/${uid}`).set({
    customer_id: customerId,
    uid,
    name: uid,
    last_name: 'Prueba',
    email: `${uid}@example.com`,
    phone: `55000000${customerId}0`,
    createdAt: NOW,
    updatedAt: NOW,
  });
}

beforeEach(async () => {
  env = testEnv();
  app = createApp(env.deps);
  await customer('ana', 1);
  await customer('diego', 2);
  await customer('valeria', 3);
});
afterEach(async () => {
  await env.cleanup();
});

const home = {
  street: 'Av. Álvaro Obregón',
  number: '120',
  interior_number: '4B',
  neighborhood: 'Roma Norte',
  city: 'Ciudad de México',
  state: 'CDMX',
  country: 'México',
  zip_code: '06700',
};
const as = (auth: string) => ({
  get: (path: string) => request(app).get(path).set('authorization', auth),
  post: (body: object) => request(app).post('/api/addresses').set('authorization', auth).send(body),
  put: (body: object) => request(app).put('/api/addresses').set('authorization', auth).send(body),
  del: (id: number) => request(app).delete(`/api/addresses/${id}`).set('authorization', auth),
});

async function stored() {
  const docs = await env.store.collection('addresses').get();
  return { docs: docs.docs.map((d) => [d.id, d.data()]), counter: (await env.store.doc('counters/addresses').get()).data() ?? null };
}

describe('/api/addresses', () => {
  it('runs the life of an address for its owner', async () => {
    const created = await as(ANA).post(home);
    expect(created.status).toBe(201);
    expect(created.body.address).toEqual({ address_id: 1, customer_id: 1, ...home, createdAt: NOW.toISOString(), updatedAt: NOW.toISOString() });
    expect((await env.store.doc('addresses/1').get()).get('uid')).toBe('ana');

    expect((await as(ANA).get('/api/addresses/1')).body).toEqual(created.body);
    expect((await as(ANA).get('/api/addresses')).body).toEqual({ addresses: [created.body.address] });

    const updated = await as(ANA).put({ address_id: 1, city: 'Guadalajara', state: 'Jalisco', country: 'México', interior_number: null, street: '  ' });
    expect(updated.status).toBe(200);
    expect(updated.body.address).toMatchObject({
      city: 'Guadalajara',
      state: 'Jalisco',
      interior_number: null,
      street: null,
      number: '120',
      zip_code: '06700',
    });

    expect((await as(ANA).del(1)).status).toBe(204);
    expect((await env.store.doc('addresses/1').get()).exists).toBe(false);
    expect((await as(ANA).get('/api/addresses/1')).status).toBe(404);
    expect((await as(ANA).del(1)).status).toBe(404);
  });

  it("answers someone else's address as not found and changes nothing", async () => {
    await as(ANA).post(home);
    const before = await stored();
    for (const response of [
      await as(DIEGO).get('/api/addresses/1'),
      await as(DIEGO).put({ address_id: 1, ...home, city: 'Monterrey' }),
      await as(DIEGO).del(1),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.error).toEqual({ code: 'addresses/not-found', message: 'No encontramos esta dirección.' });
    }
    expect((await as(DIEGO).get('/api/addresses/999')).body.error.code).toBe('addresses/not-found');
    expect((await as(DIEGO).get('/api/addresses')).body).toEqual({ addresses: [] });
    expect(await stored()).toEqual(before);
  });

  it("lets admins read anyone's addresses but write only their own", async () => {
    await as(ANA).post(home);
    const before = await stored();
    expect((await as(ADMIN).get('/api/addresses/1')).body.address.customer_id).toBe(1);
    expect((await as(ADMIN).get('/api/addresses?customer_id=1')).body.addresses).toHaveLength(1);
    expect((await as(ADMIN).get('/api/addresses')).body.addresses).toEqual([]);
    expect((await as(ADMIN).put({ address_id: 1, ...home })).status).toBe(404);
    expect((await as(ADMIN).del(1)).status).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('lets a customer name only their own customer_id when listing', async () => {
    await as(ANA).post(home);
    expect((await as(ANA).get('/api/addresses?customer_id=1')).body.addresses).toHaveLength(1);
    const other = await as(DIEGO).get('/api/addresses?customer_id=1');
    expect(other.status).toBe(403);
    expect((await as(DIEGO).get('/api/addresses?customer_id=uno')).status).toBe(400);
  });

  it("refuses a missing city, state or country with the spec's alerts, writing nothing", async () => {
    const before = await stored();
    const none = await as(ANA).post({ street: 'Calle 1' });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('Revisa los campos faltantes o inválidos');
    expect(none.body.error.fields).toEqual({ city: 'Debes agregar tu ciudad.', state: 'Debes agregar tu estado.', country: 'Debes agregar tu país.' });
    const blankCountry = await as(ANA).post({ ...home, country: '   ' });
    expect(blankCountry.body.error.fields).toEqual({ country: 'Debes agregar tu país.' });
    expect(blankCountry.body.error.message).toMatch(/^Revisa el campo: /);
    const wrongTypes = await as(ANA).post({ ...home, zip_code: 6700, customer_id: 2 });
    expect(wrongTypes.body.error.fields).toEqual({ _: 'El campo customer_id no está permitido.', zip_code: 'Debe ser texto.' });
    expect(await stored()).toEqual(before);
  });

  it('needs a signed-in, registered customer', async () => {
    expect((await request(app).get('/api/addresses')).status).toBe(401);
    expect((await request(app).post('/api/addresses').send(home)).status).toBe(401);
    expect((await request(app).delete('/api/addresses/1')).status).toBe(401);
    const unregistered = await as('Bearer uid:nadie').post(home);
    expect(unregistered.status).toBe(404);
    expect(unregistered.body.error.code).toBe('customer/not-found');
    expect(await stored()).toEqual({ docs: [], counter: null });
  });

  it('caps the address book at 10 per customer', async () => {
    for (let i = 0; i < 10; i++) expect((await as(ANA).post(home)).status).toBe(201);
    const before = await stored();
    const eleventh = await as(ANA).post(home);
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error.message).toBe('Puedes guardar hasta 10 direcciones. Elimina una para agregar otra.');
    expect(await stored()).toEqual(before);
    expect((await as(DIEGO).post(home)).status).toBe(201);
  });

  it('numbers concurrent addresses without gaps or repeats', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => as(i % 2 ? ANA : DIEGO).post(home)));
    expect(results.map((r) => r.body.address.address_id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
