import { describe, expect, it } from 'vitest';
import { MAX_DAYS_AHEAD, nextDayWithClasses, scheduleDay, splitAtNow, STRIP_DAYS, stripDays } from '../src/format/schedule-day';

const MX = 'America/Mexico_City';
const TOKYO = 'Asia/Tokyo';

// npm test runs this file under TZ America/Mexico_City and again under Asia/Tokyo: the studio's zone decides "today", never the machine's.
describe('the phone schedule days (process TZ is ' + (process.env.TZ ?? 'unset') + ')', () => {
  // Saturday 28 Nov 2026, 03:30 UTC: still Friday 27 evening in Mexico City, already Saturday 28 noon in Tokyo.
  const now = new Date('2026-11-28T03:30:00Z');

  it("opens on the studio's today, whatever the machine's zone", () => {
    expect(scheduleDay(null, now, MX)).toBe('2026-11-27');
    expect(scheduleDay(null, now, TOKYO)).toBe('2026-11-28');
  });

  it('keeps a real day from today on, and turns past, malformed or too-far days into today', () => {
    expect(scheduleDay('2026-11-27', now, MX)).toBe('2026-11-27');
    expect(scheduleDay('2026-12-02', now, MX)).toBe('2026-12-02');
    // Friday is already over in Tokyo.
    expect(scheduleDay('2026-11-27', now, TOKYO)).toBe('2026-11-28');
    expect(scheduleDay('2026-11-26', now, MX)).toBe('2026-11-27');
    expect(scheduleDay('2026-02-30', now, MX)).toBe('2026-11-27');
    expect(scheduleDay('mañana', now, MX)).toBe('2026-11-27');
    expect(scheduleDay('2027-01-22', now, MX)).toBe('2027-01-22');
    expect(MAX_DAYS_AHEAD).toBe(56);
    expect(scheduleDay('2027-01-23', now, MX)).toBe('2026-11-27');
  });

  it('lists the strip today first, for two weeks, across a month', () => {
    const days = stripDays('2026-11-27', '2026-11-27');
    expect(days).toHaveLength(STRIP_DAYS);
    expect(days[0]).toBe('2026-11-27');
    expect(days[4]).toBe('2026-12-01');
    expect(days.at(-1)).toBe('2026-12-10');
  });

  it('stretches the strip to a chosen day beyond it, still starting today', () => {
    const days = stripDays('2026-11-27', '2026-12-20');
    expect(days[0]).toBe('2026-11-27');
    expect(days.at(-1)).toBe('2026-12-20');
    expect(days).toHaveLength(24);
    expect(stripDays('2026-11-27', '2026-11-27', 7)).toHaveLength(7);
  });

  it("splits a day's classes at now, in start order", () => {
    const at = (iso: string) => ({ class_date: iso });
    const { started, ahead } = splitAtNow([at('2026-11-27T20:00:00-06:00'), at('2026-11-27T07:00:00-06:00'), at('2026-11-27T21:45:00-06:00')], now.getTime());
    expect(started.map((c) => c.class_date)).toEqual(['2026-11-27T07:00:00-06:00', '2026-11-27T20:00:00-06:00']);
    expect(ahead.map((c) => c.class_date)).toEqual(['2026-11-27T21:45:00-06:00']);
    // A class starting this very instant has started.
    expect(splitAtNow([at(now.toISOString())], now.getTime()).started).toHaveLength(1);
  });

  it('points an empty day to the next day with a class ahead', () => {
    const byDay = [
      { day: '2026-11-27', items: [{ class_date: '2026-11-27T07:00:00-06:00' }] },
      { day: '2026-11-28', items: [] },
      { day: '2026-11-29', items: [{ class_date: '2026-11-29T09:00:00-06:00' }] },
    ];
    expect(nextDayWithClasses(byDay, '2026-11-27', now.getTime())).toBe('2026-11-29');
    expect(nextDayWithClasses(byDay, '2026-11-29', now.getTime())).toBeNull();
  });
});
