import { inStudioZone } from '@studio/shared/format/dates';

const DAY_MS = 86_400_000;

/**
 * Arithmetic on calendar days ('YYYY-MM-DD'). Days are labels, not instants:
 * they are computed in UTC so neither the server's zone nor a DST change can
 * shift them; instants come only from studioWallTimeToInstant.
 */
const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);

export function addDays(day: string, n: number): string {
  return new Date(toUtc(day) + n * DAY_MS).toISOString().slice(0, 10);
}

export function daysFromTo(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: string): number {
  const sundayZero = new Date(toUtc(day)).getUTCDay();
  return sundayZero === 0 ? 7 : sundayZero;
}

/** The studio calendar day and wall-clock time of an instant. */
export function studioWallClock(instant: Date, tz: string): { date: string; time: string } {
  const local = inStudioZone(instant, tz);
  return { date: local.format('YYYY-MM-DD'), time: local.format('HH:mm') };
}
