/** The fakes' calendar arithmetic: a month after the 31st is the next month's last day, as the processors bill. */
import { expect, it } from 'vitest';
import { addMonthsKeepingDay } from '../fake-clock';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

it('keeps the day of the month, or the month’s last day where it has no such day', () => {
  expect(iso(addMonthsKeepingDay(at('2027-01-31T18:00:00Z'), 1))).toBe('2027-02-28T18:00:00.000Z');
  expect(iso(addMonthsKeepingDay(at('2028-01-31T18:00:00Z'), 1))).toBe('2028-02-29T18:00:00.000Z');
  expect(iso(addMonthsKeepingDay(at('2027-01-31T18:00:00Z'), 2))).toBe('2027-03-31T18:00:00.000Z');
  expect(iso(addMonthsKeepingDay(at('2027-03-31T06:30:00Z'), 1))).toBe('2027-04-30T06:30:00.000Z');
  expect(iso(addMonthsKeepingDay(at('2026-11-28T12:00:00Z'), 1))).toBe('2026-12-28T12:00:00.000Z');
  expect(iso(addMonthsKeepingDay(at('2026-12-15T12:00:00Z'), 1))).toBe('2027-01-15T12:00:00.000Z');
});

it('a year from 29 February is 28 February', () => {
  expect(iso(addMonthsKeepingDay(at('2028-02-29T12:00:00Z'), 12))).toBe('2029-02-28T12:00:00.000Z');
});
