import { dayjs } from '@studio/shared/format/dates';
import type { PurchaseDoc } from '../../data/repos/purchases-repo';

type Billed = Pick<
  PurchaseDoc,
  | 'status'
  | 'class_package'
  | 'subscription_period'
  | 'subscription_interval'
  | 'paid_at'
  | 'first_charge_at'
  | 'first_charge_amount'
  | 'renewal_amount'
  | 'subtotal'
>;

const isPeriod = (period: string | null): period is 'day' | 'month' | 'year' => period === 'day' || period === 'month' || period === 'year';

/** Whether the purchase is billed again and again (a subscription, or a free trial that turns into one). */
export const renews = (purchase: Pick<PurchaseDoc, 'subscription_period' | 'subscription_interval'>): boolean =>
  isPeriod(purchase.subscription_period) && Boolean(purchase.subscription_interval);

/**
 * An active subscription's next charge, from what the purchase stores: the
 * processor bills on the anniversaries of its first charge (a trial's end,
 * else one period after the first payment), so the next one is the first after
 * `now`; a trial's first charge has its own price (a first-charge-only
 * discount), every other one the renewal price. Null for anything not running (pending, failed while the
 * processor retries, cancelled, revoked) and for one-off packages.
 */
export function nextChargeOf(purchase: Billed, now: Date): { at: Date; amount: number } | null {
  if (purchase.status !== 'active' || !renews(purchase)) return null;
  const period = purchase.subscription_period as 'day' | 'month' | 'year';
  const interval = purchase.subscription_interval as number;
  const renewal = purchase.renewal_amount ?? purchase.subtotal;
  const trial = purchase.class_package.is_trial;
  // The processor's first charge (ensureRenewals' firstRenewalAt) anchors every later one.
  const first = trial ? (purchase.first_charge_at ?? null) : purchase.paid_at ? dayjs.utc(purchase.paid_at).add(interval, period).toDate() : null;
  if (!first) return null;
  // Counted from the anchor each time (not step by step), as the processor keeps a month's day: 31 Jan → 28 Feb → 31 Mar.
  for (let k = 0; k <= 100_000; k++) {
    const at =
      k === 0
        ? first
        : dayjs
            .utc(first)
            .add(k * interval, period)
            .toDate();
    if (at.getTime() > now.getTime()) return { at, amount: trial && k === 0 ? (purchase.first_charge_amount ?? renewal) : renewal };
  }
  return null;
}
