import type { DocumentStore, Transaction } from '../store/types';
import { readDoc } from './read';

/**
 * Numeric ids (the spec's clients decide "update when the id is numeric"),
 * allocated from one counter document per collection inside the caller's
 * transaction. A read: call it before the transaction's first write.
 */
export async function allocateId(store: DocumentStore, tx: Transaction, counter: string): Promise<number> {
  const ref = store.doc(`counters/${counter}`);
  const snap = await readDoc(ref, tx);
  const current = snap.exists ? Number(snap.get('value') ?? 0) : 0;
  const next = current + 1;
  tx.set(ref, { value: next });
  return next;
}
