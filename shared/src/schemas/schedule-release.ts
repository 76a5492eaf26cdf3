import { type InferType, object, string } from 'yup';
import { fill, messages } from '../messages';
import { scheduleReleasesMessages } from '../messages/schedule-releases';
import { requiredText, unknownFields } from './fields';

const v = messages.validation;
const m = scheduleReleasesMessages;

/** The API is kept warm from this many minutes before a release… (docs/adr/0103) */
export const WARM_LEAD_MINUTES = 15;
/** …to this many minutes after it. */
export const WARM_TAIL_MINUTES = 30;
/** Releases not yet over (their warm window has not ended) an admin may have at once. */
export const MAX_UPCOMING_RELEASES = 20;
/** How far ahead a release may be marked. */
export const MAX_DAYS_AHEAD = 90;
export const RELEASE_NAME_MAX = 120;

const ISO_INSTANT = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

const isInstant = (value: string) => {
  const match = ISO_INSTANT.exec(value);
  if (!match) return false;
  const [y, mo, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCMonth() === mo - 1 && day.getUTCDate() === d && y >= 2000 && y <= 9999;
};

/**
 * POST /api/schedule_releases (admin). `starts_at` is an ISO instant with a
 * zone (the form converts the studio's wall-clock choice). Whether it is in
 * the future and within MAX_DAYS_AHEAD depends on "now", which a schema does
 * not know: the server checks it with releaseTimingError (the form may too).
 * `name` is stored trimmed.
 */
export const scheduleReleaseCreateSchema = object({
  starts_at: string()
    .typeError(v.mustBeText)
    .required(v.required)
    .test('iso-instant', m.instantFormat, (value) => value === undefined || value === null || isInstant(value)),
  name: requiredText(RELEASE_NAME_MAX),
}).noUnknown(unknownFields);
export type ScheduleReleaseCreate = InferType<typeof scheduleReleaseCreateSchema>;

/** Why a release at `startsAt` cannot be marked at `now`, or null when it can. */
export function releaseTimingError(startsAt: Date, now: Date): string | null {
  if (startsAt.getTime() <= now.getTime()) return m.notInFuture;
  if (startsAt.getTime() > now.getTime() + MAX_DAYS_AHEAD * 86_400_000) return fill(m.tooFar, { n: MAX_DAYS_AHEAD });
  return null;
}

/** A release as the API returns it. */
export interface ScheduleRelease {
  id: string;
  /** ISO instant (UTC). */
  starts_at: string;
  name: string;
  /** ISO instant (UTC). */
  created_at: string;
  /** The admin's uid. */
  created_by: string;
}

/** The applied scaling of the `api` function, as GET /api/schedule_releases returns it. */
export interface ScalingState {
  /** Minimum instances last applied by the warmForReleases job (the baseline before its first run). */
  min_instances: number;
  /** API_MIN_INSTANCES: outside every warm window. */
  baseline: number;
  /** API_WARM_MIN_INSTANCES: inside a warm window. */
  warm: number;
  /** The release whose window was open when it was applied; null at the baseline. */
  release_id: string | null;
  /** ISO instant it was applied; null before the job's first change. */
  applied_at: string | null;
}

/** GET /api/schedule_releases. */
export interface ScheduleReleasesResponse {
  data: ScheduleRelease[];
  scaling: ScalingState;
}
