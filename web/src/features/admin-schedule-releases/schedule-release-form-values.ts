import { releaseTimingError, scheduleReleaseCreateSchema } from '@studio/shared/schemas/schedule-release';
import { ValidationError } from 'yup';
import { instantBody, type InstantValue } from '../../lib/studio-instant';

/** The form's state: `starts_at` keeps the body's name so the schema's and the server's errors land on its inputs. */
export interface ReleaseFormValues {
  name: string;
  /** A day and a time on the studio's clock (components/instant-field.tsx). */
  starts_at: InstantValue;
}

export const emptyReleaseForm: ReleaseFormValues = { name: '', starts_at: { day: '', time: '', stored: null } };

/** The body before validation: starts_at is missing while the day or the time is. */
export interface ReleaseBody {
  starts_at: string | undefined;
  name: string;
}

/** What POST sends, and what the API's schema checks before it goes. The server stores the name trimmed; sending it so keeps the check the same. */
export function releaseBody(values: ReleaseFormValues, timezone: string): ReleaseBody {
  // Missing while the day or the time is (the field itself says which).
  return { starts_at: instantBody(values.starts_at, timezone) ?? undefined, name: values.name.trim() };
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
  // Only one of the two typed: the field's own check says so (components/instant-field.tsx).
  const { day, time } = values.starts_at;
  if ((day === '') !== (time === '')) delete errors.starts_at;
  else if (errors.starts_at === undefined && body.starts_at !== undefined) {
    const timing = releaseTimingError(new Date(body.starts_at), now);
    if (timing) errors.starts_at = timing;
  }
  return errors;
}
