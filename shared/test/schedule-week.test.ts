import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  currentWeekStart,
  formatCalendarDay,
  groupByStudioDay,
  isCalendarDay,
  isoWeekNumber,
  mondayOf,
  monthName,
  scheduleWeekStart,
  studioClockTime,
  studioIsoWithOffset,
  weekdayName,
  weekDaysFrom,
  weekMonth,
  weekStartOfMonth,
} from '../src/format/schedule-week';

const MX = 'America/Mexico_City';
const NY = 'America/New_York';

// npm test runs this file under TZ America/Mexico_City and again under Asia/Tokyo: no answer may depend on the machine's zone.
describe('public schedule weeks (process TZ is ' + (process.env.TZ ?? 'unset') + ')', () => {
  it('accepts only real YYYY-MM-DD days', () => {
    expect(isCalendarDay('2026-11-16')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-1-5')).toBe(false);
    expect(isCalendarDay('semana')).toBe(false);
    expect(isCalendarDay(null)).toBe(false);
  });

  it('starts weeks on Monday; Sunday belongs to the week before', () => {
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
    expect(mondayOf('2026-11-19')).toBe('2026-11-16');
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    // Across a month and a year.
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
  });

  it("takes today from the studio's zone, not the machine's", () => {
    // Monday 04:00 UTC is still Sunday 22:00 in Mexico City, and already Monday 13:00 in Tokyo.
    const instant = new Date('2026-11-23T04:00:00Z');
    expect(currentWeekStart(instant, MX)).toBe('2026-11-16');
    expect(currentWeekStart(instant, 'Asia/Tokyo')).toBe('2026-11-23');
  });

  it('lists the 7 days Monday to Sunday, across a DST change', () => {
    expect(weekDaysFrom('2026-03-02')).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08']);
    expect(addCalendarDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addCalendarDays('2026-11-16', -7)).toBe('2026-11-09');
  });

  it('reads the week from the URL: any day names its week, never one before the current', () => {
    const now = new Date('2026-11-18T18:00:00Z');
    expect(scheduleWeekStart(null, now, MX)).toBe('2026-11-16');
    expect(scheduleWeekStart('no-es-fecha', now, MX)).toBe('2026-11-16');
    expect(scheduleWeekStart('2026-11-27', now, MX)).toBe('2026-11-23');
    expect(scheduleWeekStart('2026-11-02', now, MX)).toBe('2026-11-16');
    expect(scheduleWeekStart('2027-01-01', now, MX)).toBe('2026-12-28');
  });

  it('names days in Spanish and formats them DD MMM YYYY', () => {
    expect(weekDaysFrom('2026-11-16').map(weekdayName)).toEqual(['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo']);
    expect(formatCalendarDay('2026-11-16')).toBe('16 nov 2026');
    expect(formatCalendarDay('2026-01-05')).toBe('05 ene 2026');
  });

  it("shows times on the studio's clock and ISO dates with the studio's offset", () => {
    expect(studioClockTime('2026-11-17T01:30:00.000Z', MX)).toBe('19:30');
    expect(studioClockTime('2026-11-17T01:30:00.000Z', 'Asia/Tokyo')).toBe('10:30');
    expect(studioIsoWithOffset('2026-11-17T01:30:00.000Z', MX)).toBe('2026-11-16T19:30:00-06:00');
    // New York before and after the March 2026 change.
    expect(studioIsoWithOffset('2026-03-06T12:00:00.000Z', NY)).toBe('2026-03-06T07:00:00-05:00');
    expect(studioIsoWithOffset('2026-03-09T11:00:00.000Z', NY)).toBe('2026-03-09T07:00:00-04:00');
  });

  it("puts classes on the studio day they start, in start order, dropping other weeks'", () => {
    const classes = [
      { id: 'late-sunday', at: '2026-11-23T03:00:00.000Z' }, // Sunday 21:00 in Mexico City
      { id: 'tuesday-evening', at: '2026-11-18T01:30:00.000Z' }, // Tuesday 19:30
      { id: 'tuesday-morning', at: '2026-11-17T13:00:00.000Z' }, // Tuesday 07:00
      { id: 'next-monday', at: '2026-11-23T13:00:00.000Z' },
    ];
    const week = groupByStudioDay(classes, (c) => c.at, '2026-11-16', MX);
    expect(week.map((d) => d.day)).toEqual(weekDaysFrom('2026-11-16'));
    expect(week[1]?.items.map((c) => c.id)).toEqual(['tuesday-morning', 'tuesday-evening']);
    expect(week[6]?.items.map((c) => c.id)).toEqual(['late-sunday']);
    expect(week.flatMap((d) => d.items).map((c) => c.id)).not.toContain('next-monday');
    // The same instants for a Tokyo studio: the Sunday-night class is Monday morning of the next week.
    const tokyo = groupByStudioDay(classes, (c) => c.at, '2026-11-16', 'Asia/Tokyo');
    expect(tokyo.flatMap((d) => d.items).map((c) => c.id)).not.toContain('late-sunday');
  });

  it("numbers weeks as ISO 8601 ('Semana N'): week 1 holds the year's first Thursday", () => {
    expect(isoWeekNumber('2026-11-23')).toBe(48);
    expect(isoWeekNumber('2026-11-29')).toBe(48);
    // 2027-01-01 is a Friday: its week is the last of 2026 (week 53).
    expect(isoWeekNumber('2026-12-28')).toBe(53);
    expect(isoWeekNumber('2027-01-03')).toBe(53);
    expect(isoWeekNumber('2027-01-04')).toBe(1);
    // 2026-01-01 is a Thursday: its week is week 1.
    expect(isoWeekNumber('2025-12-29')).toBe(1);
  });

  it('gives a week the month of its Thursday and moves by months to the week of the first Thursday', () => {
    // Mon 30 Nov – Sun 6 Dec 2026: Thursday 3 Dec.
    expect(weekMonth('2026-11-30')).toBe('2026-12');
    expect(weekMonth('2026-11-23')).toBe('2026-11');
    expect(monthName('2026-12')).toBe('diciembre 2026');
    expect(weekStartOfMonth('2026-11-23', 1)).toBe('2026-11-30');
    expect(weekStartOfMonth('2026-11-30', 1)).toBe('2027-01-04');
    expect(weekStartOfMonth('2026-11-30', -1)).toBe('2026-11-02');
    expect(weekStartOfMonth('2026-11-23', 0)).toBe('2026-11-02');
    // Every month starts a week whose Thursday is in that month.
    for (let i = 0; i < 24; i++) {
      const monday = weekStartOfMonth('2026-01-05', i);
      expect(weekMonth(monday)).toBe(`${2026 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`);
      expect(weekMonth(addCalendarDays(monday, -7))).not.toBe(weekMonth(monday));
    }
  });
});
