/**
 * The customer's extra information through the deployed stack (ADR 0086):
 * the seeded customer custom fields are emergency_contact (text, required)
 * and shoe_size (select 23–29, optional). No test here adds customer fields,
 * so other files keep seeing the seed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { api, newCustomer, store } from './support';

afterAll(async () => {
  await store().close();
});

type CustomerBody = { customer: { customer_id: number; custom_values: Record<string, unknown>; pending_fields?: string[]; name: string } };
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const save = (token: string, values: unknown) => api<CustomerBody & ErrorBody>('PUT', '/api/customer/custom_values', { token, body: { values } });

describe('customer custom values', () => {
  it('starts with nothing saved and the required field pending, on sign-up and on GET', async () => {
    const customer = await newCustomer();
    const response = await api<CustomerBody>('GET', '/api/customer', { token: customer.token });
    expect(response.status).toBe(200);
    expect(response.body.customer.custom_values).toEqual({});
    expect(response.body.customer.pending_fields).toContain('emergency_contact');
    expect(response.body.customer.pending_fields).not.toContain('shoe_size');
  });

  it('saves the answers, stores them on the customer document, and clears the pending field', async () => {
    const customer = await newCustomer();
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
    const customer = await newCustomer();
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
    const customer = await newCustomer();
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
    const customer = await newCustomer();
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
    const customer = await newCustomer();
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
