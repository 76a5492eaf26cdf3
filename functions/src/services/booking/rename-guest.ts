import { bookingMessages } from '@studio/shared/messages/booking';
import type { ClassReservation, GuestRenameInput } from '@studio/shared/schemas/class-reservation';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { type ClassReservationDoc, getReservation, replaceReservation } from '../../data/repos/reservations-repo';
import { getSingleClass } from '../../data/repos/single-classes-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { studioTimezone } from '../credits/expiry';
import { presentReservations } from './present-reservations';

const b = bookingMessages;

/**
 * PUT /single_class/guest: the owner renames the guest of their guest
 * reservation (the +1). Only the name changes: the guest keeps the spot, the
 * seat and the credit. Refused once the reservation is cancelled or the class
 * has started; another customer's reservation answers 404.
 */
export async function renameGuest(deps: Deps, identity: VerifiedIdentity, input: GuestRenameInput): Promise<ClassReservation> {
  const tz = await studioTimezone(deps);
  const name = input.name.trim();
  const renamed = await deps.store.runTransaction(async (tx): Promise<ClassReservationDoc> => {
    const r = await getReservation(deps.store, input.class_reservation_id, tx);
    if (!r || r.uid !== identity.uid) throw new AppError('not-found', 'booking/reservation-not-found', b.reservationNotFound);
    if (r.guest === null) throw new AppError('conflict', 'booking/not-a-guest', b.notAGuestReservation);
    if (r.deletedAt !== null) throw new AppError('conflict', 'booking/reservation-cancelled', b.guestReservationCancelled);
    const cls = await getSingleClass(deps.store, r.single_class_id, tx);
    const now = deps.now();
    if (cls && now.getTime() >= cls.class_date.getTime()) throw new AppError('conflict', 'booking/class-started', b.guestClassStarted);
    if (r.guest === name) return r;
    const next: ClassReservationDoc = { ...r, guest: name, updatedAt: now };
    replaceReservation(deps.store, tx, next);
    return next;
  });
  const [dto] = await presentReservations(deps, [renamed], tz);
  return dto as ClassReservation;
}
