/**
 * The customer's extra information through the deployed stack (ADR 0086):
 * the seeded customer custom fields are emergency_contact (text, required)
 * and shoe_size (select 23–29, optional). No test here adds customer fields,
 * so other files keep seeing the seed.
 */
import { studioWallClockOf } from '@studio/shared/format/dates';
import { afterAll, describe, expect, it } from 'vitest';
import { api, newCustomer, seed, signIn, store } from './support';

afterAll(async () => {
  await store().close();
});

type CustomerBody = { customer: { customer_id: number; custom_values: Record<string, unknown>; pending_fields?: string[]; name: string } };
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const save = (token: string, values: unknown) => api<CustomerBody & ErrorBody>('PUT', '/api/customer/custom_values', { token, body: { values } });

describe('customer custom values', () => {
  it('starts with nothing saved and the required field pending, on sign-up and on GET', async () => {
    const customer = await newCustomer({}, { intake: false });
    const response = await api<CustomerBody>('GET', '/api/customer', { token: customer.token });
    expect(response.status).toBe(200);
    expect(response.body.customer.custom_values).toEqual({});
    expect(response.body.customer.pending_fields).toContain('emergency_contact');
    expect(response.body.customer.pending_fields).not.toContain('shoe_size');
  });

  it('saves the answers, stores them on the customer document, and clears the pending field', async () => {
    const customer = await newCustomer({}, { intake: false });
    const response = await save(customer.token, { emergency_contact: 'Luis 5512345678', shoe_size: '25' });
    expect(response.status).toBe(200);
    expect(response.body.customer.custom_values).toEqual({ emergency_contact: 'Luis 5512345678', shoe_size: '25' });
    expect(response.body.customer.pending_fields).not.toContain('emergency_contact');
    const doc = await store().doc(`customers/${customer.uid}`).get();
    expect(doc.get('custom_values')).toEqual({ emergency_contact: 'Luis 5512345678', shoe_size: '25' });

    const again = await api<CustomerBody>('GET', '/api/customer', { token: customer.token });
    expect(again.body.customer.custom_values).toEqual(response.body.customer.custom_values);
  });

  it('refuses a missing required answer with the spec wording and writes nothing', async () => {
    const customer = await newCustomer({}, { intake: false });
    const before = (await store().doc(`customers/${customer.uid}`).get()).data();
    const response = await save(customer.token, { shoe_size: '25' });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: 'invalid-argument',
      message: 'Revisa el campo: Contacto de emergencia',
      fields: { 'values.emergency_contact': 'Debes llenar este campo.' },
    });
    expect((await store().doc(`customers/${customer.uid}`).get()).data()).toEqual(before);
  });

  it('refuses several wrong answers at once, an option outside the list and an unknown key by name', async () => {
    const customer = await newCustomer({}, { intake: false });
    const response = await save(customer.token, { emergency_contact: '   ', shoe_size: '40', favourite_coach: 'Mariana' });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('Revisa los campos faltantes o inválidos');
    expect(response.body.error.fields).toMatchObject({
      'values.emergency_contact': 'Debes llenar este campo.',
      'values.shoe_size': 'Debes seleccionar una opción.',
      'values.favourite_coach': 'El campo favourite_coach no está permitido.',
    });
    expect((await store().doc(`customers/${customer.uid}`).get()).get('custom_values')).toBeUndefined();
  });

  it('refuses a body other than {values: {...}}', async () => {
    const customer = await newCustomer({}, { intake: false });
    expect((await api('PUT', '/api/customer/custom_values', { token: customer.token, body: {} })).status).toBe(400);
    expect((await api('PUT', '/api/customer/custom_values', { token: customer.token, body: { values: 'x' } })).status).toBe(400);
    const extra = await api<ErrorBody>('PUT', '/api/customer/custom_values', {
      token: customer.token,
      body: { values: { emergency_contact: 'Luis' }, customer_id: customer.customerId + 1 },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.error.message).toBe('El campo customer_id no está permitido.');
  });

  it('keeps the answers when the profile is edited with PUT /api/customer', async () => {
    const customer = await newCustomer({}, { intake: false });
    await save(customer.token, { emergency_contact: 'Luis 5512345678' });
    const response = await api<CustomerBody>('PUT', '/api/customer', {
      token: customer.token,
      body: { name: 'Otra', last_name: 'Cliente', phone: customer.phone },
    });
    expect(response.status).toBe(200);
    expect(response.body.customer).toMatchObject({ name: 'Otra', custom_values: { emergency_contact: 'Luis 5512345678' } });
    expect(response.body.customer.pending_fields).not.toContain('emergency_contact');
  });

  it('needs a signed-in caller', async () => {
    const response = await api<ErrorBody>('PUT', '/api/customer/custom_values', { body: { values: {} } });
    expect(response.status).toBe(401);
  });
});

describe("the intake 'Completa tu perfil' before the first booking (ADR 0118)", () => {
  it('refuses the booking with 409 while the required question is unanswered, writing nothing; answered, it books', async () => {
    const admin = (await signIn(seed.admin.email, seed.admin.password)).token;
    const wall = studioWallClockOf(Date.now() + 3 * 86_400_000);
    if (!wall) throw new Error('no studio time');
    const created = await api<{ single_class: { single_class_id: number } }>('POST', '/api/single_class', {
      token: admin,
      body: { date: wall.date, start_time: '21:35', duration_minutes: 50, capacity: 5, class_type_id: 2, location_id: 1, instructor_ids: [3] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const classId = created.body.single_class.single_class_id;
    const customer = await newCustomer({}, { intake: false });
    expect((await api('POST', '/api/available_classes', { token: admin, body: { customer_id: customer.customerId, available_classes: 2 } })).status).toBe(201);
    const signedUp = await api<CustomerBody & { customer: { intake_asked: boolean } }>('GET', '/api/customer', { token: customer.token });
    expect(signedUp.body.customer.intake_asked).toBe(false);

    const book = () => api<ErrorBody>('POST', '/api/class_reservations', { token: customer.token, body: { single_class_id: classId } });
    const refused = await book();
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'booking/profile-incomplete',
      message: 'Completa tu perfil antes de reservar: el estudio necesita Contacto de emergencia.',
    });
    expect((await store().collection('class_reservations').where('customer_id', '==', customer.customerId).get()).size).toBe(0);
    const lots = await api<{ available_classes: Array<{ available_classes: number }> }>('GET', '/api/available_classes', { token: customer.token });
    expect(lots.body.available_classes.map((lot) => lot.available_classes)).toEqual([2]);

    // The optional shoe size skipped: only the required question matters, and the intake counts as asked.
    const saved = await save(customer.token, { emergency_contact: 'Luis 5512345678' });
    expect(saved.body.customer).toMatchObject({ pending_fields: [], intake_asked: true });
    expect((await book()).status).toBe(201);
  });
});
