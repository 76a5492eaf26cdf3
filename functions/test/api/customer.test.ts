import { afterAll, describe, expect, it } from 'vitest';
import { api, countDocs, expiredToken, newCustomer, newIdentity, seed, sentOobCodes, signIn, store, uniqueEmail, uniquePhone } from './support';

afterAll(async () => {
  await store().close();
});

type CustomerBody = { customer: Record<string, unknown> };
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe('POST /api/customer/signup', () => {
  it('registers the caller and returns the customer with a numeric id', async () => {
    const identity = await newIdentity();
    const phone = uniquePhone();
    const response = await api<CustomerBody>('POST', '/api/customer/signup', {
      token: identity.token,
      body: {
        uid: identity.uid,
        name: ' Renata ',
        last_name: 'Vázquez',
        phone,
        accepted_pages: [1, 2],
        signup_reason: 'Otro',
        signup_reason_other: 'Un volante',
      },
    });
    expect(response.status).toBe(201);
    expect(response.body.customer).toMatchObject({
      uid: identity.uid,
      name: 'Renata',
      last_name: 'Vázquez',
      phone,
      email: identity.email,
      accepted_pages: [1, 2],
      is_admin: false,
      signup_reason_other: 'Un volante',
    });
    expect(typeof response.body.customer.customer_id).toBe('number');
    expect(response.body.customer).not.toHaveProperty('search_terms');

    const again = await api<CustomerBody>('GET', '/api/customer', { token: identity.token });
    expect(again.status).toBe(200);
    expect(again.body.customer.customer_id).toBe(response.body.customer.customer_id);
  });

  it('refuses a phone that is already registered, in Spanish', async () => {
    const first = await newCustomer();
    const other = await newIdentity();
    const response = await api<ErrorBody>('POST', '/api/customer/signup', {
      token: other.token,
      body: { uid: other.uid, name: 'Otra', last_name: 'Persona', phone: first.phone, accepted_pages: [1, 2] },
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: 'customer/phone-taken', message: 'Ya existe una cuenta con ese número de teléfono' });
  });

  it('makes exactly one account when two sign-ups race for one phone', async () => {
    const phone = uniquePhone();
    const identities = await Promise.all(Array.from({ length: 6 }, () => newIdentity()));
    const before = await countDocs('customers');
    const results = await Promise.all(
      identities.map((identity) =>
        api('POST', '/api/customer/signup', {
          token: identity.token,
          body: { uid: identity.uid, name: 'Carrera', last_name: 'Simultánea', phone, accepted_pages: [1, 2] },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await countDocs('customers')).toBe(before + 1);
    const owner = await store().doc(`customer_phones/${phone}`).get();
    const winner = identities[results.findIndex((r) => r.status === 201)];
    expect(owner.get('uid')).toBe(winner?.uid);
  });

  it('refuses a second registration of the same identity', async () => {
    const customer = await newCustomer();
    const response = await api<ErrorBody>('POST', '/api/customer/signup', {
      token: customer.token,
      body: { uid: customer.uid, name: 'Dos', last_name: 'Veces', phone: uniquePhone(), accepted_pages: [1, 2] },
    });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('customer/already-registered');
    expect(response.body.error.message).toBe('Ya tienes una cuenta con nosotros. Por favor, inicia sesión.');
  });

  it('refuses a uid that is not the caller', async () => {
    const identity = await newIdentity();
    const response = await api<ErrorBody>('POST', '/api/customer/signup', {
      token: identity.token,
      body: { uid: 'someone-else', name: 'Suplantación', last_name: 'X', phone: uniquePhone(), accepted_pages: [1, 2] },
    });
    expect(response.status).toBe(403);
    expect(
      await store()
        .doc(`customers/${identity.uid}`)
        .get()
        .then((s) => s.exists),
    ).toBe(false);
  });

  it('requires accepting the pages flagged required_signup', async () => {
    const identity = await newIdentity();
    const response = await api<ErrorBody>('POST', '/api/customer/signup', {
      token: identity.token,
      body: { uid: identity.uid, name: 'Sin', last_name: 'Aceptar', phone: uniquePhone(), accepted_pages: [1] },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('Debes aceptar los términos y condiciones antes de continuar.');
    expect(
      await store()
        .doc(`customers/${identity.uid}`)
        .get()
        .then((s) => s.exists),
    ).toBe(false);
  });

  it('validates every field with Spanish messages and writes nothing', async () => {
    const identity = await newIdentity();
    const before = await countDocs('customers');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ uid: identity.uid, last_name: 'X', phone: uniquePhone() }, 'name'],
      [{ uid: identity.uid, name: 123, last_name: 'X', phone: uniquePhone() }, 'name'],
      [{ uid: identity.uid, name: 'A', last_name: 'X', phone: '55-1234-5678' }, 'phone'],
      [{ uid: identity.uid, name: 'A', last_name: 'X', phone: '123' }, 'phone'],
      [{ uid: identity.uid, name: 'A', last_name: 'X', phone: 5512345678 }, 'phone'],
      [{ uid: identity.uid, name: 'A', last_name: 'X', phone: uniquePhone(), birthdate: '2026-02-30' }, 'birthdate'],
      [{ uid: identity.uid, name: 'A', last_name: 'X', phone: uniquePhone(), signup_reason: 'Otro' }, 'signup_reason_other'],
      [{ uid: identity.uid, name: 'A'.repeat(61), last_name: 'X', phone: uniquePhone() }, 'name'],
      [{ uid: identity.uid, name: 'A', last_name: 'X', phone: uniquePhone(), has_unlimited: true }, '_'],
    ];
    for (const [body, field] of cases) {
      const response = await api<ErrorBody>('POST', '/api/customer/signup', { token: identity.token, body: { accepted_pages: [1, 2], ...body } });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('invalid-argument');
      expect(Object.keys(response.body.error.fields ?? {})).toContain(field);
      expect(response.body.error.message).toMatch(field === '_' ? /has_unlimited no está permitido/ : /^Revisa el campo: /);
    }
    expect(await countDocs('customers')).toBe(before);
  });
});

describe('GET and PUT /api/customer', () => {
  it('answers 404 for an identity without a customer record', async () => {
    const identity = await newIdentity();
    const response = await api<ErrorBody>('GET', '/api/customer', { token: identity.token });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('customer/not-found');
  });

  it('updates the own profile and moves the phone guard', async () => {
    const customer = await newCustomer();
    const newPhone = uniquePhone();
    const response = await api<CustomerBody>('PUT', '/api/customer', {
      token: customer.token,
      body: { name: 'Nuevo', last_name: 'Nombre', phone: newPhone, instagram: '@nuevo' },
    });
    expect(response.status).toBe(200);
    expect(response.body.customer).toMatchObject({ name: 'Nuevo', last_name: 'Nombre', phone: newPhone, instagram: '@nuevo' });
    expect((await store().doc(`customer_phones/${customer.phone}`).get()).exists).toBe(false);
    expect((await store().doc(`customer_phones/${newPhone}`).get()).get('uid')).toBe(customer.uid);
  });

  it("refuses another customer's phone and another customer's id", async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    const taken = await api<ErrorBody>('PUT', '/api/customer', { token: a.token, body: { name: 'A', last_name: 'A', phone: b.phone } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('Ya existe una cuenta con ese número de teléfono');
    const foreign = await api('PUT', '/api/customer', { token: a.token, body: { customer_id: b.customerId, name: 'Hack', last_name: 'Hack', phone: b.phone } });
    expect(foreign.status).toBe(403);
    const bNow = await store().doc(`customers/${b.uid}`).get();
    expect(bNow.get('name')).toBe('Prueba');
  });

  it('lets an admin update any customer by customer_id', async () => {
    const customer = await newCustomer();
    const admin = await signIn(seed.admin.email, seed.admin.password);
    const response = await api<CustomerBody>('PUT', '/api/customer', {
      token: admin.token,
      body: { customer_id: customer.customerId, name: 'Editado', last_name: 'Por Admin', phone: customer.phone },
    });
    expect(response.status).toBe(200);
    expect(response.body.customer).toMatchObject({ customer_id: customer.customerId, name: 'Editado' });
  });

  it('signs out expired sessions with auth/id-token-expired', async () => {
    const customer = await newCustomer();
    const response = await api<ErrorBody>('GET', '/api/customer', { token: expiredToken(customer.uid) });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('auth/id-token-expired');
  });

  it('answers 401 for a missing or forged token', async () => {
    expect((await api('GET', '/api/customer')).status).toBe(401);
    const forged = await api<ErrorBody>('GET', '/api/customer', { token: 'not-a-jwt' });
    expect(forged.status).toBe(401);
    expect(forged.body.error.code).toBe('auth/invalid-token');
  });
});

describe('GET /api/customer/phone', () => {
  it('answers only whether the phone is free', async () => {
    const customer = await newCustomer();
    const taken = await api<Record<string, unknown>>('GET', `/api/customer/phone?phone=${customer.phone}`);
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({ available: false });
    const free = await api('GET', `/api/customer/phone?phone=${uniquePhone()}`);
    expect(free.body).toEqual({ available: true });
    const bad = await api<ErrorBody>('GET', '/api/customer/phone?phone=12ab');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.phone).toBe('El formato del teléfono no es correcto.');
  });
});

describe('POST /api/customer/recover', () => {
  it('asks the identity provider for a reset e-mail and answers the same for unknown accounts', async () => {
    const customer = await newCustomer();
    const known = await api<{ message: string }>('POST', '/api/customer/recover', { body: { email: customer.email } });
    expect(known.status).toBe(200);
    expect(known.body.message).toBe('Te hemos enviado un correo para reestablecer tu contraseña.');
    const codes = await sentOobCodes();
    expect(codes.some((c) => c.email === customer.email && c.requestType === 'PASSWORD_RESET')).toBe(true);

    const unknown = await api<{ message: string }>('POST', '/api/customer/recover', { body: { email: uniqueEmail('nadie') } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);

    const bad = await api<ErrorBody>('POST', '/api/customer/recover', { body: { email: 'no-es-correo' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.email).toBe('El correo no es válido.');
  });
});

describe('POST /api/customer (front desk)', () => {
  it('e-mails a link to choose the password that opens the provider’s page in Spanish (lang=es, not its lang=en)', async () => {
    const admin = await signIn(seed.admin.email, seed.admin.password);
    const email = uniqueEmail('mostrador');
    const created = await api<{ customer: { customer_id: number }; mail_sent: boolean }>('POST', '/api/customer', {
      token: admin.token,
      body: { name: 'Rosa', last_name: 'Mostrador', email, phone: uniquePhone() },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.mail_sent).toBe(true);
    const mail = await store().doc(`mail/customer-${created.body.customer.customer_id}-created`).get();
    const text = (mail.get('message') as { text: string }).text;
    const link = new URL(/https?:\/\/\S+/.exec(text)?.[0] ?? 'http://missing.invalid');
    expect(link.searchParams.get('mode')).toBe('resetPassword');
    expect(link.searchParams.getAll('lang')).toEqual(['es']);
    expect(link.searchParams.get('oobCode')).toBeTruthy();
  });
});

describe('admin lookups', () => {
  it('finds a customer by id, by name and by phone', async () => {
    const customer = await newCustomer({ name: 'Ximena', last_name: 'Zárate Búsqueda' });
    const admin = await signIn(seed.admin.email, seed.admin.password);

    const byId = await api<CustomerBody>('GET', `/api/customer/admin/${customer.customerId}`, { token: admin.token });
    expect(byId.status).toBe(200);
    expect(byId.body.customer).toMatchObject({ customer_id: customer.customerId, email: customer.email });

    const byName = await api<{ customers: Array<{ customer_id: number }>; total: number }>('GET', '/api/customer/admin/all?query=ximena%20zarate', {
      token: admin.token,
    });
    expect(byName.status).toBe(200);
    expect(byName.body.customers.map((c) => c.customer_id)).toContain(customer.customerId);

    const byPhone = await api<{ customers: Array<{ customer_id: number }> }>('GET', `/api/customer/query?query=${customer.phone.slice(0, 7)}`, {
      token: admin.token,
    });
    expect(byPhone.body.customers.map((c) => c.customer_id)).toContain(customer.customerId);

    const all = await api<{ customers: unknown[]; total: number; page_size: number }>('GET', '/api/customer/admin/all', { token: admin.token });
    expect(all.body.total).toBeGreaterThanOrEqual(3);
    expect(all.body.page_size).toBe(50);

    expect((await api('GET', '/api/customer/admin/999999', { token: admin.token })).status).toBe(404);
    expect((await api('GET', '/api/customer/admin/abc', { token: admin.token })).status).toBe(400);
    expect((await api('GET', '/api/customer/admin/all?page=0', { token: admin.token })).status).toBe(400);
  });

  it('shows the admin flag from the identity provider', async () => {
    const admin = await signIn(seed.admin.email, seed.admin.password);
    const me = await api<CustomerBody>('GET', '/api/customer', { token: admin.token });
    expect(me.body.customer.is_admin).toBe(true);
    const ana = await signIn(seed.ana.email, seed.ana.password);
    expect((await api<CustomerBody>('GET', '/api/customer', { token: ana.token })).body.customer.is_admin).toBe(false);
  });
});
