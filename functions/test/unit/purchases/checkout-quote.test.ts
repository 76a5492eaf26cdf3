import type { CheckoutQuote } from '@studio/shared/schemas/checkout';
import { describe, expect, it } from 'vitest';
import { quoteCheckout, type QuoteCheckoutInput, trialFirstChargeAt } from '../../../src/services/purchases/checkout/quote-checkout';

const MX = 'America/Mexico_City';
// Thursday 2026-01-15 10:30:15.250 in Mexico City (UTC−6 all year since 2022).
const NOW = new Date('2026-01-15T16:30:15.250Z');
const NO_FEE: QuoteCheckoutInput['signupFee'] = { packageId: null, customerHasIt: false };

type Pkg = QuoteCheckoutInput['pkg'];
type Discount = NonNullable<QuoteCheckoutInput['discount']>;

const oneOff = (price: number, sale_price: number | null = null): Pkg => ({
  class_package_id: 3,
  price,
  sale_price,
  is_subscription: false,
  subscription_period: null,
  subscription_interval: null,
  is_trial: false,
  free_trial_length: null,
});
const monthly = (price: number, sale_price: number | null = null): Pkg => ({
  ...oneOff(price, sale_price),
  is_subscription: true,
  subscription_period: 'month',
  subscription_interval: 1,
});
const trial = (price: number, days = 7): Pkg => ({ ...monthly(price), is_trial: true, free_trial_length: days });

const percent = (amount: number, first_invoice_only = false): Discount => ({ is_percent: true, amount, first_invoice_only });
const fixed = (amount: number, first_invoice_only = false): Discount => ({ is_percent: false, amount, first_invoice_only });

const quote = (pkg: Pkg, discount: Discount | null = null, signupFee = NO_FEE, now = NOW, tz = MX) => quoteCheckout({ pkg, discount, now, tz, signupFee });

/** The answer for a package without a discount, trial, renewal or fee; each row overrides what differs. */
const expected = (pkg: Pkg, changes: Partial<CheckoutQuote>): CheckoutQuote => ({
  class_package_id: 3,
  list_price: pkg.price,
  price: pkg.sale_price ?? pkg.price,
  discount_amount: 0,
  total_now: pkg.sale_price ?? pkg.price,
  is_free_offer: false,
  trial: null,
  renewal: null,
  signup_fee_required: null,
  ...changes,
});

const MONTH = { period: 'month', interval: 1 } as const;
// 7 studio days after NOW, same wall-clock time.
const IN_7_DAYS = '2026-01-22T16:30:15.250Z';

const table: Array<[string, Pkg, Discount | null, Partial<CheckoutQuote>]> = [
  // price: list vs sale, no discount
  ['list price, no discount', oneOff(950), null, { total_now: 950 }],
  ['sale price, no discount', oneOff(950, 890), null, { price: 890, total_now: 890 }],
  // percent
  ['list price, percent', oneOff(950), percent(15), { discount_amount: 142.5, total_now: 807.5 }],
  ['sale price, percent (from the sale price)', oneOff(950, 890), percent(10), { price: 890, discount_amount: 89, total_now: 801 }],
  ['percent 100 → 0, not a free offer', oneOff(950), percent(100), { discount_amount: 950, total_now: 0 }],
  // fixed
  ['list price, fixed', oneOff(950), fixed(200), { discount_amount: 200, total_now: 750 }],
  ['sale price, fixed', oneOff(950, 890), fixed(90), { price: 890, discount_amount: 90, total_now: 800 }],
  ['fixed larger than the price → 0', oneOff(150), fixed(200), { discount_amount: 150, total_now: 0 }],
  ['fixed larger than the sale price → 0', oneOff(950, 120), fixed(200), { price: 120, discount_amount: 120, total_now: 0 }],
  // rounding
  ['10.01 at 50 % → 5.01 (half a cent up, exactly)', oneOff(10.01), percent(50), { discount_amount: 5, total_now: 5.01 }],
  ['1.15 at 10 % → 1.04', oneOff(1.15), percent(10), { discount_amount: 0.11, total_now: 1.04 }],
  // first_invoice_only
  ['one-off, first_invoice_only: same price, no renewal', oneOff(950), percent(15, true), { discount_amount: 142.5, total_now: 807.5 }],
  ['subscription, no discount: renews at the price', monthly(500), null, { renewal: { amount: 500, ...MONTH } }],
  ['subscription on sale, no discount: renews at the sale price', monthly(500, 450), null, { price: 450, total_now: 450, renewal: { amount: 450, ...MONTH } }],
  ['subscription, percent every invoice', monthly(500), percent(20), { discount_amount: 100, total_now: 400, renewal: { amount: 400, ...MONTH } }],
  [
    'subscription, percent first_invoice_only: renews at full price',
    monthly(500),
    percent(20, true),
    { discount_amount: 100, total_now: 400, renewal: { amount: 500, ...MONTH } },
  ],
  [
    'subscription on sale, fixed every invoice',
    monthly(500, 450),
    fixed(50),
    { price: 450, discount_amount: 50, total_now: 400, renewal: { amount: 400, ...MONTH } },
  ],
  [
    'subscription on sale, fixed first_invoice_only: renews at the sale price',
    monthly(500, 450),
    fixed(50, true),
    { price: 450, discount_amount: 50, total_now: 400, renewal: { amount: 450, ...MONTH } },
  ],
  ['subscription, 10.01 at 50 % every invoice', monthly(10.01), percent(50), { discount_amount: 5, total_now: 5.01, renewal: { amount: 5.01, ...MONTH } }],
  [
    'subscription, fixed larger than the price, first_invoice_only',
    monthly(150),
    fixed(200, true),
    { discount_amount: 150, total_now: 0, renewal: { amount: 150, ...MONTH } },
  ],
  // free offer
  ['free offer', oneOff(0), null, { is_free_offer: true, total_now: 0 }],
  ['free offer with a code: still 0', oneOff(0), percent(50), { is_free_offer: true, total_now: 0 }],
  ['sale price 0: nothing to pay, a free offer', oneOff(950, 0), null, { price: 0, total_now: 0, is_free_offer: true }],
  // free trial
  [
    'trial, no discount: 0 now, full first charge',
    trial(500),
    null,
    { total_now: 0, trial: { days: 7, first_charge_at: IN_7_DAYS, first_charge_amount: 500 }, renewal: { amount: 500, ...MONTH } },
  ],
  [
    'trial, percent every invoice',
    trial(500),
    percent(20),
    { discount_amount: 100, total_now: 0, trial: { days: 7, first_charge_at: IN_7_DAYS, first_charge_amount: 400 }, renewal: { amount: 400, ...MONTH } },
  ],
  [
    'trial, percent first_invoice_only: the first charge after the trial is discounted, renewals are not',
    trial(500),
    percent(20, true),
    { discount_amount: 100, total_now: 0, trial: { days: 7, first_charge_at: IN_7_DAYS, first_charge_amount: 400 }, renewal: { amount: 500, ...MONTH } },
  ],
  [
    'trial, fixed larger than the price, first_invoice_only',
    trial(500),
    fixed(600, true),
    { discount_amount: 500, total_now: 0, trial: { days: 7, first_charge_at: IN_7_DAYS, first_charge_amount: 0 }, renewal: { amount: 500, ...MONTH } },
  ],
];

describe('quoteCheckout: prices (docs/payments "Prices")', () => {
  it.each(table)('%s', (_name, pkg, discount, changes) => {
    expect(quote(pkg, discount)).toEqual(expected(pkg, changes));
  });

  it('keeps every amount in whole cents and never below 0', () => {
    for (const [, pkg, discount] of table) {
      const answer = quote(pkg, discount);
      const amounts = [answer.price, answer.discount_amount, answer.total_now, answer.trial?.first_charge_amount ?? 0, answer.renewal?.amount ?? 0];
      for (const amount of amounts) {
        expect(amount).toBeGreaterThanOrEqual(0);
        expect(Math.round(amount * 100) / 100).toBe(amount);
      }
      expect(answer.total_now).toBe(answer.trial ? 0 : Math.round((answer.price - answer.discount_amount) * 100) / 100);
    }
  });

  it('refuses a package the schema would refuse (a trial must be a subscription with a length; a subscription needs its period)', () => {
    expect(() => quote({ ...oneOff(500), is_trial: true, free_trial_length: 7 })).toThrow(/trial/);
    expect(() => quote({ ...trial(500), free_trial_length: null })).toThrow(/trial/);
    expect(() => quote({ ...trial(500), free_trial_length: 0 })).toThrow(/trial/);
    expect(() => quote({ ...monthly(500), subscription_interval: null })).toThrow(/subscription/);
  });
});

describe('quoteCheckout: the trial’s first charge (free_trial_length studio days, same wall-clock time)', () => {
  const firstChargeAt = (now: string, days: number, tz = MX) => quote(trial(500, days), null, NO_FEE, new Date(now), tz).trial?.first_charge_at;

  it.each([
    ['within a month', '2026-01-15T16:30:15.250Z', 7, '2026-01-22T16:30:15.250Z'],
    // 2026-01-31 23:30 in Mexico City is already 1 February in UTC: the studio's day counts.
    ['across a month end, late at night (UTC is a day ahead)', '2026-02-01T05:30:00.000Z', 1, '2026-02-02T05:30:00.000Z'],
    ['across February into March', '2026-02-25T15:00:00.000Z', 14, '2026-03-11T15:00:00.000Z'],
    // The US moves its clocks on 8 March 2026 and Mexico City does not (no DST since 2022): still UTC−6 on both sides.
    ['across the US DST change, which Mexico City no longer keeps', '2026-03-05T16:00:00.000Z', 7, '2026-03-12T16:00:00.000Z'],
    ['across a year end', '2026-12-30T18:00:00.000Z', 30, '2027-01-29T18:00:00.000Z'],
  ])('%s', (_name, now, days, at) => {
    expect(firstChargeAt(now, days)).toBe(at);
  });

  it('counts calendar days, not 24-hour days, in a zone with DST', () => {
    // New York, Saturday 7 March 2026 10:00 EST (UTC−5) → Sunday 8 March 10:00 EDT (UTC−4): 23 hours later.
    expect(firstChargeAt('2026-03-07T15:00:00.000Z', 1, 'America/New_York')).toBe('2026-03-08T14:00:00.000Z');
  });

  it('does not depend on the process time zone', () => {
    // The suite also runs under TZ=Asia/Tokyo (UTC+9, where these instants fall on other calendar days).
    expect(trialFirstChargeAt(new Date('2026-02-01T05:30:00.000Z'), 1, MX).toISOString()).toBe('2026-02-02T05:30:00.000Z');
    expect(trialFirstChargeAt(new Date('2026-01-31T14:59:59.999Z'), 1, MX).toISOString()).toBe('2026-02-01T14:59:59.999Z');
  });
});

describe('quoteCheckout: the signup fee (public-site §5)', () => {
  const FEE = 90;
  const fee = (customerHasIt: boolean) => ({ packageId: FEE, customerHasIt });

  it.each<[string, Pkg, QuoteCheckoutInput['signupFee'], number | null]>([
    ['configured, the customer lacks it, another package, not a trial → required first', oneOff(950), fee(false), FEE],
    ['… a subscription too', monthly(500), fee(false), FEE],
    ['… a free offer too', oneOff(0), fee(false), FEE],
    ['not configured → none', oneOff(950), { packageId: null, customerHasIt: false }, null],
    ['the customer already bought it → none', oneOff(950), fee(true), null],
    ['this is the signup-fee package → none', { ...oneOff(300), class_package_id: FEE }, fee(false), null],
    ['a trial → none', trial(500), fee(false), null],
  ])('%s', (_name, pkg, signupFee, required) => {
    expect(quote(pkg, null, signupFee).signup_fee_required).toBe(required);
  });

  it('does not change the price', () => {
    const withFee = quote(oneOff(950), percent(15), fee(false));
    expect(withFee.signup_fee_required).toBe(FEE);
    expect({ ...withFee, signup_fee_required: null }).toEqual(quote(oneOff(950), percent(15)));
  });
});
