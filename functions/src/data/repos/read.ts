import type { DocumentReference, DocumentSnapshot, Query, QuerySnapshot, Transaction } from '../store/types';

/** Reads through the transaction when there is one, so repositories serve both cases. */
export function readDoc<T extends object>(ref: DocumentReference<T>, tx?: Transaction): Promise<DocumentSnapshot<T>> {
  return tx ? tx.get(ref) : ref.get();
}

export function readQuery<T extends object>(query: Query<T>, tx?: Transaction): Promise<QuerySnapshot<T>> {
  return tx ? tx.get(query) : query.get();
}
