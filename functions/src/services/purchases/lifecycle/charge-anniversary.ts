import { dayjs } from '@studio/shared/format/dates';
import type { PurchaseDoc } from '../../../data/repos/purchases-repo';

export type Anchored = Pick<PurchaseDoc, 'class_package' | 'subscription_period' | 'subscription_interval' | 'paid_at' | 'first_charge_at'>;

const isPeriod = (period: string | null): period is 'day' | 'month' | 'year' => period === 'day' || period === 'month' || period === 'year';

/** Whether the purchase is billed again and again (a subscription, or a free trial that turns into one). */
export const renews = (purchase: Pick<PurchaseDoc, 'subscription_period' | 'subscription_interval'>): boolean =>
  isPeriod(purchase.subscription_period) && Boolean(purchase.subscription_interval);

/**
 * The processor's first charge after `now`, and its index (0 = the first
 * charge the processor makes): the processor bills on the anniversaries of its
 * first charge (a trial's end, else one period after the first payment),
 * counted from that anchor each time, not step by step, so a month's day is
 * kept: 31 Jan → 28 Feb → 31 Mar. Null for a one-off purchase or one not paid.
 */
export function chargeAnniversaryAfter(purchase: Anchored, now: Date): { at: Date; index: number } | null {
  if (!renews(purchase)) return null;
  const period = purchase.subscription_period as 'day' | 'month' | 'year';
  const interval = purchase.subscription_interval as number;
  // ensureRenewals' firstRenewalAt: what the processor was told its first charge is.
  const first = purchase.class_package.is_trial
    ? (purchase.first_charge_at ?? null)
    : purchase.paid_at
      ? dayjs.utc(purchase.paid_at).add(interval, period).toDate()
      : null;
  if (!first) return null;
  for (let index = 0; index <= 100_000; index++) {
    const at =
      index === 0
        ? first
        : dayjs
            .utc(first)
            .add(index * interval, period)
            .toDate();
    if (at.getTime() > now.getTime()) return { at, index };
  }
  return null;
}
