import type { PurchaseDoc } from '../../data/repos/purchases-repo';
import { chargeAnniversaryAfter } from './lifecycle/charge-anniversary';

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

/**
 * An active subscription's next charge, from what the purchase stores (when:
 * lifecycle/charge-anniversary.ts); a trial's first charge has its own price
 * (a first-charge-only discount), every other one the renewal price. Null for
 * anything not running (pending, failed while the processor retries,
 * cancelled, revoked) and for one-off packages.
 */
export function nextChargeOf(purchase: Billed, now: Date): { at: Date; amount: number } | null {
  if (purchase.status !== 'active') return null;
  const next = chargeAnniversaryAfter(purchase, now);
  if (!next) return null;
  const renewal = purchase.renewal_amount ?? purchase.subtotal;
  return { at: next.at, amount: purchase.class_package.is_trial && next.index === 0 ? (purchase.first_charge_amount ?? renewal) : renewal };
}
