import { typedCollection } from '../store/typed-collection';
import type { DocumentStore, Transaction } from '../store/types';
import { readDoc, readQuery } from './read';

/**
 * - waiting: in line
 * - promoted: booked from the line (`class_reservation_id`)
 * - left: the customer left, or was taken off because a promotion booked them into an overlapping class (`end_reason: 'overlap'`)
 * - skipped: their turn came but they could not be booked (`end_reason` says why)
 * - closed: the line closed (`end_reason` 'cutoff' or 'class-cancelled'); they are told by e-mail
 * - removed: an admin took them off
 */
export type WaitlistStatus = 'waiting' | 'promoted' | 'left' | 'skipped' | 'closed' | 'removed';

export type WaitlistEndReason =
  | 'customer'
  | 'overlap'
  | 'no-credits'
  /** Skipped: a lot would have paid, but it ends before the class (ADR 0065). */
  | 'lot-ends-before-class'
  | 'already-booked'
  | 'penalty'
  | 'cutoff'
  | 'class-cancelled'
  | 'admin';

/** waitlists/{waitlist_id}: one customer in one class's line (ADR 0061). */
export interface WaitlistDoc {
  waitlist_id: number;
  single_class_id: number;
  customer_id: number;
  uid: string;
  status: WaitlistStatus;
  end_reason: WaitlistEndReason | null;
  /** The reservation a promotion made. */
  class_reservation_id: number | null;
  /** A copy of the class's start and end, kept in step by the class-change trigger, so due lines and overlaps are found by query. */
  class_date: Date;
  class_end: Date;
  /** When they got in line: the order of the line (ties by waitlist_id). Re-joining puts them at the back. */
  joinedAt: Date;
  endedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * single_classes/{id}/waiting/{customer_id}: the customer's place in that
 * class's line while waiting. Created with a precondition (nobody is twice in
 * one line) and deleted when the entry ends, so the line is this small
 * subcollection, read in order by `joinedAt`.
 */
export interface WaitingDoc {
  waitlist_id: number;
  customer_id: number;
  joinedAt: Date;
}

const waitlists = (store: DocumentStore) => typedCollection<WaitlistDoc>(store, 'waitlists');
export const waitlistRef = (store: DocumentStore, id: number) => waitlists(store).doc(String(id));
const lineOf = (store: DocumentStore, singleClassId: number) => typedCollection<WaitingDoc>(store, `single_classes/${singleClassId}/waiting`);
const waitingRef = (store: DocumentStore, singleClassId: number, customerId: number) => lineOf(store, singleClassId).doc(String(customerId));

export async function getWaitlist(store: DocumentStore, id: number, tx?: Transaction): Promise<WaitlistDoc | null> {
  const snap = await readDoc(waitlistRef(store, id), tx);
  return snap.data() ?? null;
}

/** The customer's place in a class's line, if waiting. */
export async function getWaiting(store: DocumentStore, singleClassId: number, customerId: number, tx?: Transaction): Promise<WaitingDoc | null> {
  const snap = await readDoc(waitingRef(store, singleClassId, customerId), tx);
  return snap.data() ?? null;
}

const inLineOrder = (a: WaitingDoc, b: WaitingDoc) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.waitlist_id - b.waitlist_id;

/** A class's line, first in line first. Through `tx`, a change to the line makes the caller retry. */
export async function listLine(store: DocumentStore, singleClassId: number, tx?: Transaction): Promise<WaitingDoc[]> {
  const result = await readQuery(lineOf(store, singleClassId), tx);
  return result.docs.map((doc) => doc.data()).sort(inLineOrder);
}

/**
 * 1-based place of an entry in its class's line (listLine order), or null if
 * it is not in the line. Counted, not read: a count of those who joined
 * earlier (Firestore bills one read per 1,000 entries) plus the entries that
 * joined in the same millisecond, so showing a customer their place costs
 * two or three reads however long the line is.
 */
export async function placeInLine(store: DocumentStore, singleClassId: number, entry: Pick<WaitingDoc, 'waitlist_id' | 'joinedAt'>): Promise<number | null> {
  const line = lineOf(store, singleClassId);
  const [ahead, sameInstant] = await Promise.all([line.where('joinedAt', '<', entry.joinedAt).count(), line.where('joinedAt', '==', entry.joinedAt).get()]);
  const tied = sameInstant.docs.map((doc) => doc.data().waitlist_id);
  if (!tied.includes(entry.waitlist_id)) return null;
  return ahead + tied.filter((id) => id < entry.waitlist_id).length + 1;
}

/** Whether anyone is in a class's line: a plain read (no lock), for decisions that are corrected later if it is stale. */
export async function anyoneWaiting(store: DocumentStore, singleClassId: number): Promise<boolean> {
  return !(await lineOf(store, singleClassId).limit(1).get()).empty;
}

export function createWaitlist(store: DocumentStore, tx: Transaction, doc: WaitlistDoc): void {
  tx.create(waitlistRef(store, doc.waitlist_id), { ...doc });
  tx.create(waitingRef(store, doc.single_class_id, doc.customer_id), { waitlist_id: doc.waitlist_id, customer_id: doc.customer_id, joinedAt: doc.joinedAt });
}

/** Puts an entry back in line (re-joining): the entry gets a new joinedAt, the line a new place at its back. */
export function rejoinWaitlist(store: DocumentStore, tx: Transaction, doc: WaitlistDoc): void {
  tx.set(waitlistRef(store, doc.waitlist_id), { ...doc });
  tx.create(waitingRef(store, doc.single_class_id, doc.customer_id), { waitlist_id: doc.waitlist_id, customer_id: doc.customer_id, joinedAt: doc.joinedAt });
}

/** Ends an entry (the caller read it in `tx` and set status, end_reason, endedAt): it leaves the line. */
export function endWaitlist(store: DocumentStore, tx: Transaction, doc: WaitlistDoc): void {
  tx.set(waitlistRef(store, doc.waitlist_id), { ...doc });
  tx.delete(waitingRef(store, doc.single_class_id, doc.customer_id));
}

/** Rewrites an entry that stays in line (the class moved: its copies of the class times). */
export function replaceWaitlist(store: DocumentStore, tx: Transaction, doc: WaitlistDoc): void {
  tx.set(waitlistRef(store, doc.waitlist_id), { ...doc });
}

/** A customer's entries that are still waiting (one equality each). */
export async function listWaitingOfCustomer(store: DocumentStore, customerId: number, tx?: Transaction): Promise<WaitlistDoc[]> {
  const query = waitlists(store).where('customer_id', '==', customerId).where('status', '==', 'waiting');
  return (await readQuery(query, tx)).docs.map((doc) => doc.data());
}

/** A signed-in customer's entries still waiting (two equalities: no composite index). */
export async function listWaitingOfUid(store: DocumentStore, uid: string): Promise<WaitlistDoc[]> {
  const result = await waitlists(store).where('uid', '==', uid).where('status', '==', 'waiting').get();
  return result.docs.map((doc) => doc.data());
}

/** Entries of a class still waiting (one class's line, with their full records). */
export async function listWaitingOfClass(store: DocumentStore, singleClassId: number, tx?: Transaction): Promise<WaitlistDoc[]> {
  const query = waitlists(store).where('single_class_id', '==', singleClassId).where('status', '==', 'waiting');
  return (await readQuery(query, tx)).docs.map((doc) => doc.data());
}

/** Entries still waiting whose class starts at or before `until` (the lines due to close). Index: (status, class_date). */
export async function listWaitingDueBy(store: DocumentStore, until: Date, limit: number): Promise<WaitlistDoc[]> {
  const query = waitlists(store).where('status', '==', 'waiting').where('class_date', '<=', until).orderBy('class_date').limit(limit);
  return (await query.get()).docs.map((doc) => doc.data());
}

/** Every line entry (any status) of classes starting in [from, to): the dashboard's day figures. */
export async function listWaitlistsOfClassesBetween(store: DocumentStore, from: Date, to: Date): Promise<WaitlistDoc[]> {
  const result = await waitlists(store).where('class_date', '>=', from).where('class_date', '<', to).get();
  return result.docs.map((doc) => doc.data());
}
