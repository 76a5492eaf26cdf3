import 'dayjs/locale/es';
import dayjs from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(isoWeek);

/** Studios are in Mexico unless configured otherwise. */
export const DEFAULT_TIMEZONE = 'America/Mexico_City';

export const DATE_FORMAT = 'DD MMM YYYY';
export const DATE_TIME_FORMAT = 'ddd DD MMM, HH:mm';
export const TIME_FORMAT = 'HH:mm';

/** Instants are stored; calendar days and wall-clock times are the studio's. */
export function inStudioZone(instant: Date | string | number, tz: string = DEFAULT_TIMEZONE) {
  return dayjs(instant).tz(tz).locale('es');
}

export function formatStudioDate(instant: Date | string | number, tz: string = DEFAULT_TIMEZONE, format = DATE_FORMAT): string {
  return inStudioZone(instant, tz).format(format);
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(tz: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(tz, format);
  }
  return format;
}

export interface StudioWallClock {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm */
  time: string;
  /** ss */
  seconds: string;
  /** The zone's offset from UTC at that instant, in minutes (-360 for UTC−6). */
  offsetMinutes: number;
}

/**
 * The studio's calendar day, wall-clock time and UTC offset of an instant,
 * from one cached Intl formatter per zone. dayjs' tz() builds its dates twice
 * per call: a week of classes formatted that way cost a phone a tenth of a
 * second of blocked main thread. Null for an invalid instant.
 */
export function studioWallClockOf(instant: Date | string | number, tz: string = DEFAULT_TIMEZONE): StudioWallClock | null {
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  if (Number.isNaN(ms)) return null;
  const parts: Record<string, string> = {};
  for (const part of wallClockFormat(tz).formatToParts(ms)) parts[part.type] = part.value;
  const { year, month, day, hour, minute, second } = parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
  const asUtc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  return {
    date: `${year}-${month}-${day}`,
    time: `${hour}:${minute}`,
    seconds: second,
    offsetMinutes: Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000),
  };
}

/** The studio's calendar day of an instant, as YYYY-MM-DD. */
export function studioDay(instant: Date | string | number, tz: string = DEFAULT_TIMEZONE): string {
  return studioWallClockOf(instant, tz)?.date ?? inStudioZone(instant, tz).format('YYYY-MM-DD');
}

/** The instant a studio wall-clock time happens, e.g. ('2026-03-02', '07:00'). */
export function studioWallTimeToInstant(day: string, time: string, tz: string = DEFAULT_TIMEZONE): Date {
  return dayjs.tz(`${day} ${time}`, 'YYYY-MM-DD HH:mm', tz).toDate();
}

/** Monday 00:00 (studio time) of the week containing the instant. Weeks start Monday. */
export function studioWeekStart(instant: Date | string | number, tz: string = DEFAULT_TIMEZONE): Date {
  const local = inStudioZone(instant, tz);
  const monday = local.isoWeekday(1).format('YYYY-MM-DD');
  return studioWallTimeToInstant(monday, '00:00', tz);
}

/** The 7 calendar days (YYYY-MM-DD) of the studio week that starts on `weekStart`. */
export function studioWeekDays(weekStart: Date, tz: string = DEFAULT_TIMEZONE): string[] {
  const first = inStudioZone(weekStart, tz);
  return Array.from({ length: 7 }, (_, i) => first.add(i, 'day').format('YYYY-MM-DD'));
}

/** Whole days from `from` to `to` in the studio's calendar (ignores time of day). */
export function studioDaysBetween(from: Date, to: Date, tz: string = DEFAULT_TIMEZONE): number {
  const a = dayjs.tz(studioDay(from, tz), 'YYYY-MM-DD', tz);
  const b = dayjs.tz(studioDay(to, tz), 'YYYY-MM-DD', tz);
  return Math.round(b.diff(a, 'hour') / 24);
}

export { dayjs };
