/**
 * Malformed requests through the deployed shape (Hosting → function): always a
 * 4xx, never a write. Cloud Functions parses JSON bodies before our code, so a
 * syntactically broken body is refused by the platform (400, its own text);
 * the in-process tests (test/unit/http-*.test.ts) cover our Spanish answers.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { api, countDocs, newIdentity, seed, signIn, store, uniquePhone } from './support';

afterAll(async () => {
  await store().close();
});

describe('bad input never writes', () => {
  it('malformed JSON gets a 400 and nothing is written', async () => {
    const identity = await newIdentity();
    const before = await countDocs('customers');
    const response = await api('POST', '/api/customer/signup', {
      token: identity.token,
      rawBody: '{"uid": "x", "name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(await countDocs('customers')).toBe(before);
  });

  it('a non-JSON body gets 415 in Spanish', async () => {
    const identity = await newIdentity();
    const response = await api<{ error: { message: string } }>('POST', '/api/customer/signup', {
      token: identity.token,
      rawBody: 'name=Ana',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(response.body.error.message).toBe('El contenido debe enviarse como JSON.');
  });

  it('an oversized body gets 413 in Spanish and nothing is written', async () => {
    const admin = await signIn(seed.admin.email, seed.admin.password);
    const before = await countDocs('pages');
    const response = await api<{ error: { message: string } }>('POST', '/api/pages', {
      token: admin.token,
      body: { title: 'Enorme', slug: 'enorme', content: 'x'.repeat(400_000) },
    });
    expect(response.status).toBe(413);
    expect(response.body.error.message).toBe('La solicitud es demasiado grande.');
    expect(await countDocs('pages')).toBe(before);
  });

  it('a JSON array or scalar body is refused', async () => {
    const identity = await newIdentity();
    for (const raw of ['[]', '"texto"', '42', 'null']) {
      const response = await api('POST', '/api/customer/signup', { token: identity.token, rawBody: raw, headers: { 'content-type': 'application/json' } });
      expect(response.status, raw).toBe(400);
    }
    expect((await store().doc(`customers/${identity.uid}`).get()).exists).toBe(false);
  });

  it('missing fields are listed in Spanish', async () => {
    const identity = await newIdentity();
    const response = await api<{ error: { message: string; fields: Record<string, string> } }>('POST', '/api/customer/signup', {
      token: identity.token,
      body: { uid: identity.uid },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('Revisa los campos faltantes o inválidos');
    expect(response.body.error.fields).toMatchObject({
      name: 'Debes llenar este campo.',
      last_name: 'Debes llenar este campo.',
      phone: 'Debes llenar este campo.',
    });
  });

  it('wrong types are refused, not coerced', async () => {
    const identity = await newIdentity();
    const response = await api<{ error: { fields: Record<string, string> } }>('POST', '/api/customer/signup', {
      token: identity.token,
      body: { uid: identity.uid, name: ['Ana'], last_name: { x: 1 }, phone: uniquePhone(), accepted_pages: '1,2' },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields).sort()).toEqual(['accepted_pages', 'last_name', 'name']);
  });
});

// Issue 24, through Hosting as deployed (the in-process cases: test/unit/http/hostile-input.test.ts, fuzz-hostile.test.ts).
describe('hostile URLs and bodies through Hosting', () => {
  const malformed = { code: 'http/malformed-url', message: 'La dirección de la solicitud tiene caracteres mal codificados.' };

  it('a malformed %-escape, on the API or the site, is a Spanish 400 and the stack keeps serving', async () => {
    for (const path of ['/api/x%C0%AF', '/api/pages/%C0%AF', '/api/pages?q=%C0%AF', '/%C0%AF', '/?q=%C0%AF', '/robots.txt%']) {
      const response = await api<{ error: unknown }>('GET', path);
      expect(response.status, path).toBe(400);
      expect(response.body.error, path).toEqual(malformed);
    }
    expect((await api('GET', '/api/appconfig')).status).toBe(200);
  });

  it('an over-long URL is a Spanish 414, and one past the servers’ header limit a Spanish 431', async () => {
    const long = await api<{ error: { code: string } }>('GET', `/api/pages?q=${'a'.repeat(9_000)}`);
    expect(long.status).toBe(414);
    expect(long.body.error.code).toBe('http/uri-too-long');
    const huge = await api<{ error: { code: string } }>('GET', `/api/pages?q=${'a'.repeat(40_000)}`);
    expect(huge.status).toBe(431);
    expect(huge.body.error.code).toBe('http/headers-too-large');
    expect((await api('GET', '/api/appconfig')).status).toBe(200);
  });

  it('deeply nested JSON is a Spanish 400 and writes nothing', async () => {
    const before = await countDocs('rate_limits');
    const response = await api<{ error: unknown }>('POST', '/api/customer/recover', {
      rawBody: `{"email": ${'['.repeat(8_000)}1${']'.repeat(8_000)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ code: 'http/json-too-deep', message: 'El contenido enviado tiene demasiados niveles anidados.' });
    expect(await countDocs('rate_limits')).toBe(before);
  });

  it('an id the store reserves is a Spanish 400, on any route', async () => {
    const identity = await newIdentity();
    for (const path of ['/api/notifications/__x__/read', '/api/notifications/__proto__/read', '/api/mail/__x__', '/api/calendar/__x__.ics']) {
      const put = path.endsWith('/read');
      const response = await api<{ error: unknown }>(put ? 'PUT' : 'GET', path, { token: identity.token, ...(put ? { body: {} } : {}) });
      expect(response.status, path).toBe(400);
      expect(response.body.error, path).toEqual({ code: 'http/invalid-path', message: 'La dirección de la solicitud no es válida.' });
    }
  });

  it('a name with control, bidirectional or line-break characters is refused in Spanish and nothing is stored', async () => {
    const identity = await newIdentity();
    for (const [name, message] of [
      ['Ana\u0000', 'Contiene caracteres invisibles o de control que no se permiten.'],
      ['Ana \u202egpj.exe', 'Contiene caracteres invisibles o de control que no se permiten.'],
      ['Ana\r\nBcc: x@example.com', 'Escríbelo en una sola línea, sin saltos de línea.'],
    ]) {
      const response = await api<{ error: { fields: Record<string, string> } }>('POST', '/api/customer/signup', {
        token: identity.token,
        body: { uid: identity.uid, name, last_name: 'López', phone: uniquePhone() },
      });
      expect(response.status, name).toBe(400);
      expect(response.body.error.fields, name).toEqual({ name: message });
    }
    expect((await store().doc(`customers/${identity.uid}`).get()).exists).toBe(false);
  });
});
