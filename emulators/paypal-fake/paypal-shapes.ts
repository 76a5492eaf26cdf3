/**
 * The stored objects, as the subset of PayPal's REST resources (Orders v2,
 * Payments v2, Catalog Products v1, Subscriptions v1, Webhooks v1) that the
 * fake fills in, with PayPal's field names.
 */

export interface Money {
  currency_code: string;
  value: string;
}

export interface Link {
  href: string;
  rel: string;
  method: 'GET' | 'POST' | 'PATCH' | 'REDIRECT';
}

export interface Payer {
  name: { given_name: string; surname: string };
  email_address: string;
  payer_id: string;
  address: { country_code: string };
}

export interface PayPalCapture {
  id: string;
  /** REVERSED: a chargeback the buyer won took back what was left. */
  status: 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'REVERSED';
  amount: Money;
  final_capture: boolean;
  seller_protection: { status: 'ELIGIBLE'; dispute_categories: string[] };
  seller_receivable_breakdown: { gross_amount: Money; paypal_fee: Money; net_amount: Money };
  custom_id?: string;
  invoice_id?: string;
  supplementary_data: { related_ids: { order_id: string } };
  create_time: string;
  update_time: string;
  links: Link[];
}

export interface PayPalRefund {
  id: string;
  status: 'COMPLETED';
  amount: Money;
  note_to_payer?: string;
  custom_id?: string;
  invoice_id?: string;
  seller_payable_breakdown: { gross_amount: Money; paypal_fee: Money; net_amount: Money; total_refunded_amount: Money };
  create_time: string;
  update_time: string;
  links: Link[];
}

export interface PurchaseUnit {
  reference_id: string;
  amount: Money;
  payee: { email_address: string; merchant_id: string };
  custom_id?: string;
  invoice_id?: string;
  description?: string;
  soft_descriptor?: string;
  payments?: { captures: PayPalCapture[]; refunds?: PayPalRefund[] };
}

export interface PayPalOrder {
  id: string;
  intent: 'CAPTURE';
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  purchase_units: PurchaseUnit[];
  payer?: Payer;
  payment_source?: { paypal: { email_address: string; account_id: string; account_status: 'VERIFIED'; name: Payer['name'] } };
  create_time: string;
  update_time: string;
  links: Link[];
}

/** Where the full-page approval flow sends the buyer back to. */
export interface ReturnUrls {
  returnUrl: string | null;
  cancelUrl: string | null;
}

export interface PayPalProduct {
  id: string;
  name: string;
  description?: string;
  type: 'PHYSICAL' | 'DIGITAL' | 'SERVICE';
  category?: string;
  create_time: string;
  update_time: string;
  links: Link[];
}

export type IntervalUnit = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

export interface BillingCycle {
  frequency: { interval_unit: IntervalUnit; interval_count: number };
  tenure_type: 'TRIAL' | 'REGULAR';
  sequence: number;
  /** 0 means the cycle repeats until the subscription is cancelled (REGULAR only). */
  total_cycles: number;
  pricing_scheme?: { version: number; fixed_price: Money; create_time: string; update_time: string };
}

export interface PaymentPreferences {
  auto_bill_outstanding: boolean;
  setup_fee_failure_action: 'CONTINUE' | 'CANCEL';
  /** Failed charges in a row before PayPal suspends the subscription; 0 never suspends. */
  payment_failure_threshold: number;
  setup_fee?: Money;
}

export interface PayPalPlan {
  id: string;
  product_id: string;
  name: string;
  description?: string;
  status: 'CREATED' | 'INACTIVE' | 'ACTIVE';
  usage_type: 'LICENSED';
  billing_cycles: BillingCycle[];
  payment_preferences: PaymentPreferences;
  quantity_supported: boolean;
  create_time: string;
  update_time: string;
  links: Link[];
}

export interface CycleExecution {
  tenure_type: BillingCycle['tenure_type'];
  sequence: number;
  cycles_completed: number;
  cycles_remaining: number;
  current_pricing_scheme_version: number;
  total_cycles: number;
}

export interface BillingInfo {
  outstanding_balance: Money;
  cycle_executions: CycleExecution[];
  last_payment?: { amount: Money; time: string };
  last_failed_payment?: { amount: Money; time: string; reason_code: 'PAYMENT_DENIED'; next_payment_retry_time: string };
  next_billing_time?: string;
  failed_payments_count: number;
}

export interface Subscriber {
  email_address: string;
  payer_id?: string;
  name?: { given_name: string; surname: string };
}

export type SubscriptionStatus = 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

export interface PayPalSubscription {
  id: string;
  plan_id: string;
  status: SubscriptionStatus;
  status_update_time: string;
  status_change_note?: string;
  custom_id?: string;
  quantity: string;
  start_time: string;
  subscriber?: Subscriber;
  billing_info?: BillingInfo;
  plan_overridden: boolean;
  create_time: string;
  update_time: string;
  links: Link[];
}

/** What PayPal keeps to itself about a subscription: the approval token, return URLs and where billing stands. */
export interface SubscriptionPrivate extends ReturnUrls {
  approvalToken: string;
  /** Index into the plan's billing cycles (sorted by sequence) of the cycle now running. */
  cycleIndex: number;
}

/** A subscription charge, as the v1 Payments "sale" that PAYMENT.SALE.COMPLETED carries. */
export interface PayPalSale {
  id: string;
  state: 'completed' | 'refunded';
  amount: { total: string; currency: string; details: { subtotal: string } };
  payment_mode: 'INSTANT_TRANSFER';
  protection_eligibility: 'ELIGIBLE';
  transaction_fee: { value: string; currency: string };
  billing_agreement_id: string;
  custom?: string;
  create_time: string;
  update_time: string;
  links: Link[];
}

/** Payments v1's refund of a subscription's sale. */
export interface PayPalSaleRefund {
  id: string;
  state: 'completed';
  amount: { total: string; currency: string };
  sale_id: string;
  billing_agreement_id: string;
  custom?: string;
  create_time: string;
  update_time: string;
  links: Link[];
}

export interface PayPalEvent {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: string;
  resource_version?: '2.0';
  event_type: string;
  summary: string;
  resource: object;
  links: Link[];
}

export interface EventDelivery {
  transmission_id: string;
  status: number;
  at: string;
  error?: string;
}
