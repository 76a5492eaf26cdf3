import { inStudioZone, studioWallTimeToInstant } from '@studio/shared/format/dates';

/**
 * An instant field's state: the studio's calendar day (YYYY-MM-DD) and wall
 * time (HH:mm) as typed, and the stored instant they were drawn from. Left as
 * shown, the stored instant goes back as it was (its seconds are not shown).
 */
export interface InstantValue {
  day: string;
  time: string;
  stored: string | null;
}

/** A stored instant as the studio's day and time ('' and '' when there is none). */
export function instantValue(value: unknown, timezone: string): InstantValue {
  const local = typeof value === 'string' ? inStudioZone(value, timezone) : null;
  if (!local?.isValid()) return { day: '', time: '', stored: null };
  return { day: local.format('YYYY-MM-DD'), time: local.format('HH:mm'), stored: value as string };
}

/**
 * The ISO instant of a studio day and time; null when both are empty or only
 * one is (the field itself says what is missing, and blocks the save).
 */
export function instantBody({ day, time, stored }: InstantValue, timezone: string): string | null {
  const shown = stored === null ? null : instantValue(stored, timezone);
  if (stored !== null && shown?.day === day && shown.time === time) return stored;
  if (day === '' || time === '') return null;
  const instant = studioWallTimeToInstant(day, time, timezone);
  // An unparsable value goes as typed, so the schema's own message names the problem.
  return Number.isNaN(instant.getTime()) ? `${day}T${time}` : instant.toISOString();
}
