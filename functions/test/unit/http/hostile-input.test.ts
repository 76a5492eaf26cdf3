/**
 * The findings of issue 24's hostile review, each as it was reported (the
 * route fuzzing in fuzz-hostile.test.ts covers every route): a Spanish 4xx,
 * nothing written, no ERROR line.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { jsonShapeProblem, MAX_JSON_DEPTH } from '../../../src/domain/json-shape';
import { MAX_URL_LENGTH, urlProblem } from '../../../src/http/url';
import { seedAccessFixtures, T0 } from '../access/access-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
let errorLines: string[];
beforeEach(() => {
  env = testEnv();
  errorLines = [];
  env.deps.logLine = (line) => {
    if ((JSON.parse(line) as { severity?: string }).severity === 'ERROR') errorLines.push(line);
  };
});
afterEach(async () => {
  await env.cleanup();
});

const arrays = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const objects = (depth: number, inner = '1') => `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;

async function documentCount(): Promise<number> {
  let total = 0;
  for (const name of ['customers', 'purchases', 'waitlists', 'pages', 'schedule_releases', 'notifications', 'mail'])
    total += await env.store.collection(name).count();
  return total;
}

describe('finding 1: deeply nested JSON', () => {
  // The routes of the report, anonymously and signed in: the recursion overflowed the stack before any check.
  const routes = [
    ['post', '/api/customer/recover', null],
    ['post', '/api/checkout/attempt', 'Bearer uid:ana'],
    ['post', '/api/waitlist', 'Bearer uid:ana'],
    ['put', '/api/customer/custom_values', 'Bearer uid:ana'],
    ['post', '/api/pages', 'Bearer admin:valeria'],
    ['post', '/api/schedule_releases', 'Bearer admin:valeria'],
  ] as const;
  const bodies = [
    ['8,000 nested arrays in a field', `{"email": ${arrays(8_000)}}`],
    ['10,000 nested objects', objects(10_000)],
    ['100,000 nested arrays in a field', `{"name": ${arrays(100_000)}}`],
    ['one level past the limit', `{"a": ${arrays(MAX_JSON_DEPTH)}}`],
  ] as const;

  it.each(routes)('%s %s answers a Spanish 400, writes nothing and logs no error', async (method, path, authorization) => {
    await seedAccessFixtures(env.store);
    env.clock.now = new Date(T0);
    const app = createApp(env.deps);
    const before = await documentCount();
    for (const [what, body] of bodies) {
      let call = request(app)[method](path).set('content-type', 'application/json');
      if (authorization) call = call.set('authorization', authorization);
      const response = await call.send(body);
      expect(response.status, what).toBe(400);
      expect(response.body.error, what).toEqual({ code: 'http/json-too-deep', message: 'El contenido enviado tiene demasiados niveles anidados.' });
    }
    expect(await documentCount()).toBe(before);
    expect(errorLines).toEqual([]);
  });

  it('lets the deepest allowed nesting through to validation', async () => {
    const response = await request(createApp(env.deps))
      .post('/api/customer/recover')
      .set('content-type', 'application/json')
      .send(`{"email": ${arrays(MAX_JSON_DEPTH - 1)}}`);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid-argument');
    expect(response.body.error.fields).toEqual({ email: 'Debe ser texto.' });
  });

  it('walks a million levels without recursion', () => {
    let value: unknown = 1;
    for (let i = 0; i < 1_000_000; i++) value = [value];
    expect(jsonShapeProblem(value)).toEqual({ kind: 'too-deep' });
    expect(jsonShapeProblem(value, { maxDepth: 2_000_000 })).toBeNull();
    expect(jsonShapeProblem(JSON.parse('{"a": [{"b": 1}, {"__proto__": 2}]}'))).toEqual({ kind: 'inherited-key', path: 'a.1.__proto__' });
  });
});

describe('finding 2: ids the store reserves, on any path parameter', () => {
  const hostile = [
    '__x__',
    '__proto__',
    '____',
    '__x__.ics',
    '.',
    '..',
    '%2e%2e',
    'a%2Fb',
    'a%2Fb%2Fc',
    'a%5Cb',
    '%00',
    'x%0D%0Ay',
    '%E2%80%AEx',
    'x'.repeat(600),
  ];
  const routes = [
    ['put', '/api/notifications/{}/read', 'Bearer uid:ana'],
    ['get', '/api/mail/{}', 'Bearer admin:valeria'],
    ['delete', '/api/schedule_releases/{}', 'Bearer admin:valeria'],
    ['delete', '/api/payment_sources/{}', 'Bearer uid:ana'],
    ['get', '/api/pages/{}', null],
    ['get', '/api/calendar/{}.ics', null],
    ['get', '/api/discounts/code/{}', 'Bearer uid:ana'],
    ['get', '/api/check_in/{}', 'Bearer admin:valeria'],
    ['get', '/api/locations/{}', null],
  ] as const;

  it.each(routes)('%s %s answers a Spanish 400 before any lookup', async (method, path, authorization) => {
    const app = createApp(env.deps);
    for (const id of hostile) {
      let call = request(app)[method](path.replace('{}', id));
      if (authorization) call = call.set('authorization', authorization);
      const response = await call;
      expect(response.status, id).toBe(400);
      expect(response.body.error, id).toEqual({ code: 'http/invalid-path', message: 'La dirección de la solicitud no es válida.' });
    }
    expect(errorLines).toEqual([]);
  });

  it('still routes the ids a route does take', async () => {
    const app = createApp(env.deps);
    expect((await request(app).put('/api/notifications/class-cancelled-12-3/read').set('authorization', 'Bearer uid:ana')).status).toBe(404);
    expect((await request(app).get('/api/pages/aviso-de-privacidad')).status).toBe(404);
    expect((await request(app).get('/api/locations/abc')).body.error.fields).toEqual({ id: 'Debe ser un número entero.' });
    expect(urlProblem('/api/pages/a_b__c')).toBeNull();
    expect(urlProblem('/api/calendar/AbC-12_x.ics')).toBeNull();
  });
});

describe('finding 8: URLs that do not decode, and over-long ones', () => {
  it('answers a malformed %-escape anywhere in the URL with a Spanish 400, and keeps serving', async () => {
    const app = createApp(env.deps);
    for (const url of ['/api/x%C0%AF', '/api/pages/x%C0%AF', '/api/pages?x=%C0%AF', '/api/%', '/api/pages/%E0%A4%A', '/sitemap.xml?%ZZ', '/%C0%AF']) {
      const response = await request(app).get(url);
      expect(response.status, url).toBe(400);
      expect(response.body.error, url).toEqual({ code: 'http/malformed-url', message: 'La dirección de la solicitud tiene caracteres mal codificados.' });
    }
    expect((await request(app).get('/api/pages')).status).toBe(200);
    expect(errorLines).toEqual([]);
  });

  it('answers a URL over the limit with a Spanish 414', async () => {
    const app = createApp(env.deps);
    for (const url of [`/api/pages?q=${'a'.repeat(MAX_URL_LENGTH)}`, `/api/locations/${'1'.repeat(MAX_URL_LENGTH)}`, `/api/${'a/'.repeat(6_000)}`]) {
      const response = await request(app).get(url);
      expect(response.status, url.slice(0, 40)).toBe(414);
      expect(response.body.error, url.slice(0, 40)).toEqual({ code: 'http/uri-too-long', message: 'La dirección de la solicitud es demasiado larga.' });
    }
    expect((await request(app).get(`/api/pages?q=${'a'.repeat(MAX_URL_LENGTH - 20)}`)).status).toBe(200);
  });
});
