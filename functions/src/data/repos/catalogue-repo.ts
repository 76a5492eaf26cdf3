import type {
  AddressFields,
  AnnouncementFields,
  ClassCategoryFields,
  ClassTypeFields,
  CustomFieldFields,
  FormFieldFields,
  FormFields,
  InstructorFields,
  LocationFields,
  PaymentMethodFields,
  ProgramFields,
  Stamps,
  TagFields,
  VideoTypeFields,
} from '@studio/shared/types/catalogue';
import { at } from '../../domain/at';
import { typedCollection } from '../store/typed-collection';
import type { DocumentData, DocumentStore, Transaction } from '../store/types';
import { readDoc, readQuery } from './read';

/**
 * Catalogue records live at `{collection}/{id}` (ADR 0004) with the spec's
 * field names (each resource's fields: shared/src/types/catalogue.ts).
 * Deleting archives (ADR 0010): `deletedAt` is set and the record stays, so
 * past classes, purchases and videos still resolve what they pointed to.
 */
export interface CatalogueRecord extends Stamps {
  /** Non-null: archived, invisible to the API. */
  deletedAt: Date | null;
}

export interface LocationDoc extends LocationFields, CatalogueRecord {}
export interface ClassTypeDoc extends ClassTypeFields, CatalogueRecord {}
export interface ClassCategoryDoc extends ClassCategoryFields, CatalogueRecord {}
export interface InstructorDoc extends InstructorFields, CatalogueRecord {}
export interface TagDoc extends TagFields, CatalogueRecord {}
export interface AnnouncementDoc extends AnnouncementFields, CatalogueRecord {}
export interface PaymentMethodDoc extends PaymentMethodFields, CatalogueRecord {}
export interface ProgramDoc extends ProgramFields, CatalogueRecord {}
export interface VideoTypeDoc extends VideoTypeFields, CatalogueRecord {}
export interface CustomFieldDoc extends CustomFieldFields, CatalogueRecord {}

export interface StoredFormField extends FormFieldFields {
  /** Place in the form (0 first); the map below has no order of its own. */
  position: number;
}

export interface FormDoc extends FormFields, CatalogueRecord {
  /**
   * Embedded, keyed by field key (unique by construction): a form and its
   * fields are read and edited together and stay far below 1 MiB (50 fields).
   * A map, not an array, because a field's options and value are arrays.
   */
  form_fields: Record<string, StoredFormField>;
}

/** addresses/{address_id}: personal data, deleted for real (not archived). */
export interface AddressDoc extends AddressFields {
  /** The owner's identity; every read checks it. */
  uid: string;
}

const recordRef = <T extends object = DocumentData>(store: DocumentStore, collection: string, id: number) =>
  typedCollection<T>(store, collection).doc(String(id));

export async function getRecord<T extends object>(store: DocumentStore, collection: string, id: number, tx?: Transaction): Promise<T | null> {
  const snap = await readDoc(recordRef<T>(store, collection, id), tx);
  return snap.data() ?? null;
}

/** Every record of a collection (archived included), optionally those whose `field` equals `value`. Equality only: no composite index. */
export async function listRecords<T extends object>(
  store: DocumentStore,
  collection: string,
  where?: { field: string; value: unknown },
  tx?: Transaction,
): Promise<T[]> {
  const base = typedCollection<T>(store, collection);
  const query = where ? base.where(where.field, '==', where.value) : base;
  const result = await readQuery(query, tx);
  return result.docs.map((doc) => doc.data());
}

export function createRecord(store: DocumentStore, tx: Transaction, collection: string, id: number, doc: object): void {
  tx.create(recordRef(store, collection, id), { ...doc });
}

export function replaceRecord(store: DocumentStore, tx: Transaction, collection: string, id: number, doc: object): void {
  tx.set(recordRef(store, collection, id), { ...doc });
}

export function deleteRecord(store: DocumentStore, tx: Transaction, collection: string, id: number): void {
  tx.delete(recordRef(store, collection, id));
}

/** Catalogue collections other areas read by id (a class's type, location, coaches, tags and category), with their documents. */
export interface CatalogueDocs {
  class_types: ClassTypeDoc;
  locations: LocationDoc;
  instructors: InstructorDoc;
  tags: TagDoc;
  class_categories: ClassCategoryDoc;
}

export type CatalogueCollection = keyof CatalogueDocs;

/**
 * The records with these ids, by id, archived ones included, in one batched
 * read (through the transaction when there is one). Missing ids are absent from the map.
 */
export async function getCatalogueDocs<C extends CatalogueCollection>(
  store: DocumentStore,
  collection: C,
  ids: readonly number[],
  tx?: Transaction,
): Promise<Map<number, CatalogueDocs[C]>> {
  const unique = [...new Set(ids)];
  const found = new Map<number, CatalogueDocs[C]>();
  if (unique.length === 0) return found;
  const refs = unique.map((id) => recordRef<CatalogueDocs[C]>(store, collection, id));
  const snaps = tx ? await tx.getAll(...refs) : await store.getAll(...refs);
  snaps.forEach((snap, index) => {
    const data = snap.data();
    if (data !== undefined) found.set(at(unique, index), data);
  });
  return found;
}

/** Names of the class types among `ids` that exist (archived ones included): what packages show of their per-type credits. */
export async function getClassTypeNames(store: DocumentStore, ids: readonly number[], tx?: Transaction): Promise<Map<number, string>> {
  const types = await getCatalogueDocs(store, 'class_types', ids, tx);
  return new Map([...types].map(([id, type]) => [id, String(type.name ?? '')]));
}
