import { messages } from '@studio/shared/messages';
import { getCatalogueDocs, type CatalogueCollection } from '../../data/repos/single-classes-repo';
import type { DocumentData, Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';
import { invalidFields } from '../../http/validate';

const s = messages.schedule;

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

const fields: Array<{ field: keyof ClassReferences; collection: CatalogueCollection; message: string }> = [
  { field: 'class_type_id', collection: 'class_types', message: s.classTypeMissing },
  { field: 'location_id', collection: 'locations', message: s.locationMissing },
  { field: 'instructor_ids', collection: 'instructors', message: s.instructorMissing },
  { field: 'tag_ids', collection: 'tags', message: s.tagMissing },
  { field: 'class_category_id', collection: 'class_categories', message: s.categoryMissing },
  { field: 'class_package_id', collection: 'class_packages', message: s.packageMissing },
];

const idsOf = (value: ClassReferences[keyof ClassReferences]): number[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);

/** Archived catalogue records (ADR 0010: `deletedAt`; packages, ADR 0020: `archivedAt`) count as gone for new references. */
const isGone = (doc: DocumentData | undefined) => !doc || (doc.deletedAt ?? null) !== null || (doc.archivedAt ?? null) !== null;

/**
 * Reads, in the caller's transaction (so it conflicts with a concurrent
 * archive), every catalogue record the input newly points at, and refuses the
 * input (400, a Spanish message per field) when one is missing or archived.
 * Ids the class already had (`before`) are left alone, so archiving a coach
 * does not lock their classes from edits. Only reads: call before writes.
 */
export async function checkReferences(deps: Deps, tx: Transaction, refs: ClassReferences, before: ClassReferences | null = null): Promise<CheckedReferences> {
  const wanted = fields.map(({ field, collection, message }) => {
    const kept = new Set(before ? idsOf(before[field]) : []);
    return { field, collection, message, ids: idsOf(refs[field]).filter((id) => !kept.has(id)) };
  });
  const found = await Promise.all(wanted.map((w) => getCatalogueDocs(deps.store, w.collection, w.ids, tx)));
  const problems: Record<string, string> = {};
  wanted.forEach((w, index) => {
    if (w.ids.some((id) => isGone(found[index]?.get(id)))) problems[w.field] = w.message;
  });
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  const typeId = refs.class_type_id;
  if (typeId === undefined) return { classTypeSpotMap: undefined };
  const type = found[0]?.get(typeId) ?? (await getCatalogueDocs(deps.store, 'class_types', [typeId], tx)).get(typeId);
  const spotMap = type?.spot_map;
  return { classTypeSpotMap: typeof spotMap === 'string' ? spotMap : null };
}
