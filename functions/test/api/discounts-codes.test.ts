/**
 * Discounts through the deployed shape, on the seeded codes (emulators/seed/packages.ts):
 * BIENVENIDA15 (15 %, any package, once per customer), VERANO200 (200 MXN off
 * packages 3 and 4), ILIMITADO20 (20 % of the first charge of 5 and 6),
 * BUENFIN2025 (expired).
 */
import type { Discount, DiscountQuote, PublicDiscount } from '@studio/shared/schemas/discount';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newCustomer, seed, signIn, store } from './support';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type LookupBody = { discount: PublicDiscount; quote: DiscountQuote };

let admin: string;
let customer: Awaited<ReturnType<typeof newCustomer>>;
beforeAll(async () => {
  admin = (await signIn(seed.admin.email, seed.admin.password)).token;
  customer = await newCustomer();
});
afterAll(async () => {
  await store().close();
});

const lookUp = (code: string, classPackageId: number, token = customer.token) =>
  api<LookupBody & ErrorBody>('GET', `/api/discounts/code/${code}?class_package_id=${classPackageId}`, { token });

async function discountsSnapshot() {
  const out: Record<string, unknown> = {};
  for (const name of ['discounts', 'discount_codes', 'discount_usages']) {
    const snap = await store().collection(name).get();
    out[name] = Object.fromEntries(snap.docs.map((d) => [d.id, d.data()]));
  }
  out.counter = (await store().doc('counters/discounts').get()).data();
  return out;
}

describe('checking a code at checkout', () => {
  it('prices the seed codes server-side, from the sale price when there is one', async () => {
    const welcome = await lookUp('bienvenida15', 3);
    expect(welcome.status).toBe(200);
    expect(welcome.body.discount).toEqual({ discount_id: 1, code: 'BIENVENIDA15', is_percent: true, amount: expect.any(Number), first_invoice_only: false });
    const percent = welcome.body.discount.amount;
    expect(welcome.body.quote.base_price).toBe(890);
    expect(welcome.body.quote.total).toBe(Math.round(89_000 * (100 - percent)) / 10_000);

    expect((await lookUp('VERANO200', 4)).body.quote).toEqual({ class_package_id: 4, base_price: 1700, discount_amount: 200, total: 1500 });
    expect((await lookUp('ilimitado20', 5)).body).toMatchObject({ discount: { first_invoice_only: true }, quote: { total: 1920 } });
  });

  it('says "not valid" (404) for other packages, expired and unknown codes', async () => {
    for (const [code, pkg] of [
      ['VERANO200', 5],
      ['BUENFIN2025', 3],
      ['NOEXISTE', 3],
      ['ILIMITADO20', 8],
    ] as const) {
      const response = await lookUp(code, pkg);
      expect(response.status, code).toBe(404);
      expect(response.body.error.message).toBe('Lo sentimos, ese descuento no es válido.');
    }
    expect((await api('GET', '/api/discounts/code/VERANO200?class_package_id=3')).status).toBe(401);
  });

  it('says "used up" (412) once the uses are gone', async () => {
    const created = await api<{ discount: Discount }>('POST', '/api/discounts', {
      token: admin,
      body: { code: `AGOTADO${Date.now().toString(36)}`, is_percent: false, amount: 50, usage_limit: 2 },
    });
    const { discount_id: id, code } = created.body.discount;
    expect((await lookUp(code, 2)).status).toBe(200);
    // Two checkouts used it (the counter checkout's claim keeps; checkout itself comes in a later issue).
    await store().doc(`discounts/${id}`).update({ times_used: 2 });
    const usedUp = await lookUp(code, 2);
    expect(usedUp.status).toBe(412);
    expect(usedUp.body.error).toEqual({ code: 'discounts/used-up', message: 'Lo sentimos, ya has agotado este descuento.' });
  });
});

describe('admin management', () => {
  it('creates, reads, lists, updates and deletes a discount', async () => {
    const code = `navidad${Date.now().toString(36)}`;
    const created = await api<{ discount: Discount }>('POST', '/api/discounts', {
      token: admin,
      body: {
        code,
        is_percent: true,
        amount: 12.5,
        valid_from: '2026-12-01T00:00:00-06:00',
        valid_until: '2026-12-24T00:00:00-06:00',
        limit_per_customer: 1,
        class_package_ids: [3, 4],
      },
    });
    expect(created.status).toBe(201);
    const discount = created.body.discount;
    expect(discount).toMatchObject({
      code: code.toUpperCase(),
      valid_from: '2026-12-01T06:00:00.000Z',
      valid_until: '2026-12-24T06:00:00.000Z',
      times_used: 0,
    });

    expect((await api<{ discount: Discount }>('GET', `/api/discounts/${discount.discount_id}`, { token: admin })).body.discount).toEqual(discount);
    const list = await api<{ discounts: Discount[] }>('GET', '/api/discounts/admin/all', { token: admin });
    expect(list.body.discounts.map((d) => d.code)).toEqual(expect.arrayContaining(['BIENVENIDA15', 'VERANO200', code.toUpperCase()]));

    const updated = await api<{ discount: Discount }>('PUT', '/api/discounts', {
      token: admin,
      body: { discount_id: discount.discount_id, valid_until: null },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.discount).toMatchObject({ amount: 12.5, valid_until: null, class_package_ids: [3, 4] });

    expect((await api('DELETE', `/api/discounts/${discount.discount_id}`, { token: admin })).status).toBe(204);
    const gone = await api<ErrorBody>('GET', `/api/discounts/${discount.discount_id}`, { token: admin });
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('Descuento no encontrado.');
  });

  it('refuses bad discounts in Spanish and writes nothing', async () => {
    const before = await discountsSnapshot();
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['POST', { code: 'DOBLE', is_percent: true, amount: 200 }, 'amount'],
      ['POST', { code: 'bienvenida15', is_percent: true, amount: 10 }, 'code'],
      ['POST', { code: 'LEJANO', is_percent: true, amount: 10, class_package_ids: [4040] }, 'class_package_ids'],
      ['POST', { code: 'FECHAS', is_percent: true, amount: 10, valid_from: '2026-12-02T00:00:00Z', valid_until: '2026-12-01T00:00:00Z' }, 'valid_until'],
      ['PUT', { discount_id: 2, is_percent: true }, 'amount'],
    ];
    for (const [method, body, field] of cases) {
      const response = await api<ErrorBody>(method, '/api/discounts', { token: admin, body });
      expect([400, 409], JSON.stringify(body)).toContain(response.status);
      expect(Object.keys(response.body.error.fields ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    expect(await discountsSnapshot()).toEqual(before);
  });
});
