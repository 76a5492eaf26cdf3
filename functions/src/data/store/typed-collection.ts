import type { CollectionReference, DocumentSnapshot, DocumentStore } from './types';

/**
 * The collection at `path`, typed as holding `T` documents. This is the one
 * place where "this collection holds T" is asserted rather than checked: the
 * store cannot know what a path holds, and the documents are not validated on
 * read (Firestore's own `withConverter` is the same unchecked step). Each
 * repository declares its collections once with it, e.g.
 * `const purchases = (store: DocumentStore) => typedCollection<PurchaseDoc>(store, 'purchases')`,
 * and builds its references and queries from that; reads then come back typed
 * and writes are checked against `T`, with no cast in the repository.
 */
export function typedCollection<T extends object>(store: DocumentStore, path: string): CollectionReference<T> {
  // Unchecked by design (see above).
  return store.collection(path) as CollectionReference<T>;
}

/**
 * A trigger's snapshot (either side of a DocumentChangeEvent) of a document in
 * a collection that holds `T`: the trigger's document pattern says which, as
 * typedCollection's path does, and is as unchecked.
 */
export function typedSnapshot<T extends object>(snapshot: DocumentSnapshot | null): DocumentSnapshot<T> | null {
  return snapshot as DocumentSnapshot<T> | null;
}
