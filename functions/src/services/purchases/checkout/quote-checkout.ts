import { dayjs, inStudioZone, studioDay, studioWallTimeToInstant } from '@studio/shared/format/dates';
import type { CheckoutQuote } from '@studio/shared/schemas/checkout';
import type { ClassPackageDoc } from '../../../data/repos/class-packages-repo';
import type { DiscountDoc } from '../../../data/repos/discounts-repo';
import { quoteDiscount } from '../../discounts/pricing';

export type QuotedPackage = Pick<
  ClassPackageDoc,
  'class_package_id' | 'price' | 'sale_price' | 'is_subscription' | 'subscription_period' | 'subscription_interval' | 'is_trial' | 'free_trial_length'
>;

export interface QuoteCheckoutInput {
  pkg: QuotedPackage;
  /** A discount the discount rules already accepted for this package and customer (prepareDiscountClaim), or null. */
  discount: Pick<DiscountDoc, 'is_percent' | 'amount' | 'first_invoice_only'> | null;
  now: Date;
  /** The studio's time zone (studioTimezone). */
  tz: string;
  /** Config `signup_fee` (the signup-fee package's id, null = none) and whether the customer already bought that package. */
  signupFee: { packageId: number | null; customerHasIt: boolean };
}

/**
 * The first charge of a free trial: `days` studio calendar days after `now`,
 * at the same studio wall-clock time (to the millisecond). Counted on the
 * studio's calendar, not as days × 24 h, so a DST change in between moves
 * neither the day nor the hour. A wall-clock time that day skips or repeats
 * resolves as dayjs's time-zone plugin resolves it.
 */
export function trialFirstChargeAt(now: Date, days: number, tz: string): Date {
  const day = dayjs.utc(studioDay(now, tz)).add(days, 'day').format('YYYY-MM-DD');
  const minute = studioWallTimeToInstant(day, inStudioZone(now, tz).format('HH:mm'), tz);
  // Zone offsets are whole minutes, so the seconds and milliseconds carry over unchanged.
  const withinMinute = ((now.getTime() % 60_000) + 60_000) % 60_000;
  return new Date(minute.getTime() + withinMinute);
}

/**
 * The price of one package at checkout (docs/payments/README.md, "Prices").
 * Pure: no reads, no writes. The discount is applied in integer cents by
 * quoteDiscount; it discounts the first paid invoice (now, or the first
 * charge after a free trial) and, unless first_invoice_only, every renewal.
 */
export function quoteCheckout(input: QuoteCheckoutInput): CheckoutQuote {
  const { pkg, discount, now, tz, signupFee } = input;
  const first = quoteDiscount(pkg, discount ?? { is_percent: false, amount: 0 });

  const trialDays = pkg.is_trial ? pkg.free_trial_length : null;
  if (pkg.is_trial && (!pkg.is_subscription || !Number.isInteger(trialDays) || (trialDays ?? 0) < 1)) {
    throw new Error(`Package ${pkg.class_package_id}: a trial must be a subscription with free_trial_length ≥ 1`);
  }
  if (pkg.is_subscription && (!pkg.subscription_period || !Number.isInteger(pkg.subscription_interval) || (pkg.subscription_interval ?? 0) < 1)) {
    throw new Error(`Package ${pkg.class_package_id}: a subscription needs subscription_period and subscription_interval`);
  }

  const trial =
    trialDays !== null ? { days: trialDays, first_charge_at: trialFirstChargeAt(now, trialDays, tz).toISOString(), first_charge_amount: first.total } : null;
  const renewal =
    pkg.is_subscription && pkg.subscription_period && pkg.subscription_interval
      ? {
          amount: discount && !discount.first_invoice_only ? first.total : first.base_price,
          period: pkg.subscription_period,
          interval: pkg.subscription_interval,
        }
      : null;
  const signupFeeRequired =
    signupFee.packageId !== null && !signupFee.customerHasIt && pkg.class_package_id !== signupFee.packageId && !pkg.is_trial ? signupFee.packageId : null;

  return {
    class_package_id: pkg.class_package_id,
    list_price: pkg.price,
    price: first.base_price,
    discount_amount: first.discount_amount,
    total_now: trial ? 0 : first.total,
    is_free_offer: first.base_price === 0 && !pkg.is_subscription,
    trial,
    renewal,
    signup_fee_required: signupFeeRequired,
  };
}
