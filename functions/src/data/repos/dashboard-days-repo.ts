import type { DashboardDayFigures } from '@studio/shared/types/dashboard';
import type { DocumentStore } from '../store/types';

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
}

const days = (store: DocumentStore) => store.collection('dashboard_days');

export async function getDashboardDays(store: DocumentStore, dayIds: readonly string[]): Promise<Map<string, DashboardDayDoc>> {
  const found = new Map<string, DashboardDayDoc>();
  if (dayIds.length === 0) return found;
  const snaps = await store.getAll(...dayIds.map((day) => days(store).doc(day)));
  for (const snap of snaps) if (snap.exists) found.set(snap.id, snap.data() as unknown as DashboardDayDoc);
  return found;
}

/** The computed days in [from, to] (YYYY-MM-DD, both included): a range on the `day` field, so days never computed cost nothing. */
export async function listDashboardDays(store: DocumentStore, from: string, to: string): Promise<DashboardDayDoc[]> {
  const result = await days(store).where('day', '>=', from).where('day', '<=', to).orderBy('day').get();
  return result.docs.map((doc) => doc.data() as unknown as DashboardDayDoc);
}

/** The oldest computed day, or null: where the job's backfill stands. */
export async function oldestDashboardDay(store: DocumentStore): Promise<string | null> {
  const result = await days(store).orderBy('day').limit(1).get();
  return (result.docs[0]?.data()?.day as string | undefined) ?? null;
}

export async function writeDashboardDay(store: DocumentStore, doc: DashboardDayDoc): Promise<void> {
  await days(store)
    .doc(doc.day)
    .set({ ...doc });
}
