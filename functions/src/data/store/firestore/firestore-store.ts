import type * as admin from 'firebase-admin/firestore';
import { firestoreSdk } from '../../firebase-admin-sdks';
import type {
  CollectionReference,
  DocumentData,
  DocumentReference,
  DocumentSnapshot,
  DocumentStore,
  OrderDirection,
  Query,
  QueryDocumentSnapshot,
  QuerySnapshot,
  SetData,
  SetOptions,
  Transaction,
  TransactionOptions,
  WhereOp,
  WriteBatch,
} from '../types';
import { StoreError } from '../types';
import { fromFirestoreValue, isGrpcError, sdk, sdkAsync, sdkInTransaction, toFirestoreValue, toStoreError } from './firestore-values';

/**
 * DocumentStore over firebase-admin's Firestore. A thin translation layer:
 * Firestore itself enforces every rule (reads before writes, limits, indexes);
 * this file only converts values and errors and keeps the SDK types out of
 * domain code.
 */

const DOCUMENT_ID = '__name__';

type AdminData = admin.DocumentData;

function fieldPathOf(path: string): string | admin.FieldPath {
  return path === DOCUMENT_ID ? firestoreSdk().FieldPath.documentId() : path;
}

export class FirestoreDocumentSnapshot<T extends object = DocumentData> implements DocumentSnapshot<T> {
  readonly native: admin.DocumentSnapshot;

  constructor(native: admin.DocumentSnapshot) {
    this.native = native;
  }

  get id(): string {
    return this.native.id;
  }

  get path(): string {
    return this.native.ref.path;
  }

  get exists(): boolean {
    return this.native.exists;
  }

  data(): T | undefined {
    const data = this.native.data();
    return data === undefined ? undefined : (fromFirestoreValue(data) as T);
  }

  get(fieldPath: string): unknown {
    return fromFirestoreValue(sdk(() => this.native.get(fieldPathOf(fieldPath)) as unknown));
  }

  get createTime(): Date | undefined {
    return this.native.createTime?.toDate();
  }

  get updateTime(): Date | undefined {
    return this.native.updateTime?.toDate();
  }
}

/** A query's document: the SDK's QueryDocumentSnapshot always has data. A subclass, so a cursor built from it is still a FirestoreDocumentSnapshot. */
class FirestoreQueryDocumentSnapshot<T extends object = DocumentData> extends FirestoreDocumentSnapshot<T> implements QueryDocumentSnapshot<T> {
  declare readonly native: admin.QueryDocumentSnapshot;

  constructor(native: admin.QueryDocumentSnapshot) {
    super(native);
  }

  override data(): T {
    return fromFirestoreValue(this.native.data()) as T;
  }
}

function wrapQuerySnapshot<T extends object>(native: admin.QuerySnapshot): QuerySnapshot<T> {
  const docs = native.docs.map((doc) => new FirestoreQueryDocumentSnapshot<T>(doc));
  return { docs, size: docs.length, empty: docs.length === 0 };
}

function nativeRef(ref: unknown, what: string): admin.DocumentReference {
  if (ref instanceof FirestoreDocumentReference) return ref.native;
  throw new StoreError('invalid-argument', `${what}: the reference does not belong to this Firestore store.`);
}

/** Query operands: our references become admin references; sentinels become admin FieldValues (which the SDK then rejects). */
function queryValue(value: unknown): unknown {
  if (value instanceof FirestoreDocumentReference) return value.native;
  if (Array.isArray(value)) return value.map(queryValue);
  return toFirestoreValue(value);
}

function cursorArgs(args: unknown[]): unknown[] {
  if (args.length === 1 && args[0] instanceof FirestoreDocumentSnapshot) return [args[0].native];
  return args.map(queryValue);
}

class FirestoreQuery<T extends object = DocumentData> implements Query<T> {
  readonly native: admin.Query;

  constructor(native: admin.Query) {
    this.native = native;
  }

  private next(build: (native: admin.Query) => admin.Query): Query<T> {
    return new FirestoreQuery<T>(sdk(() => build(this.native)));
  }

  where(fieldPath: string, op: WhereOp, value: unknown): Query<T> {
    return this.next((q) => q.where(fieldPathOf(fieldPath), op, queryValue(value)));
  }

  orderBy(fieldPath: string, direction?: OrderDirection): Query<T> {
    return this.next((q) => q.orderBy(fieldPathOf(fieldPath), direction));
  }

  limit(n: number): Query<T> {
    return this.next((q) => q.limit(n));
  }

  limitToLast(n: number): Query<T> {
    return this.next((q) => q.limitToLast(n));
  }

  offset(n: number): Query<T> {
    return this.next((q) => q.offset(n));
  }

  startAt(...fieldValuesOrSnapshot: unknown[]): Query<T> {
    return this.next((q) => q.startAt(...cursorArgs(fieldValuesOrSnapshot)));
  }

  startAfter(...fieldValuesOrSnapshot: unknown[]): Query<T> {
    return this.next((q) => q.startAfter(...cursorArgs(fieldValuesOrSnapshot)));
  }

  endAt(...fieldValuesOrSnapshot: unknown[]): Query<T> {
    return this.next((q) => q.endAt(...cursorArgs(fieldValuesOrSnapshot)));
  }

  endBefore(...fieldValuesOrSnapshot: unknown[]): Query<T> {
    return this.next((q) => q.endBefore(...cursorArgs(fieldValuesOrSnapshot)));
  }

  async get(): Promise<QuerySnapshot<T>> {
    return wrapQuerySnapshot<T>(await sdkAsync(() => this.native.get()));
  }

  async count(): Promise<number> {
    const snapshot = await sdkAsync(() => this.native.count().get());
    return snapshot.data().count;
  }
}

class FirestoreCollectionReference<T extends object = DocumentData> extends FirestoreQuery<T> implements CollectionReference<T> {
  readonly nativeCollection: admin.CollectionReference;

  constructor(native: admin.CollectionReference) {
    super(native);
    this.nativeCollection = native;
  }

  get id(): string {
    return this.nativeCollection.id;
  }

  get path(): string {
    return this.nativeCollection.path;
  }

  doc(id?: string): DocumentReference<T> {
    return new FirestoreDocumentReference<T>(sdk(() => (id === undefined ? this.nativeCollection.doc() : this.nativeCollection.doc(id))));
  }

  async add(data: T): Promise<DocumentReference<T>> {
    const ref = await sdkAsync(() => this.nativeCollection.add(toFirestoreValue(data) as AdminData));
    return new FirestoreDocumentReference<T>(ref);
  }
}

class FirestoreDocumentReference<T extends object = DocumentData> implements DocumentReference<T> {
  readonly native: admin.DocumentReference;

  constructor(native: admin.DocumentReference) {
    this.native = native;
  }

  get id(): string {
    return this.native.id;
  }

  get path(): string {
    return this.native.path;
  }

  get parent(): CollectionReference<T> {
    return new FirestoreCollectionReference<T>(this.native.parent);
  }

  collection(id: string): CollectionReference {
    return new FirestoreCollectionReference(sdk(() => this.native.collection(id)));
  }

  async get(): Promise<DocumentSnapshot<T>> {
    return new FirestoreDocumentSnapshot<T>(await sdkAsync(() => this.native.get()));
  }

  async create(data: T): Promise<void> {
    await sdkAsync(() => this.native.create(toFirestoreValue(data) as AdminData));
  }

  async set(data: SetData<T>, options?: SetOptions): Promise<void> {
    const converted = toFirestoreValue(data) as AdminData;
    await sdkAsync(() => (options?.merge ? this.native.set(converted, { merge: true }) : this.native.set(converted)));
  }

  async update(data: DocumentData): Promise<void> {
    await sdkAsync(() => this.native.update(toFirestoreValue(data) as admin.UpdateData<AdminData>));
  }

  async delete(): Promise<void> {
    await sdkAsync(() => this.native.delete());
  }
}

class FirestoreTransaction implements Transaction {
  private readonly native: admin.Transaction;

  constructor(native: admin.Transaction) {
    this.native = native;
  }

  get<T extends object>(ref: DocumentReference<T>): Promise<DocumentSnapshot<T>>;
  get<T extends object>(query: Query<T>): Promise<QuerySnapshot<T>>;
  async get(target: DocumentReference<object> | Query<object>): Promise<DocumentSnapshot<object> | QuerySnapshot<object>> {
    if (target instanceof FirestoreQuery) {
      const query = target.native;
      return wrapQuerySnapshot(await sdkInTransaction(() => this.native.get(query)));
    }
    const ref = nativeRef(target, 'tx.get()');
    return new FirestoreDocumentSnapshot(await sdkInTransaction(() => this.native.get(ref)));
  }

  async getAll<T extends object>(...refs: DocumentReference<T>[]): Promise<DocumentSnapshot<T>[]> {
    const natives = refs.map((ref) => nativeRef(ref, 'tx.getAll()'));
    const snapshots = await sdkInTransaction(() => this.native.getAll(...natives));
    return snapshots.map((snapshot) => new FirestoreDocumentSnapshot<T>(snapshot));
  }

  create<T extends object>(ref: DocumentReference<T>, data: NoInfer<T>): Transaction {
    sdk(() => this.native.create(nativeRef(ref, 'tx.create()'), toFirestoreValue(data) as AdminData));
    return this;
  }

  set<T extends object>(ref: DocumentReference<T>, data: NoInfer<SetData<T>>, options?: SetOptions): Transaction {
    const target = nativeRef(ref, 'tx.set()');
    const converted = toFirestoreValue(data) as AdminData;
    sdk(() => (options?.merge ? this.native.set(target, converted, { merge: true }) : this.native.set(target, converted)));
    return this;
  }

  update(ref: DocumentReference<object>, data: DocumentData): Transaction {
    sdk(() => this.native.update(nativeRef(ref, 'tx.update()'), toFirestoreValue(data) as admin.UpdateData<AdminData>));
    return this;
  }

  delete(ref: DocumentReference<object>): Transaction {
    sdk(() => this.native.delete(nativeRef(ref, 'tx.delete()')));
    return this;
  }
}

class FirestoreWriteBatch implements WriteBatch {
  private readonly native: admin.WriteBatch;

  constructor(native: admin.WriteBatch) {
    this.native = native;
  }

  create<T extends object>(ref: DocumentReference<T>, data: NoInfer<T>): WriteBatch {
    sdk(() => this.native.create(nativeRef(ref, 'batch.create()'), toFirestoreValue(data) as AdminData));
    return this;
  }

  set<T extends object>(ref: DocumentReference<T>, data: NoInfer<SetData<T>>, options?: SetOptions): WriteBatch {
    const target = nativeRef(ref, 'batch.set()');
    const converted = toFirestoreValue(data) as AdminData;
    sdk(() => (options?.merge ? this.native.set(target, converted, { merge: true }) : this.native.set(target, converted)));
    return this;
  }

  update(ref: DocumentReference<object>, data: DocumentData): WriteBatch {
    sdk(() => this.native.update(nativeRef(ref, 'batch.update()'), toFirestoreValue(data) as admin.UpdateData<AdminData>));
    return this;
  }

  delete(ref: DocumentReference<object>): WriteBatch {
    sdk(() => this.native.delete(nativeRef(ref, 'batch.delete()')));
    return this;
  }

  async commit(): Promise<void> {
    await sdkAsync(() => this.native.commit());
  }
}

class FirestoreStore implements DocumentStore {
  readonly kind = 'firestore' as const;
  private readonly db: admin.Firestore;

  constructor(db: admin.Firestore) {
    this.db = db;
  }

  collection(path: string): CollectionReference {
    return new FirestoreCollectionReference(sdk(() => this.db.collection(path)));
  }

  doc(path: string): DocumentReference {
    return new FirestoreDocumentReference(sdk(() => this.db.doc(path)));
  }

  collectionGroup(collectionId: string): Query {
    return new FirestoreQuery(sdk(() => this.db.collectionGroup(collectionId)));
  }

  async getAll<T extends object>(...refs: DocumentReference<T>[]): Promise<DocumentSnapshot<T>[]> {
    const natives = refs.map((ref) => nativeRef(ref, 'getAll()'));
    const snapshots = await sdkAsync(() => this.db.getAll(...(natives as [admin.DocumentReference, ...admin.DocumentReference[]])));
    return snapshots.map((snapshot) => new FirestoreDocumentSnapshot<T>(snapshot));
  }

  async runTransaction<R>(fn: (tx: Transaction) => Promise<R>, options?: TransactionOptions): Promise<R> {
    const maxAttempts = options?.maxAttempts;
    if (maxAttempts !== undefined && (!Number.isInteger(maxAttempts) || maxAttempts < 1)) {
      throw new StoreError('invalid-argument', `maxAttempts must be a positive integer, got ${String(maxAttempts)}.`);
    }
    try {
      return await this.db.runTransaction((native) => fn(new FirestoreTransaction(native)), {
        ...(maxAttempts !== undefined ? { maxAttempts } : {}),
      });
    } catch (error) {
      // The callback's own errors come back unchanged; only the SDK's (commit, retries exhausted) are translated.
      if (isGrpcError(error)) throw toStoreError(error);
      throw error;
    }
  }

  batch(): WriteBatch {
    return new FirestoreWriteBatch(this.db.batch());
  }

  async close(): Promise<void> {
    await this.db.terminate();
  }
}

export function createFirestoreStore(db: admin.Firestore): DocumentStore {
  return new FirestoreStore(db);
}
