/**
 * The stored objects, as the subset of each pinned-API-version type
 * (stripe v23, '2026-10-28.endive') that the fake fills in: picking from the
 * SDK's own types keeps every field's name and shape honest.
 */
import type Stripe from 'stripe';

export type FakeCustomer = Pick<
  Stripe.Customer,
  | 'id'
  | 'object'
  | 'balance'
  | 'created'
  | 'default_source'
  | 'description'
  | 'email'
  | 'invoice_settings'
  | 'livemode'
  | 'metadata'
  | 'name'
  | 'phone'
  | 'shipping'
  | 'test_clock'
>;

export type FakeProduct = Pick<
  Stripe.Product,
  | 'id'
  | 'object'
  | 'active'
  | 'created'
  | 'description'
  | 'images'
  | 'livemode'
  | 'marketing_features'
  | 'metadata'
  | 'name'
  | 'package_dimensions'
  | 'shippable'
  | 'tax_details'
  | 'type'
  | 'updated'
  | 'url'
>;

export type FakePrice = Pick<
  Stripe.Price,
  | 'id'
  | 'object'
  | 'active'
  | 'billing_scheme'
  | 'created'
  | 'currency'
  | 'custom_unit_amount'
  | 'livemode'
  | 'lookup_key'
  | 'metadata'
  | 'nickname'
  | 'product'
  | 'recurring'
  | 'tax_behavior'
  | 'tiers_mode'
  | 'transform_quantity'
  | 'type'
  | 'unit_amount'
  | 'unit_amount_decimal'
>;

export type FakePaymentMethod = Pick<
  Stripe.PaymentMethod,
  'id' | 'object' | 'allow_redisplay' | 'billing_details' | 'card' | 'created' | 'customer' | 'customer_account' | 'livemode' | 'metadata' | 'oxxo' | 'type'
>;

export type FakePaymentIntent = Pick<
  Stripe.PaymentIntent,
  | 'id'
  | 'object'
  | 'allowed_payment_method_types'
  | 'amount'
  | 'amount_capturable'
  | 'amount_received'
  | 'application'
  | 'application_fee_amount'
  | 'automatic_payment_methods'
  | 'canceled_at'
  | 'cancellation_reason'
  | 'capture_method'
  | 'client_secret'
  | 'confirmation_method'
  | 'created'
  | 'currency'
  | 'customer'
  | 'description'
  | 'last_payment_error'
  | 'latest_charge'
  | 'livemode'
  | 'metadata'
  | 'next_action'
  | 'on_behalf_of'
  | 'payment_method'
  | 'payment_method_options'
  | 'payment_method_types'
  | 'processing'
  | 'receipt_email'
  | 'review'
  | 'setup_future_usage'
  | 'shipping'
  | 'source'
  | 'statement_descriptor'
  | 'statement_descriptor_suffix'
  | 'status'
  | 'transfer_group'
>;

export type FakeSetupIntent = Pick<
  Stripe.SetupIntent,
  | 'id'
  | 'object'
  | 'allowed_payment_method_types'
  | 'application'
  | 'automatic_payment_methods'
  | 'cancellation_reason'
  | 'client_secret'
  | 'created'
  | 'customer'
  | 'description'
  | 'last_setup_error'
  | 'latest_attempt'
  | 'livemode'
  | 'mandate'
  | 'metadata'
  | 'next_action'
  | 'on_behalf_of'
  | 'payment_method'
  | 'payment_method_options'
  | 'payment_method_types'
  | 'single_use_mandate'
  | 'status'
  | 'usage'
>;

export type FakeCharge = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_captured'
  | 'amount_refunded'
  | 'balance_transaction'
  | 'billing_details'
  | 'captured'
  | 'created'
  | 'currency'
  | 'customer'
  | 'description'
  | 'disputed'
  | 'failure_code'
  | 'failure_message'
  | 'livemode'
  | 'metadata'
  | 'outcome'
  | 'paid'
  | 'payment_intent'
  | 'payment_method'
  | 'payment_method_details'
  | 'receipt_email'
  | 'receipt_url'
  | 'refunded'
  | 'status'
>;

export type FakeRefund = Pick<
  Stripe.Refund,
  | 'id'
  | 'object'
  | 'amount'
  | 'balance_transaction'
  | 'charge'
  | 'created'
  | 'currency'
  | 'metadata'
  | 'payment_intent'
  | 'reason'
  | 'receipt_number'
  | 'status'
>;

export type FakeSubscriptionItem = Pick<
  Stripe.SubscriptionItem,
  | 'id'
  | 'object'
  | 'created'
  | 'current_period_end'
  | 'current_period_start'
  | 'discounts'
  | 'metadata'
  | 'plan'
  | 'price'
  | 'quantity'
  | 'subscription'
  | 'tax_rates'
>;

export type FakeSubscription = Pick<
  Stripe.Subscription,
  | 'id'
  | 'object'
  | 'billing_cycle_anchor'
  | 'cancel_at'
  | 'cancel_at_period_end'
  | 'canceled_at'
  | 'cancellation_details'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer'
  | 'days_until_due'
  | 'default_payment_method'
  | 'description'
  | 'discounts'
  | 'ended_at'
  | 'latest_invoice'
  | 'livemode'
  | 'metadata'
  | 'pending_setup_intent'
  | 'start_date'
  | 'status'
  | 'test_clock'
  | 'trial_end'
  | 'trial_start'
> & { items: { object: 'list'; data: FakeSubscriptionItem[]; has_more: boolean; url: string } };

export type FakeInvoiceLine = Pick<
  Stripe.InvoiceLineItem,
  | 'id'
  | 'object'
  | 'amount'
  | 'currency'
  | 'description'
  | 'discountable'
  | 'discounts'
  | 'invoice'
  | 'livemode'
  | 'metadata'
  | 'parent'
  | 'period'
  | 'pricing'
  | 'quantity'
  | 'subscription'
  | 'subtotal'
>;

export type FakeInvoicePayment = Pick<
  Stripe.InvoicePayment,
  | 'id'
  | 'object'
  | 'amount_paid'
  | 'amount_requested'
  | 'created'
  | 'currency'
  | 'invoice'
  | 'is_default'
  | 'livemode'
  | 'payment'
  | 'status'
  | 'status_transitions'
>;

export type FakeInvoice = Pick<
  Stripe.Invoice,
  | 'id'
  | 'object'
  | 'amount_due'
  | 'amount_paid'
  | 'amount_remaining'
  | 'attempt_count'
  | 'attempted'
  | 'billing_reason'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_email'
  | 'default_payment_method'
  | 'description'
  | 'hosted_invoice_url'
  | 'livemode'
  | 'metadata'
  | 'next_payment_attempt'
  | 'number'
  | 'parent'
  | 'period_end'
  | 'period_start'
  | 'status'
  | 'status_transitions'
  | 'subtotal'
  | 'total'
> & { lines: { object: 'list'; data: FakeInvoiceLine[]; has_more: boolean; url: string } };

/** Fields of an invoice that Stripe includes only when expanded. */
export interface InvoiceIncludables {
  confirmation_secret: Stripe.Invoice.ConfirmationSecret | null;
  payments: { object: 'list'; data: FakeInvoicePayment[]; has_more: boolean; url: string };
}

export type FakeCheckoutSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'allowed_payment_method_types'
  | 'allow_promotion_codes'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'client_secret'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_details'
  | 'customer_email'
  | 'expires_at'
  | 'invoice'
  | 'livemode'
  | 'locale'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_method_types'
  | 'payment_status'
  | 'setup_intent'
  | 'status'
  | 'subscription'
  | 'success_url'
  | 'ui_mode'
  | 'url'
>;

export interface SessionLine {
  price: FakePrice;
  quantity: number;
  description: string;
}

/** What the fake keeps about a checkout session beyond the public object. */
export interface SessionPrivate {
  lines: SessionLine[];
  trialPeriodDays: number | null;
  subscriptionMetadata: Record<string, string>;
  paymentIntentMetadata: Record<string, string>;
  oxxoExpiresAfterDays: number;
}

/** Stripe's test clock; the fake has one time for all of them (manage-test-clocks.ts). */
export type FakeTestClock = Stripe.TestHelpers.TestClock;

export interface EventDelivery {
  status: number;
  at: number;
  error?: string;
}

export type FakeEvent = Pick<Stripe.Event, 'id' | 'object' | 'api_version' | 'created' | 'livemode' | 'pending_webhooks' | 'request'> & {
  type: string;
  data: { object: object; previous_attributes?: object };
};

interface ApiList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export const apiList = <T>(data: T[], url: string): ApiList<T> => ({ object: 'list', data, has_more: false, url });
