import type { DocumentData, DocumentStore, Transaction } from '../store/types';
import { readDoc, readQuery } from './read';

/**
 * Catalogue records live at `{collection}/{id}` (ADR 0004) with the spec's
 * field names. Deleting archives (ADR 0010): `deletedAt` is set and the record
 * stays, so past classes, purchases and videos still resolve what they pointed to.
 */
export interface CatalogueRecord {
  createdAt: Date;
  updatedAt: Date;
  /** Non-null: archived, invisible to the API. */
  deletedAt: Date | null;
}

export interface StoredFile {
  name: string;
  type: string;
  src: string;
}

export interface LocationDoc extends CatalogueRecord {
  location_id: number;
  name: string;
  address: string | null;
}

export interface ClassTypeDoc extends CatalogueRecord {
  class_type_id: number;
  name: string;
  description: string | null;
  icon: string | null;
  spot_map: string | null;
  file: StoredFile | null;
}

export interface ClassCategoryDoc extends CatalogueRecord {
  class_category_id: number;
  name: string;
  handle: string;
  description: string | null;
  available: boolean;
}

export interface InstructorDoc extends CatalogueRecord {
  instructor_id: number;
  name: string;
  last_name: string | null;
  nick_name: string | null;
  quote: string | null;
  short_bio: string | null;
  instagram: string | null;
  birthdate: string | null;
  music_type: string | null;
  file: StoredFile | null;
  home: boolean;
  home_order: number | null;
}

export interface TagDoc extends CatalogueRecord {
  tag_id: number;
  name: string;
  color: string;
}

export interface AnnouncementDoc extends CatalogueRecord {
  announcement_id: number;
  title: string;
  content: string;
}

export interface PaymentMethodDoc extends CatalogueRecord {
  payment_method_id: number;
  name: string;
}

export interface ProgramDoc extends CatalogueRecord {
  program_id: number;
  name: string;
  description: string | null;
  file: StoredFile | null;
}

export interface VideoTypeDoc extends CatalogueRecord {
  video_type_id: number;
  name: string;
  description: string | null;
}

export type StoredOptionValue = string | number | boolean;

export interface StoredFormField {
  key: string;
  /** Place in the form (0 first); the map below has no order of its own. */
  position: number;
  name: string;
  label: string;
  type: string;
  required: boolean;
  step: number | null;
  order: number | null;
  options: Array<{ label: string; value: StoredOptionValue }>;
  className: string | null;
  value: StoredOptionValue | StoredOptionValue[] | null;
}

export interface FormDoc extends CatalogueRecord {
  form_id: number;
  name: string;
  description: string | null;
  /**
   * Embedded, keyed by field key (unique by construction): a form and its
   * fields are read and edited together and stay far below 1 MiB (50 fields).
   * A map, not an array, because a field's options and value are arrays.
   */
  form_fields: Record<string, StoredFormField>;
}

export interface CustomFieldDoc extends CatalogueRecord {
  custom_field_id: number;
  key: string;
  label: string;
  type: string;
  object: string;
  required: boolean;
  options: Array<{ label: string; value: StoredOptionValue }>;
}

/** addresses/{address_id}: personal data, deleted for real (not archived). */
export interface AddressDoc {
  address_id: number;
  customer_id: number;
  /** The owner's identity; every read checks it. */
  uid: string;
  street: string | null;
  number: string | null;
  interior_number: string | null;
  neighborhood: string | null;
  city: string;
  state: string;
  country: string;
  zip_code: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const recordRef = (store: DocumentStore, collection: string, id: number) => store.doc(`${collection}/${id}`);

export async function getRecord<T extends object>(store: DocumentStore, collection: string, id: number, tx?: Transaction): Promise<T | null> {
  const snap = await readDoc(recordRef(store, collection, id), tx);
  return snap.exists ? (snap.data() as unknown as T) : null;
}

/** Every record of a collection (archived included), optionally those whose `field` equals `value`. Equality only: no composite index. */
export async function listRecords<T extends object>(
  store: DocumentStore,
  collection: string,
  where?: { field: string; value: unknown },
  tx?: Transaction,
): Promise<T[]> {
  const base = store.collection(collection);
  const query = where ? base.where(where.field, '==', where.value) : base;
  const result = await readQuery(query, tx);
  return result.docs.map((doc) => doc.data() as unknown as T);
}


export function createRecord(store: DocumentStore, tx: Transaction, collection: string, id: number, doc: object): void {
  tx.create(recordRef(store, collection, id), { ...doc } as DocumentData);
}

export function replaceRecord(store: DocumentStore, tx: Transaction, collection: string, id: number, doc: object): void {
  tx.set(recordRef(store, collection, id), { ...doc } as DocumentData);
}

export function deleteRecord(store: DocumentStore, tx: Transaction, collection: string, id: number): void {
  tx.delete(recordRef(store, collection, id));
}

/** How a scheduled class (the schedule area's `single_classes`) points at a catalogue record. */
export interface ClassReference {
  field: 'class_type_id' | 'location_id' | 'class_category_id' | 'instructor_ids' | 'tag_ids';
  id: number;
}

const ARRAY_FIELDS = new Set(['instructor_ids', 'tag_ids']);

/** Whether a class still to happen (status 'scheduled', class_date ≥ from) uses the record. One document read at most. */
export async function hasUpcomingClassUsing(store: DocumentStore, tx: Transaction, ref: ClassReference, from: Date): Promise<boolean> {
  const query = store
    .collection('single_classes')
    .where(ref.field, ARRAY_FIELDS.has(ref.field) ? 'array-contains' : '==', ref.id)
    .where('status', '==', 'scheduled')
    .where('class_date', '>=', from)
    .limit(1);
  const result = await tx.get(query);
  return !result.empty;
}

/** Titles of active packages (the packages area's `class_packages`) whose per-class-type credits include the class type. */
export async function activePackagesWithClassType(store: DocumentStore, tx: Transaction, classTypeId: number): Promise<string[]> {
  // class_package_types is an array of maps, which Firestore cannot filter on one key of; active packages are few.
  const result = await tx.get(store.collection('class_packages').where('status', '==', 'active'));
  return result.docs
    .map((doc) => doc.data() as { title?: unknown; class_package_types?: Array<{ class_type_id?: unknown }> })
    .filter((pkg) => (pkg.class_package_types ?? []).some((entry) => entry.class_type_id === classTypeId))
    .map((pkg) => String(pkg.title ?? ''));
}
