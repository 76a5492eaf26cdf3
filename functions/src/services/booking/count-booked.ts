import { countSeatsHeldForWaitlist, listActiveReservationsOfClass } from '../../data/repos/reservations-repo';
import { getSingleClass, replaceSingleClass } from '../../data/repos/single-classes-repo';
import type { DocumentChangeEvent } from '../../data/store/types';
import type { Deps } from '../../deps';

/**
 * Keeps `single_classes/{id}.booked` (and so `spots_left`) in step with the
 * class's active reservations, and `held_for_waitlist` with its seats held
 * for the line (ADR 0061), off the booking path (ADR 0060). It recounts
 * rather than adding ±1, so a repeated or out-of-order event writes the same
 * value, and a class already showing the count is not written at all.
 */
export async function recountBooked(deps: Pick<Deps, 'store' | 'now'>, singleClassId: number): Promise<void> {
  await deps.store.runTransaction(async (tx) => {
    const cls = await getSingleClass(deps.store, singleClassId, tx);
    if (!cls) return;
    const active = await listActiveReservationsOfClass(deps.store, singleClassId, tx);
    const held = await countSeatsHeldForWaitlist(deps.store, tx, singleClassId);
    if (cls.booked !== active.length || (cls.held_for_waitlist ?? 0) !== held) {
      replaceSingleClass(deps.store, tx, { ...cls, booked: active.length, held_for_waitlist: held, updatedAt: deps.now() });
    }
  });
}

/** The trigger's handler: a reservation was created, cancelled or removed. */
export async function reservationChanged(deps: Pick<Deps, 'store' | 'now'>, event: DocumentChangeEvent): Promise<void> {
  const before = event.before?.data();
  const after = event.after?.data();
  if (before && after && before.deletedAt === after.deletedAt) return;
  const id = Number((after ?? before)?.single_class_id);
  if (Number.isInteger(id) && id > 0) await recountBooked(deps, id);
}
