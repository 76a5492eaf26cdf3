import type { SubscriptionPeriod } from './class-package';

/**
 * What checkout will charge for one package, computed by the server
 * (docs/payments/README.md, "Prices"). Amounts are MXN with 2 decimals, never
 * below 0. The browser shows these numbers; it never computes them.
 */
export interface CheckoutQuote {
  class_package_id: number;
  /** The package's `price`. */
  list_price: number;
  /** `sale_price` when the package has one, otherwise `price`: the undiscounted price charged. */
  price: number;
  /** What the discount takes off the first paid invoice (now, or the first charge after a trial); 0 without a discount. */
  discount_amount: number;
  /** Charged now: price − discount_amount, or 0 during a free trial. */
  total_now: number;
  /** Nothing to pay (price 0) and not a subscription: the checkout shows 'Obtener Oferta'. */
  is_free_offer: boolean;
  /** A free trial: nothing charged now, the first charge after `days` studio days. */
  trial: CheckoutTrial | null;
  /** A subscription's charges after the first paid invoice; null for a one-off package. */
  renewal: CheckoutRenewal | null;
  /** The signup-fee package the customer must buy first (public-site §5, 'Completar Inscripción'), or null. */
  signup_fee_required: number | null;
}

export interface CheckoutTrial {
  /** free_trial_length, in days (public-site §9). */
  days: number;
  /** ISO instant of the first charge: `days` studio calendar days after now, at the same studio wall-clock time. */
  first_charge_at: string;
  /** The first paid invoice: price − discount_amount. */
  first_charge_amount: number;
}

export interface CheckoutRenewal {
  /** Each renewal (every `interval` `period`s): the price when the discount is first_invoice_only (or there is none), otherwise the discounted price. */
  amount: number;
  period: SubscriptionPeriod;
  interval: number;
}
