import type { AvailableClassDoc } from '../../data/repos/credits-repo';
import {
  type ClassReservationDoc,
  deleteHolding,
  getHolding,
  type HoldingDoc,
  holdSeatForWaitlist,
  replaceReservation,
  type ReservationCancelReason,
  type ReservationRefund,
} from '../../data/repos/reservations-repo';
import type { Transaction } from '../../data/store/types';
import type { StoreDeps } from '../../deps';
import { isExpired } from '../credits/balance';
import { changeLot, type LedgerContext } from '../credits/ledger';

export interface EndReservation {
  reason: Exclude<ReservationCancelReason, 'class-cancelled'>;
  /** The lot that paid, read in `tx` (null: cash or gone). */
  lot: AvailableClassDoc | null;
  /** Whether the credit goes back (on time, or an admin's choice); otherwise a 0-delta entry records the late cancel. */
  creditBack: boolean;
  /** Whether the cancel counts against the lot's max_cancels_per_available_class (customer cancels do). */
  countCancel: boolean;
  /** Whether someone was waiting when the cancel began: the freed seat is then held for the waitlist (ADR 0061). */
  holdForWaitlist: boolean;
  context: LedgerContext;
  now: Date;
}

/**
 * Ends one active reservation inside `tx`: the credit (through the ledger),
 * the `refund` marker, and its seat, spot and holder documents, in the
 * transaction that marks it cancelled, so it happens at most once. The seat
 * is deleted, or kept as a seat held for the waitlist when people are
 * waiting, so a customer refreshing the schedule cannot take the place of
 * the first person in line; the waitlist trigger hands it on or frees it.
 * Reads happen before any write (a Firestore transaction's rule).
 */
export async function endReservation(deps: StoreDeps, tx: Transaction, r: ClassReservationDoc, how: EndReservation): Promise<ClassReservationDoc> {
  return writeEnding(deps, tx, await readEnding(deps, tx, r), how).cancelled;
}

/** What ending a reservation reads: its holder, spot and seat documents. */
export interface Ending {
  r: ClassReservationDoc;
  holder: HoldingDoc | null;
  spotHolding: HoldingDoc | null;
  seatHolding: HoldingDoc | null;
}

/** The reads of endReservation, for a transaction that ends more than one reservation (all its reads come first). */
export async function readEnding(deps: StoreDeps, tx: Transaction, r: ClassReservationDoc): Promise<Ending> {
  const store = deps.store;
  const holder = await getHolding(store, tx, r.single_class_id, r.guest === null ? 'holders' : 'guests', r.customer_id);
  const spotHolding = r.spot === null ? null : await getHolding(store, tx, r.single_class_id, 'spots', r.spot);
  const seatHolding = r.seat === null ? null : await getHolding(store, tx, r.single_class_id, 'seats', r.seat);
  return { r, holder, spotHolding, seatHolding };
}

/**
 * The writes of endReservation, after every read of the transaction. Answers
 * the lot as this left it too (null when untouched), so a second place paid
 * by the same lot starts from it.
 */
export function writeEnding(
  deps: StoreDeps,
  tx: Transaction,
  ending: Ending,
  how: EndReservation,
): { cancelled: ClassReservationDoc; lot: AvailableClassDoc | null } {
  const store = deps.store;
  const { r, holder, spotHolding, seatHolding } = ending;
  const holderKind = r.guest === null ? 'holders' : 'guests';
  const { lot, now } = how;
  let refund: ReservationRefund;
  let changed: AvailableClassDoc | null = null;
  if (!lot || lot.status === 'revoked') {
    refund = {
      kind: 'not-refunded',
      available_class_id: r.available_class_id,
      note: r.available_class_id === null ? 'cash' : lot ? 'lot-revoked' : 'lot-missing',
      at: now,
    };
  } else {
    const counted = how.countCancel ? { ...lot, cancels_used: (lot.cancels_used ?? 0) + 1 } : lot;
    if (how.creditBack) {
      changed = changeLot(deps, tx, counted, 1, 'refund', how.context);
      refund = {
        kind: lot.available_classes === -1 ? 'unlimited' : 'credit-returned',
        available_class_id: lot.available_class_id,
        note: isExpired(lot, now) ? 'lot-expired' : null,
        at: now,
      };
    } else {
      changed = changeLot(deps, tx, counted, 0, 'late-cancel', how.context);
      refund = { kind: 'not-refunded', available_class_id: lot.available_class_id, note: 'late-cancel', at: now };
    }
  }
  if (seatHolding?.class_reservation_id === r.class_reservation_id) {
    if (how.holdForWaitlist) holdSeatForWaitlist(store, tx, r.single_class_id, seatHolding.n, now);
    else deleteHolding(store, tx, r.single_class_id, 'seats', seatHolding.n);
  }
  if (spotHolding?.class_reservation_id === r.class_reservation_id) deleteHolding(store, tx, r.single_class_id, 'spots', spotHolding.n);
  if (holder?.class_reservation_id === r.class_reservation_id) deleteHolding(store, tx, r.single_class_id, holderKind, r.customer_id);
  const cancelled: ClassReservationDoc = { ...r, deletedAt: now, cancel_reason: how.reason, refund, updatedAt: now };
  replaceReservation(store, tx, cancelled);
  return { cancelled, lot: changed };
}
