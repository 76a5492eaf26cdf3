import type { CheckoutPaymentMethod, CheckoutQuote, PaymentSource } from '@studio/shared/schemas/checkout';
import type { ClassPackage } from '@studio/shared/types/class-packages';
import type { Purchase } from '@studio/shared/types/purchases';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

export interface QuoteAnswer {
  quote: CheckoutQuote;
  /** The methods this deployment takes for this package now (docs/payments); empty = none. */
  methods: CheckoutPaymentMethod[];
}

export interface AttemptInput {
  class_package_id: number;
  discountCode?: string;
  payment_method?: CheckoutPaymentMethod;
  /** A saved card (payment_method 'card'): the server charges it; the browser only completes 3-D Secure. */
  payment_source_id?: string;
  /** 'Guardar tarjeta' ticked: a new card paying a one-off is kept. */
  save_card?: boolean;
}

export interface AttemptAnswer {
  message: string;
  purchase_id: number;
  purchase: Purchase;
  quote: CheckoutQuote;
  /** Card: the secret Stripe.js confirms (3-D Secure happens there); null for cash and free offers. */
  clientSecret: string | null;
  intent: 'payment' | 'setup' | null;
  /** The intent's status (ADR 0075): 'succeeded'/'processing' need nothing, 'requires_action' only handleNextAction; older answers lack it. */
  intentStatus?: string | null;
  /** Hosted checkout: the browser goes to `url`. */
  session: { id: string; url: string } | null;
}

export interface PayPalOrderInput {
  class_package_id: number;
  discountCode?: string;
}

export interface PayPalOrderAnswer {
  purchase_id: number;
  /** The order PayPal's buttons approve; null for a subscription, or when there is nothing to pay (a free offer, granted at once). */
  orderID: string | null;
  /** A subscription's plan and the subscription (created by the server, awaiting approval) the buttons open. */
  plan_id?: string;
  subscriptionID?: string;
  message: string;
}

/** GET /purchases/{id}, as /gracias shows it. */
export type OrderPurchase = Purchase & {
  customer: { customer_id: number; name: string; last_name: string; email: string } | null;
  receipt_file: { src: string } | null;
  /** The end of its granted credits (all on one studio day); null until granted or when there is no single end. */
  credits_expire_at?: string | null;
};

export async function fetchPackage(id: number, signal?: AbortSignal): Promise<ClassPackage> {
  const { class_package } = await api.get<{ class_package: ClassPackage }>(`/class_packages/${id}`, { signal });
  return class_package;
}

export function fetchQuote(classPackageId: number, discountCode: string | null, signal?: AbortSignal): Promise<QuoteAnswer> {
  const query = new URLSearchParams({ class_package_id: String(classPackageId) });
  if (discountCode) query.set('discountCode', discountCode);
  return api.get<QuoteAnswer>(`/checkout/quote?${query.toString()}`, { signal });
}

/** Sent with the submission's Idempotency-Key: a retried click gets the first answer (ADR 0101). */
export function postAttempt({ input, idempotencyKey }: { input: AttemptInput; idempotencyKey: string }): Promise<AttemptAnswer> {
  return api.post<AttemptAnswer>('/checkout/attempt', input, { idempotencyKey });
}

/** A pending PayPal purchase and its order; a retry answers the same order (docs/payments "PayPal"). */
export function postPayPalOrder({ input, idempotencyKey }: { input: PayPalOrderInput; idempotencyKey: string }): Promise<PayPalOrderAnswer> {
  return api.post<PayPalOrderAnswer>('/checkout/paypal', input, { idempotencyKey });
}

/** After the buyer approves; the purchase completes later, on PayPal's notice to the server. */
export function postPayPalCapture(orderID: string): Promise<{ purchase_id: number; message: string }> {
  return api.post<{ purchase_id: number; message: string }>('/checkout/capture', { orderID });
}

export async function fetchOrder(id: number, signal?: AbortSignal): Promise<OrderPurchase> {
  const { purchase } = await api.get<{ purchase: OrderPurchase }>(`/purchases/${id}`, { signal });
  return purchase;
}

/*
 * Saved cards live here, beside the card field and Stripe.js, because both the
 * checkout and Métodos de Pago use them (features never import each other).
 */
export async function fetchPaymentSources(signal?: AbortSignal): Promise<PaymentSource[]> {
  const { payment_sources } = await api.get<{ payment_sources: PaymentSource[] }>('/payment_sources', { signal });
  return payment_sources;
}

/** Without token_id the server answers a SetupIntent that Stripe.js confirms with the card element. */
export function startCardSetup(): Promise<{ client_secret: string; intent: 'setup' }> {
  return api.post<{ client_secret: string; intent: 'setup' }>('/payment_sources', {});
}

/** Deletes a saved card; `replacement` is the card that pays from now on the subscriptions it paid. */
export function deletePaymentSource({ id, replacement = null }: { id: string; replacement?: string | null }): Promise<{ message: string }> {
  const query = replacement ? `?replacement=${encodeURIComponent(replacement)}` : '';
  return api.delete<{ message: string }>(`/payment_sources/${encodeURIComponent(id)}${query}`);
}

export const checkoutKeys = {
  package: (id: number) => ['class_packages', 'one', id] as const,
  /** The quote depends on who asks (signup fee, discount limits): the uid is part of the key. */
  quote: (id: number, discountCode: string | null, uid: string | null) => ['checkout', 'quote', id, discountCode, uid] as const,
  /** Same prefix as Mis Compras' list, so a purchase made here refreshes it. */
  purchases: ['purchases'] as const,
  order: (id: number) => ['purchases', 'one', id] as const,
  paymentSources: ['payment_sources'] as const,
};

/** The package being bought; the screen shows a missing one as not found. */
export function packageQuery(id: number) {
  return queryOptions({ queryKey: checkoutKeys.package(id), queryFn: ({ signal }) => fetchPackage(id, signal), meta: { alert: false } });
}

export function quoteQuery(id: number, discountCode: string | null, uid: string | null) {
  return queryOptions({
    queryKey: checkoutKeys.quote(id, discountCode, uid),
    queryFn: ({ signal }) => fetchQuote(id, discountCode, signal),
    meta: { alert: false, private: uid !== null },
  });
}

export function orderQuery(id: number) {
  return queryOptions({ queryKey: checkoutKeys.order(id), queryFn: ({ signal }) => fetchOrder(id, signal), meta: { alert: false, private: true } });
}

/** The customer's saved cards; each screen shows its own failure (the checkout simply offers none). */
export const paymentSourcesQuery = queryOptions({
  queryKey: checkoutKeys.paymentSources,
  queryFn: ({ signal }) => fetchPaymentSources(signal),
  meta: { alert: false, private: true },
});
