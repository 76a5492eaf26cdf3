import { dayjs } from '@studio/shared/format/dates';
import { messages } from '@studio/shared/messages';
import { DASHBOARD_DEFAULT_DAYS, type DashboardQuery, dashboardQuerySchema } from '@studio/shared/schemas/dashboard';
import { ValidationError } from 'yup';

/** The quick choices of the period picker, in days ending today. */
export const PERIOD_PRESETS = [7, 30, 90] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** Studio calendar days, YYYY-MM-DD, both included. */
export interface Period {
  from: string;
  to: string;
}

export type PeriodErrors = Partial<Record<keyof Period, string>>;

/** The address keys (Spanish, like the app's paths), so a period can be shared and reloaded. */
const ADDRESS = { from: 'desde', to: 'hasta' } as const;

/** Calendar arithmetic in UTC: a calendar day is no instant, so no zone may shift it. */
export const addDays = (day: string, n: number) => dayjs.utc(day).add(n, 'day').format('YYYY-MM-DD');

/** The last `days` studio days, today included (today: the studio's calendar day now, studioDay()). */
export const presetPeriod = (days: number, today: string): Period => ({ from: addDays(today, 1 - days), to: today });

/** Which preset a period is, so its button reads as pressed; null for any other period. */
export const presetOf = (period: Period, today: string): PeriodPreset | null =>
  PERIOD_PRESETS.find((days) => period.to === today && period.from === presetPeriod(days, today).from) ?? null;

export function periodSearch(period: Period): URLSearchParams {
  return new URLSearchParams({ [ADDRESS.from]: period.from, [ADDRESS.to]: period.to });
}

/** The API's query for a period (GET /dashboard?start_date&end_date); an empty date is left out, as the API allows. */
export const dashboardQueryOf = (period: Period): DashboardQuery => ({
  ...(period.from ? { start_date: period.from } : {}),
  ...(period.to ? { end_date: period.to } : {}),
});

/** The API's own rules (dashboardQuerySchema): the first message per field. */
function schemaErrors(period: Period): PeriodErrors {
  const errors: PeriodErrors = {};
  try {
    dashboardQuerySchema.validateSync(dashboardQueryOf(period), { abortEarly: false });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    for (const e of error.inner.length > 0 ? error.inner : [error]) {
      // The period rule is about the pair; the schema puts it on the end date, as the API's field errors do.
      const path = e.path === 'start_date' ? 'from' : 'to';
      errors[path] ??= e.message;
    }
  }
  return errors;
}

const hasErrors = (errors: PeriodErrors) => Boolean(errors.from || errors.to);

/** The custom period form: both dates are required there, then the API's rules apply. */
export function periodErrors(values: Period): PeriodErrors {
  const errors = schemaErrors(values);
  if (!values.from) errors.from = messages.validation.required;
  if (!values.to) errors.to = messages.validation.required;
  return errors;
}

export type AddressPeriod = { period: Period; typed: Period; errors: null } | { period: null; typed: Period; errors: PeriodErrors };

/**
 * The period in the address (?desde&hasta), read as the API reads from/to:
 * none is the last DASHBOARD_DEFAULT_DAYS days, `desde` alone runs to today,
 * `hasta` alone starts DASHBOARD_DEFAULT_DAYS - 1 days before it. The screen
 * always asks for both dates, so what it shows is what it asked for. An invalid
 * period comes back with its messages instead, so no request is made for it.
 */
export function periodFromAddress(params: URLSearchParams, today: string): AddressPeriod {
  const given = { from: params.get(ADDRESS.from) ?? '', to: params.get(ADDRESS.to) ?? '' };
  // The given dates are checked before either is used to work out the other.
  const givenErrors = schemaErrors(given);
  if (hasErrors(givenErrors)) return { period: null, typed: given, errors: givenErrors };
  const period = {
    from: given.from || (given.to ? addDays(given.to, 1 - DASHBOARD_DEFAULT_DAYS) : presetPeriod(DASHBOARD_DEFAULT_DAYS, today).from),
    // A start after today is a period of that one day, as the API reads it.
    to: given.to || (given.from > today ? given.from : today),
  };
  const errors = schemaErrors(period);
  return hasErrors(errors) ? { period: null, typed: period, errors } : { period, typed: period, errors: null };
}
