import { bookingAdminMessages } from '@studio/shared/messages/booking-admin';
import type { AdminRemoveReservationQuery, RosterReservation } from '@studio/shared/schemas/class-roster';
import { getLot } from '../../data/repos/credits-repo';
import { type ClassReservationDoc, getReservation } from '../../data/repos/reservations-repo';
import { getSingleClass } from '../../data/repos/single-classes-repo';
import { anyoneWaiting } from '../../data/repos/waitlists-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { presentRoster } from './class-roster';
import { endReservation } from './end-reservation';

const notInClass = () => new AppError('not-found', 'booking/reservation-not-found', bookingAdminMessages.reservationNotInClass);

/**
 * DELETE /single_class/{id}/reservations/{rid}?refund (admin): ends the reservation
 * the way a customer cancel does (end-reservation.ts: seat, spot and holder
 * freed, or the seat held for the waitlist, in the transaction that marks it
 * cancelled), with cancel_reason 'admin'. `refund` (default true) returns the
 * credit whatever the cancel deadline; false keeps it (a 0-delta entry). It
 * never counts against the lot's cancel limit. Removing a cancelled
 * reservation answers it as it is.
 */
export async function adminRemoveReservation(
  deps: Deps,
  adminUid: string,
  singleClassId: number,
  id: number,
  input: AdminRemoveReservationQuery,
): Promise<RosterReservation> {
  const existing = await getReservation(deps.store, id);
  if (!existing || existing.single_class_id !== singleClassId) throw notInClass();
  // A plain read, as cancel-reservation.ts: if stale, the waitlist trigger frees a held seat nobody waits for, or promotes into a freed one.
  const holdForWaitlist = existing.deletedAt === null && (await anyoneWaiting(deps.store, singleClassId));
  const result = await deps.store.runTransaction(async (tx): Promise<ClassReservationDoc> => {
    const r = await getReservation(deps.store, id, tx);
    if (!r || r.single_class_id !== singleClassId) throw notInClass();
    if (r.deletedAt !== null) return r;
    const lot = r.available_class_id === null ? null : await getLot(deps.store, r.available_class_id, tx);
    return endReservation(deps, tx, r, {
      reason: 'admin',
      lot,
      creditBack: input.refund ?? true,
      countCancel: false,
      holdForWaitlist,
      context: { actor: { uid: adminUid, role: 'admin' }, reference: { type: 'class_reservation', id } },
      now: deps.now(),
    });
  });
  const cls = await getSingleClass(deps.store, singleClassId);
  const [entry] = await presentRoster(deps, [result], cls?.class_date ?? null, deps.now());
  return entry as RosterReservation;
}
