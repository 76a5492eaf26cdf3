import { scheduleMessages } from '@studio/shared/messages/schedule';
import { type CatalogueCollection, getCatalogueDocs } from '../../data/repos/catalogue-repo';
import { getClassPackages } from '../../data/repos/class-packages-repo';
import type { DocumentStore, Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';
import { invalidFields } from '../../domain/errors';

const s = scheduleMessages;

/** Catalogue ids a class input names; absent = not being set. */
export interface ClassReferences {
  class_type_id?: number | undefined;
  location_id?: number | undefined;
  instructor_ids?: number[] | undefined;
  tag_ids?: number[] | undefined;
  class_category_id?: number | null | undefined;
  class_package_id?: number | null | undefined;
}

export interface CheckedReferences {
  /** The spot map of the class type the input names, or undefined when it names none. */
  classTypeSpotMap: string | null | undefined;
}

/** What a referenced record needs to show to count as there: archived catalogue records (ADR 0010) have `deletedAt`, archived packages (ADR 0020) `archivedAt`. */
interface Referenced {
  deletedAt?: Date | null;
  archivedAt?: Date | null;
}

type ReadReferenced = (store: DocumentStore, ids: readonly number[], tx: Transaction) => Promise<ReadonlyMap<number, Referenced>>;

const catalogue =
  (collection: CatalogueCollection): ReadReferenced =>
  (store, ids, tx) =>
    getCatalogueDocs(store, collection, ids, tx);

/** In the order their problems are reported. */
const others: Array<{ field: Exclude<keyof ClassReferences, 'class_type_id'>; read: ReadReferenced; message: string }> = [
  { field: 'location_id', read: catalogue('locations'), message: s.locationMissing },
  { field: 'instructor_ids', read: catalogue('instructors'), message: s.instructorMissing },
  { field: 'tag_ids', read: catalogue('tags'), message: s.tagMissing },
  { field: 'class_category_id', read: catalogue('class_categories'), message: s.categoryMissing },
  { field: 'class_package_id', read: getClassPackages, message: s.packageMissing },
];

const idsOf = (value: ClassReferences[keyof ClassReferences]): number[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

/** Archived records count as gone for new references. */
const isGone = (doc: Referenced | undefined) => !doc || (doc.deletedAt ?? null) !== null || (doc.archivedAt ?? null) !== null;

/**
 * Reads, in the caller's transaction (so it conflicts with a concurrent
 * archive), every catalogue record the input newly points at, and refuses the
 * input (400, a Spanish message per field) when one is missing or archived.
 * Ids the class already had (`before`) are left alone, so archiving a coach
 * does not lock their classes from edits. Only reads: call before writes.
 */
export async function checkReferences(deps: Deps, tx: Transaction, refs: ClassReferences, before: ClassReferences | null = null): Promise<CheckedReferences> {
  const newIds = (field: keyof ClassReferences) => {
    const kept = new Set(before ? idsOf(before[field]) : []);
    return idsOf(refs[field]).filter((id) => !kept.has(id));
  };
  const typeIds = newIds('class_type_id');
  const wanted = others.map(({ field, read, message }) => ({ field, read, message, ids: newIds(field) }));
  const [types, ...found] = await Promise.all([getCatalogueDocs(deps.store, 'class_types', typeIds, tx), ...wanted.map((w) => w.read(deps.store, w.ids, tx))]);
  const problems: Record<string, string> = {};
  if (typeIds.some((id) => isGone(types.get(id)))) problems.class_type_id = s.classTypeMissing;
  wanted.forEach((w, index) => {
    if (w.ids.some((id) => isGone(found[index]?.get(id)))) problems[w.field] = w.message;
  });
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  const typeId = refs.class_type_id;
  if (typeId === undefined) return { classTypeSpotMap: undefined };
  const type = types.get(typeId) ?? (await getCatalogueDocs(deps.store, 'class_types', [typeId], tx)).get(typeId);
  const spotMap = type?.spot_map;
  return { classTypeSpotMap: typeof spotMap === 'string' ? spotMap : null };
}
