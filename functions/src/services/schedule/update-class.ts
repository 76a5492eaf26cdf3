import { formatStudioDate, studioWallTimeToInstant } from '@studio/shared/format/dates';
import { messages } from '@studio/shared/messages';
import type { SingleClass, SingleClassUpdateInput } from '@studio/shared/schemas/single-class';
import { getSingleClass, listSeriesClassesFrom, replaceSingleClass, type SingleClassDoc } from '../../data/repos/single-classes-repo';
import type { Deps } from '../../deps';
import { AppError, invalidFields } from '../../domain/errors';
import { studioTimezone } from '../credits/expiry';
import { studioWallClock } from './calendar';
import { resolveLayout } from './class-layout';
import { type CheckedReferences, checkReferences } from './class-references';
import { cleanDescription } from './create-class';
import { classNotFound } from './get-class';
import { presentClasses } from './present-classes';

const s = messages.schedule;

/** One class after the edit; only the fields sent change. */
function applyChange(doc: SingleClassDoc, input: SingleClassUpdateInput, refs: CheckedReferences, tz: string, now: Date): SingleClassDoc {
  const wall = studioWallClock(doc.class_date, tz);
  const moved = input.date !== undefined || input.start_time !== undefined;
  const typeChanged = input.class_type_id !== undefined && input.class_type_id !== doc.class_type_id;
  const layout = resolveLayout({
    capacity: input.capacity,
    spot_map: input.spot_map,
    classTypeSpotMap: typeChanged ? refs.classTypeSpotMap : undefined,
    previous: doc,
    label: formatStudioDate(doc.class_date, tz),
  });
  return {
    ...doc,
    class_date: moved ? studioWallTimeToInstant(input.date ?? wall.date, input.start_time ?? wall.time, tz) : doc.class_date,
    duration_minutes: input.duration_minutes ?? doc.duration_minutes,
    capacity: layout.capacity,
    spot_map: layout.spot_map,
    class_type_id: input.class_type_id ?? doc.class_type_id,
    location_id: input.location_id ?? doc.location_id,
    instructor_ids: input.instructor_ids ? [...input.instructor_ids] : doc.instructor_ids,
    tag_ids: input.tag_ids ? [...input.tag_ids] : doc.tag_ids,
    class_category_id: input.class_category_id !== undefined ? input.class_category_id : doc.class_category_id,
    class_package_id: input.class_package_id !== undefined ? input.class_package_id : doc.class_package_id,
    description: input.description !== undefined ? cleanDescription(input.description) : doc.description,
    updatedAt: now,
  };
}

/**
 * PUT /single_class. scope 'single' (default) edits one class; 'following'
 * edits it and every later class of its series that is not cancelled, in one
 * transaction: if any of them refuses the change (capacity below its
 * bookings, a booked spot map), none changes. A new start_time is applied as
 * wall-clock time on each class's own day (ADR 0053).
 */
export async function updateClass(deps: Deps, input: SingleClassUpdateInput): Promise<{ single_class: SingleClass; single_classes?: SingleClass[] }> {
  const tz = await studioTimezone(deps);
  const following = input.scope === 'following';
  const updated = await deps.store.runTransaction(async (tx) => {
    const target = await getSingleClass(deps.store, input.single_class_id, tx);
    if (!target) throw classNotFound();
    if (target.status === 'cancelled') throw new AppError('conflict', 'single_class/cancelled', s.cancelledLocked);
    let targets = [target];
    if (following) {
      if (target.series_id === null) throw invalidFields({ scope: s.notInSeries });
      const later = await listSeriesClassesFrom(deps.store, tx, target.series_id, target.class_date);
      targets = [target, ...later.filter((doc) => doc.single_class_id !== target.single_class_id && doc.status !== 'cancelled')];
    }
    const refs = await checkReferences(deps, tx, input, target);
    const now = deps.now();
    const after = targets.map((doc) => applyChange(doc, input, refs, tz, now));
    for (const doc of after) replaceSingleClass(deps.store, tx, doc);
    return after;
  });
  const dtos = await presentClasses(deps, updated, tz);
  return following ? { single_class: dtos[0] as SingleClass, single_classes: dtos } : { single_class: dtos[0] as SingleClass };
}
