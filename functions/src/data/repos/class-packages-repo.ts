import type { DocumentStore, Transaction } from '../store/types';
import { readDoc, readQuery } from './read';

/** Per-class-type credits a package grants instead of (or besides) general credits. */
export interface ClassPackageTypeEntry {
  class_type_id: number;
  class_amount: number;
  expiration_days: number | null;
}

/** class_packages/{class_package_id}; field names are the spec's. */
export interface ClassPackageDoc {
  class_package_id: number;
  title: string;
  description: string | null;
  short_description: string | null;
  price: number;
  sale_price: number | null;
  /** -1 = unlimited. */
  class_amount: number;
  expiration_days: number | null;
  is_subscription: boolean;
  subscription_period: 'day' | 'month' | 'year' | null;
  subscription_interval: number | null;
  is_trial: boolean;
  free_trial_length: number | null;
  free_trial_period: string | null;
  is_special_event: boolean;
  limit_per_customer: number | null;
  class_package_types: ClassPackageTypeEntry[];
  downloadable: boolean;
  file_url: string | null;
  /** Grants access to on-demand videos instead of in-person classes. */
  is_online: boolean;
  /** Shown in the landing page's packages section. */
  home: boolean;
  status: 'active' | 'inactive';
  image: { src: string } | null;
  /** Image shown on the order confirmation; absent on documents written before it existed. */
  receipt_file?: { src: string } | null;
  /**
   * Set when an admin deleted a package that had been sold (ADR 0020): it
   * keeps its document for history, is inactive and is listed nowhere.
   * Absent or null = not archived.
   */
  archivedAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Equality filters only, so no list needs a composite index (docs/data-layer). */
export interface ClassPackageFilter {
  status?: 'active' | 'inactive';
  is_online?: boolean;
  is_special_event?: boolean;
  home?: boolean;
}

const classPackages = (store: DocumentStore) => store.collection('class_packages');
export const classPackageRef = (store: DocumentStore, id: number) => store.doc(`class_packages/${id}`);

export async function getClassPackage(store: DocumentStore, id: number, tx?: Transaction): Promise<ClassPackageDoc | null> {
  const snap = await readDoc(classPackageRef(store, id), tx);
  return snap.exists ? (snap.data() as unknown as ClassPackageDoc) : null;
}

/** The packages among `ids` that exist (archived ones included), by id. */
export async function getClassPackages(store: DocumentStore, ids: readonly number[], tx?: Transaction): Promise<Map<number, ClassPackageDoc>> {
  if (ids.length === 0) return new Map();
  const refs = ids.map((id) => classPackageRef(store, id));
  const snaps = tx ? await tx.getAll(...refs) : await store.getAll(...refs);
  const found = new Map<number, ClassPackageDoc>();
  for (const snap of snaps) {
    if (snap.exists) {
      const doc = snap.data() as unknown as ClassPackageDoc;
      found.set(doc.class_package_id, doc);
    }
  }
  return found;
}

export async function listClassPackages(store: DocumentStore, filter: ClassPackageFilter = {}): Promise<ClassPackageDoc[]> {
  let query = classPackages(store) as ReturnType<typeof classPackages> | ReturnType<ReturnType<typeof classPackages>['where']>;
  for (const [field, value] of Object.entries(filter)) {
    if (value !== undefined) query = query.where(field, '==', value);
  }
  const result = await query.get();
  return result.docs.map((doc) => doc.data() as unknown as ClassPackageDoc);
}

export function createClassPackage(store: DocumentStore, tx: Transaction, doc: ClassPackageDoc): void {
  tx.create(classPackageRef(store, doc.class_package_id), { ...doc });
}

export function replaceClassPackage(store: DocumentStore, tx: Transaction, doc: ClassPackageDoc): void {
  tx.set(classPackageRef(store, doc.class_package_id), { ...doc });
}

export function deleteClassPackage(store: DocumentStore, tx: Transaction, id: number): void {
  tx.delete(classPackageRef(store, id));
}

/**
 * Names of the class types among `ids` that exist. Class types live in
 * class_types/{class_type_id} (ADR 0004); packages only need to know that a
 * type exists and what it is called.
 */
export async function getClassTypeNames(store: DocumentStore, ids: readonly number[], tx?: Transaction): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const refs = unique.map((id) => store.doc(`class_types/${id}`));
  const snaps = tx ? await tx.getAll(...refs) : await store.getAll(...refs);
  const names = new Map<number, string>();
  snaps.forEach((snap, index) => {
    if (snap.exists) names.set(unique[index] as number, String(snap.get('name') ?? ''));
  });
  return names;
}

/** Whether anything was ever sold from the package (any status): deleting it would orphan history. */
export async function packageHasPurchases(store: DocumentStore, id: number, tx: Transaction): Promise<boolean> {
  const result = await readQuery(store.collection('purchases').where('class_package_id', '==', id).limit(1), tx);
  return !result.empty;
}
