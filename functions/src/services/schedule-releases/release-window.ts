import { WARM_LEAD_MINUTES, WARM_TAIL_MINUTES } from '@studio/shared/schemas/schedule-release';

const MINUTE = 60_000;

/**
 * The releases whose warm window [starts_at − lead, starts_at + tail] holds
 * `now`, both ends included, are those starting in [now − tail, now + lead]:
 * one range on `starts_at`. Plain instants, so the studio's and the machine's
 * time zones play no part.
 */
export function startsAtRangeWarmAt(now: Date): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - WARM_TAIL_MINUTES * MINUTE), to: new Date(now.getTime() + WARM_LEAD_MINUTES * MINUTE) };
}

/** The earliest `starts_at` of a release whose window has not ended at `now` (it may have started). */
export function notEndedSince(now: Date): Date {
  return startsAtRangeWarmAt(now).from;
}
