import { type InferType, object } from 'yup';
import { fill, messages } from '../messages';
import { dashboardMessages } from '../messages/dashboard';
import { DASHBOARD_MAX_DAYS, daysInPeriod } from './dashboard';
import { calendarDate, unknownFields } from './fields';

const v = messages.validation;

/** What the owner can export (GET /api/exports/admin/{kind}). */
export const EXPORT_KINDS = ['customers', 'sales', 'attendance'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/**
 * GET /api/exports/admin/{kind}?start_date=YYYY-MM-DD&end_date=YYYY-MM-DD
 * (admin): studio calendar days, both included and both required, at most
 * as long as the dashboard's longest period (the button exports the period
 * the dashboard shows).
 */
export const exportQuerySchema = object({
  start_date: calendarDate().required(v.required),
  end_date: calendarDate().required(v.required),
})
  .noUnknown(unknownFields)
  .test('period', v.invalidValue, function (query) {
    if (!query?.start_date || !query.end_date) return true;
    const days = daysInPeriod(query.start_date, query.end_date);
    if (days < 1) return this.createError({ path: 'end_date', message: dashboardMessages.toBeforeFrom });
    if (days > DASHBOARD_MAX_DAYS) return this.createError({ path: 'end_date', message: fill(dashboardMessages.periodTooLong, { n: DASHBOARD_MAX_DAYS }) });
    return true;
  });
export type ExportQuery = InferType<typeof exportQuerySchema>;
