import { DASHBOARD_TODAY_FRESH_SECONDS } from '@studio/shared/types/dashboard';
import { claimDayRecompute } from '../../data/repos/dashboard-days-repo';
import type { StoreDeps } from '../../deps';
import { computeDay } from './compute-dashboard-days';

/** Today's stored figures are answered as they are while younger than this; this old, they are recomputed (ADR 0117). */
export const TODAY_FRESH_MS = DASHBOARD_TODAY_FRESH_SECONDS * 1000;
/**
 * How long a read that took today for a recompute holds it. Longer than a
 * day's computation takes; if that read dies mid-way, the next read after
 * this recomputes.
 */
export const TODAY_RECOMPUTE_HOLD_MS = 20_000;

export type TodayFreshness = 'fresh' | 'recomputed' | 'busy' | 'failed';

/**
 * Before a read of a period that includes today: today's figures recomputed
 * when they are older than TODAY_FRESH_MS, by one reader at a time. Bookings
 * and sales write nothing shared (the booking bench's rule); the cost of
 * freshness falls on the dashboard, at most one day's computation per
 * TODAY_FRESH_MS whatever the number of admins looking. Never throws: a read
 * that could not recompute answers the stored figures (a later read tries
 * again). `compute` is the day's computation (tests count it).
 */
export async function freshenToday(deps: StoreDeps, today: string, tz: string, compute = computeDay): Promise<TodayFreshness> {
  try {
    const now = deps.now();
    const claim = await claimDayRecompute(deps.store, today, now, new Date(now.getTime() - TODAY_FRESH_MS), new Date(now.getTime() + TODAY_RECOMPUTE_HOLD_MS));
    // Fresh, or another reader is computing it right now: both answer what is stored.
    if (claim === 'fresh') return 'fresh';
    if (claim === 'held') return 'busy';
    await compute(deps, today, tz);
    return 'recomputed';
  } catch (error) {
    console.warn(`[dashboard] today's figures (${today}) not recomputed on read; the stored ones are answered`, error);
    return 'failed';
  }
}
