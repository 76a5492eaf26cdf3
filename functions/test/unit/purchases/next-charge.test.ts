/** A subscription's next charge, counted from what the purchase stores (services/purchases/next-charge.ts). */
import { describe, expect, it } from 'vitest';
import type { PurchaseDoc } from '../../../src/data/repos/purchases-repo';
import { nextChargeOf } from '../../../src/services/purchases/next-charge';

type Billed = Parameters<typeof nextChargeOf>[0];
const monthly = (overrides: Partial<PurchaseDoc> = {}): Billed => ({
  status: 'active',
  class_package: { is_trial: false } as PurchaseDoc['class_package'],
  subscription_period: 'month',
  subscription_interval: 1,
  paid_at: new Date('2027-01-31T18:00:00Z'),
  first_charge_at: null,
  first_charge_amount: null,
  renewal_amount: 2000,
  subtotal: 2400,
  ...overrides,
});

describe('nextChargeOf', () => {
  it('keeps the anchor’s day as the processor does: paid 31 Jan, charged 28 Feb, then 28 Mar', () => {
    expect(nextChargeOf(monthly(), new Date('2027-02-01T00:00:00Z'))).toEqual({ at: new Date('2027-02-28T18:00:00Z'), amount: 2000 });
    expect(nextChargeOf(monthly(), new Date('2027-02-28T18:00:00Z'))?.at).toEqual(new Date('2027-03-28T18:00:00Z'));
    expect(nextChargeOf(monthly({ subscription_period: 'year' }), new Date('2027-02-01T00:00:00Z'))?.at).toEqual(new Date('2028-01-31T18:00:00Z'));
  });

  it('a trial’s first charge has its own price, later ones the renewal price (or the subtotal without one)', () => {
    const trial = monthly({
      class_package: { is_trial: true } as PurchaseDoc['class_package'],
      paid_at: null,
      first_charge_at: new Date('2027-01-08T18:00:00Z'),
      first_charge_amount: 1200,
      renewal_amount: null,
    });
    expect(nextChargeOf(trial, new Date('2027-01-02T00:00:00Z'))).toEqual({ at: new Date('2027-01-08T18:00:00Z'), amount: 1200 });
    expect(nextChargeOf(trial, new Date('2027-01-09T00:00:00Z'))).toEqual({ at: new Date('2027-02-08T18:00:00Z'), amount: 2400 });
  });

  it('none for what is not running or not a subscription', () => {
    const now = new Date('2027-02-01T00:00:00Z');
    for (const status of ['pending', 'failed', 'cancelled', 'revoked', 'completed'] as const) expect(nextChargeOf(monthly({ status }), now)).toBeNull();
    expect(nextChargeOf(monthly({ subscription_period: null, subscription_interval: null }), now)).toBeNull();
    expect(nextChargeOf(monthly({ paid_at: null }), now)).toBeNull();
  });
});
