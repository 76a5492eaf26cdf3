import { fill } from '@studio/shared/messages';
import { bookingMessages } from '@studio/shared/messages/booking';
import { cancelBlock } from '@studio/shared/rules/reservation-rules';
import type { ClassReservation } from '@studio/shared/schemas/class-reservation';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { getLot } from '../../data/repos/credits-repo';
import { type ClassReservationDoc, getReservation } from '../../data/repos/reservations-repo';
import { getSingleClass } from '../../data/repos/single-classes-repo';
import { anyoneWaiting } from '../../data/repos/waitlists-repo';
import type { StoreDeps } from '../../deps';
import { AppError } from '../../domain/errors';
import { studioTimezone } from '../credits/expiry';
import { endReservation } from './end-reservation';
import { presentReservations } from './present-reservations';
import { bookingSettings, cancelDeadline } from './rules';

const b = bookingMessages;

const reservationNotFound = () => new AppError('not-found', 'booking/reservation-not-found', b.reservationNotFound);

const unitLabel = (unit: 'days' | 'hours' | 'minutes', n: number) =>
  n === 1 ? { days: b.units.day, hours: b.units.hour, minutes: b.units.minute }[unit] : b.units[unit];

/**
 * DELETE /class_reservations/{id}: the owner cancels (their own or their
 * guest's reservation). At least the cancel timeframe before the class (and
 * allow_cancel_reservations): the credit goes back to the lot that paid.
 * Later, only with allow_cancel_after_treshold, and the credit is not
 * returned. Every customer cancel counts against the paying lot's
 * max_cancels_per_available_class (`cancels_used`, written through the
 * ledger). The seat is freed (or held for the waitlist) in the same
 * transaction (end-reservation.ts). Never once checked in, nor once the
 * class has started (409, nothing written; cancelBlock, shared with the
 * web). Cancelling a cancelled reservation answers it as it is (idempotent).
 */
export async function cancelOwnReservation(deps: StoreDeps, identity: VerifiedIdentity, id: number): Promise<ClassReservation> {
  const [settings, tz] = await Promise.all([bookingSettings(deps), studioTimezone(deps)]);
  const existing = await getReservation(deps.store, id);
  if (!existing || existing.uid !== identity.uid) throw reservationNotFound();
  // A plain read: if it is stale, the waitlist trigger frees a held seat nobody waits for, or promotes into a freed one.
  const holdForWaitlist = existing.deletedAt === null && (await anyoneWaiting(deps.store, existing.single_class_id));
  const result = await deps.store.runTransaction(async (tx): Promise<ClassReservationDoc> => {
    const r = await getReservation(deps.store, id, tx);
    if (!r || r.uid !== identity.uid) throw reservationNotFound();
    if (r.deletedAt !== null) return r;
    const cls = await getSingleClass(deps.store, r.single_class_id, tx);
    const now = deps.now();
    const block = cancelBlock({ attended: r.attend, classStart: cls?.class_date.getTime() ?? null }, now.getTime());
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
    return endReservation(deps, tx, r, {
      reason: 'customer',
      lot,
      creditBack: onTime,
      countCancel: true,
      holdForWaitlist,
      context: { actor: { uid: identity.uid, role: 'customer' }, reference: { type: 'class_reservation', id } },
      now,
    });
  });
  const [dto] = await presentReservations(deps, [result], tz);
  return dto as ClassReservation;
}
