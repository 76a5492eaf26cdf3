import { studioDay } from '@studio/shared/format/dates';
import { describe, expect, it } from 'vitest';
import { addDays, dashboardQueryOf, periodErrors, periodFromAddress, periodSearch, presetOf, presetPeriod } from './dashboard-period';

const STUDIO_ZONE = 'America/Mexico_City';
const address = (search: string) => new URLSearchParams(search);

describe('dashboard period', () => {
  it("counts presets back from the studio's today, not the UTC date", () => {
    // 21:00 on 18 November in Mexico City is already the 19th in UTC.
    const today = studioDay(new Date('2026-11-19T03:00:00Z'), STUDIO_ZONE);
    expect(today).toBe('2026-11-18');
    expect(presetPeriod(7, today)).toEqual({ from: '2026-11-12', to: '2026-11-18' });
    expect(presetPeriod(30, today)).toEqual({ from: '2026-10-20', to: '2026-11-18' });
    expect(presetPeriod(90, today)).toEqual({ from: '2026-08-21', to: '2026-11-18' });
  });

  it('does calendar arithmetic across months, years, leap days and DST changes', () => {
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    // Tijuana moves its clocks on 8 March 2026; a calendar day does not.
    expect(presetPeriod(7, studioDay(new Date('2026-03-10T18:00:00Z'), 'America/Tijuana'))).toEqual({ from: '2026-03-04', to: '2026-03-10' });
  });

  it('knows which preset a period is', () => {
    expect(presetOf({ from: '2026-11-12', to: '2026-11-18' }, '2026-11-18')).toBe(7);
    expect(presetOf({ from: '2026-10-20', to: '2026-11-18' }, '2026-11-18')).toBe(30);
    expect(presetOf({ from: '2026-11-12', to: '2026-11-17' }, '2026-11-18')).toBeNull();
    expect(presetOf({ from: '2026-11-11', to: '2026-11-17' }, '2026-11-18')).toBeNull();
  });

  it('writes the period to the address in Spanish', () => {
    expect(periodSearch({ from: '2026-11-12', to: '2026-11-18' }).toString()).toBe('desde=2026-11-12&hasta=2026-11-18');
  });

  it('reads the address as the API reads from/to', () => {
    const today = '2026-11-18';
    expect(periodFromAddress(address(''), today)).toMatchObject({ period: { from: '2026-10-20', to: today }, errors: null });
    expect(periodFromAddress(address('desde=2026-11-01&hasta=2026-11-05'), today)).toMatchObject({ period: { from: '2026-11-01', to: '2026-11-05' } });
    expect(periodFromAddress(address('desde=2026-11-01'), today)).toMatchObject({ period: { from: '2026-11-01', to: today } });
    // A start after today is that one day, as the API reads it.
    expect(periodFromAddress(address('desde=2026-12-01'), today)).toMatchObject({ period: { from: '2026-12-01', to: '2026-12-01' } });
    expect(periodFromAddress(address('hasta=2026-11-05'), today)).toMatchObject({ period: { from: '2026-10-07', to: '2026-11-05' } });
  });

  it('refuses an address period that does not hold, with the messages for its fields', () => {
    const today = '2026-11-18';
    // Any message will do here; expect.any() is typed any, so the matcher is held as unknown.
    const someText: unknown = expect.any(String);
    expect(periodFromAddress(address('desde=2026-11-10&hasta=2026-11-01'), today)).toEqual({
      period: null,
      typed: { from: '2026-11-10', to: '2026-11-01' },
      errors: { to: 'La fecha final no puede ser anterior a la inicial.' },
    });
    expect(periodFromAddress(address('desde=ayer'), today)).toMatchObject({ period: null, errors: { from: someText } });
    expect(periodFromAddress(address('desde=2025-01-01&hasta=2026-11-18'), today)).toMatchObject({
      period: null,
      errors: { to: 'El periodo puede tener como máximo 366 días.' },
    });
    expect(periodFromAddress(address('desde=2026-11-10&hasta=nunca'), today)).toMatchObject({ period: null, errors: { to: someText } });
  });

  it("names the period as the API's query does", () => {
    expect(dashboardQueryOf({ from: '2026-11-01', to: '2026-11-05' })).toEqual({ start_date: '2026-11-01', end_date: '2026-11-05' });
  });

  it('requires both dates of a custom period, then applies the API rules', () => {
    expect(periodErrors({ from: '', to: '' })).toEqual({ from: 'Debes llenar este campo.', to: 'Debes llenar este campo.' });
    expect(periodErrors({ from: '2026-11-10', to: '2026-11-09' })).toEqual({ to: 'La fecha final no puede ser anterior a la inicial.' });
    expect(periodErrors({ from: '2026-11-10', to: '2026-11-10' })).toEqual({});
    expect(periodErrors({ from: '2025-11-18', to: '2026-11-18' })).toEqual({});
    expect(periodErrors({ from: '2025-11-17', to: '2026-11-18' })).toEqual({ to: 'El periodo puede tener como máximo 366 días.' });
  });
});
