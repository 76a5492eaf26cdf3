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

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await api<{ error: { code: string; message: string } }>('GET', '/api/no-existe');
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe('Ruta no encontrada.');
  });
});
