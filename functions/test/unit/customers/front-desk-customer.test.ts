import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import type { AuthUser } from '../../../src/data/auth/auth-gateway';
import { signUp } from '../../../src/services/customers/sign-up';
import { type fakeAuth, type TestEnv, testEnv } from '../support';

let env: TestEnv;
let accounts: Map<string, AuthUser>;
let app: ReturnType<typeof createApp>;

beforeEach(() => {
  env = testEnv();
  accounts = (env.deps.auth as ReturnType<typeof fakeAuth>).accounts;
  app = createApp(env.deps);
});
afterEach(async () => {
  await env.cleanup();
});

const body = (overrides: Record<string, unknown> = {}) => ({
  name: ' Ana ',
  last_name: 'López',
  email: 'Ana@Example.com',
  phone: '5512345678',
  instagram: '@ana',
  signup_reason: 'Instagram',
  ...overrides,
});
const create = (payload: object, token = 'admin:desk') => request(app).post('/api/customer').set('authorization', `Bearer ${token}`).send(payload);

describe('POST /api/customer (front desk)', () => {
  it('creates the identity, the customer under the phone rule and the Spanish password e-mail', async () => {
    const response = await create(body());
    expect(response.status).toBe(201);
    expect(response.body.mail_sent).toBe(true);
    const customer = response.body.customer;
    expect(customer).toMatchObject({ name: 'Ana', last_name: 'López', email: 'ana@example.com', phone: '5512345678', instagram: '@ana' });
    expect(Number.isInteger(customer.customer_id)).toBe(true);

    expect([...accounts.values()]).toEqual([{ uid: customer.uid, email: 'ana@example.com', admin: false }]);
    expect((await env.store.doc(`customers/${customer.uid}`).get()).get('customer_id')).toBe(customer.customer_id);
    expect((await env.store.doc('customer_phones/5512345678').get()).exists).toBe(true);

    const mail = await env.store.doc(`mail/customer-${customer.customer_id}-created`).get();
    expect(mail.get('to')).toBe('ana@example.com');
    const message = mail.get('message') as { subject: string; html: string; text: string };
    expect(message.subject).toMatch(/^Crea tu contraseña de /);
    expect(message.text).toContain('Hola, Ana:');
    // The provider's page in Spanish (lang=es), not its default English.
    expect(message.text).toContain('https://auth.example.test/reset?email=ana%40example.com&oob=abc&lang=es\n');
    expect(message.html).toContain('href="https://auth.example.test/reset?email=ana%40example.com&amp;oob=abc&amp;lang=es"');
    // The admin's customer page finds the new customer.
    const detail = await request(app).get(`/api/customer/admin/${customer.customer_id}`).set('authorization', 'Bearer admin:desk');
    expect(detail.status).toBe(200);
  });

  it('refuses a taken phone with 409 and leaves no identity, record or e-mail', async () => {
    await signUp(
      env.deps,
      { uid: 'u1', email: 'u1@example.com', emailVerified: true, admin: false },
      { uid: 'u1', name: 'B', last_name: 'C', phone: '5512345678' },
    );
    const response = await create(body());
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: 'customer/phone-taken', fields: { phone: 'Ya existe una cuenta con ese número de teléfono' } });
    expect(accounts.size).toBe(0);
    expect(await env.store.collection('customers').count()).toBe(1);
    expect(await env.store.collection('mail').count()).toBe(0);
  });

  it('deletes the identity when the phone is taken between the first look and the transaction', async () => {
    const auth = env.deps.auth as unknown as { generatePasswordResetLink: (email: string) => Promise<string> };
    const link = auth.generatePasswordResetLink;
    // A sign-up with the same phone lands while the desk's identity is being made.
    auth.generatePasswordResetLink = async (email) => {
      await signUp(
        env.deps,
        { uid: 'u1', email: 'u1@example.com', emailVerified: true, admin: false },
        { uid: 'u1', name: 'B', last_name: 'C', phone: '5512345678' },
      );
      return link(email);
    };
    const response = await create(body());
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('customer/phone-taken');
    expect(accounts.size).toBe(0);
    expect(await env.store.collection('customers').count()).toBe(1);
    expect(await env.store.collection('mail').count()).toBe(0);
  });

  it('refuses a taken e-mail with 409 and creates nothing', async () => {
    expect((await create(body())).status).toBe(201);
    const response = await create(body({ phone: '5587654321', email: 'ana@example.com' }));
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: 'customer/email-taken', fields: { email: 'Ya existe una cuenta con ese correo.' } });
    expect(accounts.size).toBe(1);
    expect(await env.store.collection('customers').count()).toBe(1);
    expect((await env.store.doc('customer_phones/5587654321').get()).exists).toBe(false);
  });

  it('refuses customers (403) and anonymous callers (401)', async () => {
    expect((await create(body(), 'uid:u1')).status).toBe(403);
    expect((await request(app).post('/api/customer').send(body())).status).toBe(401);
    expect(accounts.size).toBe(0);
    expect(await env.store.collection('customers').count()).toBe(0);
  });

  it('answers an invalid body with 400 and Spanish field messages, creating nothing', async () => {
    const response = await create({ name: '', last_name: 'López', email: 'no-es-correo', phone: '55', uid: 'x' });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toMatchObject({
      name: 'Debes llenar este campo.',
      email: expect.stringMatching(/correo/i),
      phone: expect.any(String),
    });
    expect(accounts.size).toBe(0);
    expect(await env.store.collection('customers').count()).toBe(0);
  });

  it('keeps the customer when only the e-mail write fails, and says so', async () => {
    const real = env.store;
    let transactions = 0;
    // The first transaction writes the customer; the next one is the e-mail's, and it fails.
    env.deps.store = Object.create(real, {
      runTransaction: {
        value: (fn: Parameters<typeof real.runTransaction>[0]) => (transactions++ === 0 ? real.runTransaction(fn) : Promise.reject(new Error('mail down'))),
      },
    });
    app = createApp(env.deps);
    const response = await create(body());
    expect(response.status).toBe(201);
    expect(response.body.mail_sent).toBe(false);
    expect(accounts.size).toBe(1);
    expect(await real.collection('customers').count()).toBe(1);
  });
});

describe('PUT /api/customer with customer_id', () => {
  const profile = { name: 'Ana María', last_name: 'López', phone: '5599999999' };

  it('lets an admin edit that customer', async () => {
    const created = (await create(body())).body.customer;
    const response = await request(app)
      .put('/api/customer')
      .set('authorization', 'Bearer admin:desk')
      .send({ customer_id: created.customer_id, ...profile });
    expect(response.status).toBe(200);
    expect(response.body.customer).toMatchObject({ customer_id: created.customer_id, uid: created.uid, name: 'Ana María', phone: '5599999999' });
    expect((await env.store.doc('customer_phones/5599999999').get()).exists).toBe(true);
    expect((await env.store.doc('customer_phones/5512345678').get()).exists).toBe(false);
  });

  it("refuses a customer naming another customer's customer_id (403), changing nothing", async () => {
    const created = (await create(body())).body.customer;
    await signUp(
      env.deps,
      { uid: 'u1', email: 'u1@example.com', emailVerified: true, admin: false },
      { uid: 'u1', name: 'B', last_name: 'C', phone: '5511111111' },
    );
    const response = await request(app)
      .put('/api/customer')
      .set('authorization', 'Bearer uid:u1')
      .send({ customer_id: created.customer_id, ...profile });
    expect(response.status).toBe(403);
    expect((await env.store.doc(`customers/${created.uid}`).get()).get('name')).toBe('Ana');
    expect((await env.store.doc('customers/u1').get()).get('name')).toBe('B');
  });
});
