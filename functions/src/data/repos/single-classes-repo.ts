import { at } from '../../domain/at';
import { typedCollection } from '../store/typed-collection';
import type { DocumentStore, Query, Transaction } from '../store/types';
import { readDoc, readQuery } from './read';

export type SingleClassStatus = 'scheduled' | 'cancelled';

/**
 * single_classes/{single_class_id}. Catalogue records are referenced by id and
 * joined at read time (ADR 0051), so a renamed coach shows everywhere at once.
 */
export interface SingleClassDoc {
  single_class_id: number;
  /** The instant the class starts; its day and wall-clock time are the studio's zone's. */
  class_date: Date;
  duration_minutes: number;
  description: string | null;
  capacity: number;
  /** Row sizes, copied from the class type when the class is created (a later catalogue edit never reshapes booked spots). */
  spot_map: string | null;
  class_type_id: number;
  location_id: number;
  instructor_ids: number[];
  tag_ids: number[];
  class_category_id: number | null;
  /** Only credits from this package may book it; null = any. */
  class_package_id: number | null;
  series_id: number | null;
  status: SingleClassStatus;
  cancelledAt: Date | null;
  cancel_reason: string | null;
  cancelled_by: string | null;
  /** The active reservations it had when it was cancelled (what the cancellation has to cancel and refund). */
  cancellation_total?: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** class_series/{series_id}: the rule a weekly series was created from (its classes carry series_id). */
export interface ClassSeriesDoc {
  series_id: number;
  weekdays: number[];
  start_time: string;
  duration_minutes: number;
  first_date: string;
  until_date: string | null;
  count: number | null;
  /** The studio zone the wall-clock time was entered in. */
  timezone: string;
  single_class_ids: number[];
  created_by: string;
  createdAt: Date;
}

const singleClasses = (store: DocumentStore) => typedCollection<SingleClassDoc>(store, 'single_classes');
export const singleClassRef = (store: DocumentStore, id: number) => singleClasses(store).doc(String(id));
const seriesRef = (store: DocumentStore, id: number) => typedCollection<ClassSeriesDoc>(store, 'class_series').doc(String(id));

/**
 * class_counts/{single_class_id}: what the schedule shows of a class's
 * occupancy, kept apart from the class document (ADR 0060): every booking
 * reads the class in its transaction, so the class is written only by admins,
 * and the counts, rewritten by the count trigger as bookings land, conflict
 * with no booking. Absent = nothing booked yet.
 */
export interface ClassCountsDoc {
  single_class_id: number;
  /** Active reservations; may lag a booking by a moment. */
  booked: number;
  /** Seats held for the waitlist (ADR 0061): not bookable directly. */
  held_for_waitlist: number;
  updatedAt: Date;
}

const countsRef = (store: DocumentStore, id: number) => typedCollection<ClassCountsDoc>(store, 'class_counts').doc(String(id));

/** The counts of each class among `ids` that has any (one batched read). */
export async function getClassCounts(store: DocumentStore, ids: readonly number[], tx?: Transaction): Promise<Map<number, ClassCountsDoc>> {
  const unique = [...new Set(ids)];
  const found = new Map<number, ClassCountsDoc>();
  if (unique.length === 0) return found;
  const refs = unique.map((id) => countsRef(store, id));
  const snaps = tx ? await tx.getAll(...refs) : await store.getAll(...refs);
  snaps.forEach((snap, index) => {
    const counts = snap.data();
    if (counts !== undefined) found.set(at(unique, index), counts);
  });
  return found;
}

export function writeClassCounts(store: DocumentStore, tx: Transaction, doc: ClassCountsDoc): void {
  tx.set(countsRef(store, doc.single_class_id), { ...doc });
}

export async function getSingleClass(store: DocumentStore, id: number, tx?: Transaction): Promise<SingleClassDoc | null> {
  const snap = await readDoc(singleClassRef(store, id), tx);
  return snap.data() ?? null;
}

export interface ClassWindowQuery {
  from: Date;
  /** Exclusive. */
  to: Date;
  instructorId?: number | undefined;
  locationId?: number | undefined;
}

/** Classes starting in [from, to), in start order; filters use the composite indexes in firestore.indexes.json. */
export async function listSingleClassesBetween(store: DocumentStore, query: ClassWindowQuery): Promise<SingleClassDoc[]> {
  let q: Query<SingleClassDoc> = singleClasses(store);
  if (query.locationId !== undefined) q = q.where('location_id', '==', query.locationId);
  if (query.instructorId !== undefined) q = q.where('instructor_ids', 'array-contains', query.instructorId);
  const result = await q.where('class_date', '>=', query.from).where('class_date', '<', query.to).orderBy('class_date').get();
  return result.docs.map((doc) => doc.data());
}

/** The classes of a series starting at or after `from`, in start order. */
export async function listSeriesClassesFrom(store: DocumentStore, tx: Transaction, seriesId: number, from: Date): Promise<SingleClassDoc[]> {
  const result = await readQuery(singleClasses(store).where('series_id', '==', seriesId).where('class_date', '>=', from).orderBy('class_date'), tx);
  return result.docs.map((doc) => doc.data());
}

export function createSingleClass(store: DocumentStore, tx: Transaction, doc: SingleClassDoc): void {
  tx.create(singleClassRef(store, doc.single_class_id), { ...doc });
}

export function replaceSingleClass(store: DocumentStore, tx: Transaction, doc: SingleClassDoc): void {
  tx.set(singleClassRef(store, doc.single_class_id), { ...doc });
}

export function createSeries(store: DocumentStore, tx: Transaction, doc: ClassSeriesDoc): void {
  tx.create(seriesRef(store, doc.series_id), { ...doc });
}

/** How a class points at a catalogue record (the field that holds the record's id). */
export interface ClassReference {
  field: 'class_type_id' | 'location_id' | 'class_category_id' | 'instructor_ids' | 'tag_ids';
  id: number;
}

const ARRAY_FIELDS = new Set(['instructor_ids', 'tag_ids']);

/** Whether a class still to happen (status 'scheduled', class_date ≥ from) uses the record. One document read at most. */
export async function hasUpcomingClassUsing(store: DocumentStore, tx: Transaction, ref: ClassReference, from: Date): Promise<boolean> {
  const query = singleClasses(store)
    .where(ref.field, ARRAY_FIELDS.has(ref.field) ? 'array-contains' : '==', ref.id)
    .where('status', '==', 'scheduled')
    .where('class_date', '>=', from)
    .limit(1);
  const result = await tx.get(query);
  return !result.empty;
}

/** When the first class starts, or null: how far back the dashboard's figures can go. */
export async function firstClassDate(store: DocumentStore): Promise<Date | null> {
  const result = await singleClasses(store).orderBy('class_date').limit(1).get();
  return result.docs[0]?.data().class_date ?? null;
}
