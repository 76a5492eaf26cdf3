/**
 * The admin's sent e-mail list (GET /api/mail, GET /api/mail/{id}; docs/mail):
 * documents are written to `mail` as the triggers and the Trigger Email
 * extension would, then read through the HTTP app in-process.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
beforeEach(() => {
  env = testEnv();
});
afterEach(async () => {
  await env.cleanup();
});

const ADMIN = 'Bearer admin:a1';
const CUSTOMER = 'Bearer uid:c1';
const get = (path: string, auth = ADMIN) => request(createApp(env.deps)).get(path).set('authorization', auth);
const T0 = Date.parse('2026-11-01T12:00:00Z');

/** Writes mail/{id}, `minutes` after T0, in the extension's format plus our fields. */
async function mail(id: string, minutes: number, fields: Record<string, unknown> = {}) {
  await env.store.doc(`mail/${id}`).set({
    to: 'ana@example.com',
    message: { subject: `Asunto ${id}`, html: `<p>${id}</p>`, text: `Texto ${id}` },
    kind: 'booked',
    customer_id: 2,
    reference: { type: 'class_reservation', id: 1 },
    createdAt: new Date(T0 + minutes * 60_000),
    ...fields,
  });
}

describe('GET /api/mail', () => {
  it('lists newest first without bodies, with the delivery state as the admin reads it', async () => {
    await mail('reservation-1-booked', 1);
    await mail('reservation-2-booked', 3, { delivery: { state: 'SUCCESS', attempts: 1, error: null } });
    await mail('reservation-3-booked', 2, { delivery: { state: 'ERROR', attempts: 3, error: 'Invalid login' } });
    await mail('reservation-4-booked', 4, { delivery: { state: 'RETRY', attempts: 2 } });
    await mail('reservation-5-booked', 5, { delivery: { state: 'PROCESSING' } });
    await mail('invoice-6', 6, { delivery: { state: 'PENDING' }, kind: 'purchase-paid', reference: { type: 'invoice', id: 6 } });
    await mail('odd-7', 0, { delivery: { state: 'SOMETHING-NEW' } });

    const response = await get('/api/mail');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ total: 7, page: 1, page_size: 50 });
    const rows = response.body.mail as Array<Record<string, unknown>>;
    expect(rows.map((m) => m.mail_id)).toEqual([
      'invoice-6',
      'reservation-5-booked',
      'reservation-4-booked',
      'reservation-2-booked',
      'reservation-3-booked',
      'reservation-1-booked',
      'odd-7',
    ]);
    expect(rows.map((m) => m.state)).toEqual(['PENDING', 'PROCESSING', 'PROCESSING', 'SUCCESS', 'ERROR', null, null]);
    expect(rows[0]).toEqual({
      mail_id: 'invoice-6',
      to: 'ana@example.com',
      subject: 'Asunto invoice-6',
      createdAt: new Date(T0 + 6 * 60_000).toISOString(),
      state: 'PENDING',
      error: null,
      kind: 'purchase-paid',
      reference: { type: 'invoice', id: 6 },
    });
    expect(rows[4]).toMatchObject({ state: 'ERROR', error: 'Invalid login' });
    // Never a body in the list.
    expect(JSON.stringify(response.body)).not.toContain('<p>');
    expect(JSON.stringify(response.body)).not.toContain('Texto ');
  });

  it('pages by 50 and counts them all', async () => {
    for (let i = 1; i <= 53; i++) await mail(`m-${i}`, i);
    const first = await get('/api/mail');
    expect(first.body.mail).toHaveLength(50);
    expect(first.body.mail[0].mail_id).toBe('m-53');
    const second = await get('/api/mail?page=2');
    expect(second.body).toMatchObject({ total: 53, page: 2, page_size: 50 });
    expect(second.body.mail.map((m: { mail_id: string }) => m.mail_id)).toEqual(['m-3', 'm-2', 'm-1']);
    expect((await get('/api/mail?page=3')).body).toMatchObject({ mail: [], total: 53, page: 3 });
  });

  it('filters by the exact recipient, whatever the case typed, with the composite index declared', async () => {
    await mail('a-1', 1);
    await mail('b-1', 2, { to: 'beto@example.com' });
    await mail('a-2', 3);
    await mail('c-1', 4, { to: 'xana@example.com' });
    const response = await get(`/api/mail?to=${encodeURIComponent('  Ana@Example.com ')}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.total).toBe(2);
    expect(response.body.mail.map((m: { mail_id: string }) => m.mail_id)).toEqual(['a-2', 'a-1']);
    expect((await get('/api/mail?to=')).body.total).toBe(4);
    expect((await get('/api/mail?to=nadie@example.com')).body).toMatchObject({ mail: [], total: 0 });
  });

  it('refuses bad queries with the shared schema’s words', async () => {
    const notEmail = await get('/api/mail?to=ana');
    expect(notEmail.status).toBe(400);
    expect(JSON.stringify(notEmail.body)).toContain('El correo no es válido.');
    expect((await get('/api/mail?page=0')).status).toBe(400);
    expect((await get('/api/mail?page=abc')).status).toBe(400);
    const tooFar = await get('/api/mail?page=1001');
    expect(tooFar.status).toBe(400);
    expect(JSON.stringify(tooFar.body)).toContain('La página no puede ser mayor que 1000.');
  });

  it('is for admins only', async () => {
    await mail('a-1', 1);
    expect((await get('/api/mail', CUSTOMER)).status).toBe(403);
    expect((await get('/api/mail/a-1', CUSTOMER)).status).toBe(403);
    expect((await request(createApp(env.deps)).get('/api/mail')).status).toBe(401);
  });
});

describe('GET /api/mail/{id}', () => {
  it('answers one e-mail with its text body and attempts, never the HTML', async () => {
    await mail('reservation-3-booked', 2, { delivery: { state: 'ERROR', attempts: 3, error: 'Invalid login' } });
    const response = await get('/api/mail/reservation-3-booked');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.mail).toMatchObject({
      mail_id: 'reservation-3-booked',
      subject: 'Asunto reservation-3-booked',
      text: 'Texto reservation-3-booked',
      state: 'ERROR',
      error: 'Invalid login',
      attempts: 3,
    });
    expect(response.body.mail).not.toHaveProperty('html');
    expect(JSON.stringify(response.body)).not.toContain('<p>');
  });

  it('is 404 for a missing one and 400 for a malformed id', async () => {
    const missing = await get('/api/mail/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('No encontramos ese correo.');
    expect((await get('/api/mail/a.b')).status).toBe(400);
    // Found by fuzz-routes.test.ts: a store-reserved id reached the lookup and threw (500).
    expect((await get('/api/mail/__proto__')).status).toBe(400);
  });
});
