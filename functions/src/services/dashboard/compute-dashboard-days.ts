import { studioDay } from '@studio/shared/format/dates';
import { dashboardMessages } from '@studio/shared/messages/dashboard';
import { DASHBOARD_REFRESH_MIN_GAP_SECONDS } from '@studio/shared/types/dashboard';
import { listLotsExpiringBetween } from '../../data/repos/credits-repo';
import { type DashboardDayDoc, getDashboardDays, oldestDashboardDay, writeDashboardDay } from '../../data/repos/dashboard-days-repo';
import { firstInvoiceAt, listInvoicesBetween } from '../../data/repos/invoices-repo';
import { listReservationsOfClasses } from '../../data/repos/reservations-repo';
import { firstClassDate, listSingleClassesBetween } from '../../data/repos/single-classes-repo';
import { listWaitlistsOfClassesBetween } from '../../data/repos/waitlists-repo';
import type { StoreDeps } from '../../deps';
import { AppError } from '../../domain/errors';
import { endOfStudioDay, studioTimezone } from '../credits/expiry';
import { addDays, daysFromTo } from '../schedule/calendar';
import { dayFigures } from './day-figures';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A day's figures can still change after it ends (attendance marked late, a
 * no-show corrected, a cash charge recorded): the job recomputes a past day
 * until it has been computed this long after the day's end, then never again.
 */
export const SETTLE_DAYS = 2;
/** A past day that has not settled is recomputed at most this often. */
export const UNSETTLED_RECOMPUTE_MS = 6 * HOUR_MS;
/** Days before today the job checks for missing or unsettled figures each run (a job outage shorter than this heals by itself). */
export const RECENT_DAYS = 35;
/** Older days computed per run, going back to the studio's first class or charge: the first runs fill a year in a few runs. */
export const BACKFILL_DAYS_PER_RUN = 31;
/** The backfill stops this far back: the longest period the dashboard shows. */
export const BACKFILL_LIMIT_DAYS = 400;

/** A studio day as the instants [start, end): from just after the previous day's last millisecond (ADR 0042's day ends). */
export function studioDayBounds(day: string, tz: string): { start: Date; end: Date } {
  return { start: new Date(endOfStudioDay(addDays(day, -1), tz).getTime() + 1), end: new Date(endOfStudioDay(day, tz).getTime() + 1) };
}

/** Reads one studio day's sources, computes its figures and writes `dashboard_days/{day}` (`pressed`: by the admin's refresh button). */
export async function computeDay(deps: StoreDeps, day: string, tz: string, pressed = false): Promise<DashboardDayDoc> {
  const now = deps.now();
  const { start, end } = studioDayBounds(day, tz);
  const [classes, waitlists, invoices, lots] = await Promise.all([
    listSingleClassesBetween(deps.store, { from: start, to: end }),
    listWaitlistsOfClassesBetween(deps.store, start, end),
    listInvoicesBetween(deps.store, start, end),
    listLotsExpiringBetween(deps.store, start, end),
  ]);
  const held = classes.filter((c) => c.status !== 'cancelled').map((c) => c.single_class_id);
  const reservations = await listReservationsOfClasses(deps.store, held);
  const doc: DashboardDayDoc = {
    ...dayFigures({ day, tz, now, classes, reservations, waitlists, invoices, lots }),
    computedAt: now,
    final: now.getTime() >= end.getTime() + SETTLE_DAYS * DAY_MS,
    ...(pressed ? { refreshedAt: now } : {}),
  };
  await writeDashboardDay(deps.store, doc);
  return doc;
}

/** Whether the job should (re)compute a past day it has (or lacks) figures for. */
export function pastDayIsDue(doc: DashboardDayDoc | undefined, dayEnd: Date, now: Date): boolean {
  if (!doc) return true;
  if (doc.final) return false;
  const computed = doc.computedAt.getTime();
  // Computed while the day was still open: once more now that it has ended; then every few hours until it settles.
  return computed < dayEnd.getTime() || now.getTime() - computed >= UNSETTLED_RECOMPUTE_MS;
}

/**
 * The scheduled job (every 30 minutes): today always; recent days that are
 * missing or not settled; then older days back to the studio's first class or
 * charge, a batch per run. Idempotent: a repeated run rewrites the same
 * figures. Days are computed one after another, so a run's reads stay modest.
 */
export async function computeDashboardDays(deps: StoreDeps): Promise<{ computed: string[] }> {
  const tz = await studioTimezone(deps);
  const now = deps.now();
  const today = studioDay(now, tz);
  const computed: string[] = [];

  await computeDay(deps, today, tz);
  computed.push(today);

  const recent = Array.from({ length: RECENT_DAYS }, (_, i) => addDays(today, -(i + 1)));
  const stored = await getDashboardDays(deps.store, recent);
  for (const day of recent) {
    if (!pastDayIsDue(stored.get(day), studioDayBounds(day, tz).end, now)) continue;
    await computeDay(deps, day, tz);
    computed.push(day);
  }

  const oldest = await oldestDashboardDay(deps.store);
  const firstActivity = [await firstClassDate(deps.store), await firstInvoiceAt(deps.store)].filter((d): d is Date => d !== null);
  if (oldest === null || firstActivity.length === 0) return { computed };
  const floor = [studioDay(new Date(Math.min(...firstActivity.map((d) => d.getTime()))), tz), addDays(today, -BACKFILL_LIMIT_DAYS)].sort().at(-1) as string;
  for (let day = addDays(oldest, -1), n = 0; n < BACKFILL_DAYS_PER_RUN && daysFromTo(floor, day) >= 0; day = addDays(day, -1), n += 1) {
    await computeDay(deps, day, tz);
    computed.push(day);
  }
  return { computed };
}

/**
 * POST /api/dashboard/refresh (admin): today's figures now, unless the button
 * was pressed less than a minute ago (429). Recomputes made by reads (ADR
 * 0117) do not count, or an open Tablero would keep the button refused.
 */
export async function refreshToday(deps: StoreDeps): Promise<{ updated_at: string }> {
  const tz = await studioTimezone(deps);
  const now = deps.now();
  const today = studioDay(now, tz);
  const current = (await getDashboardDays(deps.store, [today])).get(today);
  if (current?.refreshedAt && now.getTime() - current.refreshedAt.getTime() < DASHBOARD_REFRESH_MIN_GAP_SECONDS * 1000) {
    throw new AppError('rate-limited', 'dashboard/refresh-too-soon', dashboardMessages.refreshTooSoon);
  }
  const doc = await computeDay(deps, today, tz, true);
  return { updated_at: doc.computedAt.toISOString() };
}
