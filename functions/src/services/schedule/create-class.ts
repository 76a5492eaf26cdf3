import { studioWallTimeToInstant } from '@studio/shared/format/dates';
import type { SingleClass, SingleClassCreateInput } from '@studio/shared/schemas/single-class';
import { allocateId } from '../../data/repos/counters-repo';
import { createSingleClass, type SingleClassDoc } from '../../data/repos/single-classes-repo';
import type { Deps } from '../../deps';
import { studioTimezone } from '../credits/expiry';
import { type Layout, resolveLayout } from './class-layout';
import { checkReferences } from './class-references';
import { presentClasses } from './present-classes';

export type ClassTemplate = Omit<SingleClassCreateInput, 'date' | 'start_time'>;

export const cleanDescription = (value: string | null | undefined) => (value === undefined || value === null || value.trim() === '' ? null : value.trim());

/** A new, scheduled class with nothing booked. */
export function newClassDoc(
  template: ClassTemplate,
  layout: Layout,
  at: { single_class_id: number; class_date: Date; series_id: number | null; now: Date },
): SingleClassDoc {
  return {
    single_class_id: at.single_class_id,
    class_date: at.class_date,
    duration_minutes: template.duration_minutes,
    description: cleanDescription(template.description),
    capacity: layout.capacity,
    spot_map: layout.spot_map,
    class_type_id: template.class_type_id,
    location_id: template.location_id,
    instructor_ids: [...template.instructor_ids],
    tag_ids: [...(template.tag_ids ?? [])],
    class_category_id: template.class_category_id ?? null,
    class_package_id: template.class_package_id ?? null,
    series_id: at.series_id,
    status: 'scheduled',
    cancelledAt: null,
    cancel_reason: null,
    cancelled_by: null,
    createdAt: at.now,
    updatedAt: at.now,
  };
}

/** POST /single_class: one class at a studio wall-clock time, stored as the instant it happens. */
export async function createClass(deps: Deps, input: SingleClassCreateInput): Promise<SingleClass> {
  const tz = await studioTimezone(deps);
  const classDate = studioWallTimeToInstant(input.date, input.start_time, tz);
  const doc = await deps.store.runTransaction(async (tx) => {
    const refs = await checkReferences(deps, tx, input);
    const layout = resolveLayout({
      capacity: input.capacity,
      spot_map: input.spot_map,
      classTypeSpotMap: refs.classTypeSpotMap,
      previous: null,
      label: input.date,
    });
    const singleClassId = await allocateId(deps.store, tx, 'single_classes');
    const created = newClassDoc(input, layout, { single_class_id: singleClassId, class_date: classDate, series_id: null, now: deps.now() });
    createSingleClass(deps.store, tx, created);
    return created;
  });
  const [dto] = await presentClasses(deps, [doc], tz);
  return dto as SingleClass;
}
