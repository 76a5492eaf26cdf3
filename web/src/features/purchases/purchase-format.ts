import { shopMessages } from '@studio/shared/messages/shop';
import type { Purchase, PurchaseFields } from '@studio/shared/types/purchases';

/** The method as the record names it ('Efectivo' for cash), else the checkout's wording; a free offer or a grant has none. */
export function methodLabel(record: Pick<PurchaseFields, 'payment_method' | 'checkout_method'>): string {
  if (record.payment_method) return record.payment_method;
  const method = record.checkout_method;
  return method && method !== 'free' ? shopMessages.methods[method] : '—';
}

/** An active subscription or free trial bought at checkout: the customer may cancel it (customer-area §4). */
export const isRunningSubscription = (purchase: Purchase): boolean =>
  purchase.source === 'checkout' && purchase.status === 'active' && Boolean(purchase.subscription_period && purchase.subscription_interval);

/**
 * The package came with material and the purchase still gives it (the
 * server's rule, docs/packages "Downloadable packages"): paid or granted, or
 * paid before a renewal failed or it was cancelled; never pending or revoked.
 */
export const hasMaterial = (purchase: Purchase): boolean =>
  purchase.class_package.downloadable === true &&
  purchase.status !== 'pending' &&
  purchase.status !== 'revoked' &&
  (purchase.status === 'active' || purchase.status === 'completed' || Boolean(purchase.paid_at));
