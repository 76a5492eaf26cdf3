import { array, number, object, string } from 'yup';
import { messages } from '../messages';

const v = messages.validation;

/**
 * When a lot's credits may be used (an off-peak package: weekdays 10:00 to
 * 16:00). A class is covered when it starts, in the studio's time, on one of
 * a window's weekdays (ISO: 1 = Monday … 7 = Sunday) at or after `start` and
 * before `end` (HH:mm, 24 h). No windows (null or []) = any time.
 */
export interface AllowedTimeWindow {
  weekdays: number[];
  start: string;
  end: string;
}

export const MAX_ALLOWED_TIME_WINDOWS = 14;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The yup field for `allowed_times` (admin lot and package inputs). */
export const allowedTimesField = () =>
  array(
    object({
      weekdays: array(
        number().typeError(v.mustBeNumber).integer(v.mustBeInteger).min(1, messages.access.allowedTimes).max(7, messages.access.allowedTimes).required(),
      )
        .min(1, messages.access.allowedTimes)
        .required(messages.access.allowedTimes),
      start: string().matches(HHMM, messages.access.allowedTimes).required(messages.access.allowedTimes),
      end: string().matches(HHMM, messages.access.allowedTimes).required(messages.access.allowedTimes),
    })
      .noUnknown(messages.access.allowedTimes)
      .test('order', messages.access.allowedTimes, (w) => w.start === undefined || w.end === undefined || w.start < w.end),
  )
    .typeError(messages.access.allowedTimes)
    .max(MAX_ALLOWED_TIME_WINDOWS, messages.access.allowedTimes);

/** Whether a class starting on `weekday` (ISO) at `time` (HH:mm, studio time) is inside the windows. */
export function startsWithin(windows: readonly AllowedTimeWindow[] | null | undefined, weekday: number, time: string): boolean {
  if (!windows || windows.length === 0) return true;
  return windows.some((w) => w.weekdays.includes(weekday) && w.start <= time && time < w.end);
}
