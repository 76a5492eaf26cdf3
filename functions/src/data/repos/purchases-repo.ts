import type { OxxoVoucher, PurchaseFields, PurchaseStatus } from '@studio/shared/types/purchases';
import { typedCollection } from '../store/typed-collection';
import type { DocumentStore, Transaction } from '../store/types';
import type { NumberSpace } from './number-claims';
import { readDoc, readQuery } from './read';

export type { PurchaseStatus } from '@studio/shared/types/purchases';

/** purchases/{purchase_id}. The package is copied at purchase time: later catalogue edits never change what was sold. */
export interface PurchaseDoc extends PurchaseFields {
  /** The buyer's identity. */
  uid: string;
  /** The admin who granted it (source 'admin'), else null. */
  granted_by: string | null;
  /**
   * Whether it counts toward the package's limits (limit_per_customer,
   * purchase_limit). True from creation; false once it ended without ever
   * granting anything (cash never paid, a payment that failed), when its place
   * is given back. Absent on admin grants, which neither check nor count.
   */
  holds_place?: boolean;
  /** A free trial's first charge: when (the quote's trial.first_charge_at) and how much (with the discount, if any). */
  first_charge_at?: Date | null;
  first_charge_amount?: number | null;
  /** A trial whose first charge was discounted: whether the renewals' full price has been set at the processor since. */
  renewal_price_set?: boolean;
  /** A subscription's price for each renewal (the quote's renewal.amount: the discount only when not first_invoice_only). */
  renewal_amount?: number | null;
  /** Last refunded (by staff, in the processor's dashboard, or a lost dispute): when and why. A full refund also revokes the purchase. */
  refunded_at?: Date | null;
  refund_reason?: string | null;
  /** MXN refunded so far; absent on purchases refunded before partial refunds existed (those were refunded whole). */
  refunded_amount?: number;
  /** Each refund applied, in order: who made it and how much (an audit trail for the accountant). */
  refunds?: PurchaseRefundDoc[];
  /** A chargeback on its payment (Stripe dispute, PayPal reversal). */
  dispute?: { id: string; status: 'open' | 'won' | 'lost'; amount: number; at: Date } | null;
  /** The processor's payment for it (a Stripe PaymentIntent id), once one was created. */
  provider_ref?: string | null;
  /** Its credits were granted when it was placed, before the cash was paid (cash_booking_before_payment). */
  granted_before_payment?: boolean;
  /** It ended unpaid with reservations made on its credits still to cancel (done right after, or by the lapse job). */
  reservations_to_release?: boolean;
  /** A PayPal subscription's billing plan (the subscription itself is subscription_id). */
  paypal_plan_id?: string | null;
  /** The processor's last decline code for it (informational: the customer may retry with another card). */
  payment_error?: string | null;
  /** An OXXO purchase's voucher, as Stripe issued it (payment_intent.requires_action): shown again on the order and e-mailed once. */
  oxxo_voucher?: OxxoVoucher | null;
  /** The unit of a package's purchase_limit it took (class_packages/{id}/units/{n}); null when the package has no limit. */
  unit?: number | null;
}

export interface PurchaseRefundDoc {
  /** MXN. */
  amount: number;
  /** staff: the console; stripe/paypal: made in the processor's dashboard or a lost dispute. */
  by: 'staff' | 'stripe' | 'paypal';
  /** The admin's uid for a staff refund, else null. */
  admin_uid: string | null;
  /** The processor's event (or the staff request's key) it came from. */
  source_ref: string | null;
  credits_removed: boolean;
  at: Date;
}

const purchases = (store: DocumentStore) => typedCollection<PurchaseDoc>(store, 'purchases');
export const purchaseRef = (store: DocumentStore, id: number) => purchases(store).doc(String(id));

export async function getPurchase(store: DocumentStore, id: number, tx?: Transaction): Promise<PurchaseDoc | null> {
  const snap = await readDoc(purchaseRef(store, id), tx);
  return snap.data() ?? null;
}

export function writePurchase(store: DocumentStore, tx: Transaction, purchase: PurchaseDoc): void {
  tx.set(purchaseRef(store, purchase.purchase_id), { ...purchase });
}

/** A new purchase; fails the transaction if the id is taken (a counter out of step must not overwrite a sale). */
export function createPurchase(store: DocumentStore, tx: Transaction, purchase: PurchaseDoc): void {
  tx.create(purchaseRef(store, purchase.purchase_id), { ...purchase });
}

export async function listPurchasesOfCustomer(store: DocumentStore, customerId: number, tx?: Transaction): Promise<PurchaseDoc[]> {
  const result = await readQuery(purchases(store).where('customer_id', '==', customerId), tx);
  return result.docs.map((d) => d.data());
}

export async function listPurchasesOfPackage(store: DocumentStore, classPackageId: number, tx?: Transaction): Promise<PurchaseDoc[]> {
  const result = await readQuery(purchases(store).where('class_package_id', '==', classPackageId), tx);
  return result.docs.map((d) => d.data());
}

/** Whether anything was ever sold from the package (any status): deleting it would orphan history. */
export async function packageHasPurchases(store: DocumentStore, classPackageId: number, tx: Transaction): Promise<boolean> {
  const result = await readQuery(purchases(store).where('class_package_id', '==', classPackageId).limit(1), tx);
  return !result.empty;
}

/**
 * class_packages/{id}/buyers/{customer_id}: one customer's place in a
 * package's limits. `count` is how many of their checkout purchases of it hold
 * a place (limit_per_customer); `pending_purchase_id` is the one awaiting
 * payment, if any. Only that customer's checkouts write it, so a rush never
 * shares it.
 */
export interface PackageBuyerDoc {
  class_package_id: number;
  customer_id: number;
  count: number;
  pending_purchase_id: number | null;
}

const buyerRef = (store: DocumentStore, classPackageId: number, customerId: number) =>
  typedCollection<PackageBuyerDoc>(store, `class_packages/${classPackageId}/buyers`).doc(String(customerId));

export async function getPackageBuyer(store: DocumentStore, classPackageId: number, customerId: number, tx?: Transaction): Promise<PackageBuyerDoc> {
  const snap = await readDoc(buyerRef(store, classPackageId, customerId), tx);
  return snap.data() ?? { class_package_id: classPackageId, customer_id: customerId, count: 0, pending_purchase_id: null };
}

export function writePackageBuyer(store: DocumentStore, tx: Transaction, buyer: PackageBuyerDoc): void {
  tx.set(buyerRef(store, buyer.class_package_id, buyer.customer_id), { ...buyer });
}

/**
 * customers/{uid}/holds/cash: written by each of the customer's cash
 * placements (the last purchase it placed), and read by the next one before
 * it counts the customer's pending cash purchases. Two placements at once
 * both read and write it, so one of them conflicts and, retried, counts the
 * other's purchase. Only that customer's checkouts touch it.
 */
export interface CashHoldDoc {
  last_purchase_id: number;
  updatedAt: Date;
}

const cashHoldRef = (store: DocumentStore, uid: string) => typedCollection<CashHoldDoc>(store, `customers/${uid}/holds`).doc('cash');

export async function readCashHold(store: DocumentStore, uid: string, tx: Transaction): Promise<CashHoldDoc | null> {
  const snap = await readDoc(cashHoldRef(store, uid), tx);
  return snap.data() ?? null;
}

export function writeCashHold(store: DocumentStore, tx: Transaction, uid: string, hold: CashHoldDoc): void {
  tx.set(cashHoldRef(store, uid), { ...hold });
}

/**
 * class_packages/{id}/units/{n}: the n-th of a package's purchase_limit
 * places, taken by one purchase (claimed numbers, ADR 0009: buyers racing for
 * the last places conflict on one unit document, never on the package).
 */
export const packageUnits = (classPackageId: number, limit: number): NumberSpace => ({
  collection: `class_packages/${classPackageId}/units`,
  floor: 0,
  max: limit,
});

/** Gives a unit back (its purchase ended unpaid): the number becomes free for the next buyer. */
export function releasePackageUnit(store: DocumentStore, tx: Transaction, classPackageId: number, unit: number): void {
  tx.delete(store.doc(`class_packages/${classPackageId}/units/${unit}`));
}

/** Pending purchases whose pay_by has passed (composite index status + pay_by). */
export async function listLapsedPurchases(store: DocumentStore, now: Date, limit: number): Promise<PurchaseDoc[]> {
  const result = await purchases(store).where('status', '==', 'pending').where('pay_by', '<=', now).orderBy('pay_by').limit(limit).get();
  return result.docs.map((d) => d.data());
}

/** Purchases that ended unpaid with reservations still to cancel (release-unpaid-bookings.ts). */
export async function listPurchasesToRelease(store: DocumentStore, limit: number): Promise<PurchaseDoc[]> {
  const result = await purchases(store).where('reservations_to_release', '==', true).limit(limit).get();
  return result.docs.map((d) => d.data());
}

/** Purchases in one status (admin lists; equality only, sorted by the caller). */
export async function listPurchasesByStatus(store: DocumentStore, status: PurchaseStatus): Promise<PurchaseDoc[]> {
  const result = await purchases(store).where('status', '==', status).get();
  return result.docs.map((d) => d.data());
}

/**
 * Active card subscriptions with no processor subscription recorded
 * (subscription_id null): their renewals were never set up (the reconciling
 * job's list). Equality filters only: no composite index needed.
 */
export async function listSubscriptionsAwaitingRenewals(store: DocumentStore, limit: number): Promise<PurchaseDoc[]> {
  const result = await purchases(store)
    .where('status', '==', 'active')
    .where('checkout_method', '==', 'card')
    .where('subscription_id', '==', null)
    .limit(limit)
    .get();
  return result.docs.map((d) => d.data()).filter((p) => p.class_package.is_subscription);
}

/** The purchase a processor's payment or order belongs to (provider_ref), if any. */
export async function findPurchaseByProviderRef(store: DocumentStore, providerRef: string, tx?: Transaction): Promise<PurchaseDoc | null> {
  const result = await readQuery(purchases(store).where('provider_ref', '==', providerRef).limit(1), tx);
  return result.docs[0]?.data() ?? null;
}
