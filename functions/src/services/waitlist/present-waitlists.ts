import type { Waitlist } from '@studio/shared/schemas/waitlist';
import { getSingleClass, type SingleClassDoc } from '../../data/repos/single-classes-repo';
import { placeInLine, type WaitlistDoc } from '../../data/repos/waitlists-repo';
import type { StoreDeps } from '../../deps';
import { presentClasses } from '../schedule/present-classes';

/**
 * Entries as their owner sees them: the live position (1-based, counted in
 * the class's line now, so it moves as people ahead leave or are promoted)
 * and the class joined. The place is counted (placeInLine), not read from
 * the whole line.
 */
export async function presentWaitlists(deps: StoreDeps, docs: readonly WaitlistDoc[], tz: string): Promise<Waitlist[]> {
  const classIds = [...new Set(docs.map((w) => w.single_class_id))];
  const [classDocs, positions] = await Promise.all([
    Promise.all(classIds.map((id) => getSingleClass(deps.store, id))),
    Promise.all(docs.map((w) => (w.status === 'waiting' ? placeInLine(deps.store, w.single_class_id, w) : null))),
  ]);
  const presented = await presentClasses(
    deps,
    classDocs.filter((c): c is SingleClassDoc => c !== null),
    tz,
  );
  const classes = new Map(presented.map((c) => [c.single_class_id, c]));
  return docs.map((w, i) => {
    return {
      waitlist_id: w.waitlist_id,
      single_class_id: w.single_class_id,
      customer_id: w.customer_id,
      status: w.status,
      position: positions[i] ?? null,
      end_reason: w.end_reason,
      class_reservation_id: w.class_reservation_id,
      createdAt: w.createdAt.toISOString(),
      joinedAt: w.joinedAt.toISOString(),
      endedAt: w.endedAt?.toISOString() ?? null,
      single_class: classes.get(w.single_class_id) ?? null,
    };
  });
}
