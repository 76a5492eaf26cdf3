import { studioWallTimeToInstant } from '@studio/shared/format/dates';
import { adminScheduleReleasesMessages } from '@studio/shared/messages/admin-schedule-releases';
import { releaseTimingError, scheduleReleaseCreateSchema } from '@studio/shared/schemas/schedule-release';
import { ValidationError } from 'yup';

const m = adminScheduleReleasesMessages.form;

/** A day and a time as the studio's clock reads them ('' while empty), whatever the browser's zone. */
export interface StartsAtValue {
  /** YYYY-MM-DD */
  day: string;
  /** HH:mm */
  time: string;
}

/** The form's state: `starts_at` keeps the body's name so the schema's and the server's errors land on its inputs. */
export interface ReleaseFormValues {
  name: string;
  starts_at: StartsAtValue;
}

export const emptyReleaseForm: ReleaseFormValues = { name: '', starts_at: { day: '', time: '' } };

/** The body before validation: starts_at is missing while the day or the time is. */
export interface ReleaseBody {
  starts_at: string | undefined;
  name: string;
}

/**
 * The studio's day and time as the ISO instant the API stores. An unparsable
 * value goes as typed, so the schema's own message names the problem.
 */
function startsAtBody({ day, time }: StartsAtValue, timezone: string): string | undefined {
  if (day === '' || time === '') return undefined;
  const instant = studioWallTimeToInstant(day, time, timezone);
  return Number.isNaN(instant.getTime()) ? `${day}T${time}` : instant.toISOString();
}

/** What POST sends, and what the API's schema checks before it goes. The server stores the name trimmed; sending it so keeps the check the same. */
export function releaseBody(values: ReleaseFormValues, timezone: string): ReleaseBody {
  return { starts_at: startsAtBody(values.starts_at, timezone), name: values.name.trim() };
}

/**
 * The form's errors, one per field: the API's schema on the exact body about
 * to be sent, then what the schema cannot know (past or too far ahead, from
 * `now`) with the server's own rule, so most refusals never need a round trip.
 */
export async function validateRelease(values: ReleaseFormValues, timezone: string, now: Date): Promise<Record<string, unknown>> {
  const body = releaseBody(values, timezone);
  const errors: Record<string, string> = {};
  try {
    await scheduleReleaseCreateSchema.validate(body, { abortEarly: false });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    for (const e of error.inner.length > 0 ? error.inner : [error]) {
      const path = e.path ?? '';
      errors[path] ??= e.message;
    }
  }
  const { day, time } = values.starts_at;
  // One of the two alone reads as "missing" to the schema; saying which part is missing helps more.
  if ((day === '') !== (time === '')) errors.starts_at = m.incomplete;
  else if (errors.starts_at === undefined && body.starts_at !== undefined) {
    const timing = releaseTimingError(new Date(body.starts_at), now);
    if (timing) errors.starts_at = timing;
  }
  return errors;
}
