import type { AvailableClassDoc } from '../../../data/repos/credits-repo';
import { takeNumber } from '../../../data/repos/number-claims';
import { assignHeldSeat, type ClassReservationDoc, createHolding, createReservation } from '../../../data/repos/reservations-repo';
import type { Transaction } from '../../../data/store/types';
import type { StoreDeps } from '../../../deps';
import { changeLot, type LedgerContext } from '../../credits/ledger';
import { reservationNumbers } from './reservation-numbers';

export interface NewPlace {
  /** The reservation, its id already chosen (findFreeNumber) and its seat and spot free (read in `tx`). */
  doc: ClassReservationDoc & { seat: number };
  /** Whether the seat is one held for the waitlist (it is handed over) rather than a free one (created). */
  heldSeat: boolean;
  /** Whether the class has a spot map (then `doc.spot` is a spot document too). */
  onMap: boolean;
  /** The lot that pays, or null for a courtesy place. */
  lot: AvailableClassDoc | null;
  context: LedgerContext;
}

/**
 * Writes a new reservation and everything it holds, in `tx`: the id claim,
 * the seat, the spot (with a map), the holder (`holders/` or, for a guest,
 * `guests/` by customer), the reservation and the credit spent through the
 * ledger (the lot as written is returned, for a second place paid by it). Only documents of this reservation: booking, promotion and an
 * admin's add all write exactly this set (ADR 0060).
 */
export function writeNewReservation(deps: StoreDeps, tx: Transaction, place: NewPlace): AvailableClassDoc | null {
  const { doc } = place;
  const holding = { single_class_id: doc.single_class_id, class_reservation_id: doc.class_reservation_id, customer_id: doc.customer_id };
  takeNumber(deps.store, tx, reservationNumbers, doc.class_reservation_id, { single_class_id: doc.single_class_id });
  if (place.heldSeat) assignHeldSeat(deps.store, tx, { ...holding, n: doc.seat });
  else createHolding(deps.store, tx, 'seats', { ...holding, n: doc.seat });
  if (place.onMap) createHolding(deps.store, tx, 'spots', { ...holding, n: doc.spot as number });
  createHolding(deps.store, tx, doc.guest === null ? 'holders' : 'guests', { ...holding, n: doc.customer_id });
  createReservation(deps.store, tx, doc);
  return place.lot ? changeLot(deps, tx, place.lot, -1, 'book', place.context) : null;
}
