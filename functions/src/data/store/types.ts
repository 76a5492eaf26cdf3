/**
 * The document-store contract. Domain code reaches Firestore only through these
 * types; two implementations exist (firebase-admin Firestore, embedded SQLite).
 * Semantics follow Cloud Firestore; where Firestore would reject something
 * (reads after writes in a transaction, a commit over the 10 MiB request
 * limit — the number of writes is not limited since 2023 —, >1 MiB documents,
 * >40,000 index entries in a document, dates outside the Timestamp range,
 * query shapes it cannot serve, queries without a composite index) both
 * reject it. Limits and their sources: docs/data-layer/README.md.
 *
 * Instants are plain `Date` objects on both sides: writes accept `Date`, reads
 * return `Date` (Firestore Timestamps are converted in the adapter).
 */

export type DocumentData = { [field: string]: unknown };

/*
 * The document type parameters are `T extends object`, not `T extends
 * DocumentData`: a repository's document interface (PurchaseDoc) has no index
 * signature, so it is not a DocumentData. A collection is given its type once,
 * in data/store/typed-collection.ts. Parameters that take any document's
 * reference are `DocumentReference<object>`, which every typed one is.
 */

export type WhereOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'array-contains' | 'array-contains-any' | 'in' | 'not-in';

export type OrderDirection = 'asc' | 'desc';

export interface DocumentSnapshot<T extends object = DocumentData> {
  readonly id: string;
  /** Full path, e.g. `customers/abc`. */
  readonly path: string;
  readonly exists: boolean;
  data(): T | undefined;
  /** Value at a dotted field path, undefined when missing. */
  get(fieldPath: string): unknown;
  readonly createTime: Date | undefined;
  readonly updateTime: Date | undefined;
}

/**
 * A document in a query's result: it exists, so `data()` is never undefined
 * (Firestore's QueryDocumentSnapshot).
 */
export interface QueryDocumentSnapshot<T extends object = DocumentData> extends DocumentSnapshot<T> {
  data(): T;
}

export interface QuerySnapshot<T extends object = DocumentData> {
  readonly docs: QueryDocumentSnapshot<T>[];
  readonly size: number;
  readonly empty: boolean;
}

export interface SetOptions {
  merge?: boolean;
}

/**
 * What set() takes for a T document: its fields, any of them left out (a
 * merge) or given as a field transform (FieldValue.delete() and the like),
 * as Firestore's PartialWithFieldValue. Top-level fields only.
 */
export type SetData<T> = { [K in keyof T]?: T[K] | FieldTransform };

/**
 * Field paths are dotted (`'address.city'`); `'__name__'` is the document id
 * (an id for a collection query, a full path for a collection group).
 */
export interface Query<T extends object = DocumentData> {
  where(fieldPath: string, op: WhereOp, value: unknown): Query<T>;
  orderBy(fieldPath: string, direction?: OrderDirection): Query<T>;
  limit(n: number): Query<T>;
  limitToLast(n: number): Query<T>;
  offset(n: number): Query<T>;
  /** Cursor by field values (matching the orderBy clauses) or by a snapshot. */
  startAt(...fieldValuesOrSnapshot: unknown[]): Query<T>;
  startAfter(...fieldValuesOrSnapshot: unknown[]): Query<T>;
  endAt(...fieldValuesOrSnapshot: unknown[]): Query<T>;
  endBefore(...fieldValuesOrSnapshot: unknown[]): Query<T>;
  get(): Promise<QuerySnapshot<T>>;
  /** Aggregation count, honouring filters and limit. */
  count(): Promise<number>;
}

export interface CollectionReference<T extends object = DocumentData> extends Query<T> {
  readonly id: string;
  readonly path: string;
  /** A reference to a child document; an auto-generated id when omitted. */
  doc(id?: string): DocumentReference<T>;
  add(data: T): Promise<DocumentReference<T>>;
}

export interface DocumentReference<T extends object = DocumentData> {
  readonly id: string;
  readonly path: string;
  readonly parent: CollectionReference<T>;
  collection(id: string): CollectionReference;
  get(): Promise<DocumentSnapshot<T>>;
  /** Fails with `already-exists` when the document exists. */
  create(data: T): Promise<void>;
  set(data: SetData<T>, options?: SetOptions): Promise<void>;
  /** Fails with `not-found` when the document does not exist. Dotted keys address nested fields. */
  update(data: DocumentData): Promise<void>;
  delete(): Promise<void>;
}

export interface Transaction {
  get<T extends object>(ref: DocumentReference<T>): Promise<DocumentSnapshot<T>>;
  get<T extends object>(query: Query<T>): Promise<QuerySnapshot<T>>;
  getAll<T extends object>(...refs: DocumentReference<T>[]): Promise<DocumentSnapshot<T>[]>;
  create<T extends object>(ref: DocumentReference<T>, data: NoInfer<T>): Transaction;
  set<T extends object>(ref: DocumentReference<T>, data: NoInfer<SetData<T>>, options?: SetOptions): Transaction;
  update(ref: DocumentReference<object>, data: DocumentData): Transaction;
  delete(ref: DocumentReference<object>): Transaction;
}

export interface WriteBatch {
  create<T extends object>(ref: DocumentReference<T>, data: NoInfer<T>): WriteBatch;
  set<T extends object>(ref: DocumentReference<T>, data: NoInfer<SetData<T>>, options?: SetOptions): WriteBatch;
  update(ref: DocumentReference<object>, data: DocumentData): WriteBatch;
  delete(ref: DocumentReference<object>): WriteBatch;
  commit(): Promise<void>;
}

export interface TransactionOptions {
  /** Attempts before giving up with `aborted`; Firestore's default is 5. */
  maxAttempts?: number;
}

export interface DocumentStore {
  /** Which implementation this is; for logs and benchmarks only. */
  readonly kind: 'firestore' | 'local';
  collection(path: string): CollectionReference;
  doc(path: string): DocumentReference;
  collectionGroup(collectionId: string): Query;
  getAll<T extends object>(...refs: DocumentReference<T>[]): Promise<DocumentSnapshot<T>[]>;
  /**
   * Runs `fn` atomically. `fn` may run more than once (contention), so it must
   * not have side effects beyond the transaction object.
   */
  runTransaction<R>(fn: (tx: Transaction) => Promise<R>, options?: TransactionOptions): Promise<R>;
  batch(): WriteBatch;
  /** Releases connections; the store cannot be used afterwards. */
  close(): Promise<void>;
}

/** Field transforms, usable in create/set/update on both implementations. */
export type FieldTransform =
  | { readonly __transform: 'serverTimestamp' }
  | { readonly __transform: 'increment'; readonly by: number }
  | { readonly __transform: 'arrayUnion'; readonly elements: readonly unknown[] }
  | { readonly __transform: 'arrayRemove'; readonly elements: readonly unknown[] }
  | { readonly __transform: 'delete' };

export const FieldValue = {
  serverTimestamp: (): FieldTransform => ({ __transform: 'serverTimestamp' }),
  increment: (by: number): FieldTransform => ({ __transform: 'increment', by }),
  arrayUnion: (...elements: unknown[]): FieldTransform => ({ __transform: 'arrayUnion', elements }),
  arrayRemove: (...elements: unknown[]): FieldTransform => ({ __transform: 'arrayRemove', elements }),
  delete: (): FieldTransform => ({ __transform: 'delete' }),
} as const;

const transformKinds: ReadonlySet<unknown> = new Set(['serverTimestamp', 'increment', 'arrayUnion', 'arrayRemove', 'delete']);

export function isFieldTransform(value: unknown): value is FieldTransform {
  // Checking the kind, not just the key, keeps an ordinary map that happens to
  // have a `__transform` field from being taken for a sentinel.
  return typeof value === 'object' && value !== null && transformKinds.has((value as { __transform?: unknown }).__transform);
}

/** Error codes mirror gRPC/Firestore status names. */
export type StoreErrorCode =
  | 'not-found'
  | 'already-exists'
  | 'aborted'
  | 'invalid-argument'
  | 'failed-precondition'
  | 'resource-exhausted'
  | 'deadline-exceeded'
  | 'unavailable'
  | 'internal';

export class StoreError extends Error {
  readonly code: StoreErrorCode;
  /** `cause` keeps the underlying SDK or SQLite error for logs. */
  constructor(code: StoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreError';
    this.code = code;
  }
}

/** One committed change to one document, as a Firestore `onDocumentWritten` trigger sees it. */
export interface DocumentChangeEvent {
  /** Unique per change; a handler may see the same id more than once (at-least-once delivery). */
  readonly eventId: string;
  /** Wildcard values from the trigger's document pattern, e.g. `{ mailId: 'abc' }`. */
  readonly params: Record<string, string>;
  readonly before: DocumentSnapshot | null;
  readonly after: DocumentSnapshot | null;
  readonly time: Date;
}

export type DocumentChangeHandler = (event: DocumentChangeEvent) => Promise<void>;

export interface DocumentTrigger {
  /** Stable name; the deployed function is exported under it. */
  readonly name: string;
  /** Firestore document pattern, e.g. `mail/{mailId}`. */
  readonly document: string;
  readonly handler: DocumentChangeHandler;
}
