/**
 * The public week schedule's date rules (docs/public-site, "Public pages").
 * Weeks are studio calendar weeks, Monday first (customer-area §9). Calendar
 * days are `YYYY-MM-DD` labels computed with UTC date arithmetic, so neither the
 * machine's zone nor a DST change can shift a day (ADR 0050); only the
 * functions that turn an instant into a day or a time look at a zone, and they
 * take the studio's zone explicitly.
 */
import { DATE_FORMAT, dayjs, studioDay, studioWallClockOf } from './dates';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

// Plain ISO dates parse the same everywhere: as UTC midnight, no zone involved.
const utcDay = (day: string) => dayjs.utc(day);

/** A real calendar day written as YYYY-MM-DD (rejects 2026-02-30 and free text). */
export function isCalendarDay(value: string | null | undefined): value is string {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  const parsed = utcDay(value);
  return parsed.isValid() && parsed.format('YYYY-MM-DD') === value;
}

/** `day` plus `n` calendar days (n may be negative). */
export function addCalendarDays(day: string, n: number): string {
  return utcDay(day).add(n, 'day').format('YYYY-MM-DD');
}

/** The Monday of the calendar week that contains `day`. */
export function mondayOf(day: string): string {
  const d = utcDay(day);
  // dayjs: 0 = Sunday … 6 = Saturday; Sunday belongs to the week that began six days earlier.
  const sinceMonday = (d.day() + 6) % 7;
  return d.subtract(sinceMonday, 'day').format('YYYY-MM-DD');
}

/** The Monday of the studio's current week: today is the studio's day at `now`, not the machine's. */
export function currentWeekStart(now: Date, tz: string): string {
  return mondayOf(studioDay(now, tz));
}

/** The 7 days of the week that starts on `monday`, Monday to Sunday. */
export function weekDaysFrom(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addCalendarDays(monday, i));
}

/**
 * The week a schedule shows, from the `semana` query parameter: any day of a
 * week names that week (normalised to its Monday). A missing or malformed
 * value, or a week before the current one, gives the current week: the public
 * schedule never looks back (past classes cannot be booked).
 */
export function scheduleWeekStart(param: string | null | undefined, now: Date, tz: string): string {
  const current = currentWeekStart(now, tz);
  if (!isCalendarDay(param)) return current;
  const asked = mondayOf(param);
  return asked < current ? current : asked;
}

/** Spanish weekday name of a calendar day, e.g. 'lunes'. */
export function weekdayName(day: string): string {
  return utcDay(day).locale('es').format('dddd');
}

/** A calendar day as the spec shows dates: 'DD MMM YYYY' in Spanish, e.g. '16 nov 2026'. */
export function formatCalendarDay(day: string): string {
  return utcDay(day).locale('es').format(DATE_FORMAT);
}

/** HH:mm of an instant on the studio's clock. */
export function studioClockTime(instant: Date | string | number, tz: string): string {
  return studioWallClockOf(instant, tz)?.time ?? dayjs(instant).tz(tz).format('HH:mm');
}

/** An instant as ISO 8601 with the studio's UTC offset, e.g. '2026-11-16T07:00:00-06:00' (schema.org dates). */
export function studioIsoWithOffset(instant: Date | string | number, tz: string): string {
  const clock = studioWallClockOf(instant, tz);
  if (!clock) return dayjs(instant).tz(tz).format('YYYY-MM-DDTHH:mm:ssZ');
  const sign = clock.offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(clock.offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${clock.date}T${clock.time}:${clock.seconds}${offset}`;
}

/**
 * Items sorted into the 7 days of the week starting `monday`, by the studio
 * day of their start (`at`), each day in start order. Items outside the week
 * are dropped.
 */
export function groupByStudioDay<T>(items: readonly T[], at: (item: T) => string, monday: string, tz: string): Array<{ day: string; items: T[] }> {
  const days = weekDaysFrom(monday).map((day) => ({ day, items: [] as T[] }));
  const byDay = new Map(days.map((entry) => [entry.day, entry.items]));
  const sorted = [...items].sort((a, b) => Date.parse(at(a)) - Date.parse(at(b)));
  for (const item of sorted) byDay.get(studioDay(at(item), tz))?.push(item);
  return days;
}

/** The Thursday of the week starting `monday`: ISO 8601 gives a week to the year and month holding its Thursday. */
function thursdayOf(monday: string): string {
  return addCalendarDays(mondayOf(monday), 3);
}

/** ISO 8601 week number ('Semana N', customer-area §2): weeks start on Monday, week 1 holds the year's first Thursday. */
export function isoWeekNumber(day: string): number {
  return utcDay(day).isoWeek();
}

/** The month a week belongs to (the one holding its Thursday), as 'YYYY-MM'. */
export function weekMonth(monday: string): string {
  return thursdayOf(monday).slice(0, 7);
}

/** A 'YYYY-MM' month in Spanish, e.g. 'noviembre 2026'. */
export function monthName(month: string): string {
  return utcDay(`${month}-01`).locale('es').format('MMMM YYYY');
}

/**
 * The first week of the month `delta` months from the one `monday`'s week
 * belongs to: the week holding that month's first Thursday, so the month
 * header names the month the calendar then shows.
 */
export function weekStartOfMonth(monday: string, delta: number): string {
  const first = utcDay(`${weekMonth(monday)}-01`).add(delta, 'month');
  const firstThursday = first.add((4 - first.day() + 7) % 7, 'day');
  return mondayOf(firstThursday.format('YYYY-MM-DD'));
}
