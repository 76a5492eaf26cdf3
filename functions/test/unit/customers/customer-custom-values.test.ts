/**
 * The customer's extra information (ADR 0086): answers to the studio's
 * customer custom fields, checked by the shared rules, stored on the customer
 * document, and `pending_fields` on every single-customer answer.
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

async function customer(uid: string, customerId: number, extra: object = {}) {
  await env.store.doc(`customers/${uid}`).set({
    customer_id: customerId,
    uid,
    name: uid,
    last_name: 'Prueba',
    email: `${uid}@example.com`,
    phone: `55000000${customerId}0`,
    instagram: null,
    birthdate: null,
    signup_reason: null,
    signup_reason_other: null,
    file: null,
    has_unlimited: false,
    unlimited_membership_expiration: null,
    search_terms: [],
    createdAt: NOW,
    updatedAt: NOW,
    ...extra,
  });
}

let nextFieldId = 1;
async function customField(key: string, type: string, required: boolean, extra: object = {}) {
  const id = nextFieldId++;
  await env.store.doc(`custom_fields/${id}`).set({
    custom_field_id: id,
    key,
    label: `Etiqueta ${key}`,
    type,
    object: 'customer',
    required,
    options: [],
    createdAt: NOW,
    updatedAt: NOW,
    deletedAt: null,
    ...extra,
  });
}

async function upload(fileId: number, ownerUid: string) {
  await env.store.doc(`files/${fileId}`).set({
    file_id: fileId,
    name: `foto-${fileId}.png`,
    alt: null,
    type: 'image/png',
    size: 10,
    sha256: 'x',
    key: `k/${fileId}`,
    visibility: 'private',
    owner_uid: ownerUid,
    customer_id: null,
    status: 'ready',
    width: 1,
    height: 1,
    createdAt: NOW,
  });
}

beforeEach(async () => {
  env = testEnv();
  env.clock.now = NOW;
  app = createApp(env.deps);
  nextFieldId = 1;
  await customer('ana', 1);
  await customer('diego', 2);
  await customField('emergency_contact', 'text', true);
  await customField('shoe_size', 'select', false, { options: ['24', '25'].map((s) => ({ label: s, value: s })) });
  await customField('injuries', 'creatable-select', false);
  await customField('photos', 'image', false);
  // Other objects' fields and archived ones are not asked of customers.
  await customField('note', 'text', true, { object: 'class_reservation' });
  await customField('old_question', 'text', true, { deletedAt: NOW });
});
afterEach(async () => {
  await env.cleanup();
});

const put = (auth: string, body: unknown) =>
  request(app)
    .put('/api/customer/custom_values')
    .set('authorization', auth)
    .send(body as object);
const stored = async (uid: string) => (await env.store.doc(`customers/${uid}`).get()).data();

describe('GET /api/customer: custom_values and pending_fields', () => {
  it('answers no values and the required customer fields as pending', async () => {
    const response = await request(app).get('/api/customer').set('authorization', ANA);
    expect(response.status).toBe(200);
    expect(response.body.customer).toMatchObject({ custom_values: {}, pending_fields: ['emergency_contact'] });
  });

  it('answers nothing pending once the required fields are answered, and pending again when a stored answer no longer fits', async () => {
    await customer('ana', 1, { custom_values: { emergency_contact: 'Luis 5512345678' } });
    expect((await request(app).get('/api/customer').set('authorization', ANA)).body.customer.pending_fields).toEqual([]);
    await customField('blood_type', 'select', true, { options: [{ label: 'O+', value: 'O+' }] });
    await customer('ana', 1, { custom_values: { emergency_contact: 'Luis', blood_type: 'Z' } });
    expect((await request(app).get('/api/customer').set('authorization', ANA)).body.customer.pending_fields).toEqual(['blood_type']);
  });
});

describe('PUT /api/customer/custom_values', () => {
  it("stores the caller's answers, dropping empty ones, and answers the customer", async () => {
    await upload(40, 'ana');
    const values = {
      emergency_contact: ' Luis 5512345678 ',
      shoe_size: '24',
      injuries: ['rodilla'],
      photos: [{ file_id: 40, name: 'renombrada.png', type: 'image/png', src: '/otra' }],
    };
    const response = await put(ANA, { values: { ...values, shoe_size: '' } });
    expect(response.status).toBe(200);
    const photo = { file_id: 40, name: 'foto-40.png', type: 'image/png', src: '/api/files/raw/40' };
    expect(response.body.customer).toMatchObject({
      customer_id: 1,
      custom_values: { emergency_contact: ' Luis 5512345678 ', injuries: ['rodilla'], photos: [photo] },
      pending_fields: [],
    });
    expect(response.body.customer.custom_values).not.toHaveProperty('shoe_size');
    const doc = await stored('ana');
    expect(doc?.custom_values).toEqual(response.body.customer.custom_values);
    expect(doc?.updatedAt).toEqual(NOW);
    expect(doc?.name).toBe('ana');
    expect(await stored('diego')).not.toHaveProperty('custom_values');
  });

  it('replaces the answers as a whole', async () => {
    await put(ANA, { values: { emergency_contact: 'Luis', shoe_size: '25' } });
    const second = await put(ANA, { values: { emergency_contact: 'Marta' } });
    expect(second.body.customer.custom_values).toEqual({ emergency_contact: 'Marta' });
  });

  it('refuses a missing required answer with the spec summary and writes nothing', async () => {
    const before = await stored('ana');
    const response = await put(ANA, { values: { shoe_size: '24' } });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: 'invalid-argument',
      message: 'Revisa el campo: Etiqueta emergency_contact',
      fields: { 'values.emergency_contact': 'Debes llenar este campo.' },
    });
    expect(await stored('ana')).toEqual(before);
  });

  it('says several fields are wrong when several are, with each message', async () => {
    const response = await put(ANA, { values: { emergency_contact: '', shoe_size: '30', injuries: 'rodilla' } });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('Revisa los campos faltantes o inválidos');
    expect(response.body.error.fields).toEqual({
      'values.emergency_contact': 'Debes llenar este campo.',
      'values.shoe_size': 'Debes seleccionar una opción.',
      'values.injuries': 'El valor no es válido.',
    });
  });

  it('refuses keys of no customer field by name, archived and other objects’ fields included', async () => {
    for (const key of ['favourite_coach', 'old_question', 'note']) {
      const response = await put(ANA, { values: { emergency_contact: 'Luis', [key]: 'x' } });
      expect(response.status).toBe(400);
      expect(response.body.error.fields).toEqual({ [`values.${key}`]: `El campo ${key} no está permitido.` });
    }
    expect(await stored('ana')).not.toHaveProperty('custom_values');
  });

  it('refuses a badly shaped body', async () => {
    expect((await put(ANA, {})).status).toBe(400);
    expect((await put(ANA, { values: ['Luis'] })).status).toBe(400);
    const extra = await put(ANA, { values: { emergency_contact: 'Luis' }, customer_id: 2 });
    expect(extra.status).toBe(400);
    expect(extra.body.error.message).toBe('El campo customer_id no está permitido.');
  });

  it("refuses files that are not the caller's own uploads, or do not exist", async () => {
    await upload(41, 'diego');
    for (const fileId of [41, 99]) {
      const response = await put(ANA, { values: { emergency_contact: 'Luis', photos: [{ file_id: fileId, name: 'x.png', type: 'image/png', src: '/x' }] } });
      expect(response.status).toBe(400);
      expect(response.body.error.fields).toEqual({ 'values.photos': 'El archivo x.png no existe o no es tuyo. Vuelve a cargarlo.' });
      expect(response.body.error.message).toBe('Revisa el campo: Etiqueta photos');
    }
    expect(await stored('ana')).not.toHaveProperty('custom_values');
  });

  it('needs a signed-in customer with a record', async () => {
    expect((await request(app).put('/api/customer/custom_values').send({ values: {} })).status).toBe(401);
    expect((await put('Bearer uid:nadie', { values: { emergency_contact: 'Luis' } })).status).toBe(404);
  });

  it('touches only the caller: another customer keeps their answers', async () => {
    await put(DIEGO, { values: { emergency_contact: 'Ana' } });
    await put(ANA, { values: { emergency_contact: 'Luis' } });
    expect((await stored('diego'))?.custom_values).toEqual({ emergency_contact: 'Ana' });
  });
});

describe('other customer answers keep and show the answers', () => {
  it('PUT /api/customer keeps custom_values and answers pending_fields', async () => {
    await put(ANA, { values: { emergency_contact: 'Luis' } });
    const response = await request(app).put('/api/customer').set('authorization', ANA).send({ name: 'Ana', last_name: 'López', phone: '5500000010' });
    expect(response.status).toBe(200);
    expect(response.body.customer).toMatchObject({ name: 'Ana', custom_values: { emergency_contact: 'Luis' }, pending_fields: [] });
    expect((await stored('ana'))?.custom_values).toEqual({ emergency_contact: 'Luis' });
  });

  it('POST /api/customer/signup answers the new customer with their pending fields', async () => {
    const response = await request(app)
      .post('/api/customer/signup')
      .set('authorization', 'Bearer uid:renata')
      .send({ uid: 'renata', name: 'Renata', last_name: 'Vázquez', phone: '5512345678' });
    expect(response.status).toBe(201);
    expect(response.body.customer).toMatchObject({ custom_values: {}, pending_fields: ['emergency_contact'] });
  });

  it("the admin's read of a customer shows them too", async () => {
    await put(ANA, { values: { emergency_contact: 'Luis' } });
    const response = await request(app).get('/api/customer/admin/1').set('authorization', 'Bearer admin:valeria');
    expect(response.status).toBe(200);
    expect(response.body.customer).toMatchObject({ custom_values: { emergency_contact: 'Luis' }, pending_fields: [] });
  });
});
