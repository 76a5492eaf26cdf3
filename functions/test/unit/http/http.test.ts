import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { type fakeAuth, type TestEnv, testEnv } from '../support';

let env: TestEnv;
beforeEach(() => {
  env = testEnv();
});
afterEach(async () => {
  await env.cleanup();
});

const signupBody = (uid: string, phone = '5512345678') => ({ uid, name: 'Ana', last_name: 'López', phone });

describe('request bodies', () => {
  it('answers malformed JSON with a Spanish 400 and writes nothing', async () => {
    const response = await request(createApp(env.deps))
      .post('/api/customer/signup')
      .set('authorization', 'Bearer uid:u1')
      .set('content-type', 'application/json')
      .send('{"uid": "u1", ');
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ code: 'http/invalid-json', message: 'El cuerpo de la solicitud no es un JSON válido.' });
    expect(await env.store.collection('customers').count()).toBe(0);
  });

  it('refuses bodies over the limit with 413 before doing any work', async () => {
    const response = await request(createApp(env.deps))
      .post('/api/customer/signup')
      .set('authorization', 'Bearer uid:u1')
      .send({ ...signupBody('u1'), name: 'x'.repeat(300_000) });
    expect(response.status).toBe(413);
    expect(response.body.error.message).toBe('La solicitud es demasiado grande.');
    expect(await env.store.collection('customers').count()).toBe(0);
  });

  it('refuses non-JSON content with 415 and JSON that is not an object with 400', async () => {
    const app = createApp(env.deps);
    const form = await request(app).post('/api/customer/signup').set('authorization', 'Bearer uid:u1').type('form').send('uid=u1');
    expect(form.status).toBe(415);
    const list = await request(app).post('/api/customer/signup').set('authorization', 'Bearer uid:u1').set('content-type', 'application/json').send('[1,2]');
    expect(list.status).toBe(400);
    expect(list.body.error.message).toBe('El cuerpo de la solicitud no es un JSON válido.');
  });

  it('summarises one bad field by its label and several by the generic line', async () => {
    const app = createApp(env.deps);
    const one = await request(app)
      .post('/api/customer/signup')
      .set('authorization', 'Bearer uid:u1')
      .send({ ...signupBody('u1'), phone: '12' });
    expect(one.status).toBe(400);
    expect(one.body.error.message).toBe('Revisa el campo: Teléfono');
    expect(one.body.error.fields).toEqual({ phone: 'El formato del teléfono no es correcto.' });
    const many = await request(app).post('/api/customer/signup').set('authorization', 'Bearer uid:u1').send({ uid: 'u1' });
    expect(many.body.error.message).toBe('Revisa los campos faltantes o inválidos');
  });
});

describe('authentication', () => {
  it('lets anonymous callers reach public routes only', async () => {
    const app = createApp(env.deps);
    expect((await request(app).get('/api/appconfig')).status).toBe(200);
    const me = await request(app).get('/api/customer');
    expect(me.status).toBe(401);
    expect(me.body.error.code).toBe('auth/unauthenticated');
  });

  it('answers an expired token with auth/id-token-expired, even on public routes', async () => {
    const app = createApp(env.deps);
    for (const path of ['/api/customer', '/api/appconfig']) {
      const response = await request(app).get(path).set('authorization', 'Bearer expired');
      expect(response.status).toBe(401);
      expect(response.body.error).toEqual({ code: 'auth/id-token-expired', message: 'Tu sesión expiró. Vuelve a iniciar sesión.' });
    }
  });

  it('refuses malformed Authorization headers and invalid tokens', async () => {
    const app = createApp(env.deps);
    expect((await request(app).get('/api/customer').set('authorization', 'Basic abc')).body.error.code).toBe('auth/invalid-token');
    expect((await request(app).get('/api/customer').set('authorization', 'Bearer nope')).status).toBe(401);
  });

  it('enforces the admin claim with 403', async () => {
    const app = createApp(env.deps);
    const customer = await request(app).get('/api/customer/admin/all').set('authorization', 'Bearer uid:u1');
    expect(customer.status).toBe(403);
    expect(customer.body.error.message).toBe('No tienes permiso para realizar esta acción.');
    expect((await request(app).get('/api/customer/admin/all').set('authorization', 'Bearer admin:a1')).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('limits the anonymous phone check per client address, in a shared window', async () => {
    const app = createApp(env.deps);
    const check = (ip: string) => request(app).get('/api/customer/phone?phone=5512345678').set('x-forwarded-for', ip);
    for (let i = 0; i < 20; i++) expect((await check('203.0.113.7')).status).toBe(200);
    const limited = await check('203.0.113.7');
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe('Demasiadas solicitudes. Intenta de nuevo en unos minutos.');
    expect((await check('198.51.100.2')).status).toBe(200);
    env.clock.now = new Date(env.clock.now.getTime() + 60 * 60 * 1000);
    expect((await check('203.0.113.7')).status).toBe(200);
  });

  it('sends at most three reset e-mails an hour per address, answering the same', async () => {
    const app = createApp(env.deps);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await request(app).post('/api/customer/recover').send({ email: 'ana@example.com' })).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect((env.deps.auth as ReturnType<typeof fakeAuth>).resetEmails).toHaveLength(3);
  });
});

describe('client errors never become 500s', () => {
  it('answers a malformed %-escape in the path with 400', async () => {
    const response = await request(createApp(env.deps)).get('/api/pages/%E0%A4%A');
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('La dirección de la solicitud tiene caracteres mal codificados.');
  });

  it('refuses blank required text instead of storing it empty', async () => {
    const response = await request(createApp(env.deps))
      .post('/api/customer/signup')
      .set('authorization', 'Bearer uid:u1')
      .send({ ...signupBody('u1'), name: '   ' });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ name: 'Debes llenar este campo.' });
    expect(await env.store.collection('customers').count()).toBe(0);
  });

  // Found by fuzz-routes.test.ts: yup looked these keys up on a plain object, met Object.prototype's members and threw (500).
  it('refuses keys named like Object.prototype members, at any depth, with a Spanish 400 and writes nothing', async () => {
    const app = createApp(env.deps);
    const hostile = [
      '{"uid": "u1", "name": "Ana", "last_name": "López", "phone": "5512345678", "constructor": 1}',
      '{"uid": "u1", "name": "Ana", "last_name": "López", "phone": "5512345678", "__proto__": {"admin": true}}',
      '{"uid": "u1", "name": {"toString": "x"}, "last_name": "López", "phone": "5512345678"}',
    ];
    const fields = [];
    for (const body of hostile) {
      const response = await request(app).post('/api/customer/signup').set('authorization', 'Bearer uid:u1').set('content-type', 'application/json').send(body);
      expect(response.status).toBe(400);
      fields.push(response.body.error.fields);
      expect(response.body.error.message).toMatch(/^Revisa el campo: (constructor|__proto__|toString|name\.toString)$/);
    }
    // Parsed, not a literal: in a literal `__proto__:` would set the prototype instead of a key.
    expect(fields).toEqual(
      JSON.parse('[{"constructor": "El valor no es válido."}, {"__proto__": "El valor no es válido."}, {"name.toString": "El valor no es válido."}]'),
    );
    expect(await env.store.collection('customers').count()).toBe(0);
    const query = await request(app).get('/api/single_class/?constructor=1').set('authorization', 'Bearer admin:a1');
    expect(query.status).toBe(400);
    expect(query.body.error.fields).toEqual({ constructor: 'El valor no es válido.' });
  });

  it('answers 503 when the identity provider cannot verify tokens', async () => {
    const { IdentityProviderUnavailable } = await import('../../../src/data/auth/auth-gateway');
    env.deps.auth.verifyIdToken = async () => {
      throw new IdentityProviderUnavailable(new Error('certificates unreachable'));
    };
    const response = await request(createApp(env.deps)).get('/api/customer').set('authorization', 'Bearer uid:u1');
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe('auth/unavailable');
  });
});

describe('contention', () => {
  it('answers a transaction that lost every retry with 503, Retry-After and the Spanish message, writing nothing', async () => {
    const { StoreError } = await import('../../../src/data/store/types');
    const real = env.store;
    // Every commit loses, as on Firestore when a rush outlasts the SDK's attempts.
    env.deps.store = Object.create(real, {
      runTransaction: { value: async () => Promise.reject(new StoreError('aborted', 'Too much contention on these documents. Please try again.')) },
    });
    const response = await request(createApp(env.deps)).post('/api/customer/signup').set('authorization', 'Bearer uid:u1').send(signupBody('u1'));
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.body.error).toEqual({
      code: 'store/aborted',
      message: 'Hay mucha demanda en este momento y no pudimos guardar tu solicitud. No se hizo ningún cambio; intenta de nuevo en unos segundos.',
    });
    expect(await real.collection('customers').count()).toBe(0);
  });
});

describe('appconfig', () => {
  it('replaces stored values instead of deep-merging, and never stores firebaseConfig', async () => {
    const app = createApp(env.deps);
    const put = (entries: unknown) => request(app).put('/api/appconfig').set('authorization', 'Bearer admin:a1').send({ entries });
    expect((await put([{ key: 'firebaseConfig', value: { apiKey: 'x', emulators: { auth: 'http://evil' } } }])).status).toBe(400);
    expect((await put([{ key: 'banner_text', value: 'Hola' }])).status).toBe(200);
    const config = await request(app).get('/api/appconfig');
    const entries = Object.fromEntries((config.body as Array<{ key: string; value: unknown }>).map((e) => [e.key, e.value]));
    expect(entries.banner_text).toBe('Hola');
    expect(entries.firebaseConfig).toEqual({ apiKey: 'demo-api-key', authDomain: 'demo-studio.firebaseapp.com', projectId: 'demo-studio' });
  });

  it('tells the browser where Stripe.js is, and nobody can point it elsewhere', async () => {
    const app = createApp(env.deps);
    const entriesOf = async (a: typeof app) =>
      Object.fromEntries(((await request(a).get('/api/appconfig')).body as Array<{ key: string; value: unknown }>).map((e) => [e.key, e.value]));
    expect((await entriesOf(app)).stripe_js_url).toBe('https://js.stripe.com/v3/');
    const put = await request(app)
      .put('/api/appconfig')
      .set('authorization', 'Bearer admin:a1')
      .send({ entries: [{ key: 'stripe_js_url', value: 'https://evil.example/v3/' }] });
    expect(put.status).toBe(400);
    const local = createApp({ ...env.deps, web: { ...env.deps.web, stripeJsUrl: 'http://127.0.0.1:12111/v3/' } });
    expect((await entriesOf(local)).stripe_js_url).toBe('http://127.0.0.1:12111/v3/');
  });
});

describe('phone changes', () => {
  it('limits how often a customer can change (and so probe) their phone', async () => {
    const app = createApp(env.deps);
    await request(app).post('/api/customer/signup').set('authorization', 'Bearer uid:u1').send(signupBody('u1'));
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await request(app)
            .put('/api/customer')
            .set('authorization', 'Bearer uid:u1')
            .send({ name: 'Ana', last_name: 'López', phone: `556666000${i}` })
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const sameNumber = await request(app)
      .put('/api/customer')
      .set('authorization', 'Bearer uid:u1')
      .send({ name: 'Ana María', last_name: 'López', phone: '5566660004' });
    expect(sameNumber.status).toBe(200);
  });
});

describe('client addresses', () => {
  it('rate-limits on the address the front end appended, not on what the client wrote', async () => {
    const app = createApp(env.deps);
    const check = (xff: string) => request(app).get('/api/customer/phone?phone=5512345678').set('x-forwarded-for', xff);
    for (let i = 0; i < 20; i++) expect((await check(`10.0.${i}.1, 203.0.113.9`)).status).toBe(200);
    expect((await check('10.9.9.9, 203.0.113.9')).status).toBe(429);
  });
});
