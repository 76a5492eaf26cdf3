import { shopMessages } from '@studio/shared/messages/shop';
import type { PurchaseFields } from '@studio/shared/types/purchases';

/** The method as the record names it ('Efectivo' for cash), else the checkout's wording; a free offer or a grant has none. */
export function methodLabel(record: Pick<PurchaseFields, 'payment_method' | 'checkout_method'>): string {
  if (record.payment_method) return record.payment_method;
  const method = record.checkout_method;
  return method && method !== 'free' ? shopMessages.methods[method] : '—';
}
