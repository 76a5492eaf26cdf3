import { type InferType, object } from 'yup';
import { fill, messages } from '../messages';
import { dashboardMessages } from '../messages/dashboard';
import { calendarDate, unknownFields } from './fields';

const v = messages.validation;

/** The period the dashboard shows when none is asked for: the last 30 studio days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 30;
/** The longest period one request may ask for (a year and a day: one stats document per day is read). */
export const DASHBOARD_MAX_DAYS = 366;

const dayNumber = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
};

/** Days from `from` to `to`, both included (calendar dates, YYYY-MM-DD). */
export const daysInPeriod = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

/**
 * GET /api/dashboard?start_date=YYYY-MM-DD&end_date=YYYY-MM-DD (admin).
 * Studio calendar days, both included; without them, the last
 * DASHBOARD_DEFAULT_DAYS days to today. `start_date` alone runs to today;
 * `end_date` alone starts 29 days before it.
 */
export const dashboardQuerySchema = object({
  start_date: calendarDate().optional(),
  end_date: calendarDate().optional(),
})
  .noUnknown(unknownFields)
  .test('period', v.invalidValue, function (query) {
    if (!query?.start_date || !query.end_date) return true;
    const days = daysInPeriod(query.start_date, query.end_date);
    if (days < 1) return this.createError({ path: 'end_date', message: dashboardMessages.toBeforeFrom });
    if (days > DASHBOARD_MAX_DAYS) return this.createError({ path: 'end_date', message: fill(dashboardMessages.periodTooLong, { n: DASHBOARD_MAX_DAYS }) });
    return true;
  });
export type DashboardQuery = InferType<typeof dashboardQuerySchema>;
