import { shopMessages } from '@studio/shared/messages/shop';
import { materialStanding, soldWithMaterial } from '@studio/shared/rules/purchase-material';
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

/** The package was sold with material and the purchase still gives it: the server's own rule (shared/rules/purchase-material.ts). */
export const hasMaterial = (purchase: Purchase): boolean => soldWithMaterial(purchase) && materialStanding(purchase) === 'given';
