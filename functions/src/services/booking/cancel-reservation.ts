import { fill } from '@studio/shared/messages';
import { bookingMessages } from '@studio/shared/messages/booking';
import { cancelBlock } from '@studio/shared/rules/reservation-rules';
import type { ClassReservation, ClassReservationCancelQuery } from '@studio/shared/schemas/class-reservation';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { getLot } from '../../data/repos/credits-repo';
import { type ClassReservationDoc, getHolding, getReservation } from '../../data/repos/reservations-repo';
import { getSingleClass } from '../../data/repos/single-classes-repo';
import { anyoneWaiting } from '../../data/repos/waitlists-repo';
import type { Transaction } from '../../data/store/types';
import type { StoreDeps } from '../../deps';
import { AppError } from '../../domain/errors';
import { studioTimezone } from '../credits/expiry';
import { readEnding, writeEnding } from './end-reservation';
import { presentReservations } from './present-reservations';
import { bookingSettings, cancelDeadline } from './rules';

const b = bookingMessages;

const reservationNotFound = () => new AppError('not-found', 'booking/reservation-not-found', b.reservationNotFound);

const unitLabel = (unit: 'days' | 'hours' | 'minutes', n: number) =>
  n === 1 ? { days: b.units.day, hours: b.units.hour, minutes: b.units.minute }[unit] : b.units[unit];

/**
 * DELETE /class_reservations/{id}?guest: the owner cancels (their own or their
 * guest's reservation). At least the cancel timeframe before the class (and
 * allow_cancel_reservations): the credit goes back to the lot that paid.
 * Later, only with allow_cancel_after_treshold, and the credit is not
 * returned. Every customer cancel counts against the paying lot's
 * max_cancels_per_available_class (`cancels_used`, written through the
 * ledger). The seat is freed (or held for the waitlist) in the same
 * transaction (end-reservation.ts). Never once checked in, nor once the
 * class has started (409, nothing written; cancelBlock, shared with the
 * web). Cancelling a cancelled reservation answers it as it is (idempotent).
 *
 * Cancelling their own place takes their +1's place along unless `guest:
 * 'keep'` (issue 25): in the same transaction, by the same window (credit
 * back or not), counted once against the limit (one decision); a guest
 * already checked in stays.
 */
export async function cancelOwnReservation(
  deps: StoreDeps,
  identity: VerifiedIdentity,
  id: number,
  query: ClassReservationCancelQuery = {},
): Promise<CancelResult> {
  const [settings, tz] = await Promise.all([bookingSettings(deps), studioTimezone(deps)]);
  const existing = await getReservation(deps.store, id);
  if (!existing || existing.uid !== identity.uid) throw reservationNotFound();
  const guestGoes = (query.guest ?? 'cancel') === 'cancel';
  // A plain read: if it is stale, the waitlist trigger frees a held seat nobody waits for, or promotes into a freed one.
  const holdForWaitlist = existing.deletedAt === null && (await anyoneWaiting(deps.store, existing.single_class_id));
  const result = await deps.store.runTransaction(async (tx): Promise<ClassReservationDoc[]> => {
    const r = await getReservation(deps.store, id, tx);
    if (!r || r.uid !== identity.uid) throw reservationNotFound();
    if (r.deletedAt !== null) return [r];
    const cls = await getSingleClass(deps.store, r.single_class_id, tx);
    const now = deps.now();
    const classStart = cls?.class_date.getTime() ?? null;
    const block = cancelBlock({ attended: r.attend, classStart }, now.getTime());
    if (block === 'checked-in') throw new AppError('conflict', 'booking/checked-in', b.cancelCheckedIn);
    if (block === 'class-started') throw new AppError('conflict', 'booking/class-started', b.cancelClassStarted);
    const onTime = settings.allowCancel && (!cls || now.getTime() <= cancelDeadline(cls.class_date, settings).getTime());
    if (!onTime && !settings.allowCancelAfterThreshold) {
      if (!settings.allowCancel) throw new AppError('conflict', 'booking/cancel-not-allowed', b.cancelNotAllowed);
      throw new AppError(
        'conflict',
        'booking/cancel-too-late',
        fill(b.cancelTooLate, { n: settings.cancelValue, unit: unitLabel(settings.cancelUnit, settings.cancelValue) }),
      );
    }
    const lot = r.available_class_id === null ? null : await getLot(deps.store, r.available_class_id, tx);
    const max = settings.maxCancelsPerLot;
    if (lot && lot.status === 'active' && max !== null && (lot.cancels_used ?? 0) >= max) {
      throw new AppError('precondition', 'booking/max-cancels', fill(b.maxCancels, { n: max }));
    }
    const guestPlace = guestGoes && r.guest === null ? await guestPlaceOf(deps, tx, r, classStart, now) : null;
    const guestLot =
      !guestPlace || guestPlace.available_class_id === null
        ? null
        : guestPlace.available_class_id === lot?.available_class_id
          ? lot
          : await getLot(deps.store, guestPlace.available_class_id, tx);
    // Every read before any write (a Firestore transaction's rule).
    const own = await readEnding(deps, tx, r);
    const guestEnding = guestPlace ? await readEnding(deps, tx, guestPlace) : null;
    const how = (reservationId: number) => ({
      reason: 'customer' as const,
      creditBack: onTime,
      holdForWaitlist,
      context: { actor: { uid: identity.uid, role: 'customer' as const }, reference: { type: 'class_reservation', id: reservationId } },
      now,
    });
    const first = writeEnding(deps, tx, own, { ...how(id), lot, countCancel: true });
    if (!guestEnding || !guestPlace) return [first.cancelled];
    // The same lot may pay both places: the guest's change starts from the lot as the host's left it.
    const paying = guestLot && first.lot?.available_class_id === guestLot.available_class_id ? first.lot : guestLot;
    const second = writeEnding(deps, tx, guestEnding, { ...how(guestPlace.class_reservation_id), lot: paying, countCancel: false });
    return [first.cancelled, second.cancelled];
  });
  const dtos = await presentReservations(deps, result, tz);
  return { class_reservation: dtos[0] as ClassReservation, class_reservations: dtos };
}

/** The customer's +1 place in the class, active and still cancellable (not checked in), read in `tx`; null when none. */
async function guestPlaceOf(
  deps: StoreDeps,
  tx: Transaction,
  host: ClassReservationDoc,
  classStart: number | null,
  now: Date,
): Promise<ClassReservationDoc | null> {
  const holding = await getHolding(deps.store, tx, host.single_class_id, 'guests', host.customer_id);
  if (!holding?.class_reservation_id) return null;
  const guest = await getReservation(deps.store, holding.class_reservation_id, tx);
  if (!guest || guest.deletedAt !== null || guest.uid !== host.uid) return null;
  return cancelBlock({ attended: guest.attend, classStart }, now.getTime()) === null ? guest : null;
}

export interface CancelResult {
  /** The reservation named in the path, cancelled (or as it was). */
  class_reservation: ClassReservation;
  /** Every reservation this cancel ended: the one named, then the guest's when it went along. */
  class_reservations: ClassReservation[];
}
