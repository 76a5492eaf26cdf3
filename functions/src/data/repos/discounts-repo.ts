import { typedCollection } from '../store/typed-collection';
import type { DocumentStore, Transaction } from '../store/types';
import { anyNumberTaken, countTakenNumbers, findFreeNumber, listTakenNumbers, moveNumber, type NumberSpace, takeNumber } from './number-claims';
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
  /**
   * Uses counted before uses became documents (the seed's, or set by hand);
   * claims never change it (ADR 0009). Uses so far = this + the documents in
   * discounts/{id}/uses (discountUsesSoFar); the wire's `times_used` is that sum.
   */
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

/**
 * discounts/{discount_id}/uses/{n}: the n-th use of the code, created once by
 * the claim that took it (ADR 0009). A limited code has numbers
 * times_used+1 … usage_limit, so it cannot be claimed more often than that.
 */
export interface DiscountUseDoc extends DiscountUsageDoc {
  n: number;
}

/** discounts/{discount_id}/customer_uses/{customer_id}: the per-customer counter a claim reads and bumps. */
export interface DiscountCustomerUsesDoc {
  discount_id: number;
  customer_id: number;
  count: number;
}

const discounts = (store: DocumentStore) => typedCollection<DiscountDoc>(store, 'discounts');
export const discountRef = (store: DocumentStore, id: number) => discounts(store).doc(String(id));
/** discount_codes/{CODE}: the uniqueness guard, and the lookup from a code to its discount. */
const codeRef = (store: DocumentStore, code: string) => store.doc(`discount_codes/${code}`);
const customerUsesRef = (store: DocumentStore, discountId: number, customerId: number) => store.doc(`discounts/${discountId}/customer_uses/${customerId}`);

export async function getDiscount(store: DocumentStore, id: number, tx?: Transaction): Promise<DiscountDoc | null> {
  const snap = await readDoc(discountRef(store, id), tx);
  return snap.data() ?? null;
}

/** `code` must already be normalised (upper-case, pattern-checked). */
export async function getCodeOwner(store: DocumentStore, code: string, tx?: Transaction): Promise<number | null> {
  const snap = await readDoc(codeRef(store, code), tx);
  return snap.exists ? Number(snap.get('discount_id')) : null;
}

export async function listDiscounts(store: DocumentStore): Promise<DiscountDoc[]> {
  const result = await discounts(store).get();
  return result.docs.map((doc) => doc.data());
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

/** The numbers a discount's uses take: above its stored times_used, up to its usage_limit (none: unlimited). */
export const discountUseSpace = (discount: Pick<DiscountDoc, 'discount_id' | 'times_used' | 'usage_limit'>): NumberSpace => ({
  collection: `discounts/${discount.discount_id}/uses`,
  floor: discount.times_used,
  max: discount.usage_limit,
});

/**
 * A free use number for this claim, read inside `tx` (a racer taking it
 * first makes the claim retry), chosen by `seed` (the customer) so that
 * concurrent claims mostly read different documents; null when every use of
 * a limited code is taken. Call it after the transaction's other reads.
 */
export function findFreeUseNumber(store: DocumentStore, tx: Transaction, discount: DiscountDoc, seed: string): Promise<number | null> {
  return findFreeNumber(store, tx, discountUseSpace(discount), seed);
}

/**
 * Writes one use: its numbered use document, the usage record and the
 * customer's counter. The caller read the number (findFreeUseNumber) and the
 * customer's counter (getCustomerUses) in this transaction and passes what it
 * read. The discount document itself is not written: a popular code is read
 * by every claim and written by none (ADR 0009).
 */
export function recordDiscountUse(
  store: DocumentStore,
  tx: Transaction,
  discount: DiscountDoc,
  useNumber: number,
  customerUsesBefore: number,
  usage: DiscountUsageDoc,
): void {
  takeNumber(store, tx, discountUseSpace(discount), useNumber, { ...usage });
  tx.create(store.collection('discount_usages').doc(), { ...usage });
  tx.set(customerUsesRef(store, discount.discount_id, usage.customer_id), {
    discount_id: discount.discount_id,
    customer_id: usage.customer_id,
    count: customerUsesBefore + 1,
  });
}

/** A purchase's claimed use, read before it is given back: the use document (null if none) and the customer's counter. */
export interface HeldDiscountUse {
  discountId: number;
  customerId: number;
  usePath: string | null;
  customerUses: number;
}

/**
 * Reads, inside `tx`, the use a purchase claimed (found by purchase_id, since
 * a lowered usage_limit may have moved it to another number) and the
 * customer's counter, so releaseDiscountUse can give it back.
 */
export async function readDiscountUseOf(
  store: DocumentStore,
  tx: Transaction,
  discountId: number,
  purchaseId: number,
  customerId: number,
): Promise<HeldDiscountUse> {
  const uses = await tx.get(store.collection(`discounts/${discountId}/uses`).where('purchase_id', '==', purchaseId).limit(1));
  const customerUses = await getCustomerUses(store, discountId, customerId, tx);
  return { discountId, customerId, usePath: uses.empty ? null : `discounts/${discountId}/uses/${uses.docs[0]?.id}`, customerUses };
}

/**
 * Gives a use back when its purchase ended unpaid: the number becomes free for
 * the next claim and the customer's counter drops. The discount_usages record
 * stays (history of the claim); the use count the API shows is the use
 * documents', so it drops too.
 */
export function releaseDiscountUse(store: DocumentStore, tx: Transaction, held: HeldDiscountUse): void {
  if (held.usePath === null) return;
  tx.delete(store.doc(held.usePath));
  tx.set(customerUsesRef(store, held.discountId, held.customerId), {
    discount_id: held.discountId,
    customer_id: held.customerId,
    count: Math.max(0, held.customerUses - 1),
  });
}

/** Uses claimed so far: the stored times_used plus the use documents (an aggregation, no lock). */
export async function discountUsesSoFar(store: DocumentStore, discount: DiscountDoc): Promise<number> {
  return discount.times_used + (await countTakenNumbers(store, discountUseSpace(discount)));
}

/** Whether the discount was ever used, read inside `tx`. */
export async function wasDiscountUsed(store: DocumentStore, tx: Transaction, discount: DiscountDoc): Promise<boolean> {
  return discount.times_used > 0 || anyNumberTaken(store, tx, discountUseSpace(discount));
}

/** Use documents moved so that a lowered usage_limit stays exact (bounded to keep the transaction under 500 writes). */
export const MAX_USE_MOVES = 200;

export interface UseRelocation {
  moves: Array<{ from: number; to: number; data: Record<string, unknown> }>;
}

/**
 * When an edit lowers usage_limit (or sets one), uses numbered above the new
 * limit would leave free numbers below it that claims could still take, so
 * the code would be used more often than its limit. This plans moving those
 * uses into the free numbers below (reads in `tx`; an admin action, rare):
 * afterwards the free numbers up to the limit are exactly what is left.
 * Claims pick low numbers, so there is usually little or nothing to move.
 */
export async function planUseRelocation(store: DocumentStore, tx: Transaction, before: DiscountDoc, after: DiscountDoc): Promise<UseRelocation> {
  const limit = after.usage_limit;
  if (limit === null || (before.usage_limit !== null && limit >= before.usage_limit)) return { moves: [] };
  const space = discountUseSpace(after);
  const taken = await listTakenNumbers(store, space, space.floor, tx);
  const numbers = new Set(taken.map((t) => t.n));
  const above = taken.filter((t) => t.n > limit).sort((a, b) => b.n - a.n);
  const free: number[] = [];
  for (let n = space.floor + 1; n <= limit && free.length < Math.min(above.length, MAX_USE_MOVES); n++) if (!numbers.has(n)) free.push(n);
  return { moves: free.map((to, i) => ({ from: (above[i] as { n: number }).n, to, data: (above[i] as { data: Record<string, unknown> }).data })) };
}

export function applyUseRelocation(store: DocumentStore, tx: Transaction, discount: DiscountDoc, plan: UseRelocation): void {
  for (const move of plan.moves) moveNumber(store, tx, discountUseSpace(discount), move.from, move.to, move.data);
}
