import { boolean, type InferType, object, string } from 'yup';
import { fill, messages } from '../messages';
import { checkoutMessages } from '../messages/checkout';
import type { Purchase } from '../types/purchases';
import type { SubscriptionPeriod } from './class-package';
import { optionalText, positiveId, text, unknownFields } from './fields';

const v = messages.validation;

/**
 * How the customer pays (public-site §4, "Payment selection"): cash (the
 * method named 'Efectivo'), card (Stripe Elements or Checkout), OXXO (Stripe's
 * cash voucher) or PayPal. A saved card is `card` plus `payment_source_id`.
 */
export const CHECKOUT_PAYMENT_METHODS = ['cash', 'card', 'oxxo', 'paypal'] as const;
export type CheckoutPaymentMethod = (typeof CHECKOUT_PAYMENT_METHODS)[number];

/**
 * POST /api/checkout/attempt. `discountCode` is free text (§5; blank = none);
 * the server answers 400 'No has seleccionado un método de pago.' when the
 * package costs something and `payment_method` is missing.
 */
export const checkoutAttemptSchema = object({
  class_package_id: positiveId().required(v.required),
  discountCode: optionalText(40).optional(),
  payment_method: string()
    .typeError(v.mustBeText)
    .nullable()
    .optional()
    .oneOf([...CHECKOUT_PAYMENT_METHODS, null], checkoutMessages.noPaymentMethod),
  payment_source_id: text()
    .max(255, fill(v.tooLong, { n: 255 }))
    .nullable()
    .optional(),
  /** 'Guardar tarjeta' ticked: a new card paying a one-off is kept for later purchases (a subscription's or trial's always is). */
  save_card: boolean().typeError(v.mustBeBoolean).optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type CheckoutAttemptInput = InferType<typeof checkoutAttemptSchema>;

/** POST /api/checkout/paypal: a PayPal order for the package (the answer's orderID goes to PayPal's buttons). */
export const checkoutPayPalSchema = object({
  class_package_id: positiveId().required(v.required),
  discountCode: optionalText(40).optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type CheckoutPayPalInput = InferType<typeof checkoutPayPalSchema>;

/** POST /api/checkout/capture: the order the buyer approved in PayPal's window. */
export const checkoutCaptureSchema = object({
  orderID: text()
    .required(v.required)
    .max(64, fill(v.tooLong, { n: 64 })),
})
  .noUnknown(unknownFields)
  .strict();
export type CheckoutCaptureInput = InferType<typeof checkoutCaptureSchema>;

/** POST /api/purchases/cancel/{id}: a reason is required (customer-area §4). */
export const purchaseCancelSchema = object({
  reason: text({ multiline: true })
    .required(checkoutMessages.cancelReasonRequired)
    .max(500, fill(v.tooLong, { n: 500 }))
    .test('not-blank', checkoutMessages.cancelReasonRequired, (value) => value === undefined || value.trim() !== ''),
})
  .noUnknown(unknownFields)
  .strict();
export type PurchaseCancelInput = InferType<typeof purchaseCancelSchema>;

/** PUT /api/purchases/{id}/reject (admin): why the cash never arrived, optional. */
export const purchaseRejectSchema = object({
  reason: optionalText(500, { multiline: true }).optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type PurchaseRejectInput = InferType<typeof purchaseRejectSchema>;

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

/** GET /api/checkout/quote?class_package_id&discountCode */
export const checkoutQuoteQuerySchema = object({
  class_package_id: positiveId().required(v.required),
  discountCode: optionalText(40).optional(),
}).noUnknown(unknownFields);

/** GET /api/purchases/admin/all?status&customer_id (admin). */
export const purchaseAdminQuerySchema = object({
  status: string().typeError(v.mustBeText).oneOf(['active', 'completed', 'pending', 'failed', 'cancelled', 'revoked'], v.selectOption).default('pending'),
  customer_id: positiveId().optional(),
  /** How it is paid: `cash` keeps the pending ones the desk confirms (card and PayPal attempts are pending too, awaiting their processor). */
  checkout_method: string()
    .typeError(v.mustBeText)
    .oneOf([...CHECKOUT_PAYMENT_METHODS, 'free'], v.selectOption)
    .optional(),
}).noUnknown(unknownFields);
export type PurchaseAdminQuery = InferType<typeof purchaseAdminQuerySchema>;

/** One row of GET /purchases/admin/all: the purchase and its buyer as the admin lists name them (null when the customer is gone). */
export type AdminPurchase = Purchase & { customer: { customer_id: number; name: string; last_name: string; email: string } | null };

/** A saved card as the customer area shows it (customer-area: payment_source_id, card_type, last_digits; conekta_payment_source_id is the spec's older name). */
export interface PaymentSource {
  payment_source_id: string;
  source_id: string;
  conekta_payment_source_id: string;
  card_type: 'visa' | 'mastercard' | 'amex' | 'other';
  last_digits: string;
  exp_month: number;
  exp_year: number;
  /** The active subscriptions whose renewals this card pays (deleting it needs another card for them). */
  pays_subscriptions?: Array<{ purchase_id: number; title: string }>;
}

/**
 * POST /api/metodosPago and /api/payment_sources: `token_id` is a card the
 * browser handed to the processor (a Stripe PaymentMethod id: the number never
 * reaches us); without it the answer is a SetupIntent to confirm in the
 * browser (3-D Secure when the bank asks). card_type and last_digits are
 * accepted for the spec's clients and ignored: the processor says what the card is.
 */
export const savedCardSchema = object({
  token_id: text()
    .max(255, fill(v.tooLong, { n: 255 }))
    .optional(),
  card_type: text()
    .max(20, fill(v.tooLong, { n: 20 }))
    .optional(),
  last_digits: text()
    .max(4, fill(v.tooLong, { n: 4 }))
    .optional(),
  saveCard: boolean().typeError(v.mustBeBoolean).optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type SavedCardInput = InferType<typeof savedCardSchema>;

/**
 * DELETE /api/metodosPago/{id} and /payment_sources/{id}: `replacement`, another
 * of the caller's saved cards, takes over the subscriptions the removed one
 * pays (empty means none).
 */
export const savedCardDeleteQuerySchema = object({
  replacement: optionalText(255).optional(),
}).noUnknown(unknownFields);
export type SavedCardDeleteQuery = InferType<typeof savedCardDeleteQuerySchema>;

/**
 * POST /api/checkout (the spec's "default flow"): a purchase charged to a
 * saved card of `customer_id` (the caller's own; an admin may charge any
 * customer's at the front desk), the chosen one or the customer's first.
 */
export const checkoutSavedCardSchema = object({
  class_package_id: positiveId().required(v.required),
  customer_id: positiveId().required(v.required),
  discountCode: optionalText(40).optional(),
  payment_source_id: text()
    .max(255, fill(v.tooLong, { n: 255 }))
    .nullable()
    .optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type CheckoutSavedCardInput = InferType<typeof checkoutSavedCardSchema>;
