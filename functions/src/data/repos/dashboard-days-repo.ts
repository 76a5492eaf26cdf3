import type { DashboardDayFigures } from '@studio/shared/types/dashboard';
import { typedCollection } from '../store/typed-collection';
import { type DocumentStore, FieldValue } from '../store/types';

export interface OccupancyCell {
  classes: number;
  capacity: number;
  bookings: number;
}

/**
 * dashboard_days/{YYYY-MM-DD}: one studio day's figures, written only by the
 * dashboard job and the admin's refresh (services/dashboard), read by
 * GET /api/dashboard: one document per day of the period.
 */
export interface DashboardDayDoc extends DashboardDayFigures {
  day: string;
  by_class_type: Array<OccupancyCell & { class_type_id: number }>;
  by_slot: Array<OccupancyCell & { slot: string }>;
  by_package: Array<{ class_package_id: number; title: string; sales_count: number; sales_amount: number }>;
  computedAt: Date;
  /** Computed after the day settled (docs/admin "Dashboard"): never recomputed by the job again. */
  final: boolean;
  /**
   * While a dashboard read recomputes today (ADR 0117): until when that read
   * holds the day, so a second read at the same moment answers the stored
   * figures instead of computing them again. Gone once the figures are written.
   */
  refreshingUntil?: Date;
  /**
   * When an admin last pressed 'Actualizar cifras de hoy': the button's once-a-
   * minute rule counts presses, not the recomputes reads make (ADR 0117), or an
   * open Tablero would keep it refused. Kept by later computations.
   */
  refreshedAt?: Date;
}

const days = (store: DocumentStore) => typedCollection<DashboardDayDoc>(store, 'dashboard_days');

export async function getDashboardDays(store: DocumentStore, dayIds: readonly string[]): Promise<Map<string, DashboardDayDoc>> {
  const found = new Map<string, DashboardDayDoc>();
  if (dayIds.length === 0) return found;
  const snaps = await store.getAll(...dayIds.map((day) => days(store).doc(day)));
  // A day only claimed for a recompute (claimDayRecompute) has no figures yet.
  for (const snap of snaps) {
    const doc = snap.data();
    if (doc !== undefined && snap.get('computedAt') !== undefined) found.set(snap.id, doc);
  }
  return found;
}

/** The computed days in [from, to] (YYYY-MM-DD, both included): a range on the `day` field, so days never computed cost nothing. */
export async function listDashboardDays(store: DocumentStore, from: string, to: string): Promise<DashboardDayDoc[]> {
  const result = await days(store).where('day', '>=', from).where('day', '<=', to).orderBy('day').get();
  return result.docs.map((doc) => doc.data());
}

/** The oldest computed day, or null: where the job's backfill stands. */
export async function oldestDashboardDay(store: DocumentStore): Promise<string | null> {
  const result = await days(store).orderBy('day').limit(1).get();
  return result.docs[0]?.data().day ?? null;
}

/** Every figure replaced; a recompute's claim ends; the last press of the refresh button is kept unless `doc` carries a new one. */
export async function writeDashboardDay(store: DocumentStore, doc: DashboardDayDoc): Promise<void> {
  await days(store)
    .doc(doc.day)
    .set({ ...doc, refreshingUntil: FieldValue.delete() }, { merge: true });
}

/**
 * Takes the day for one recompute when its figures were computed before
 * `staleBefore` or at it (or never) and no other recompute holds it: 'claimed' when
 * this caller should compute, else 'fresh' or 'held' (by another reader). A transaction on the day's own document (never
 * written by bookings or sales), so of two readers at once only one computes.
 * A day without figures gets a document holding only the claim: it has no
 * `day` field, so period reads never list it.
 */
export async function claimDayRecompute(
  store: DocumentStore,
  day: string,
  now: Date,
  staleBefore: Date,
  holdUntil: Date,
): Promise<'claimed' | 'fresh' | 'held'> {
  const ref = days(store).doc(day);
  // Under contention the retry sees the other reader's claim: 'held'.
  return store.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const computedAt = snap.get('computedAt') as Date | undefined;
    const heldUntil = snap.get('refreshingUntil') as Date | undefined;
    if (computedAt && computedAt.getTime() > staleBefore.getTime()) return 'fresh';
    if (heldUntil && heldUntil.getTime() > now.getTime()) return 'held';
    tx.set(ref, { refreshingUntil: holdUntil }, { merge: true });
    return 'claimed';
  });
}
