import type { Waitlist } from '@studio/shared/schemas/waitlist';
import { getSingleClass, type SingleClassDoc } from '../../data/repos/single-classes-repo';
import { listLine, type WaitlistDoc } from '../../data/repos/waitlists-repo';
import type { StoreDeps } from '../../deps';
import { presentClasses } from '../schedule/present-classes';

/**
 * Entries as their owner sees them: the live position (1-based, counted in
 * the class's line now, so it moves as people ahead leave or are promoted)
 * and the class joined. One line read per class with someone waiting.
 */
export async function presentWaitlists(deps: StoreDeps, docs: readonly WaitlistDoc[], tz: string): Promise<Waitlist[]> {
  const classIds = [...new Set(docs.map((w) => w.single_class_id))];
  const waitingClassIds = [...new Set(docs.filter((w) => w.status === 'waiting').map((w) => w.single_class_id))];
  const [classDocs, lines] = await Promise.all([
    Promise.all(classIds.map((id) => getSingleClass(deps.store, id))),
    Promise.all(waitingClassIds.map((id) => listLine(deps.store, id))),
  ]);
  const presented = await presentClasses(
    deps,
    classDocs.filter((c): c is SingleClassDoc => c !== null),
    tz,
  );
  const classes = new Map(presented.map((c) => [c.single_class_id, c]));
  const places = new Map(waitingClassIds.map((id, i) => [id, (lines[i] ?? []).map((w) => w.waitlist_id)]));
  return docs.map((w) => {
    const index = w.status === 'waiting' ? (places.get(w.single_class_id)?.indexOf(w.waitlist_id) ?? -1) : -1;
    return {
      waitlist_id: w.waitlist_id,
      single_class_id: w.single_class_id,
      customer_id: w.customer_id,
      status: w.status,
      position: index >= 0 ? index + 1 : null,
      end_reason: w.end_reason,
      class_reservation_id: w.class_reservation_id,
      createdAt: w.createdAt.toISOString(),
      joinedAt: w.joinedAt.toISOString(),
      endedAt: w.endedAt?.toISOString() ?? null,
      single_class: classes.get(w.single_class_id) ?? null,
    };
  });
}
