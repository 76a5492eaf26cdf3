import { describe, expect, it } from 'vitest';
import { formatStudioDate, studioDay, studioDaysBetween, studioWallTimeToInstant, studioWeekDays, studioWeekStart } from '../src/format/dates';
import { formatMoney, formatMoneyMxn, formatNumber } from '../src/format/money';
import { fill } from '../src/messages';

describe('money', () => {
  it('groups thousands with commas and shows two decimals', () => {
    expect(formatMoney(1234567.5)).toBe('$1,234,567.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(999)).toBe('$999.00');
    expect(formatMoney(-1500)).toBe('-$1,500.00');
    expect(formatMoneyMxn(0, 0)).toBe('$0 MXN');
    expect(formatNumber(12000)).toBe('12,000');
  });
});

describe('studio dates (process TZ is ' + (process.env.TZ ?? 'unset') + ')', () => {
  it('formats an instant as DD MMM YYYY in the studio zone, not the machine zone', () => {
    // 03:30 UTC on 1 March is still 28 February in Mexico City (UTC-6).
    const instant = new Date('2026-03-01T03:30:00Z');
    expect(studioDay(instant)).toBe('2026-02-28');
    expect(formatStudioDate(instant)).toBe('28 feb 2026');
    expect(studioDay(instant, 'Asia/Tokyo')).toBe('2026-03-01');
  });

  it('turns a studio wall-clock time into the right instant', () => {
    expect(studioWallTimeToInstant('2026-03-02', '07:00').toISOString()).toBe('2026-03-02T13:00:00.000Z');
    // New York changes to daylight time on 8 March 2026: 07:00 keeps its wall-clock meaning.
    expect(studioWallTimeToInstant('2026-03-06', '07:00', 'America/New_York').toISOString()).toBe('2026-03-06T12:00:00.000Z');
    expect(studioWallTimeToInstant('2026-03-09', '07:00', 'America/New_York').toISOString()).toBe('2026-03-09T11:00:00.000Z');
  });

  it('starts weeks on Monday in the studio zone', () => {
    // Sunday 22:00 in Mexico City is already Monday in UTC.
    const sundayNight = new Date('2026-11-23T04:00:00Z');
    expect(studioWeekStart(sundayNight).toISOString()).toBe('2026-11-16T06:00:00.000Z');
    expect(studioWeekDays(studioWeekStart(sundayNight))).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
  });

  it('counts calendar days in the studio zone across a DST change', () => {
    const a = studioWallTimeToInstant('2026-03-07', '23:00', 'America/New_York');
    const b = studioWallTimeToInstant('2026-03-09', '00:30', 'America/New_York');
    expect(studioDaysBetween(a, b, 'America/New_York')).toBe(2);
  });
});

describe('fill', () => {
  it('replaces known placeholders and leaves unknown ones visible', () => {
    expect(fill('Orden #00{id}', { id: 42 })).toBe('Orden #0042');
    expect(fill('Hola {name} {x}', { name: 'Ana' })).toBe('Hola Ana {x}');
  });
});
