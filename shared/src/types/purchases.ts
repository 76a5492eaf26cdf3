import type { ClassPackageFields, ClassPackageTypeEntry } from './class-packages';
import type { Wire } from './wire';

export type PurchaseStatus = 'active' | 'completed' | 'pending' | 'failed' | 'cancelled' | 'revoked';

/** The package as it was sold (copied at purchase time: later catalogue edits never change what was sold). */
export type PurchasedPackage = Pick<
  ClassPackageFields,
  | 'class_package_id'
  | 'title'
  | 'class_amount'
  | 'expiration_days'
  | 'is_subscription'
  | 'subscription_period'
  | 'subscription_interval'
  | 'is_online'
  | 'is_special_event'
  | 'is_trial'
  | 'free_trial_length'
  | 'allowed_times'
> & {
  /** The per-class-type credits it grants (copied since checkout, which may grant later: a cash payment confirmed days after). */
  class_package_types?: ClassPackageTypeEntry[];
  /**
   * The package comes with material to download (GET /purchases/{id}/download).
   * Absent on purchases sold before it was copied: the download route reads the package itself.
   */
  downloadable?: boolean;
};

/** purchases/{purchase_id}: the fields the API shows (the server also keeps the buyer's uid and who granted it). */
export interface PurchaseFields {
  purchase_id: number;
  customer_id: number;
  class_package_id: number;
  class_package: PurchasedPackage;
  title: string;
  status: PurchaseStatus;
  total_payment: number;
  payment_method_id: number | null;
  payment_method: string | null;
  is_gift: boolean;
  bill: boolean;
  /** Where it came from: an admin grant or a checkout. */
  source: 'admin' | 'checkout';
  subscription_id: string | null;
  subscription_period: string | null;
  subscription_interval: number | null;
  free_trial_length: number | null;
  class_amount: number;
  expiration_days: number | null;
  /** How a checkout was paid: a method of the checkout, 'free' for a free offer; null for an admin grant (see payment_method). */
  checkout_method: 'cash' | 'card' | 'oxxo' | 'paypal' | 'free' | null;
  /** The price before the discount (the sale price when the package had one); total_payment is what was charged. */
  subtotal: number;
  /** The discount code used and what it took off; null without one. */
  discount: PurchaseDiscount | null;
  /** A pending cash purchase: the studio waits for the payment until then, and it lapses after. */
  pay_by: Date | null;
  /** The cash instructions shown to the customer, as shown. */
  payment_instructions: string | null;
  /** When the money arrived (or a free offer was taken); null while pending and for admin grants. */
  paid_at: Date | null;
  /** Why it was cancelled (the customer's words, or a code of the system: lapsed, rejected, replaced). */
  cancel_reason: string | null;
  createdAt: Date;
  updatedAt: Date;
  cancelledAt: Date | null;
  revokedAt: Date | null;
  /** MXN given back so far (staff refunds, refunds made in the processor's dashboard, lost disputes); never above total_payment. */
  refunded_amount?: number;
  /** When it was last refunded, or null. */
  refunded_at?: Date | null;
  /** A chargeback on its payment: open while the bank decides, then won or lost (lost counts as a refund). */
  dispute_status?: 'open' | 'won' | 'lost' | null;
}

/** An OXXO voucher as Stripe issued it (the PaymentIntent's next_action.oxxo_display_details), kept so the customer can find it again. */
export interface OxxoVoucher {
  /** The reference the cashier types (Stripe's `number`). */
  reference: string;
  /** When it can no longer be paid (Stripe's `expires_after`); null when Stripe gave none. */
  expires_at: Date | null;
  /** Stripe's page that shows and prints the voucher; null when Stripe gave none. */
  voucher_url: string | null;
}

export interface PurchaseDiscount {
  discount_id: number;
  code: string;
  /** MXN taken off the first paid invoice. */
  amount: number;
}

export type Purchase = Wire<PurchaseFields> & {
  /**
   * A running subscription's next charge (a trial's first charge), from the
   * period stored; null when none is coming (docs/payments). The server
   * always sends these three; they are optional so a screen handed a
   * purchase built elsewhere (a fixture, an older answer) reads them as none.
   */
  next_charge_at?: string | null;
  next_charge_amount?: number | null;
  /** A pending OXXO purchase's voucher, once Stripe issued it; null otherwise. */
  oxxo_voucher?: Wire<OxxoVoucher> | null;
};

/** invoices/{invoice_id}: one charge of a purchase (customer-area "Mis Cargos"). */
export interface InvoiceFields {
  invoice_id: number;
  purchase_id: number;
  customer_id: number;
  class_package: PurchasedPackage;
  title: string;
  total_payment: number;
  /** completed = collected; failed = a renewal the provider could not charge. */
  status: 'completed' | 'failed';
  /** The purchase's first payment, or a subscription's renewal. */
  billing_reason: 'purchase' | 'renewal';
  checkout_method: PurchaseFields['checkout_method'];
  payment_method: string | null;
  /** The provider's reference (a Stripe invoice or payment, a PayPal capture); null for cash. */
  provider_ref: string | null;
  createdAt: Date;
}

export type Invoice = Wire<InvoiceFields> & {
  /** The purchase it belongs to, as the list shows it. */
  purchase: { purchase_id: number; title: string; status: PurchaseStatus };
};

/**
 * GET /purchases/{id}/download: a downloadable package's material for its
 * buyer. `url` is an outside link as it is, or, for one of the studio's
 * uploads, the purchase's own file path (served with the buyer's token).
 */
export interface PackageDownload {
  url: string;
  /** The uploaded file's name; null for an outside link. */
  name: string | null;
}
