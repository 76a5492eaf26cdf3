import type { DocumentStore, Transaction } from '../store/types';
import { readDoc } from './read';

/** discounts/{discount_id}. `code` is stored upper-case; discount_codes/{code} keeps it unique. */
export interface DiscountDoc {
  discount_id: number;
  code: string;
  is_percent: boolean;
  /** Percent (1–100) or MXN. */
  amount: number;
  first_invoice_only: boolean;
  valid_from: Date | null;
  /** Valid through the end of this instant's calendar day in the studio's time zone. */
  valid_until: Date | null;
  usage_limit: number | null;
  limit_per_customer: number | null;
  /** Empty = every package. */
  class_package_ids: number[];
  /** Uses claimed so far; only recordDiscountUse changes it, with a usage record in the same transaction. */
  times_used: number;
  /** Deleted after being used (ADR 0020): kept for history, its code released. */
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** discount_usages/{auto}: one per claimed use; append-only. */
export interface DiscountUsageDoc {
  discount_id: number;
  code: string;
  customer_id: number;
  purchase_id: number;
  createdAt: Date;
}

/** discounts/{discount_id}/customer_uses/{customer_id}: the per-customer counter a claim reads and bumps. */
export interface DiscountCustomerUsesDoc {
  discount_id: number;
  customer_id: number;
  count: number;
}

const discounts = (store: DocumentStore) => store.collection('discounts');
export const discountRef = (store: DocumentStore, id: number) => store.doc(`discounts/${id}`);
/** discount_codes/{CODE}: the uniqueness guard, and the lookup from a code to its discount. */
const codeRef = (store: DocumentStore, code: string) => store.doc(`discount_codes/${code}`);
const customerUsesRef = (store: DocumentStore, discountId: number, customerId: number) => store.doc(`discounts/${discountId}/customer_uses/${customerId}`);

export async function getDiscount(store: DocumentStore, id: number, tx?: Transaction): Promise<DiscountDoc | null> {
  const snap = await readDoc(discountRef(store, id), tx);
  return snap.exists ? (snap.data() as unknown as DiscountDoc) : null;
}

/** `code` must already be normalised (upper-case, pattern-checked). */
export async function getCodeOwner(store: DocumentStore, code: string, tx?: Transaction): Promise<number | null> {
  const snap = await readDoc(codeRef(store, code), tx);
  return snap.exists ? Number(snap.get('discount_id')) : null;
}

export async function listDiscounts(store: DocumentStore): Promise<DiscountDoc[]> {
  const result = await discounts(store).get();
  return result.docs.map((doc) => doc.data() as unknown as DiscountDoc);
}

export function createDiscount(store: DocumentStore, tx: Transaction, doc: DiscountDoc): void {
  tx.create(discountRef(store, doc.discount_id), { ...doc });
  tx.create(codeRef(store, doc.code), { discount_id: doc.discount_id });
}

export function replaceDiscount(store: DocumentStore, tx: Transaction, before: DiscountDoc, after: DiscountDoc): void {
  tx.set(discountRef(store, after.discount_id), { ...after });
  if (before.code !== after.code) {
    tx.delete(codeRef(store, before.code));
    tx.create(codeRef(store, after.code), { discount_id: after.discount_id });
  }
}

export function deleteDiscount(store: DocumentStore, tx: Transaction, doc: DiscountDoc): void {
  tx.delete(discountRef(store, doc.discount_id));
  tx.delete(codeRef(store, doc.code));
}

/** Keeps the document (its uses point at it) and frees the code for a future discount. */
export function archiveDiscount(store: DocumentStore, tx: Transaction, doc: DiscountDoc, at: Date): void {
  tx.set(discountRef(store, doc.discount_id), { ...doc, archivedAt: at, updatedAt: at });
  tx.delete(codeRef(store, doc.code));
}

export async function getCustomerUses(store: DocumentStore, discountId: number, customerId: number, tx?: Transaction): Promise<number> {
  const snap = await readDoc(customerUsesRef(store, discountId, customerId), tx);
  return snap.exists ? Number(snap.get('count') ?? 0) : 0;
}

/**
 * Writes one use: the usage record, the discount's counter and the
 * customer's counter. The caller read both counters in this transaction
 * (getDiscount, getCustomerUses) and passes what it read.
 */
export function recordDiscountUse(store: DocumentStore, tx: Transaction, discount: DiscountDoc, customerUsesBefore: number, usage: DiscountUsageDoc): void {
  tx.create(store.collection('discount_usages').doc(), { ...usage });
  tx.update(discountRef(store, discount.discount_id), { times_used: discount.times_used + 1 });
  tx.set(customerUsesRef(store, discount.discount_id, usage.customer_id), {
    discount_id: discount.discount_id,
    customer_id: usage.customer_id,
    count: customerUsesBefore + 1,
  });
}
