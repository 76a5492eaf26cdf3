import type { CatalogueCollection } from '@studio/shared/error-codes';
import { type CatalogueRecord, createRecord, getRecord, listRecords, replaceRecord } from '../../data/repos/catalogue-repo';
import { allocateId } from '../../data/repos/counters-repo';
import type { Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';

type Stamps = keyof CatalogueRecord;
/** The stored fields a resource computes from input: everything but the id and the timestamps. */
export type Editable<Doc, K extends string> = Omit<Doc, K | Stamps>;

/**
 * One catalogue resource: where it is stored, how validated input becomes the
 * stored fields, how a record is shown, and the rules that may refuse a write.
 * The generic operations below do the rest the same way for every resource.
 */
export interface CatalogueResource<K extends string, Doc extends CatalogueRecord & Record<K, number>, Dto, Input> {
  /** Collection and counter name (ADR 0004); also the prefix of error codes. */
  collection: CatalogueCollection;
  idField: K;
  notFound: string;
  /** Ids up to this one are kept for records the system defines; created records get higher ones. */
  reservedIds?: number;
  /**
   * Stored fields from validated input. On update (`before` set) an omitted
   * optional field keeps its value and null clears it.
   */
  fields(input: Input, before: Doc | null): Editable<Doc, K>;
  toDto(doc: Doc): Dto;
  /** List order; by id when absent. */
  compare?(a: Doc, b: Doc): number;
  /** Reads in the write's transaction, before any write, that may refuse it (AppError). */
  checkSave?(deps: Deps, tx: Transaction, next: Editable<Doc, K>, before: Doc | null): Promise<void>;
  /** Same, before archiving (ADR 0010: refuse while upcoming classes or active packages use the record). */
  checkDelete?(deps: Deps, tx: Transaction, doc: Doc): Promise<void>;
}

/** Function properties, not methods: TypeScript checks their parameters strictly, so a resource's operations must accept what its schemas return. */
export interface CrudOperations<Dto, CreateInput, UpdateInput, Query = unknown> {
  /** `query` is the list route's validated query string; resources without one get none. */
  list: (deps: Deps, query?: Query) => Promise<Dto[]>;
  get: (deps: Deps, id: number) => Promise<Dto>;
  create: (deps: Deps, input: CreateInput) => Promise<Dto>;
  update: (deps: Deps, input: UpdateInput) => Promise<Dto>;
  remove: (deps: Deps, id: number) => Promise<void>;
}

const notFoundError = (r: { collection: CatalogueCollection; notFound: string }) => new AppError('not-found', `${r.collection}/not-found`, r.notFound);
const isLive = (doc: CatalogueRecord) => !doc.deletedAt;

/** Live records, in the resource's order; `where` narrows by one field's value. */
export async function listLiveDocs<K extends string, Doc extends CatalogueRecord & Record<K, number>, Dto, Input>(
  deps: Deps,
  r: CatalogueResource<K, Doc, Dto, Input>,
  where?: { field: string; value: unknown },
): Promise<Doc[]> {
  const docs = (await listRecords<Doc>(deps.store, r.collection, where)).filter(isLive);
  const byId = (a: Doc, b: Doc) => a[r.idField] - b[r.idField];
  return docs.sort(r.compare ?? byId);
}

/** A live record or 404 (archived records are gone as far as the API is concerned). */
export async function getLiveDoc<K extends string, Doc extends CatalogueRecord & Record<K, number>, Dto, Input>(
  deps: Deps,
  r: CatalogueResource<K, Doc, Dto, Input>,
  id: number,
  tx?: Transaction,
): Promise<Doc> {
  const doc = await getRecord<Doc>(deps.store, r.collection, id, tx);
  if (!doc || !isLive(doc)) throw notFoundError(r);
  return doc;
}

export async function createDoc<K extends string, Doc extends CatalogueRecord & Record<K, number>, Dto, Input>(
  deps: Deps,
  r: CatalogueResource<K, Doc, Dto, Input>,
  input: Input,
): Promise<Doc> {
  return deps.store.runTransaction(async (tx) => {
    const fields = r.fields(input, null);
    await r.checkSave?.(deps, tx, fields, null);
    const id = await allocateId(deps.store, tx, r.collection, r.reservedIds ?? 0);
    const now = deps.now();
    // Omit<Doc, K | Stamps> plus the id and the stamps is a Doc, but TypeScript cannot rebuild a generic from an Omit and a computed key.
    const doc = { ...fields, [r.idField]: id, createdAt: now, updatedAt: now, deletedAt: null } as unknown as Doc;
    createRecord(deps.store, tx, r.collection, id, doc);
    return doc;
  });
}

export async function updateDoc<K extends string, Doc extends CatalogueRecord & Record<K, number>, Dto, Input>(
  deps: Deps,
  r: CatalogueResource<K, Doc, Dto, Input>,
  input: Input & Record<K, number>,
): Promise<Doc> {
  const id = input[r.idField];
  return deps.store.runTransaction(async (tx) => {
    const before = await getLiveDoc(deps, r, id, tx);
    const fields = r.fields(input, before);
    await r.checkSave?.(deps, tx, fields, before);
    const doc: Doc = { ...before, ...fields, updatedAt: deps.now() };
    replaceRecord(deps.store, tx, r.collection, id, doc);
    return doc;
  });
}

/** Deleting archives (ADR 0010); a second delete is a 404 like any unknown record. */
export async function archiveDoc<K extends string, Doc extends CatalogueRecord & Record<K, number>, Dto, Input>(
  deps: Deps,
  r: CatalogueResource<K, Doc, Dto, Input>,
  id: number,
): Promise<void> {
  await deps.store.runTransaction(async (tx) => {
    const doc = await getLiveDoc(deps, r, id, tx);
    await r.checkDelete?.(deps, tx, doc);
    const now = deps.now();
    replaceRecord(deps.store, tx, r.collection, id, { ...doc, updatedAt: now, deletedAt: now });
  });
}

/** The five operations of a plain resource, answering its DTOs. */
export function crudOperations<K extends string, Doc extends CatalogueRecord & Record<K, number>, Dto, Input>(
  r: CatalogueResource<K, Doc, Dto, Input>,
): CrudOperations<Dto, Input, Input & Record<K, number>> {
  const show = (doc: Doc) => r.toDto(doc);
  return {
    list: async (deps) => (await listLiveDocs(deps, r)).map(show),
    get: async (deps, id) => show(await getLiveDoc(deps, r, id)),
    create: async (deps, input) => show(await createDoc(deps, r, input)),
    update: async (deps, input) => show(await updateDoc(deps, r, input)),
    remove: (deps, id) => archiveDoc(deps, r, id),
  };
}
