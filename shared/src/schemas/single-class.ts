import { array, boolean, type InferType, number, object, string } from 'yup';
import { fill, messages } from '../messages';
import { scheduleMessages } from '../messages/schedule';
import type { ReservationStatus } from './class-reservation';
import { calendarDate, idList, optionalText, positiveId, sibling, unknownFields } from './fields';

const v = messages.validation;
const s = scheduleMessages;

/** Longest schedule window one GET /single_class answers (a month view). */
export const SCHEDULE_MAX_DAYS = 31;
/** A series spans at most a year: its classes are written in one transaction (500 writes). */
export const SERIES_MAX_DAYS = 366;
export const SERIES_MAX_COUNT = 366;
export const MAX_CAPACITY = 500;
export const MAX_SPOTS = MAX_CAPACITY;
export const MIN_DURATION_MINUTES = 5;
export const MAX_DURATION_MINUTES = 600;

/** Wall-clock time in the studio's zone, 24-hour HH:mm. */
export const clockTime = () =>
  string()
    .typeError(v.mustBeText)
    .matches(/^([01]\d|2[0-3]):[0-5]\d$/, s.timeFormat);

/** Row sizes of the room, e.g. '4,5,5,4' (the spec's comma-separated spot map). */
export const spotMap = () =>
  string()
    .typeError(v.mustBeText)
    .matches(/^[1-9]\d{0,2}(,[1-9]\d{0,2})*$/, s.spotMapFormat)
    .test('spot-total', fill(s.spotMapTooLarge, { n: MAX_SPOTS }), (value) => value === undefined || value === null || (spotMapTotal(value) ?? 0) <= MAX_SPOTS);

/** Number of spots in a spot map, or null when it is absent or malformed (catalogue data is not ours to trust). */
export function spotMapTotal(map: string | null | undefined): number | null {
  if (map === undefined || map === null || !/^\s*\d+(\s*,\s*\d+)*\s*$/.test(map)) return null;
  const total = map.split(',').reduce((sum, row) => sum + Number(row.trim()), 0);
  return total > 0 ? total : null;
}

const unique = (list: readonly unknown[] | undefined) => list === undefined || new Set(list).size === list.length;

const instructorIds = () =>
  idList()
    .min(1, s.instructorsRequired)
    .max(10, fill(s.maxItems, { n: 10 }))
    .test('unique', s.repeatedIds, (list) => unique(list));
const tagIds = () =>
  idList()
    .max(20, fill(s.maxItems, { n: 20 }))
    .test('unique', s.repeatedIds, (list) => unique(list));
const capacity = () =>
  number()
    .typeError(v.mustBeNumber)
    .integer(v.mustBeInteger)
    .min(1, v.mustBePositive)
    .max(MAX_CAPACITY, fill(s.maxValue, { n: MAX_CAPACITY }));
const duration = () =>
  number()
    .typeError(v.mustBeNumber)
    .integer(v.mustBeInteger)
    .min(MIN_DURATION_MINUTES, fill(s.minValue, { n: MIN_DURATION_MINUTES }))
    .max(MAX_DURATION_MINUTES, fill(s.maxValue, { n: MAX_DURATION_MINUTES }));

/**
 * What a class is, besides when. `spot_map` absent = the class type's map;
 * null = no map. `capacity` absent = the map's number of spots.
 */
const classShape = {
  duration_minutes: duration().required(v.required),
  capacity: capacity().nonNullable(v.mustBeNumber).optional(),
  class_type_id: positiveId().required(v.required),
  location_id: positiveId().required(v.required),
  instructor_ids: instructorIds().required(v.required),
  tag_ids: tagIds().nonNullable(v.mustBeList).optional(),
  class_category_id: positiveId().nullable().optional(),
  class_package_id: positiveId().nullable().optional(),
  description: optionalText(1000, { multiline: true }).optional(),
  spot_map: spotMap().nullable().optional(),
};

/** POST /api/single_class: one class on a studio calendar day at a studio wall-clock time. */
export const singleClassCreateSchema = object({
  date: calendarDate().required(v.required),
  start_time: clockTime().required(v.required),
  ...classShape,
})
  .noUnknown(unknownFields)
  .strict();
export type SingleClassCreateInput = InferType<typeof singleClassCreateSchema>;

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * POST /api/single_class/series: a weekly series. weekdays are ISO (1 = Monday
 * … 7 = Sunday); it ends on until_date (inclusive) or after count classes.
 */
export const seriesCreateSchema = object({
  weekdays: array(number().typeError(v.mustBeNumber).integer(v.mustBeInteger).min(1, s.weekdayRange).max(7, s.weekdayRange).required(v.required))
    .typeError(v.mustBeList)
    .required(s.weekdaysRequired)
    .min(1, s.weekdaysRequired)
    .test('unique', s.repeatedIds, (list) => unique(list)),
  start_time: clockTime().required(v.required),
  first_date: calendarDate().required(v.required),
  until_date: calendarDate()
    .nonNullable(v.mustBeDate)
    .optional()
    .test('until-or-count', s.untilOrCount, function (value) {
      return (value !== undefined) !== (sibling(this, 'count') !== undefined);
    })
    .test('after-first', s.endBeforeStart, function (value) {
      const first = sibling(this, 'first_date');
      return value === undefined || typeof first !== 'string' || daysBetween(first, value) >= 0;
    })
    .test('span', fill(s.seriesTooLong, { n: SERIES_MAX_DAYS }), function (value) {
      const first = sibling(this, 'first_date');
      return value === undefined || typeof first !== 'string' || daysBetween(first, value) < SERIES_MAX_DAYS;
    }),
  count: number()
    .typeError(v.mustBeNumber)
    .integer(v.mustBeInteger)
    .min(1, v.mustBePositive)
    .max(SERIES_MAX_COUNT, fill(s.maxValue, { n: SERIES_MAX_COUNT }))
    .nonNullable(v.mustBeNumber)
    .optional(),
  ...classShape,
})
  .noUnknown(unknownFields)
  .strict();
export type SeriesCreateInput = InferType<typeof seriesCreateSchema>;

export const UPDATE_SCOPES = ['single', 'following'] as const;

/**
 * PUT /api/single_class: only the fields sent change. scope 'following'
 * applies them to this class and every later class of its series (start_time
 * as wall-clock time on each class's own day; a new date cannot apply to many).
 */
export const singleClassUpdateSchema = object({
  single_class_id: positiveId().required(v.required),
  scope: string()
    .typeError(v.mustBeText)
    .oneOf([...UPDATE_SCOPES], v.selectOption)
    .nonNullable(v.selectOption)
    .optional(),
  date: calendarDate()
    .nonNullable(v.mustBeDate)
    .optional()
    .test('not-following', s.followingNoDate, function (value) {
      return value === undefined || sibling(this, 'scope') !== 'following';
    }),
  start_time: clockTime().nonNullable(s.timeFormat).optional(),
  duration_minutes: duration().nonNullable(v.mustBeNumber).optional(),
  capacity: capacity().nonNullable(v.mustBeNumber).optional(),
  class_type_id: positiveId().nonNullable(v.mustBeNumber).optional(),
  location_id: positiveId().nonNullable(v.mustBeNumber).optional(),
  instructor_ids: instructorIds().nonNullable(v.mustBeList).optional(),
  tag_ids: tagIds().nonNullable(v.mustBeList).optional(),
  class_category_id: positiveId().nullable().optional(),
  class_package_id: positiveId().nullable().optional(),
  description: optionalText(1000, { multiline: true }).optional(),
  spot_map: spotMap().nullable().optional(),
})
  .noUnknown(unknownFields)
  .strict()
  .test('something-to-change', s.nothingToChange, (value) => Object.keys(value ?? {}).some((key) => key !== 'single_class_id' && key !== 'scope'));
export type SingleClassUpdateInput = InferType<typeof singleClassUpdateSchema>;

/** POST /api/single_class/{id}/cancel. The reason is shown to the customers who had booked. */
export const singleClassCancelSchema = object({ reason: optionalText(300, { multiline: true }).optional() })
  .noUnknown(unknownFields)
  .strict();
export type SingleClassCancelInput = InferType<typeof singleClassCancelSchema>;

/**
 * GET /api/single_class: studio calendar days, both inclusive. Missing
 * start_date = today; missing end_date = six days after start_date.
 */
export const scheduleQuerySchema = object({
  start_date: calendarDate().optional(),
  end_date: calendarDate().optional(),
  instructor_id: positiveId().optional(),
  location_id: positiveId().optional(),
  include_cancelled: boolean().typeError(v.mustBeBoolean).optional(),
}).noUnknown(unknownFields);
export type ScheduleQuery = InferType<typeof scheduleQuerySchema>;

/** A class as the API shows it: instants in UTC, plus its day and time in the studio's zone. */
export interface SingleClass {
  single_class_id: number;
  class_date: string;
  end_date: string;
  /** Studio calendar day (YYYY-MM-DD) and wall-clock start (HH:mm). */
  date: string;
  start_time: string;
  duration_minutes: number;
  description: string | null;
  capacity: number;
  booked: number;
  spots_left: number;
  spot_map: string | null;
  status: 'scheduled' | 'cancelled';
  cancelledAt: string | null;
  cancel_reason: string | null;
  /**
   * A cancelled class's reservations cancelled and refunded so far, of those
   * it had when it was cancelled (done < total: still in progress, finished by
   * itself or by cancelling again); null for a class not cancelled or
   * cancelled before this was recorded.
   */
  cancellation_progress?: { done: number; total: number } | null;
  class_type_id: number;
  location_id: number;
  class_category_id: number | null;
  class_package_id: number | null;
  series_id: number | null;
  icon: string | null;
  class_type: { class_type_id: number; name: string; icon: string | null; description: string | null; spot_map: string | null; file: unknown } | null;
  location: { location_id: number; name: string; address: string | null } | null;
  class_instructors: Array<{
    instructor_id: number;
    instructor: { instructor_id: number; name: string; nick_name: string | null; last_name: string | null; birthdate: string | null; file: unknown };
  }>;
  tags: Array<{ tag_id: number; name: string; color: string | null }>;
  /** Only in GET /single_class/single/{id}: taken spots, never who took them. */
  class_reservations?: Array<{ spot: number | null }>;
  /**
   * Only in GET /single_class/single/{id}: the spots of the map a booking could
   * still take (not held by an active reservation); [] when the class is
   * cancelled or its active reservations fill its capacity; null without a map.
   */
  free_spots?: number[] | null;
  /** Only for a signed-in caller: their active reservations in this class (their own and their guest's). Absent for anonymous callers. */
  my_reservations?: MyClassReservation[];
  /** Only for a signed-in caller: their place in this class's waitlist, or null when not waiting. Absent for anonymous callers. */
  my_waitlist?: MyWaitlistPlace | null;
}

/** One of the caller's own active reservations in a class, as the schedule shows it. */
export interface MyClassReservation {
  class_reservation_id: number;
  spot: number | null;
  /** The guest's name on the caller's +1 reservation; null on their own. */
  guest: string | null;
  status: ReservationStatus;
  /** Checked in: the place can no longer be cancelled (status alone hides it behind 'Pago en Efectivo Incompleto'). */
  attend: boolean;
}

/** The caller's place in a class's waitlist: position 1 = first in line. */
export interface MyWaitlistPlace {
  waitlist_id: number;
  position: number;
}

export interface ClassSeries {
  series_id: number;
  weekdays: number[];
  start_time: string;
  first_date: string;
  until_date: string | null;
  count: number | null;
  timezone: string;
  single_class_ids: number[];
  createdAt: string;
}

export interface CancellationSummary {
  reservations_cancelled: number;
  credits_returned: number;
  credits_replaced: number;
  unlimited: number;
  not_refunded: number;
  customers_notified: number;
}
