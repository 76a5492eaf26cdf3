import type { SingleClass } from '@studio/shared/schemas/single-class';
import { type ClassTypeDoc, getCatalogueDocs, type InstructorDoc, type LocationDoc, type TagDoc } from '../../data/repos/catalogue-repo';
import { getClassCounts, type SingleClassDoc } from '../../data/repos/single-classes-repo';
import type { StoreDeps } from '../../deps';
import { studioWallClock } from './calendar';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const id = (value: unknown, fallback: number): number => (typeof value === 'number' ? value : fallback);

const classTypeView = (classTypeId: number, doc: ClassTypeDoc) => ({
  class_type_id: id(doc.class_type_id, classTypeId),
  name: text(doc.name) ?? '',
  icon: text(doc.icon),
  description: text(doc.description),
  spot_map: text(doc.spot_map),
  file: doc.file ?? null,
});

const locationView = (locationId: number, doc: LocationDoc) => ({
  location_id: id(doc.location_id, locationId),
  name: text(doc.name) ?? '',
  address: text(doc.address),
});

const instructorView = (instructorId: number, doc: InstructorDoc) => ({
  instructor_id: id(doc.instructor_id, instructorId),
  name: text(doc.name) ?? '',
  nick_name: text(doc.nick_name),
  last_name: text(doc.last_name),
  birthdate: text(doc.birthdate),
  file: doc.file ?? null,
});

const tagView = (tagId: number, doc: TagDoc) => ({ tag_id: id(doc.tag_id, tagId), name: text(doc.name) ?? '', color: text(doc.color) });

/**
 * Classes as the API shows them. Class types, locations, instructors and tags
 * are joined here with one batched read per collection for the whole list
 * (ADR 0051); a record deleted from the catalogue is simply left out. The
 * counts come from `class_counts` (ADR 0060), batched the same way.
 * Never includes who booked: only counts (and, for one class, taken spots).
 */
export async function presentClasses(deps: StoreDeps, docs: readonly SingleClassDoc[], tz: string): Promise<SingleClass[]> {
  const [counts, types, locations, instructors, tags] = await Promise.all([
    getClassCounts(
      deps.store,
      docs.map((d) => d.single_class_id),
    ),
    getCatalogueDocs(
      deps.store,
      'class_types',
      docs.map((d) => d.class_type_id),
    ),
    getCatalogueDocs(
      deps.store,
      'locations',
      docs.map((d) => d.location_id),
    ),
    getCatalogueDocs(
      deps.store,
      'instructors',
      docs.flatMap((d) => d.instructor_ids),
    ),
    getCatalogueDocs(
      deps.store,
      'tags',
      docs.flatMap((d) => d.tag_ids),
    ),
  ]);
  return docs.map((doc) => {
    const type = types.get(doc.class_type_id);
    const location = locations.get(doc.location_id);
    const wall = studioWallClock(doc.class_date, tz);
    const count = counts.get(doc.single_class_id);
    const booked = count?.booked ?? 0;
    return {
      single_class_id: doc.single_class_id,
      class_date: doc.class_date.toISOString(),
      end_date: new Date(doc.class_date.getTime() + doc.duration_minutes * 60_000).toISOString(),
      date: wall.date,
      start_time: wall.time,
      duration_minutes: doc.duration_minutes,
      description: doc.description,
      capacity: doc.capacity,
      booked,
      spots_left: doc.status === 'cancelled' ? 0 : Math.max(0, doc.capacity - booked - (count?.held_for_waitlist ?? 0)),
      spot_map: doc.spot_map,
      status: doc.status,
      cancelledAt: doc.cancelledAt?.toISOString() ?? null,
      cancel_reason: doc.cancel_reason,
      cancellation_progress:
        doc.status === 'cancelled' && typeof doc.cancellation_total === 'number'
          ? { done: Math.max(0, doc.cancellation_total - booked), total: doc.cancellation_total }
          : null,
      class_type_id: doc.class_type_id,
      location_id: doc.location_id,
      class_category_id: doc.class_category_id,
      class_package_id: doc.class_package_id,
      series_id: doc.series_id,
      icon: type ? text(type.icon) : null,
      class_type: type ? classTypeView(doc.class_type_id, type) : null,
      location: location ? locationView(doc.location_id, location) : null,
      class_instructors: doc.instructor_ids.flatMap((instructorId) => {
        const instructor = instructors.get(instructorId);
        return instructor ? [{ instructor_id: instructorId, instructor: instructorView(instructorId, instructor) }] : [];
      }),
      tags: doc.tag_ids.flatMap((tagId) => {
        const tag = tags.get(tagId);
        return tag ? [tagView(tagId, tag)] : [];
      }),
    };
  });
}
