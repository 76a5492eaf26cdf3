import { array, number, object, string } from 'yup';
import { messages } from '../messages';
import { accessMessages } from '../messages/access';

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
        number().typeError(v.mustBeNumber).integer(v.mustBeInteger).min(1, accessMessages.allowedTimes).max(7, accessMessages.allowedTimes).required(),
      )
        .min(1, accessMessages.allowedTimes)
        .required(accessMessages.allowedTimes),
      start: string().matches(HHMM, accessMessages.allowedTimes).required(accessMessages.allowedTimes),
      end: string().matches(HHMM, accessMessages.allowedTimes).required(accessMessages.allowedTimes),
    })
      .noUnknown(accessMessages.allowedTimes)
      .test('order', accessMessages.allowedTimes, (w) => w.start === undefined || w.end === undefined || w.start < w.end),
  )
    .typeError(accessMessages.allowedTimes)
    .max(MAX_ALLOWED_TIME_WINDOWS, accessMessages.allowedTimes);

/** Whether a class starting on `weekday` (ISO) at `time` (HH:mm, studio time) is inside the windows. */
export function startsWithin(windows: readonly AllowedTimeWindow[] | null | undefined, weekday: number, time: string): boolean {
  if (!windows || windows.length === 0) return true;
  return windows.some((w) => w.weekdays.includes(weekday) && w.start <= time && time < w.end);
}
