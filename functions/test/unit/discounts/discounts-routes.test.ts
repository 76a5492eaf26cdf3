import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { getClassPackage } from '../../../src/data/repos/class-packages-repo';
import { openLocalStore } from '../../../src/data/store/local/local-store';
import type { DocumentStore } from '../../../src/data/store/types';
import type { Deps } from '../../../src/deps';
import type { AppError } from '../../../src/domain/errors';
import { signUp } from '../../../src/services/customers/sign-up';
import { prepareDiscountClaim, recordDiscountClaim } from '../../../src/services/discounts/claim-discount';
import { createPackage } from '../../../src/services/packages/manage-packages';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
let five: number;
let ten: number;
let inactive: number;
/** Customer numbers of c1 and c2 (claimed at sign-up, not counted from 1: ADR 0009). */
const customerIds: Record<string, number> = {};
beforeEach(async () => {
  env = testEnv();
  five = (await createPackage(env.deps, { title: 'Paquete 5 Clases', price: 950, sale_price: 890, class_amount: 5 })).class_package_id;
  ten = (await createPackage(env.deps, { title: 'Paquete 10 Clases', price: 1700, class_amount: 10 })).class_package_id;
  inactive = (await createPackage(env.deps, { title: 'Viejo', price: 100, class_amount: 1, status: 'inactive' })).class_package_id;
  for (const [uid, phone] of [
    ['c1', '5511111111'],
    ['c2', '5522222222'],
  ] as const) {
    customerIds[uid] = (
      await signUp(env.deps, { uid, email: `${uid}@example.com`, emailVerified: true, admin: false }, { uid, name: 'Cliente', last_name: uid, phone })
    ).customer_id;
  }
});
afterEach(async () => {
  await env.cleanup();
});

const ADMIN = 'Bearer admin:a1';
const C1 = 'Bearer uid:c1';
const C2 = 'Bearer uid:c2';
const app = () => createApp(env.deps);
const post = (body: unknown) =>
  request(app())
    .post('/api/discounts')
    .set('authorization', ADMIN)
    .send(body as object);
const put = (body: unknown) =>
  request(app())
    .put('/api/discounts')
    .set('authorization', ADMIN)
    .send(body as object);
const lookUp = (code: string, classPackageId: number | string, auth = C1) =>
  request(app()).get(`/api/discounts/code/${code}?class_package_id=${classPackageId}`).set('authorization', auth);

async function createDiscount(body: Record<string, unknown>): Promise<number> {
  const response = await post({ is_percent: true, amount: 10, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.discount.discount_id as number;
}

async function dump(store: DocumentStore, collections: string[]) {
  const out: Record<string, unknown> = {};
  for (const name of collections) {
    const snap = await store.collection(name).get();
    out[name] = Object.fromEntries(snap.docs.map((doc) => [doc.id, doc.data()]));
  }
  return out;
}
const DISCOUNT_COLLECTIONS = ['discounts', 'discount_codes', 'discount_usages', 'counters'];

/** One checkout-like transaction: read the package, claim the code, write nothing else. */
async function claim(deps: Deps, code: string, customerId: number, purchaseId: number, classPackageId = five) {
  return deps.store.runTransaction(async (tx) => {
    const pkg = await getClassPackage(deps.store, classPackageId, tx);
    if (!pkg) throw new Error('no package');
    const prepared = await prepareDiscountClaim(deps, tx, { code, customerId, pkg });
    recordDiscountClaim(deps, tx, prepared, purchaseId);
    return prepared.quote;
  });
}

describe('admin CRUD', () => {
  it('creates with a normalised code, reads, lists, updates by merging and deletes', async () => {
    const created = await post({
      code: 'verano-200',
      is_percent: false,
      amount: 200,
      class_package_ids: [ten, five],
      valid_from: '2026-11-01T06:00:00.000Z',
      valid_until: '2026-11-30T18:00:00-06:00',
      usage_limit: 50,
    });
    expect(created.status).toBe(201);
    const id = created.body.discount.discount_id as number;
    expect(created.body.discount).toEqual({
      discount_id: id,
      code: 'VERANO-200',
      is_percent: false,
      amount: 200,
      first_invoice_only: false,
      valid_from: '2026-11-01T06:00:00.000Z',
      valid_until: '2026-12-01T00:00:00.000Z',
      usage_limit: 50,
      limit_per_customer: null,
      class_package_ids: [five, ten].sort((a, b) => a - b),
      times_used: 0,
      createdAt: env.clock.now.toISOString(),
      updatedAt: env.clock.now.toISOString(),
    });

    const read = await request(app()).get(`/api/discounts/${id}`).set('authorization', ADMIN);
    expect(read.body.discount.code).toBe('VERANO-200');
    const list = await request(app()).get('/api/discounts/admin/all').set('authorization', ADMIN);
    expect(list.body.discounts.map((d: { code: string }) => d.code)).toEqual(['VERANO-200']);

    const updated = await put({ discount_id: id, amount: 250, code: 'Verano250' });
    expect(updated.status).toBe(200);
    expect(updated.body.discount).toMatchObject({ code: 'VERANO250', amount: 250, is_percent: false, usage_limit: 50, class_package_ids: [five, ten] });
    // The old code is free again, the new one is taken.
    expect(await createDiscount({ code: 'VERANO-200' })).toBeGreaterThan(id);
    const taken = await post({ code: 'verano250', is_percent: true, amount: 5 });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('Ya existe un descuento con ese código.');

    expect((await request(app()).delete(`/api/discounts/${id}`).set('authorization', ADMIN)).status).toBe(204);
    expect((await env.store.doc(`discounts/${id}`).get()).exists).toBe(false);
    expect((await env.store.doc('discount_codes/VERANO250').get()).exists).toBe(false);
    for (const call of [
      request(app()).get(`/api/discounts/${id}`).set('authorization', ADMIN),
      request(app()).delete(`/api/discounts/${id}`).set('authorization', ADMIN),
      put({ discount_id: id, amount: 1 }),
    ]) {
      const missing = await call;
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe('Descuento no encontrado.');
    }
  });

  it('archives a used discount on delete and frees its code', async () => {
    const id = await createDiscount({ code: 'USADO' });
    await claim(env.deps, 'USADO', 1, 500);
    expect((await request(app()).delete(`/api/discounts/${id}`).set('authorization', ADMIN)).status).toBe(204);
    // Claims write their own use document, never the discount (ADR 0009): its stored times_used stays 0.
    expect((await env.store.doc(`discounts/${id}`).get()).data()).toMatchObject({ archivedAt: env.clock.now, times_used: 0 });
    expect(await env.store.collection(`discounts/${id}/uses`).count()).toBe(1);
    expect(await env.store.collection('discount_usages').where('discount_id', '==', id).count()).toBe(1);
    expect((await request(app()).get(`/api/discounts/${id}`).set('authorization', ADMIN)).status).toBe(404);
    expect((await request(app()).get('/api/discounts/admin/all').set('authorization', ADMIN)).body.discounts).toEqual([]);
    expect((await lookUp('USADO', five)).status).toBe(404);
    await createDiscount({ code: 'usado' });
  });

  it('makes one discount when two admins create the same code at once', async () => {
    const results = await Promise.all(['promo', 'PROMO', 'Promo', 'pRoMo'].map((code) => post({ code, is_percent: true, amount: 10 })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await env.store.collection('discounts').count()).toBe(1);
  });
});

describe('validation', () => {
  const cases: Array<[string, Record<string, unknown>, Record<string, string>]> = [
    ['a percent over 100', { code: 'X100', is_percent: true, amount: 150 }, { amount: 'Un porcentaje debe estar entre 1 y 100.' }],
    ['a percent under 1', { code: 'X100', is_percent: true, amount: 0.5 }, { amount: 'Un porcentaje debe estar entre 1 y 100.' }],
    ['a zero amount', { code: 'X100', is_percent: false, amount: 0 }, { amount: 'El monto debe ser mayor a 0.' }],
    ['three decimals', { code: 'X100', is_percent: false, amount: 1.005 }, { amount: 'Usa un monto con máximo 2 decimales.' }],
    ['an amount as text', { code: 'X100', is_percent: false, amount: '100' }, { amount: 'Debe ser un número.' }],
    [
      'a code with spaces',
      { code: 'DOS PALABRAS', is_percent: true, amount: 10 },
      { code: 'Usa de 3 a 40 letras sin acentos, números, guiones o guiones bajos, empezando con letra o número.' },
    ],
    [
      'a reserved-looking code',
      { code: '__name__', is_percent: true, amount: 10 },
      { code: 'Usa de 3 a 40 letras sin acentos, números, guiones o guiones bajos, empezando con letra o número.' },
    ],
    [
      'a date without time',
      { code: 'X100', is_percent: true, amount: 10, valid_until: '2026-11-30' },
      { valid_until: 'Debe ser una fecha y hora válida (ISO 8601 con zona horaria).' },
    ],
    [
      'an impossible date',
      { code: 'X100', is_percent: true, amount: 10, valid_from: '2026-02-30T00:00:00Z' },
      { valid_from: 'Debe ser una fecha y hora válida (ISO 8601 con zona horaria).' },
    ],
    [
      'an end before the start',
      { code: 'X100', is_percent: true, amount: 10, valid_from: '2026-12-01T00:00:00Z', valid_until: '2026-11-30T00:00:00Z' },
      { valid_until: 'La fecha final debe ser posterior a la inicial.' },
    ],
    ['a zero usage limit', { code: 'X100', is_percent: true, amount: 10, usage_limit: 0 }, { usage_limit: 'Debe ser un número positivo.' }],
    [
      'a repeated package',
      { code: 'X100', is_percent: true, amount: 10, class_package_ids: [1, 1] },
      { class_package_ids: 'No repitas elementos en la lista.' },
    ],
    ['a usage counter', { code: 'X100', is_percent: true, amount: 10, times_used: 0 }, { _: 'El campo times_used no está permitido.' }],
    ['nothing', {}, { code: 'Debes llenar este campo.', is_percent: 'Debes llenar este campo.', amount: 'Debes llenar este campo.' }],
  ];
  for (const [name, body, fields] of cases) {
    it(`refuses ${name} in Spanish and writes nothing`, async () => {
      const before = await dump(env.store, DISCOUNT_COLLECTIONS);
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(response.body.error.fields).toEqual(fields);
      expect(await dump(env.store, DISCOUNT_COLLECTIONS)).toEqual(before);
    });
  }

  it('refuses unknown packages and merged rules on update, writing nothing', async () => {
    const id = await createDiscount({ code: 'FIJO', is_percent: false, amount: 200 });
    const before = await dump(env.store, DISCOUNT_COLLECTIONS);
    const unknown = await post({ code: 'OTRO', is_percent: true, amount: 10, class_package_ids: [five, 99] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ message: 'Revisa el campo: Paquetes', fields: { class_package_ids: 'No encontramos el paquete 99.' } });
    // 200 MXN fixed becomes 200 %: the stored amount breaks the percent rule.
    const toPercent = await put({ discount_id: id, is_percent: true });
    expect(toPercent.status).toBe(400);
    expect(toPercent.body.error.fields).toEqual({ amount: 'Un porcentaje debe estar entre 1 y 100.' });
    expect(await dump(env.store, DISCOUNT_COLLECTIONS)).toEqual(before);
  });
});

describe('GET /discounts/code/{code}', () => {
  it('answers the discount and the server-computed price, case-insensitively', async () => {
    const id = await createDiscount({ code: 'BIENVENIDA15', amount: 15, first_invoice_only: true });
    const response = await lookUp('bienvenida15', ten);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      discount: { discount_id: id, code: 'BIENVENIDA15', is_percent: true, amount: 15, first_invoice_only: true },
      quote: { class_package_id: ten, base_price: 1700, discount_amount: 255, total: 1445 },
    });
    // The sale price (890) is the starting point.
    expect((await lookUp('BIENVENIDA15', five)).body.quote).toEqual({ class_package_id: five, base_price: 890, discount_amount: 133.5, total: 756.5 });
  });

  it('answers "not valid" with 404 for unknown codes, other packages, dates and the switch', async () => {
    await createDiscount({ code: 'SOLO10', class_package_ids: [ten] });
    await createDiscount({ code: 'PASADO', valid_until: '2026-11-21T18:00:00Z' });
    await createDiscount({ code: 'FUTURO', valid_from: '2026-11-23T00:00:00Z' });
    for (const [code, pkg] of [
      ['NOEXISTE', ten],
      ['SOLO10', five],
      ['PASADO', ten],
      ['FUTURO', ten],
    ] as const) {
      const response = await lookUp(code, pkg);
      expect(response.status, code).toBe(404);
      expect(response.body.error).toEqual({ code: 'discounts/invalid', message: 'Lo sentimos, ese descuento no es válido.' });
    }
    // A '/' or a name the store reserves never reaches the lookup: the path guard refuses it for every route (http/url.ts).
    for (const code of ['a%2Fb', '%5F%5Fname%5F%5F']) {
      const response = await lookUp(code, ten);
      expect(response.status, code).toBe(400);
      expect(response.body.error.code).toBe('http/invalid-path');
    }
    expect((await lookUp('SOLO10', ten)).status).toBe(200);
    await env.store.doc('app_config/main').set({ values: { discounts_enabled: false } });
    expect((await lookUp('SOLO10', ten)).status).toBe(404);
  });

  it('follows the studio day across midnight at the studio', async () => {
    // Valid through 30 November in Mexico City: until 06:00 UTC on 1 December.
    await createDiscount({ code: 'NOVIEMBRE', valid_until: '2026-11-30T06:00:00-06:00' });
    env.clock.now = new Date('2026-12-01T05:59:59Z');
    expect((await lookUp('NOVIEMBRE', ten)).status).toBe(200);
    env.clock.now = new Date('2026-12-01T06:00:00Z');
    expect((await lookUp('NOVIEMBRE', ten)).status).toBe(404);
    // That instant is 21:00 on 30 November in Tokyo: a studio there has left that day behind by 15:00 UTC.
    env.clock.now = new Date('2026-11-30T16:00:00Z');
    expect((await lookUp('NOVIEMBRE', ten)).status).toBe(200);
    await env.store.doc('app_config/main').set({ values: { timezone: 'Asia/Tokyo' } });
    expect((await lookUp('NOVIEMBRE', ten)).status).toBe(404);
  });

  it('answers "used up" with 412 overall and per customer', async () => {
    await createDiscount({ code: 'UNAVEZ', limit_per_customer: 1 });
    await createDiscount({ code: 'ULTIMO', usage_limit: 1 });
    const c1 = customerIds.c1 as number;
    await claim(env.deps, 'unavez', c1, 900);
    const mine = await lookUp('UNAVEZ', five, C1);
    expect(mine.status).toBe(412);
    expect(mine.body.error).toEqual({ code: 'discounts/used-up-by-customer', message: 'Lo sentimos, ya has agotado este descuento.' });
    expect((await lookUp('UNAVEZ', five, C2)).status).toBe(200);

    await claim(env.deps, 'ULTIMO', 2, 901);
    for (const auth of [C1, C2]) {
      const gone = await lookUp('ULTIMO', five, auth);
      expect(gone.status).toBe(412);
      expect(gone.body.error.code).toBe('discounts/used-up');
    }
  });

  it('needs a signed-in customer and an active package', async () => {
    await createDiscount({ code: 'PROMO' });
    expect((await request(app()).get(`/api/discounts/code/PROMO?class_package_id=${five}`)).status).toBe(401);
    expect((await lookUp('PROMO', five, 'Bearer uid:sin-registro')).status).toBe(404);
    const gone = await lookUp('PROMO', inactive);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('Lo sentimos, no encontramos el paquete que quieres comprar.');
    expect((await lookUp('PROMO', 999)).status).toBe(404);
    const noPackage = await request(app()).get('/api/discounts/code/PROMO').set('authorization', C1);
    expect(noPackage.status).toBe(400);
    expect(noPackage.body.error.fields).toEqual({ class_package_id: 'Debes llenar este campo.' });
    expect((await lookUp('PROMO', 'abc')).status).toBe(400);
  });

  it('limits how many codes a customer can try per hour', async () => {
    for (let i = 0; i < 60; i++) expect((await lookUp(`INTENTO${i}`, five)).status).toBe(404);
    expect((await lookUp('INTENTO60', five)).status).toBe(429);
    expect((await lookUp('INTENTO60', five, C2)).status).toBe(404);
  });
});

describe('claiming a use inside checkout', () => {
  it('gives 50 concurrent claims of a 10-use code exactly 10 uses', async () => {
    const id = await createDiscount({ code: 'DIEZ', usage_limit: 10 });
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => claim(env.deps, 'DIEZ', i + 1, 1000 + i)));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(10);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('discounts/used-up');
    // Uses are documents (ADR 0009): ten of them, and the admin's times_used counts them.
    expect(await env.store.collection(`discounts/${id}/uses`).count()).toBe(10);
    expect((await request(app()).get(`/api/discounts/${id}`).set('authorization', ADMIN)).body.discount.times_used).toBe(10);
    const usages = await env.store.collection('discount_usages').get();
    expect(usages.size).toBe(10);
    expect(new Set(usages.docs.map((d) => d.get('purchase_id'))).size).toBe(10);
  });

  it('holds the per-customer limit under concurrency, and records who used it for which purchase', async () => {
    const id = await createDiscount({ code: 'TRES', limit_per_customer: 3 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => claim(env.deps, 'TRES', 7, 2000 + i)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect((await env.store.doc(`discounts/${id}/customer_uses/7`).get()).data()).toEqual({ discount_id: id, customer_id: 7, count: 3 });
    const usage = (await env.store.collection('discount_usages').limit(1).get()).docs[0]?.data();
    expect(usage).toMatchObject({ discount_id: id, code: 'TRES', customer_id: 7, createdAt: env.clock.now });
    expect(await claim(env.deps, 'TRES', 8, 3000, ten)).toEqual({ class_package_id: ten, base_price: 1700, discount_amount: 170, total: 1530 });
  });

  it('keeps a lowered usage limit exact: uses numbered above it move below it (ADR 0009)', async () => {
    const id = await createDiscount({ code: 'BAJA', usage_limit: 40 });
    for (let i = 1; i <= 5; i++) await claim(env.deps, 'BAJA', i, 700 + i);
    const spread = (await env.store.collection(`discounts/${id}/uses`).get()).docs.map((d) => d.get('n') as number);
    expect(Math.max(...spread)).toBeGreaterThan(6);
    expect((await put({ discount_id: id, usage_limit: 6 })).body.discount).toMatchObject({ usage_limit: 6, times_used: 5 });
    const numbers = (await env.store.collection(`discounts/${id}/uses`).get()).docs.map((d) => d.get('n') as number);
    expect(numbers.every((n) => n >= 1 && n <= 6)).toBe(true);
    expect(new Set(numbers).size).toBe(5);
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => claim(env.deps, 'BAJA', 20 + i, 800 + i)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await put({ discount_id: id, usage_limit: 8 })).body.discount.times_used).toBe(6);
    const more = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => claim(env.deps, 'BAJA', 40 + i, 900 + i)));
    expect(more.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(await env.store.collection('discount_usages').where('discount_id', '==', id).count()).toBe(8);
  });

  it('counts uses stored on the discount before uses were documents', async () => {
    const id = await createDiscount({ code: 'ANTIGUO', usage_limit: 3 });
    await env.store.doc(`discounts/${id}`).update({ times_used: 2 });
    expect((await lookUp('ANTIGUO', five)).status).toBe(200);
    await claim(env.deps, 'ANTIGUO', 1, 600);
    expect((await lookUp('ANTIGUO', five, C2)).status).toBe(412);
    await expect(claim(env.deps, 'ANTIGUO', 2, 601)).rejects.toMatchObject({ code: 'discounts/used-up' });
    expect((await request(app()).get(`/api/discounts/${id}`).set('authorization', ADMIN)).body.discount.times_used).toBe(3);
  });

  it('stays exact when every transaction runs twice (chaos mode)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'studio-chaos-'));
    const store = openLocalStore({ path: path.join(dir, 'store.sqlite'), forceRetry: true });
    try {
      const deps: Deps = { ...env.deps, store };
      const pkg = await createPackage(deps, { title: 'Paquete', price: 500, class_amount: 5 });
      await store.doc('discount_codes/CINCO').set({ discount_id: 1 });
      await store.doc('discounts/1').set({
        discount_id: 1,
        code: 'CINCO',
        is_percent: true,
        amount: 10,
        first_invoice_only: false,
        valid_from: null,
        valid_until: null,
        usage_limit: 5,
        limit_per_customer: null,
        class_package_ids: [],
        times_used: 0,
        archivedAt: null,
        createdAt: env.clock.now,
        updatedAt: env.clock.now,
      });
      const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => claim(deps, 'CINCO', i + 1, 100 + i, pkg.class_package_id)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
      expect(await store.collection('discounts/1/uses').count()).toBe(5);
      expect(await store.collection('discount_usages').count()).toBe(5);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
