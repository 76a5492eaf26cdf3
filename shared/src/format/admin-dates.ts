import { DEFAULT_TIMEZONE, inStudioZone } from './dates';

/**
 * The console's one way to write a date (docs/admin "Dates"): Spanish, on the
 * studio's clock, day without a leading zero — '28 nov 2026, 09:15' for an
 * instant, '28 nov 2026' for something that lasts a whole day (an expiry, a
 * penalty's period, a birthday). Every admin screen writes dates through here.
 */
export const ADMIN_DATE_FORMAT = 'D MMM YYYY';
export const ADMIN_DATE_TIME_FORMAT = `${ADMIN_DATE_FORMAT}, HH:mm`;

const NONE = '—';

function format(instant: Date | string | number | null | undefined, tz: string, pattern: string): string {
  if (instant === null || instant === undefined || instant === '') return NONE;
  const local = inStudioZone(instant, tz);
  return local.isValid() ? local.format(pattern) : NONE;
}

/** An instant as the studio's wall clock: '28 nov 2026, 09:15'; '—' for none. */
export function formatAdminDateTime(instant: Date | string | number | null | undefined, tz: string = DEFAULT_TIMEZONE): string {
  return format(instant, tz, ADMIN_DATE_TIME_FORMAT);
}

/** The studio's calendar day of an instant: '28 nov 2026'; '—' for none. */
export function formatAdminDate(instant: Date | string | number | null | undefined, tz: string = DEFAULT_TIMEZONE): string {
  return format(instant, tz, ADMIN_DATE_FORMAT);
}

/** A calendar day stored as YYYY-MM-DD (a birthdate, a dashboard day): the same words, never moved by a zone. */
export function formatAdminCalendarDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? format(`${day}T12:00:00Z`, 'UTC', ADMIN_DATE_FORMAT) : NONE;
}
