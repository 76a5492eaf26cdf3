/**
 * Who may call what: one row per route, one column per kind of caller. Every
 * new route adds its row to its area's file in ./matrix/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRows } from './matrix/access';
import { bookingRows } from './matrix/booking';
import { bookingAdminRows } from './matrix/booking-admin';
import { catalogueRows } from './matrix/catalogue';
import { coreRows } from './matrix/core';
import { filesRows } from './matrix/files';
import { packagesRows } from './matrix/packages';
import { paymentsRows } from './matrix/payments';
import { scheduleRows } from './matrix/schedule';
import type { MatrixContext, MatrixRow } from './matrix/types';
import { waitlistRows } from './matrix/waitlist';
import { api, newCustomer, seed, signIn, store } from './support';

const matrix: MatrixRow[] = [
  ...coreRows,
  ...catalogueRows,
  ...packagesRows,
  ...paymentsRows,
  ...filesRows,
  ...accessRows,
  ...scheduleRows,
  ...bookingRows,
  ...waitlistRows,
  ...bookingAdminRows,
];

let ctx: MatrixContext;
let tokens: Record<'anonymous' | 'customer' | 'other' | 'admin', string | undefined>;

beforeAll(async () => {
  const owner = await newCustomer();
  const other = await newCustomer();
  const admin = await signIn(seed.admin.email, seed.admin.password);
  ctx = { owner, adminToken: admin.token };
  tokens = { anonymous: undefined, customer: owner.token, other: other.token, admin: admin.token };
});

afterAll(async () => {
  await store().close();
});

describe('authorization matrix', () => {
  for (const row of matrix) {
    for (const caller of ['anonymous', 'customer', 'other', 'admin'] as const) {
      it(`${row.route} as ${caller} → ${row[caller]}`, async () => {
        const call = await row.call(ctx);
        const token = tokens[caller];
        const response = await api(call.method, call.path, { ...(token ? { token } : {}), ...(call.body !== undefined ? { body: call.body } : {}) });
        expect(response.status, JSON.stringify(response.body)).toBe(row[caller]);
      });
    }
  }

  // Issue 24, through Hosting: the guards that run before routing hold on every route of the matrix, whoever calls
  // (in-process, every route of the route table: test/unit/http/fuzz-hostile.test.ts).
  for (const row of matrix) {
    it(`${row.route}: a malformed escape, a reserved id and deep JSON are Spanish 400s, as admin`, async () => {
      const call = await row.call(ctx);
      const [path = '', query] = call.path.split('?');
      const withQuery = (target: string) => (query === undefined ? target : `${target}?${query}`);
      const segments = path.split('/');
      const reserved = withQuery([...segments.slice(0, -1), '__x__'].join('/'));
      const expectations: [string, string, string | undefined][] = [
        [withQuery(`${path}%C0%AF`), 'http/malformed-url', undefined],
        [reserved, 'http/invalid-path', undefined],
      ];
      if (['POST', 'PUT', 'PATCH'].includes(call.method))
        expectations.push([call.path, 'http/json-too-deep', `{"a": ${'['.repeat(5_000)}${']'.repeat(5_000)}}`]);
      for (const [target, code, rawBody] of expectations) {
        const response = await api<{ error: { code: string; message: string } }>(call.method, target, {
          token: ctx.adminToken,
          ...(rawBody !== undefined ? { rawBody, headers: { 'content-type': 'application/json' } } : {}),
        });
        expect(response.status, `${call.method} ${target.slice(0, 120)}`).toBe(400);
        expect(response.body.error.code, `${call.method} ${target.slice(0, 120)}`).toBe(code);
      }
    });
  }

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await api<{ error: { code: string; message: string } }>('GET', '/api/no-existe');
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe('Ruta no encontrada.');
  });
});
