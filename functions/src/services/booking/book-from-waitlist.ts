import type { AvailableClassDoc } from '../../data/repos/credits-repo';
import { findFreeNumber } from '../../data/repos/number-claims';
import type { ClassReservationDoc } from '../../data/repos/reservations-repo';
import type { Transaction } from '../../data/store/types';
import type { StoreDeps } from '../../deps';
import { newReservation } from './new-reservation';
import { reservationNumbers } from './places/reservation-numbers';
import { writeNewReservation } from './places/write-reservation';

export interface PromotedPlace {
  waitlistId: number;
  singleClassId: number;
  customerId: number;
  uid: string;
  /** The seat: one held for the line (handed over) or a free one, read by the promotion in `tx`. */
  seat: number;
  heldSeat: boolean;
  /** The spot on the map, or the seat's number when the class has no map (`onMap` false). */
  spot: number;
  onMap: boolean;
  /** The lot that pays (null only for a class that costs nothing). */
  lot: AvailableClassDoc | null;
}

/**
 * The reservation a promotion gives the first in line, written in the
 * promotion's transaction with exactly the documents every booking writes
 * (write-reservation.ts, ADR 0060). The promotion decides who and which
 * place; booking decides what a reservation is. Its number's claim is the
 * transaction's last read, so call it after every other read.
 */
export async function bookFromWaitlist(deps: StoreDeps, tx: Transaction, place: PromotedPlace, now: Date): Promise<ClassReservationDoc> {
  const id = await findFreeNumber(deps.store, tx, reservationNumbers, `waitlist:${place.waitlistId}`);
  if (id === null) throw new Error('The reservation number space has no limit; a free number always exists.');
  const reservation = newReservation(
    {
      class_reservation_id: id,
      single_class_id: place.singleClassId,
      customer_id: place.customerId,
      uid: place.uid,
      available_class_id: place.lot?.available_class_id ?? null,
      spot: place.spot,
      seat: place.seat,
      guest: null,
      // Paid with credits still awaiting their cash: shown 'Pago en Efectivo Incompleto' until it comes.
      is_cash: place.lot?.awaiting_payment === true,
      is_paid: place.lot?.awaiting_payment !== true,
      source: 'waitlist',
    },
    now,
  );
  writeNewReservation(deps, tx, {
    doc: { ...reservation, seat: place.seat },
    heldSeat: place.heldSeat,
    onMap: place.onMap,
    lot: place.lot,
    context: { actor: { uid: 'system:waitlist', role: 'system' }, reference: { type: 'class_reservation', id } },
  });
  return reservation;
}
