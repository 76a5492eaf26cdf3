import { type PaymentMethodCode, paymentMethodLabels } from '../messages/payment-methods';
import type { PurchaseFields } from '../types/purchases';

const NONE = '—';

const isCode = (value: string): value is PaymentMethodCode => Object.hasOwn(paymentMethodLabels, value);

/**
 * How a purchase or charge was paid, in the one wording of
 * messages/payment-methods.ts. The checkout's method decides when there is
 * one (a card sale reads 'Tarjeta' whatever the catalogue calls method 1);
 * an admin grant has none and shows the studio's own method name, unless that
 * name is itself a code (older records stored 'cash', 'paypal'…), which is
 * never shown raw. Nothing recorded reads '—'.
 */
export function paymentMethodLabel(record: Pick<PurchaseFields, 'payment_method' | 'checkout_method'>): string {
  if (record.checkout_method) return paymentMethodLabels[record.checkout_method];
  const name = record.payment_method?.trim();
  if (!name) return NONE;
  const code = name.toLowerCase();
  return isCode(code) ? paymentMethodLabels[code] : name;
}
