import type { ClassPackageFields, ClassPackageTypeEntry } from '@studio/shared/types/class-packages';
import { typedCollection } from '../store/typed-collection';
import type { DocumentStore, Query, Transaction } from '../store/types';
import { readDoc } from './read';

export type { ClassPackageTypeEntry } from '@studio/shared/types/class-packages';

/** class_packages/{class_package_id} (shared fields: shared/src/types/class-packages.ts). */
export interface ClassPackageDoc extends ClassPackageFields {
  /** 'day' on trials as written today; the API derives it from is_trial. */
  free_trial_period: string | null;
  class_package_types: ClassPackageTypeEntry[];
}

/** Equality filters only, so no list needs a composite index (docs/data-layer). */
export interface ClassPackageFilter {
  status?: 'active' | 'inactive';
  is_online?: boolean;
  is_special_event?: boolean;
  home?: boolean;
}

const classPackages = (store: DocumentStore) => typedCollection<ClassPackageDoc>(store, 'class_packages');
export const classPackageRef = (store: DocumentStore, id: number) => classPackages(store).doc(String(id));

export async function getClassPackage(store: DocumentStore, id: number, tx?: Transaction): Promise<ClassPackageDoc | null> {
  const snap = await readDoc(classPackageRef(store, id), tx);
  return snap.data() ?? null;
}

/** The packages among `ids` that exist (archived ones included), by id. */
export async function getClassPackages(store: DocumentStore, ids: readonly number[], tx?: Transaction): Promise<Map<number, ClassPackageDoc>> {
  if (ids.length === 0) return new Map();
  const refs = ids.map((id) => classPackageRef(store, id));
  const snaps = tx ? await tx.getAll(...refs) : await store.getAll(...refs);
  const found = new Map<number, ClassPackageDoc>();
  for (const snap of snaps) {
    const doc = snap.data();
    if (doc !== undefined) found.set(doc.class_package_id, doc);
  }
  return found;
}

export async function listClassPackages(store: DocumentStore, filter: ClassPackageFilter = {}): Promise<ClassPackageDoc[]> {
  let query: Query<ClassPackageDoc> = classPackages(store);
  for (const [field, value] of Object.entries(filter)) {
    if (value !== undefined) query = query.where(field, '==', value);
  }
  const result = await query.get();
  return result.docs.map((doc) => doc.data());
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

/** Titles of active packages whose per-class-type credits include the class type. */
export async function activePackagesWithClassType(store: DocumentStore, tx: Transaction, classTypeId: number): Promise<string[]> {
  // class_package_types is an array of maps, which Firestore cannot filter on one key of; active packages are few.
  const result = await tx.get(classPackages(store).where('status', '==', 'active'));
  return result.docs
    .map((doc) => doc.data() as { title?: unknown; class_package_types?: Array<{ class_type_id?: unknown }> })
    .filter((pkg) => (pkg.class_package_types ?? []).some((entry) => entry.class_type_id === classTypeId))
    .map((pkg) => String(pkg.title ?? ''));
}
