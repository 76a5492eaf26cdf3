import { at } from '../../domain/at';
import { typedCollection } from '../store/typed-collection';
import type { DocumentStore, Transaction } from '../store/types';
import { readDoc, readQuery } from './read';

/**
 * available_classes/{available_class_id}: one lot of credits from one purchase
 * (or one class-type entry of it). `available_classes` is what is left; -1 is
 * unlimited. Only services/credits/ledger.ts changes it, always with a ledger entry.
 */
export interface AvailableClassDoc {
  available_class_id: number;
  customer_id: number;
  uid: string;
  purchase_id: number | null;
  class_package_id: number | null;
  available_classes: number;
  initial_classes: number;
  expiration_date: Date | null;
  /** Restricted to one class type; null = any in-person class type. */
  class_type_id: number | null;
  class_types: number[];
  allowed_times: unknown;
  /** An online (video) membership instead of in-person credits. */
  is_online: boolean;
  status: 'active' | 'revoked';
  /** Granted before its cash purchase was paid (cash_booking_before_payment): what it books shows 'Pago en Efectivo Incompleto'. */
  awaiting_payment?: boolean;
  cancels_used: number;
  createdAt: Date;
  updatedAt: Date;
}

export type LedgerKind = 'grant' | 'revoke' | 'remove' | 'book' | 'refund' | 'late-cancel' | 'class-cancelled' | 'adjust';

export interface LedgerActor {
  uid: string | null;
  role: 'admin' | 'customer' | 'system';
}

/** credit_ledger/{auto}: append-only; never updated or deleted. */
export interface LedgerEntryDoc {
  customer_id: number;
  uid: string;
  available_class_id: number;
  purchase_id: number | null;
  kind: LedgerKind;
  /** Change of the lot's count; 0 for unlimited lots (their grant and revoke are still recorded). */
  delta: number;
  /** The lot's count after this entry (-1 for unlimited, 0 once revoked). */
  balance_after: number;
  unlimited: boolean;
  actor: LedgerActor;
  reason: string | null;
  reference: { type: string; id: number | string } | null;
  createdAt: Date;
}

const lots = (store: DocumentStore) => typedCollection<AvailableClassDoc>(store, 'available_classes');
const ledger = (store: DocumentStore) => typedCollection<LedgerEntryDoc>(store, 'credit_ledger');
export const lotRef = (store: DocumentStore, id: number) => lots(store).doc(String(id));

export async function getLot(store: DocumentStore, id: number, tx?: Transaction): Promise<AvailableClassDoc | null> {
  const snap = await readDoc(lotRef(store, id), tx);
  return snap.data() ?? null;
}

/** The lots among `ids` that exist, by id, in one batched read (through the transaction when there is one). */
export async function getLots(store: DocumentStore, ids: readonly number[], tx?: Transaction): Promise<Map<number, AvailableClassDoc>> {
  const unique = [...new Set(ids)];
  const found = new Map<number, AvailableClassDoc>();
  if (unique.length === 0) return found;
  const refs = unique.map((id) => lotRef(store, id));
  const snaps = tx ? await tx.getAll(...refs) : await store.getAll(...refs);
  snaps.forEach((snap, index) => {
    const lot = snap.data();
    if (lot !== undefined) found.set(at(unique, index), lot);
  });
  return found;
}

export async function listLotsOfCustomer(store: DocumentStore, customerId: number, tx?: Transaction): Promise<AvailableClassDoc[]> {
  const result = await readQuery(lots(store).where('customer_id', '==', customerId), tx);
  return result.docs.map((d) => d.data());
}

export async function listLotsOfPurchase(store: DocumentStore, purchaseId: number, tx?: Transaction): Promise<AvailableClassDoc[]> {
  const result = await readQuery(lots(store).where('purchase_id', '==', purchaseId), tx);
  return result.docs.map((d) => d.data());
}

export async function listLotsOfUid(store: DocumentStore, uid: string): Promise<AvailableClassDoc[]> {
  const result = await lots(store).where('uid', '==', uid).get();
  return result.docs.map((d) => d.data());
}

export function writeLot(store: DocumentStore, tx: Transaction, lot: AvailableClassDoc): void {
  tx.set(lotRef(store, lot.available_class_id), { ...lot });
}

/** A new lot; fails the transaction if the id is taken, so a grant never overwrites credits. */
export function createLot(store: DocumentStore, tx: Transaction, lot: AvailableClassDoc): void {
  tx.create(lotRef(store, lot.available_class_id), { ...lot });
}

export function appendLedgerEntry(store: DocumentStore, tx: Transaction, entry: LedgerEntryDoc): void {
  tx.create(ledger(store).doc(), { ...entry });
}

/** A customer's entries with their document ids (unordered: callers sort, so no composite index is needed). */
export async function listLedgerOfCustomer(store: DocumentStore, customerId: number, tx?: Transaction): Promise<Array<LedgerEntryDoc & { id: string }>> {
  const result = await readQuery(ledger(store).where('customer_id', '==', customerId), tx);
  return result.docs.map((d) => ({ ...d.data(), id: d.id }));
}

/** Online-membership lots of an identity (two equalities: served by single-field indexes). */
export async function listOnlineLotsOfUid(store: DocumentStore, uid: string): Promise<AvailableClassDoc[]> {
  const result = await lots(store).where('uid', '==', uid).where('is_online', '==', true).get();
  return result.docs.map((d) => d.data());
}

/** Lots whose expiry falls in [from, to) (any status): the dashboard's credits that expired unused. */
export async function listLotsExpiringBetween(store: DocumentStore, from: Date, to: Date): Promise<AvailableClassDoc[]> {
  const result = await lots(store).where('expiration_date', '>=', from).where('expiration_date', '<', to).get();
  return result.docs.map((d) => d.data());
}
