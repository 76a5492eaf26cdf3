import { countSeatsHeldForWaitlist, listActiveReservationsOfClass } from '../../data/repos/reservations-repo';
import { getClassCounts, writeClassCounts } from '../../data/repos/single-classes-repo';
import type { DocumentChangeEvent } from '../../data/store/types';
import type { Deps } from '../../deps';

/**
 * Keeps `class_counts/{id}` (`booked`, and so `spots_left`) in step with the
 * class's active reservations, and `held_for_waitlist` with its seats held
 * for the line (ADR 0061), off the booking path and off the class document
 * every booking reads (ADR 0060). It recounts
 * rather than adding ±1, so a repeated or out-of-order event writes the same
 * value, and a class already showing the count is not written at all.
 */
export async function recountBooked(deps: Pick<Deps, 'store' | 'now'>, singleClassId: number): Promise<void> {
  await deps.store.runTransaction(async (tx) => {
    const counts = (await getClassCounts(deps.store, [singleClassId], tx)).get(singleClassId);
    const active = await listActiveReservationsOfClass(deps.store, singleClassId, tx);
    const held = await countSeatsHeldForWaitlist(deps.store, tx, singleClassId);
    if ((counts?.booked ?? 0) !== active.length || (counts?.held_for_waitlist ?? 0) !== held) {
      writeClassCounts(deps.store, tx, { single_class_id: singleClassId, booked: active.length, held_for_waitlist: held, updatedAt: deps.now() });
    }
  });
}

/**
 * Recounts are at least this far apart per class: a document sustains about
 * one write per second on Firestore, and a rush of bookings is coalesced into
 * one write per second instead of one per booking.
 */
export const RECOUNT_GAP_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The trigger's handler: a reservation was created, cancelled or removed.
 * If the class was recounted less than a gap ago, it waits out the gap
 * first; the deliveries of a burst then wake together, one writes and the
 * rest find the count right and write nothing.
 */
export async function reservationChanged(deps: Pick<Deps, 'store' | 'now'>, event: DocumentChangeEvent, gapMs = RECOUNT_GAP_MS): Promise<void> {
  const before = event.before?.data();
  const after = event.after?.data();
  const instant = (value: unknown) => (value instanceof Date ? value.getTime() : value);
  if (before && after && instant(before.deletedAt) === instant(after.deletedAt)) return;
  const id = Number((after ?? before)?.single_class_id);
  if (!Number.isInteger(id) || id <= 0) return;
  const counts = (await getClassCounts(deps.store, [id])).get(id);
  const since = counts ? deps.now().getTime() - counts.updatedAt.getTime() : Infinity;
  if (since >= 0 && since < gapMs) await sleep(gapMs - since);
  await recountBooked(deps, id);
}
