/**
 * Fuzzing every route: malformed, oversized and hostile input (wrong types,
 * NoSQL-style operators, prototype-pollution keys, huge strings, unicode,
 * negative and fractional amounts, huge page numbers) as an anonymous
 * visitor, a customer and an admin. Properties: never a 5xx; every refusal is
 * JSON with a Spanish message (the top-level one and each field's); a refused
 * request writes nothing. The routes come from the app's own router, so a new
 * route is fuzzed without touching this file.
 *
 * What a refusal may still write: `rate_limits` (the abuse limiter counts
 * refused attempts on purpose). The request log goes to stdout, not the store.
 * A 2xx may write (a fuzzed body can be valid); those are counted, not checked.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { seedAccessFixtures, T0 } from '../access/access-fixtures';
import { testEnv } from '../support';
import { errorTextProblems, fillParams, routeTable, seedOf, storeSnapshot } from './route-table';

/** Runs per route and identity: about 15,000 requests in all, under a minute on two cores. */
const RUNS_PER_ROUTE = 25;

const env = testEnv();
const app = createApp(env.deps);
const routes = routeTable(app);

const identities = [
  { name: 'anónimo', authorization: null },
  { name: 'cliente', authorization: 'Bearer uid:ana' },
  { name: 'admin', authorization: 'Bearer admin:valeria' },
] as const;

const nested = (depth: number): unknown => (depth === 0 ? 'fondo' : { a: nested(depth - 1) });
const HUGE = 'x'.repeat(100_000);

/** Hostile JSON values. The `__proto__` keys come from JSON.parse so they are own keys and survive JSON.stringify. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom<unknown>(
      -1,
      -0.5,
      0,
      0.001,
      1.5,
      1,
      2,
      3,
      99_999_999_999,
      1e21,
      -1e21,
      Number.MAX_SAFE_INTEGER + 2,
      true,
      false,
      null,
      '',
      ' ',
      'abc',
      '1',
      '-1',
      '1.5',
      '__proto__',
      'constructor',
      'ana',
      'ana@example.com',
      'no-es-correo',
      '2026-12-01',
      '2026-02-30',
      '0000-00-00',
      '9999-12-31T99:99:99Z',
      '07:00',
      '25:99',
      '🙂'.repeat(50),
      '\u202eRTL\u202c',
      'a\u0000b',
      '١٢٣',
      'ǅ\u0301\u200d',
      HUGE,
      [],
      [1, 'a', null],
      [{}],
      {},
      JSON.parse('{"$gt": ""}'),
      { $ne: null },
      { $where: 'sleep(1)' },
      JSON.parse('{"__proto__": {"admin": true}}'),
      { constructor: { prototype: { admin: true } } },
      nested(60),
    ),
  },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 3 }) },
);

/** Field names the schemas use, plus the hostile ones. */
const bodyKey = fc.constantFrom(
  'id',
  'name',
  'title',
  'description',
  'email',
  'password',
  'phone',
  'amount',
  'price',
  'total',
  'credits',
  'available_classes',
  'class_amount',
  'quantity',
  'page',
  'date',
  'start_date',
  'end_date',
  'start_time',
  'duration_minutes',
  'capacity',
  'class_type_id',
  'location_id',
  'instructor_ids',
  'customer_id',
  'uid',
  'class_package_id',
  'single_class_id',
  'class_reservation_id',
  'available_class_id',
  'payment_method_id',
  'purchase_id',
  'discount_code',
  'code',
  'status',
  'reason',
  'spot',
  'tags',
  'file',
  'content',
  'slug',
  'rating',
  'values',
  'expiration_date',
  'type',
  '__proto__',
  'constructor',
  'prototype',
  '$gt',
  '$where',
  'admin',
);

/** A JSON text written by hand, so duplicate and `__proto__` keys are sent as such. */
const objectBody = fc
  .array(fc.tuple(bodyKey, hostileValue), { maxLength: 6 })
  .map((entries) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`);

const rawBody = fc.constantFrom(
  '[]',
  '[{"id": 1}]',
  '1',
  '"texto"',
  'null',
  'true',
  '{',
  '{"a": 1,}',
  "{'a': 1}",
  '{"a": NaN}',
  '\u0000',
  '',
  JSON.stringify(nested(2_000)),
  JSON.stringify({ name: 'x'.repeat(300 * 1024) }),
);

const body = fc.record({
  text: fc.oneof({ weight: 5, arbitrary: objectBody }, { weight: 2, arbitrary: rawBody }),
  contentType: fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', 'multipart/form-data; boundary=x'),
});

const queryKey = fc.constantFrom(
  'page',
  'limit',
  'per_page',
  'from',
  'to',
  'date',
  'start_date',
  'end_date',
  'q',
  'search',
  'status',
  'customer_id',
  'uid',
  'class_type_id',
  'location_id',
  'code',
  'sort',
  'type',
  'month',
  'year',
  '__proto__',
  'constructor[prototype][admin]',
  '$gt',
  'page[$gt]',
);
const queryValue = fc.oneof(
  fc.constantFrom('99999999999', '-1', '0', '1.5', '1e3', 'abc', '', '__proto__', '🙂', '\u202e', '\u0000', '2026-02-30', '07:00', HUGE.slice(0, 8_000)),
  fc.string({ maxLength: 12 }),
);
/** Repeated keys make arrays (page=1&page=2), which the simple query parser passes through. */
const query = fc
  .array(fc.tuple(queryKey, queryValue), { maxLength: 4 })
  .map((pairs) => pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&'));

/** A path segment: already URL-encoded, with a few malformed escapes sent raw. */
const pathParam = fc.oneof(
  fc
    .constantFrom(
      '1',
      '2',
      '3',
      '-1',
      '0',
      '1.5',
      'abc',
      '__proto__',
      'constructor',
      '99999999999999999999',
      '1e3',
      '0x10',
      '١٢',
      '🙂',
      '\u202e1',
      '\u0000',
      'ana',
      HUGE.slice(0, 2_000),
    )
    .map(encodeURIComponent),
  fc.constantFrom('%', '%E0%A4%A', '%00', '..%2F..', '%2e%2e'),
  fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
);

const histogram = new Map<number, number>();
let requestCount = 0;
let successCount = 0;

/**
 * One listening server for the whole file: supertest given the app would open
 * a server on a new ephemeral port for each of thousands of requests, and with
 * other runs on the machine the ports ran out (listen EADDRINUSE).
 */
let server: Server;

beforeAll(async () => {
  env.clock.now = new Date(T0);
  await seedAccessFixtures(env.store);
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const statuses = [...histogram.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
  console.log(`fuzz-routes: ${requestCount} requests (${successCount} 2xx) over ${routes.length} routes; statuses ${statuses.join(', ')}`);
  await env.cleanup();
});

describe('the route walk', () => {
  it('finds the routers of every area, so the fuzzing below covers them', () => {
    const keys = new Set(routes.map((route) => `${route.method} ${route.path}`));
    expect(routes.length).toBeGreaterThan(150);
    for (const known of [
      'GET /api/appconfig/',
      'POST /api/customer/signup',
      'PUT /api/single_class/:id/attendance',
      'POST /api/webhooks/stripe',
      'GET /api/calendar/:token.ics',
      'GET /sitemap.xml',
    ]) {
      expect(keys).toContain(known);
    }
  });
});

describe.each(identities)('fuzzed input as $name', (identity) => {
  it.each(routes)('$method $path', async (route) => {
    await fc.assert(
      fc.asyncProperty(fc.array(pathParam, { minLength: 2, maxLength: 2 }), query, body, async (params, queryString, payload) => {
        const target = fillParams(route, params);
        const url = queryString ? `${target}?${queryString}` : target;
        const before = storeSnapshot(env.store);
        let call = request(server)[route.method.toLowerCase() as 'get'](url);
        if (identity.authorization) call = call.set('Authorization', identity.authorization);
        const response = await call.set('Content-Type', payload.contentType).send(payload.text);
        requestCount += 1;
        histogram.set(response.status, (histogram.get(response.status) ?? 0) + 1);
        const described = `${route.method} ${url.slice(0, 300)} cuerpo ${payload.text.slice(0, 300)} → ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`;
        if (response.status < 300) {
          successCount += 1;
          return;
        }
        expect(response.status >= 500 && response.status !== 503, described).toBe(false);
        if (response.status >= 400) {
          expect(response.type, described).toBe('application/json');
          expect(errorTextProblems(response.body), described).toEqual([]);
        }
        expect(storeSnapshot(env.store), `escribió: ${described}`).toBe(before);
      }),
      // A seed per route and identity: varied inputs, and a failure replays exactly.
      { numRuns: RUNS_PER_ROUTE, seed: seedOf(`${identity.name} ${route.method} ${route.path}`) },
    );
  });
});
