/**
 * The findings of issue 24's hostile review, each as it was reported: a
 * Spanish 4xx, nothing written, no ERROR line.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app';
import { jsonShapeProblem, MAX_JSON_DEPTH } from '../../src/domain/json-shape';
import { seedAccessFixtures, T0 } from './access-fixtures';
import { type TestEnv, testEnv } from './support';

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
