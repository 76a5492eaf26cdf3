/**
 * The phone schedule's day rules (docs/booking, "The phone schedule"): a strip
 * of studio calendar days that always begins with today, one day shown at a
 * time, and that day's started classes set apart from the ones still ahead.
 * "Today" is the studio's day at `now` (its zone, never the machine's); days
 * are YYYY-MM-DD labels, as in ./schedule-week.
 */
import { studioDay } from './dates';
import { addCalendarDays, isCalendarDay } from './schedule-week';

/** Days the strip shows from today: two weeks, so a phone reaches next week's same weekday without paging. */
export const STRIP_DAYS = 14;

/** How far ahead a shared `dia` link is honoured (8 weeks); further is a typo or a stale link, and opens today. */
export const MAX_DAYS_AHEAD = 56;

/**
 * The day a schedule shows, from its `dia` query parameter: a real day from
 * today to MAX_DAYS_AHEAD ahead; anything else (missing, malformed, past,
 * too far) is today. A past day is never shown: its classes cannot be booked.
 */
export function scheduleDay(param: string | null | undefined, now: Date, tz: string): string {
  const today = studioDay(now, tz);
  if (!isCalendarDay(param) || param < today || param > addCalendarDays(today, MAX_DAYS_AHEAD)) return today;
  return param;
}

/**
 * The strip's days, today first: `length` days from today, stretched to reach
 * `selected` when a link chose a day further ahead, so the chosen day always
 * has its tab.
 */
export function stripDays(today: string, selected: string, length: number = STRIP_DAYS): string[] {
  const days: string[] = [];
  for (let day = today; days.length < length || day <= selected; day = addCalendarDays(day, 1)) days.push(day);
  return days;
}

/**
 * A day's classes split at `now`: those that started before it, and the rest
 * (a cancelled class ahead stays there, saying so), each in start order. Started classes of today are
 * folded away on phones, so the first thing under the strip is what can still
 * be booked.
 */
export function splitAtNow<T extends { class_date: string }>(items: readonly T[], now: number): { started: T[]; ahead: T[] } {
  const sorted = [...items].sort((a, b) => Date.parse(a.class_date) - Date.parse(b.class_date));
  return {
    started: sorted.filter((c) => Date.parse(c.class_date) <= now),
    ahead: sorted.filter((c) => Date.parse(c.class_date) > now),
  };
}

/** The next day after `day` in `days` that has a class ahead of `now`, or null: where an empty day points. */
export function nextDayWithClasses<T extends { class_date: string }>(
  byDay: ReadonlyArray<{ day: string; items: readonly T[] }>,
  day: string,
  now: number,
): string | null {
  return byDay.find((entry) => entry.day > day && entry.items.some((c) => Date.parse(c.class_date) > now))?.day ?? null;
}
