import { typedCollection } from '../store/typed-collection';
import type { DocumentStore, Transaction } from '../store/types';

/** What an earlier attempt under the key already wrote and a later one must answer again, not repeat. */
export interface IdempotencyBinding {
  type: 'purchase';
  id: number;
}

/**
 * idempotency_keys/{id}: one request's `Idempotency-Key` (ADR 0101). The id is
 * a digest of caller, route and key, so every caller has documents of their
 * own: a rush of buyers never writes one document twice (ADR 0009).
 */
export interface IdempotencyRecordDoc {
  uid: string;
  route: string;
  /** Digest of the validated request body: the same key with another body is refused. */
  fingerprint: string;
  state: 'pending' | 'done';
  /** The attempt holding the key; one that lost it (its lease ran out and a retry took over) writes nothing. */
  token: string;
  /** Until when a pending attempt is taken to be working; afterwards a retry may take over. */
  leaseUntil: Date;
  binding: IdempotencyBinding | null;
  /** The answer, once done: its status and its JSON text, replayed as they were. */
  status: number | null;
  answer: string | null;
  /** A Firestore TTL policy on expireAt deletes old keys (firestore.indexes.json); readers also ignore expired ones. */
  expireAt: Date;
}

const recordRef = (store: DocumentStore, id: string) => typedCollection<IdempotencyRecordDoc>(store, 'idempotency_keys').doc(id);

export async function getIdempotencyRecord(store: DocumentStore, tx: Transaction, id: string): Promise<IdempotencyRecordDoc | null> {
  const snap = await tx.get(recordRef(store, id));
  return snap.data() ?? null;
}

export function writeIdempotencyRecord(store: DocumentStore, tx: Transaction, id: string, doc: IdempotencyRecordDoc): void {
  tx.set(recordRef(store, id), { ...doc });
}

/** Changes some fields of a record the caller read in this transaction. */
export function updateIdempotencyRecord(store: DocumentStore, tx: Transaction, id: string, fields: Partial<IdempotencyRecordDoc>): void {
  tx.update(recordRef(store, id), { ...fields });
}

export function deleteIdempotencyRecord(store: DocumentStore, tx: Transaction, id: string): void {
  tx.delete(recordRef(store, id));
}
