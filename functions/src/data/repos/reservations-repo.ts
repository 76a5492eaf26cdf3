import type { DocumentStore, Transaction } from '../store/types';
import { readQuery } from './read';

/** Why a reservation ended (deletedAt set). */
export type ReservationCancelReason = 'customer' | 'admin' | 'class-cancelled';

/**
 * What happened to the credit that paid a cancelled reservation. Written in
 * the same transaction as the credit change, so it is also the marker that
 * makes refunds happen at most once.
 * - credit-returned: +1 on the lot that paid (ledger kind 'class-cancelled')
 * - credit-replaced: that lot had expired; a new lot got the credit
 * - unlimited: the lot is unlimited; only the ledger entry records it
 * - not-refunded: no credit to return (cash, revoked or missing lot; see `note`)
 */
export type RefundKind = 'credit-returned' | 'credit-replaced' | 'unlimited' | 'not-refunded';

export interface ReservationRefund {
  kind: RefundKind;
  /** The lot that got the credit back (the paying lot or its replacement). */
  available_class_id: number | null;
  note: 'cash' | 'lot-revoked' | 'lot-missing' | null;
  at: Date;
}

/**
 * class_reservations/{class_reservation_id}; field names are the spec's. One
 * reservation is one spot paid by one credit (a guest gets their own
 * reservation, with `guest` set). Created by the booking flow.
 */
export interface ClassReservationDoc {
  class_reservation_id: number;
  single_class_id: number;
  customer_id: number;
  uid: string;
  /** The lot (available_classes) that paid; null when paid in cash. */
  available_class_id: number | null;
  /** Spot number on the class's spot map (1-based, row by row); null without a map. */
  spot: number | null;
  /** The guest's name when booked for someone else. */
  guest: string | null;
  is_cash: boolean;
  is_paid: boolean;
  attend: boolean;
  class_stars: number | null;
  coach_stars: number | null;
  comment: string | null;
  /** Non-null means cancelled (the spec's rule). */
  deletedAt: Date | null;
  cancel_reason: ReservationCancelReason | null;
  refund: ReservationRefund | null;
  createdAt: Date;
  updatedAt: Date;
}

export const reservationRef = (store: DocumentStore, id: number) => store.doc(`class_reservations/${id}`);

/** Reservations of a class that are not cancelled (two equalities: no composite index). */
export async function listActiveReservationsOfClass(store: DocumentStore, singleClassId: number, tx?: Transaction): Promise<ClassReservationDoc[]> {
  const query = store.collection('class_reservations').where('single_class_id', '==', singleClassId).where('deletedAt', '==', null);
  const result = await readQuery(query, tx);
  return result.docs.map((doc) => doc.data() as unknown as ClassReservationDoc);
}

export function createReservation(store: DocumentStore, tx: Transaction, doc: ClassReservationDoc): void {
  tx.create(reservationRef(store, doc.class_reservation_id), { ...doc });
}

export function replaceReservation(store: DocumentStore, tx: Transaction, doc: ClassReservationDoc): void {
  tx.set(reservationRef(store, doc.class_reservation_id), { ...doc });
}
