/**
 * The one Spanish name of each way a purchase is paid, shown by every screen
 * of the console and the customer area (shared/src/format/payment-method.ts
 * picks it); the checkout's method buttons use the same words.
 */
export const paymentMethodLabels = {
  cash: 'Efectivo',
  card: 'Tarjeta',
  oxxo: 'OXXO',
  paypal: 'PayPal',
  free: 'Gratis',
} as const;

export type PaymentMethodCode = keyof typeof paymentMethodLabels;
