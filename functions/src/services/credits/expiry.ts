import { dayjs, DEFAULT_TIMEZONE, studioDay, studioWallTimeToInstant } from '@studio/shared/format/dates';
import { getStoredConfig } from '../../data/repos/app-config-repo';
import type { Deps } from '../../deps';

function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The studio's time zone (config key `timezone`); a value the runtime does not know falls back to the default. */
export async function studioTimezone(deps: Pick<Deps, 'store'>): Promise<string> {
  const stored = (await getStoredConfig(deps.store)).timezone;
  return isTimeZone(stored) ? stored : DEFAULT_TIMEZONE;
}

/**
 * The last instant of a studio calendar day (23:59:59.999 there). Built from
 * 23:59 rather than the next midnight, which some zones skip on DST changes.
 */
export function endOfStudioDay(day: string, tz: string): Date {
  return new Date(studioWallTimeToInstant(day, '23:59', tz).getTime() + 59_999);
}

/** `days` calendar days after the studio's today, to the end of that day (0 = the end of today). */
export function expiryAfterDays(now: Date, days: number, tz: string): Date {
  const day = dayjs.utc(studioDay(now, tz)).add(days, 'day').format('YYYY-MM-DD');
  return endOfStudioDay(day, tz);
}
