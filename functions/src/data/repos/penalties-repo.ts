import { typedCollection } from '../store/typed-collection';
import type { DocumentStore, Transaction } from '../store/types';
import { readDoc, readQuery } from './read';

/**
 * class_reservation_penaltys/{class_reservation_penalty_id} (the spec's
 * collection name). While active (not lifted, end_date in the future) the
 * customer cannot book. Issued automatically after a streak of no-shows
 * (`reservation_ids`, `source: 'no-shows'`) or by an admin (`source: 'admin'`,
 * `reservation_ids` empty).
 */
export interface ClassReservationPenaltyDoc {
  class_reservation_penalty_id: number;
  customer_id: number;
  uid: string;
  source: 'no-shows' | 'admin';
  /** The no-shows that made the streak, in class order (empty for an admin's penalty). */
  reservation_ids: number[];
  /** `{customer_id}-{last no-show id}` for an automatic penalty (its streak guard's id); null for an admin's. */
  streak_key: string | null;
  start_date: Date;
  end_date: Date;
  /** The admin's reason when issued by hand. */
  reason: string | null;
  issued_by: string | null;
  lifted_at: Date | null;
  lifted_by: string | null;
  lift_reason: string | null;
  /**
   * 'attendance': lifted because an admin marked one of its no-shows attended
   * (the streak never was, so its other no-shows count again); 'admin': lifted
   * by hand (the no-shows stay spent). null while not lifted.
   */
  lift_kind: 'attendance' | 'admin' | null;
  createdAt: Date;
  updatedAt: Date;
}

const penalties = (store: DocumentStore) => typedCollection<ClassReservationPenaltyDoc>(store, 'class_reservation_penaltys');
const penaltyRef = (store: DocumentStore, id: number) => penalties(store).doc(String(id));
/**
 * class_reservation_penalty_streaks/{customer_id}-{last no-show id}: created
 * with the automatic penalty it names, in the same transaction, so a streak
 * issues at most one penalty however often (or concurrently) detection runs.
 */
const streakRef = (store: DocumentStore, key: string) => store.doc(`class_reservation_penalty_streaks/${key}`);

export async function getPenalty(store: DocumentStore, id: number, tx?: Transaction): Promise<ClassReservationPenaltyDoc | null> {
  const snap = await readDoc(penaltyRef(store, id), tx);
  return snap.data() ?? null;
}

/** Every penalty of a customer (one equality; a handful each). */
export async function listPenaltiesOfCustomer(store: DocumentStore, customerId: number, tx?: Transaction): Promise<ClassReservationPenaltyDoc[]> {
  const result = await readQuery(penalties(store).where('customer_id', '==', customerId), tx);
  return result.docs.map((doc) => doc.data());
}

/** Every penalty (the admin's list without a customer; sorted and paged by the caller). */
export async function listAllPenalties(store: DocumentStore): Promise<ClassReservationPenaltyDoc[]> {
  const result = await penalties(store).get();
  return result.docs.map((doc) => doc.data());
}

/** The penalty a streak issued (its guard document), or null when the streak has none yet. */
export async function getStreakPenaltyId(store: DocumentStore, tx: Transaction, key: string): Promise<number | null> {
  const snap = await tx.get(streakRef(store, key));
  return snap.exists ? Number(snap.get('class_reservation_penalty_id')) : null;
}

/**
 * Creates the penalty and, for an automatic one, its streak guard: created
 * (a second issue for the streak fails and retries into "already issued"),
 * or — `replacesGuard`, when the streak's earlier penalty was lifted because
 * its attendance was corrected and the correction was undone — pointed at
 * the new penalty (the caller read the guard in `tx`).
 */
export function createPenalty(store: DocumentStore, tx: Transaction, doc: ClassReservationPenaltyDoc, replacesGuard = false): void {
  tx.create(penaltyRef(store, doc.class_reservation_penalty_id), { ...doc });
  if (doc.streak_key === null) return;
  const guard = { class_reservation_penalty_id: doc.class_reservation_penalty_id, createdAt: doc.createdAt };
  if (replacesGuard) tx.set(streakRef(store, doc.streak_key), guard);
  else tx.create(streakRef(store, doc.streak_key), guard);
}

export function replacePenalty(store: DocumentStore, tx: Transaction, doc: ClassReservationPenaltyDoc): void {
  tx.set(penaltyRef(store, doc.class_reservation_penalty_id), { ...doc });
}
