/**
 * Hostile input on every route (issue 24), the cases generated from the app's
 * own route table (route-table.ts), so a new route, parameter or text field
 * is covered without touching this file:
 *
 * - nesting depth up to 100,000 levels in the body of every route that takes one;
 * - ids the store reserves, separators and control characters in every path parameter;
 * - malformed %-escapes (path and query) and over-long URLs on every route;
 * - control, bidirectional and line-break characters in every string field
 *   of every route's validated body and query.
 *
 * Always a 4xx with Spanish texts, nothing written, no ERROR line; as an
 * anonymous visitor and as an admin (who gets furthest). fuzz-routes.test.ts
 * throws random hostile values at the same routes.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import { messages } from '@studio/shared/messages';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { MAX_JSON_DEPTH } from '../../../src/domain/json-shape';
import { MAX_URL_LENGTH } from '../../../src/http/url';
import { seedAccessFixtures, T0 } from '../access/access-fixtures';
import { testEnv } from '../support';
import { bodyWith, errorPathOf, errorTextProblems, fillParams, type RouteEntry, routeTable, storeSnapshot, stringLeaves } from './route-table';

const env = testEnv();
const errorLines: string[] = [];
env.deps.logLine = (line) => {
  if ((JSON.parse(line) as { severity?: string }).severity === 'ERROR') errorLines.push(line);
};
const app = createApp(env.deps);
const routes = routeTable(app);

const anonymous = null;
const admin = 'Bearer admin:valeria';
const identities = [anonymous, admin];

/** Each request from its own client address: the abuse limiters (which run before some validations) never answer instead of the check under test. */
let address = 0;
const nextAddress = () => `198.51.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`;

interface Sent {
  status: number;
  body: { error?: { code?: string; message?: string; fields?: Record<string, string> } };
  described: string;
}

async function send(method: string, url: string, authorization: string | null, body?: string): Promise<Sent> {
  let call = request(server)[method.toLowerCase() as 'get'](url).set('X-Forwarded-For', nextAddress());
  if (authorization) call = call.set('Authorization', authorization);
  if (body !== undefined) call = call.set('Content-Type', 'application/json').send(body);
  const response = await call;
  const described = `${authorization ? 'admin' : 'anónimo'} ${method} ${url.slice(0, 200)}${body ? ` cuerpo ${body.slice(0, 120)}` : ''} → ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`;
  return { status: response.status, body: response.body as Sent['body'], described };
}

/** A Spanish 4xx in our error shape. */
function expectSpanish4xx(sent: Sent) {
  expect(sent.status >= 400 && sent.status < 500, sent.described).toBe(true);
  expect(errorTextProblems(sent.body), sent.described).toEqual([]);
}

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

afterEach(() => {
  expect(errorLines.splice(0), 'líneas ERROR en el registro').toEqual([]);
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await env.cleanup();
});

const hasBody = (route: RouteEntry) => ['POST', 'PUT', 'PATCH'].includes(route.method);
const withOnes = (route: RouteEntry) => fillParams(route, ['1']);

describe('the route table', () => {
  it('has every area, its parameters and its validated inputs', () => {
    expect(routes.length).toBeGreaterThan(150);
    expect(routes.filter(hasBody).length).toBeGreaterThan(60);
    expect(routes.filter((route) => route.params.length > 0).length).toBeGreaterThan(40);
    const keys = new Map(routes.map((route) => [`${route.method} ${route.path}`, route]));
    expect(keys.get('PUT /api/notifications/:notification_id/read')?.params).toEqual(['notification_id']);
    expect(keys.get('GET /api/calendar/:token.ics')?.params).toEqual(['token']);
    expect(keys.get('POST /api/customer/signup')?.validators.map((v) => v.source)).toEqual(['body']);
    expect(stringLeaves(keys.get('POST /api/customer/signup')?.validators[0]?.schema).map((leaf) => leaf.segments.join('.'))).toContain('last_name');
  });
});

describe('nesting depth up to 100,000, every route that takes a body', () => {
  const arrays = (depth: number) => `{"a": ${'['.repeat(depth)}1${']'.repeat(depth)}}`;
  const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const bodies = [arrays(MAX_JSON_DEPTH), arrays(100), arrays(1_000), arrays(10_000), arrays(100_000), objects(10_000)];

  it.each(routes.filter(hasBody))('$method $path', async (route) => {
    const before = storeSnapshot(env.store);
    for (const authorization of identities) {
      for (const body of bodies) {
        const sent = await send(route.method, withOnes(route), authorization, body);
        expect(sent.status, sent.described).toBe(400);
        expect(sent.body.error, sent.described).toEqual({ code: 'http/json-too-deep', message: messages.http.jsonTooDeep });
      }
    }
    expect(storeSnapshot(env.store)).toBe(before);
  });
});

/** Refused by the one rule for path segments (functions/src/http/url.ts), already %-encoded as sent. */
const REFUSED_IDS = [
  '__x__',
  '__proto__',
  '____',
  '__name__',
  '__x__.json',
  '.',
  '..',
  '%2e',
  '%2E%2E',
  'a%2Fb',
  'a%2Fb%2Fc',
  '%2F',
  'a%5Cb',
  '%00',
  'a%00b',
  '%0A',
  'x%0D%0Ay',
  '%09',
  '%7F',
  '%C2%85',
  '%E2%80%AE1',
  '%E2%80%AA1',
  '%E2%81%A6x%E2%81%A9',
  'x'.repeat(513),
];
/** Not the store's business but no route's id either: each route refuses them by its own format (404 or 400). */
const ODD_IDS = [
  'constructor',
  'toString',
  'hasOwnProperty',
  'prototype',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '99999999999999999999',
  '%D9%A1%D9%A2',
  '%F0%9F%99%82',
  '%201',
  '%2B1',
  'null',
  'NaN',
  'x'.repeat(512),
];

describe('hostile ids on every path parameter', () => {
  const cases = routes.flatMap((route) => route.params.map((param, position) => ({ route, param, position, name: `${route.method} ${route.path} :${param}` })));

  it.each(cases)('$name', async ({ route, position }) => {
    const before = storeSnapshot(env.store);
    const url = (id: string) =>
      fillParams(
        route,
        route.params.map((_, i) => (i === position ? id : '1')),
      );
    for (const authorization of identities) {
      for (const id of REFUSED_IDS) {
        const sent = await send(route.method, url(id), authorization, hasBody(route) ? '{}' : undefined);
        expect(sent.status, sent.described).toBe(400);
        expect(sent.body.error, sent.described).toEqual({ code: 'http/invalid-path', message: messages.http.invalidPath });
      }
      for (const id of ODD_IDS) expectSpanish4xx(await send(route.method, url(id), authorization, hasBody(route) ? '{}' : undefined));
    }
    expect(storeSnapshot(env.store)).toBe(before);
  });
});

describe('malformed %-escapes and over-long URLs, every route', () => {
  it.each(routes)('$method $path', async (route) => {
    const before = storeSnapshot(env.store);
    const path = withOnes(route);
    const malformed = [`${path}%C0%AF`, `${path}/%C0%AF`, `${path}?q=%C0%AF`, `${path}?%`, `${path}?page=1&q=%E0%A4%A`, `${path}?%ZZ=1`];
    if (route.params.length > 0) malformed.push(fillParams(route, ['%C0%AF']), fillParams(route, ['%']), fillParams(route, ['1%FF']));
    const long = [`${path}?q=${'a'.repeat(MAX_URL_LENGTH)}`, `${path}?${'page=1&'.repeat(1_300)}`];
    // One long parameter: past Node's 16 KiB header limit the server answers 431 before any app code (and, deployed, the front end does).
    if (route.params.length > 0)
      long.push(
        fillParams(
          route,
          route.params.map((_, i) => (i === 0 ? '1'.repeat(MAX_URL_LENGTH) : '1')),
        ),
      );
    for (const authorization of identities) {
      for (const url of malformed) {
        const sent = await send(route.method, url, authorization, hasBody(route) ? '{}' : undefined);
        expect(sent.status, sent.described).toBe(400);
        expect(sent.body.error, sent.described).toEqual({ code: 'http/malformed-url', message: messages.http.malformedUrl });
      }
      for (const url of long) {
        const sent = await send(route.method, url, authorization, hasBody(route) ? '{}' : undefined);
        expect(sent.status, sent.described).toBe(414);
        expect(sent.body.error, sent.described).toEqual({ code: 'http/uri-too-long', message: messages.http.uriTooLong });
      }
    }
    expect(storeSnapshot(env.store)).toBe(before);
  });
});

/** Refused in every text (shared/src/schemas/text.ts). */
const ALWAYS_REFUSED = ['Ana\u0000', 'Ana \u202egpj.exe', '\u2066Ana\u2069', '\u202aAna\u202c', 'Ana\u001b[2J', 'Ana\u0085'];
/** Refused in single-line text: every string field but the multi-line ones (descriptions, comments, reasons, page content). */
const LINE_BREAKS = ['Ana\r\nBcc: x@example.com', 'Ana\nLópez'];

describe('control characters in every string field', () => {
  const cases = routes.flatMap((route) =>
    route.validators.flatMap((validator, index) => {
      const leaves = stringLeaves(validator.schema);
      return leaves.length === 0
        ? []
        : [{ route, validator, leaves, name: `${route.method} ${route.path} (${validator.source}${route.validators.length > 1 ? ` ${index + 1}` : ''})` }];
    }),
  );

  it('finds the text fields of the routes (names, guests, descriptions, searches…)', () => {
    const fields = new Set(cases.flatMap(({ route, leaves }) => leaves.map((leaf) => `${route.method} ${route.path} ${leaf.segments.join('.')}`)));
    expect(cases.length).toBeGreaterThan(60);
    for (const expected of [
      'POST /api/customer/signup name',
      'POST /api/class_reservations/ guest',
      'PUT /api/customer/ last_name',
      'GET /api/customer/admin/all query',
    ]) {
      expect(fields).toContain(expected);
    }
  });

  it.each(cases)('$name', async ({ route, validator, leaves }) => {
    const before = storeSnapshot(env.store);
    for (const text of [...ALWAYS_REFUSED, ...LINE_BREAKS]) {
      const refusing = LINE_BREAKS.includes(text) ? leaves.filter((leaf) => leaf.kind !== 'multiline') : leaves;
      // Line breaks where every field is multi-line would be accepted: nothing to refuse, nothing sent.
      if (refusing.length === 0) continue;
      let sent: Sent;
      if (validator.source === 'body') {
        sent = await send(route.method, withOnes(route), admin, JSON.stringify(bodyWith(leaves, text)));
      } else {
        // Query strings are flat: each top-level string field once.
        const query = leaves
          .filter((leaf) => leaf.segments.length === 1)
          .map((leaf) => `${encodeURIComponent(leaf.segments[0] as string)}=${encodeURIComponent(text)}`)
          .join('&');
        sent = await send(route.method, `${withOnes(route)}?${query}`, admin, hasBody(route) ? '{}' : undefined);
      }
      expectSpanish4xx(sent);
      expect(sent.body.error?.code, sent.described).toBe('invalid-argument');
      const refused = Object.keys(sent.body.error?.fields ?? {});
      const expected = refusing.filter((leaf) => validator.source === 'body' || leaf.segments.length === 1).map((leaf) => errorPathOf(leaf.segments));
      expect(
        expected.filter((path) => !refused.includes(path)),
        `campos aceptados: ${sent.described}`,
      ).toEqual([]);
    }
    expect(storeSnapshot(env.store)).toBe(before);
  });
});
