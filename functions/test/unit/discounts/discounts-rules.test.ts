import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClassPackageDoc } from '../../../src/data/repos/class-packages-repo';
import type { DiscountDoc } from '../../../src/data/repos/discounts-repo';
import { assertDiscountUsable, codeKey, type DiscountSettings, isWithinValidity, readDiscountSettings } from '../../../src/services/discounts/discount-rules';
import { quoteDiscount } from '../../../src/services/discounts/pricing';
import { type TestEnv, testEnv } from '../support';

const MX = 'America/Mexico_City';

const pkg = (price: number, sale_price: number | null = null) => ({ class_package_id: 3, price, sale_price });
const percent = (amount: number) => ({ is_percent: true, amount });
const fixed = (amount: number) => ({ is_percent: false, amount });

describe('quoteDiscount (public-site §5 price display)', () => {
  it('takes a percent off: price × (1 − amount/100)', () => {
    expect(quoteDiscount(pkg(950), percent(15))).toEqual({ class_package_id: 3, base_price: 950, discount_amount: 142.5, total: 807.5 });
    expect(quoteDiscount(pkg(100), percent(33.33)).total).toBe(66.67);
    expect(quoteDiscount(pkg(199.99), percent(33)).total).toBe(133.99);
    expect(quoteDiscount(pkg(2400), percent(100)).total).toBe(0);
  });

  it('takes a fixed amount off, never below 0', () => {
    expect(quoteDiscount(pkg(950), fixed(200))).toEqual({ class_package_id: 3, base_price: 950, discount_amount: 200, total: 750 });
    expect(quoteDiscount(pkg(1), fixed(0.3)).total).toBe(0.7);
    expect(quoteDiscount(pkg(150), fixed(200))).toEqual({ class_package_id: 3, base_price: 150, discount_amount: 150, total: 0 });
  });

  it('starts from the sale price when there is one', () => {
    expect(quoteDiscount(pkg(950, 890), percent(10))).toEqual({ class_package_id: 3, base_price: 890, discount_amount: 89, total: 801 });
    expect(quoteDiscount(pkg(950, 890), fixed(90)).total).toBe(800);
    expect(quoteDiscount(pkg(950, 0), percent(10)).total).toBe(0);
  });

  it('rounds half a cent up, exactly (binary floating point would give 5.00)', () => {
    expect((10.01 * (1 - 50 / 100)).toFixed(2)).toBe('5.00');
    expect(quoteDiscount(pkg(10.01), percent(50))).toEqual({ class_package_id: 3, base_price: 10.01, discount_amount: 5, total: 5.01 });
    expect(quoteDiscount(pkg(0.25), percent(50)).total).toBe(0.13);
    expect(quoteDiscount(pkg(1.15), percent(10)).total).toBe(1.04); // 1.035 → 1.04
  });
});

describe(`validity window (process TZ is ${process.env.TZ ?? 'unset'})`, () => {
  const window = (from: string | null, until: string | null) => ({ valid_from: from ? new Date(from) : null, valid_until: until ? new Date(until) : null });
  const at = (iso: string) => new Date(iso);

  it('lasts through the end of valid_until’s calendar day at the studio', () => {
    // Noon of 30 November in Mexico City; that day ends at 06:00 UTC on 1 December.
    const d = window(null, '2026-11-30T18:00:00Z');
    expect(isWithinValidity(d, at('2026-11-30T18:00:01Z'), MX)).toBe(true);
    expect(isWithinValidity(d, at('2026-12-01T05:59:59.999Z'), MX)).toBe(true);
    expect(isWithinValidity(d, at('2026-12-01T06:00:00Z'), MX)).toBe(false);
  });

  it('uses the studio’s day, not the server’s or UTC', () => {
    // 08:00 on 30 November in Mexico City is 23:00 in Tokyo; at 10:00 Mexico City it is already 1 December in Tokyo.
    const morning = window(null, '2026-11-30T14:00:00Z');
    expect(isWithinValidity(morning, at('2026-11-30T16:00:00Z'), MX)).toBe(true);
    // 21:00 on 30 November in Mexico City is already 1 December in UTC; the code still lasts until midnight there.
    const evening = window(null, '2026-12-01T03:00:00Z');
    expect(isWithinValidity(evening, at('2026-12-01T05:30:00Z'), MX)).toBe(true);
    expect(isWithinValidity(evening, at('2026-12-01T06:00:00Z'), MX)).toBe(false);
    // The same code in a studio in Tokyo ended with Tokyo's 1 December.
    expect(isWithinValidity(evening, at('2026-12-01T14:59:59Z'), 'Asia/Tokyo')).toBe(true);
    expect(isWithinValidity(evening, at('2026-12-01T15:00:00Z'), 'Asia/Tokyo')).toBe(false);
  });

  it('starts at the valid_from instant', () => {
    const d = window('2026-12-01T15:00:00Z', null);
    expect(isWithinValidity(d, at('2026-12-01T14:59:59Z'), MX)).toBe(false);
    expect(isWithinValidity(d, at('2026-12-01T15:00:00Z'), MX)).toBe(true);
    expect(isWithinValidity(window(null, null), at('2030-01-01T00:00:00Z'), MX)).toBe(true);
  });
});

describe('assertDiscountUsable', () => {
  const now = new Date('2026-11-22T18:00:00Z');
  const settings: DiscountSettings = { enabled: true, timezone: MX };
  const discount = (over: Partial<DiscountDoc> = {}): DiscountDoc => ({
    discount_id: 1,
    code: 'VERANO',
    is_percent: true,
    amount: 10,
    first_invoice_only: false,
    valid_from: null,
    valid_until: null,
    usage_limit: null,
    limit_per_customer: null,
    class_package_ids: [],
    times_used: 0,
    archivedAt: null,
    createdAt: now,
    updatedAt: now,
    ...over,
  });
  const three = { class_package_id: 3 } as ClassPackageDoc;
  const check =
    (d: DiscountDoc | null, customerUses = 0, s = settings) =>
    () =>
      assertDiscountUsable({ discount: d, pkg: three, customerUses, settings: s, now });

  it('answers "not valid" (404) for unknown, archived, switched-off, out-of-date and other-package codes', () => {
    for (const attempt of [
      check(null),
      check(discount({ archivedAt: now })),
      check(discount(), 0, { ...settings, enabled: false }),
      check(discount({ valid_until: new Date('2026-11-21T18:00:00Z') })),
      check(discount({ valid_from: new Date('2026-11-23T00:00:00Z') })),
      check(discount({ class_package_ids: [4, 5] })),
    ]) {
      expect(attempt).toThrow(expect.objectContaining({ kind: 'not-found', code: 'discounts/invalid', message: 'Lo sentimos, ese descuento no es válido.' }));
    }
  });

  it('answers "used up" (412) for the overall limit and the per-customer limit', () => {
    expect(check(discount({ usage_limit: 10, times_used: 10 }))).toThrow(
      expect.objectContaining({ kind: 'precondition', code: 'discounts/used-up', message: 'Lo sentimos, ya has agotado este descuento.' }),
    );
    expect(check(discount({ limit_per_customer: 2 }), 2)).toThrow(
      expect.objectContaining({ kind: 'precondition', code: 'discounts/used-up-by-customer', message: 'Lo sentimos, ya has agotado este descuento.' }),
    );
    expect(check(discount({ usage_limit: 10, times_used: 9, limit_per_customer: 2, class_package_ids: [3] }), 1)()).toMatchObject({ discount_id: 1 });
  });

  it('normalises codes and refuses what cannot be a code without looking it up', () => {
    expect(codeKey(' verano2026 ')).toBe('VERANO2026');
    expect(codeKey('buen-fin_25')).toBe('BUEN-FIN_25');
    for (const bad of ['', 'ab', 'a/b', '../x', 'año', '__name__', '-abc', 'x'.repeat(41)]) expect(codeKey(bad), bad).toBeNull();
  });
});

describe('readDiscountSettings', () => {
  let env: TestEnv;
  beforeEach(() => {
    env = testEnv();
  });
  afterEach(async () => {
    await env.cleanup();
  });

  it('reads the studio time zone and the switch from config, with defaults and a guard against unknown zones', async () => {
    expect(await readDiscountSettings(env.deps)).toEqual({ enabled: true, timezone: 'America/Mexico_City' });
    await env.store.doc('app_config/main').set({ values: { timezone: 'Asia/Tokyo', discounts_enabled: false } });
    expect(await readDiscountSettings(env.deps)).toEqual({ enabled: false, timezone: 'Asia/Tokyo' });
    await env.store.doc('app_config/main').set({ values: { timezone: 'Marte/Olympus' } });
    expect((await readDiscountSettings(env.deps)).timezone).toBe('America/Mexico_City');
  });
});
