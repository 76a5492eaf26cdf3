import { createHash } from 'node:crypto';
import type { DynamicValues } from '@studio/shared/schemas/dynamic-form';
import { at } from '../../domain/at';
import { typedCollection } from '../store/typed-collection';
import type { DocumentStore, Transaction } from '../store/types';
import { StoreError } from '../store/types';
import { readDoc, readQuery } from './read';

/** Why a reservation ended (deletedAt set). */
/** cash-unpaid: booked on a cash purchase's credits before the cash came, and the cash never came. */
export type ReservationCancelReason = 'customer' | 'admin' | 'class-cancelled' | 'cash-unpaid';

/** How a reservation came to be: the customer booked it, the waitlist promoted them, or an admin added them. */
export type ReservationSource = 'customer' | 'waitlist' | 'admin';

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
  /** lot-expired: the credit went back to the lot that paid, which has expired since (so it cannot be used; an admin may extend the lot). */
  note: 'cash' | 'lot-revoked' | 'lot-missing' | 'late-cancel' | 'lot-expired' | null;
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
  /** Spot number on the class's spot map (1-based, row by row); without a map the server assigns the seat number. */
  spot: number | null;
  /**
   * The capacity seat this reservation holds (`single_classes/{id}/seats/{seat}`,
   * 1..capacity; ADR 0060). null for reservations made before seats existed (seed).
   */
  seat: number | null;
  /** The guest's name when booked for someone else (the customer's +1; it holds `guests/{customer_id}`, not `holders/`). */
  guest: string | null;
  /** How it was created; absent on reservations made before the field existed (read as 'customer'). */
  source?: ReservationSource;
  /** The customer's answers to the studio's booking questions (custom fields of 'class_reservation', ADR 0115); absent when none were asked or answered. */
  custom_values?: DynamicValues;
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

const reservations = (store: DocumentStore) => typedCollection<ClassReservationDoc>(store, 'class_reservations');
export const reservationRef = (store: DocumentStore, id: number) => reservations(store).doc(String(id));

/** Reservations of a class that are not cancelled (two equalities: no composite index). */
export async function listActiveReservationsOfClass(store: DocumentStore, singleClassId: number, tx?: Transaction): Promise<ClassReservationDoc[]> {
  const query = reservations(store).where('single_class_id', '==', singleClassId).where('deletedAt', '==', null);
  const result = await readQuery(query, tx);
  return result.docs.map((doc) => doc.data());
}

export function createReservation(store: DocumentStore, tx: Transaction, doc: ClassReservationDoc): void {
  tx.create(reservationRef(store, doc.class_reservation_id), { ...doc });
}

export function replaceReservation(store: DocumentStore, tx: Transaction, doc: ClassReservationDoc): void {
  tx.set(reservationRef(store, doc.class_reservation_id), { ...doc });
}

export async function getReservation(store: DocumentStore, id: number, tx?: Transaction): Promise<ClassReservationDoc | null> {
  const snap = await readDoc(reservationRef(store, id), tx);
  return snap.data() ?? null;
}

/** Every reservation of one customer (one equality; sorted and paged by the caller: a customer has hundreds at most). */
export async function listReservationsOfUid(store: DocumentStore, uid: string): Promise<ClassReservationDoc[]> {
  const result = await reservations(store).where('uid', '==', uid).get();
  return result.docs.map((doc) => doc.data());
}

/*
 * Per-class holdings (ADR 0060). Each is one small document that belongs to
 * one booking, created with a precondition (tx.create) and deleted when the
 * reservation ends, so two bookings never write the same document:
 * - seats/{n}: n in 1..capacity; holding one is what makes a reservation count against capacity;
 * - spots/{n}: a place on the spot map;
 * - holders/{customer_id}: the customer's own reservation in the class (one each);
 * - guests/{customer_id}: the customer's +1 guest's reservation (one each).
 * A seat freed while people wait stays as a seat held for the waitlist
 * (no reservation, `held_for_waitlist: true`) until promotion hands it on (ADR 0061).
 */
export type ClassHolding = 'seats' | 'spots' | 'holders' | 'guests';

export interface HoldingDoc {
  single_class_id: number;
  /** null only on a seat held for the waitlist. */
  class_reservation_id: number | null;
  customer_id: number | null;
  n: number;
  held_for_waitlist?: boolean;
  heldAt?: Date;
}

const holdings = (store: DocumentStore, singleClassId: number, kind: ClassHolding) =>
  typedCollection<HoldingDoc>(store, `single_classes/${singleClassId}/${kind}`);
const holdingRef = (store: DocumentStore, singleClassId: number, kind: ClassHolding, n: number) => holdings(store, singleClassId, kind).doc(String(n));

export async function getHolding(store: DocumentStore, tx: Transaction, singleClassId: number, kind: ClassHolding, n: number): Promise<HoldingDoc | null> {
  const snap = await tx.get(holdingRef(store, singleClassId, kind, n));
  return snap.data() ?? null;
}

export function createHolding(store: DocumentStore, tx: Transaction, kind: ClassHolding, doc: HoldingDoc): void {
  tx.create(holdingRef(store, doc.single_class_id, kind, doc.n), { ...doc });
}

export function deleteHolding(store: DocumentStore, tx: Transaction, singleClassId: number, kind: ClassHolding, n: number): void {
  tx.delete(holdingRef(store, singleClassId, kind, n));
}

/**
 * A free number in 1..max of a class's seats or spots, or null when none is
 * free. The taken ones are read plainly (no lock, conflicts with nothing);
 * the caller's seed spreads racers over different free numbers; candidates
 * are read inside `tx`, so a racer that takes one first makes this
 * transaction retry. Reads only: the caller creates the holding.
 */
export async function findFreeHolding(
  store: DocumentStore,
  tx: Transaction,
  singleClassId: number,
  kind: ClassHolding,
  max: number,
  seed: string,
  /** Numbers this transaction is already taking (a guest's seat after the customer's own). */
  exclude: ReadonlySet<number> = new Set(),
): Promise<number | null> {
  const seen = new Set<number>(exclude);
  for (let round = 0; round < 6; round++) {
    const taken = await holdings(store, singleClassId, kind).get();
    for (const doc of taken.docs) seen.add(Number(doc.get('n')));
    const free: number[] = [];
    for (let n = 1; n <= max; n++) if (!seen.has(n)) free.push(n);
    if (free.length === 0) return null;
    const start = createHash('sha256').update(`${round}:${seed}`).digest().readUInt32BE(0) % free.length;
    for (let k = 0; k < Math.min(3, free.length); k++) {
      const n = at(free, (start + k) % free.length);
      if ((await getHolding(store, tx, singleClassId, kind, n)) === null) return n;
      seen.add(n);
    }
  }
  throw new StoreError('aborted', `No free ${kind} found for class ${singleClassId} among the candidates read (contention).`);
}

/** The numbers of a class's holdings of one kind (its taken spots, say): a plain read, to choose candidates that `tx` then confirms one by one. */
export async function listTakenNumbers(store: DocumentStore, singleClassId: number, kind: ClassHolding): Promise<Set<number>> {
  const taken = await holdings(store, singleClassId, kind).get();
  return new Set(taken.docs.map((doc) => Number(doc.get('n'))));
}

/** How many seats of a class are held for its waitlist, read in `tx`. */
export async function countSeatsHeldForWaitlist(store: DocumentStore, tx: Transaction, singleClassId: number): Promise<number> {
  return (await tx.get(holdings(store, singleClassId, 'seats').where('held_for_waitlist', '==', true))).size;
}

/** How many seats of a class are taken, by reservations or held for the waitlist (a plain count, for display: one read, not one per seat). */
export async function countSeatsTaken(store: DocumentStore, singleClassId: number): Promise<number> {
  return holdings(store, singleClassId, 'seats').count();
}

/** Every held seat of a class, read inside `tx` (so a booking that takes a seat meanwhile makes the caller retry). */
export async function listHeldSeats(store: DocumentStore, tx: Transaction, singleClassId: number): Promise<HoldingDoc[]> {
  const result = await tx.get(holdings(store, singleClassId, 'seats'));
  return result.docs.map((doc) => doc.data());
}

/** Keeps a freed seat for the waitlist: no reservation holds it, and nobody can book it directly. */
export function holdSeatForWaitlist(store: DocumentStore, tx: Transaction, singleClassId: number, n: number, at: Date): void {
  tx.set(holdingRef(store, singleClassId, 'seats', n), {
    single_class_id: singleClassId,
    class_reservation_id: null,
    customer_id: null,
    n,
    held_for_waitlist: true,
    heldAt: at,
  });
}

/** Gives a seat held for the waitlist to a promoted reservation (the caller read it in `tx`). */
export function assignHeldSeat(store: DocumentStore, tx: Transaction, doc: HoldingDoc & { class_reservation_id: number; customer_id: number }): void {
  tx.set(holdingRef(store, doc.single_class_id, 'seats', doc.n), {
    single_class_id: doc.single_class_id,
    class_reservation_id: doc.class_reservation_id,
    customer_id: doc.customer_id,
    n: doc.n,
  });
}

/** Moves a held seat to a free one (the caller read both): delete, then create with a precondition. */
export function moveSeat(store: DocumentStore, tx: Transaction, holding: HoldingDoc, to: number): void {
  deleteHolding(store, tx, holding.single_class_id, 'seats', holding.n);
  createHolding(store, tx, 'seats', { ...holding, n: to });
}

/** Every reservation of a class, cancelled ones too (one equality): the admin's roster. */
export async function listReservationsOfClass(store: DocumentStore, singleClassId: number, tx?: Transaction): Promise<ClassReservationDoc[]> {
  const result = await readQuery(reservations(store).where('single_class_id', '==', singleClassId), tx);
  return result.docs.map((doc) => doc.data());
}

/** Every reservation of one customer by customer_id (one equality; a customer has hundreds at most): the no-show streak. */
export async function listReservationsOfCustomer(store: DocumentStore, customerId: number, tx?: Transaction): Promise<ClassReservationDoc[]> {
  const result = await readQuery(reservations(store).where('customer_id', '==', customerId), tx);
  return result.docs.map((doc) => doc.data());
}

/** Firestore's ceiling on the values of one `in` filter. */
const IN_FILTER_MAX = 30;

/** Every reservation (cancelled ones too) of the classes among `ids`: one `in` query per 30 classes (the dashboard's day figures). */
export async function listReservationsOfClasses(store: DocumentStore, ids: readonly number[]): Promise<ClassReservationDoc[]> {
  const unique = [...new Set(ids)];
  const chunks: number[][] = [];
  for (let i = 0; i < unique.length; i += IN_FILTER_MAX) chunks.push(unique.slice(i, i + IN_FILTER_MAX));
  const results = await Promise.all(chunks.map((chunk) => reservations(store).where('single_class_id', 'in', chunk).get()));
  return results.flatMap((result) => result.docs.map((doc) => doc.data()));
}
