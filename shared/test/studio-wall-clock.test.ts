import { describe, expect, it } from 'vitest';
import { dayjs, studioDay, studioWallClockOf } from '../src/format/dates';
import { studioClockTime, studioIsoWithOffset } from '../src/format/schedule-week';

const ZONES = ['America/Mexico_City', 'America/New_York', 'America/Tijuana', 'Asia/Tokyo', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC'];

/** Instants every 97 minutes over 2026 (DST changes of every zone above fall inside), plus the exact switch minutes of New York. */
function instants(): number[] {
  const out: number[] = [];
  for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 97 * 60_000 + 13_000) out.push(t);
  out.push(Date.UTC(2026, 2, 8, 6, 59, 59), Date.UTC(2026, 2, 8, 7, 0, 0), Date.UTC(2026, 10, 1, 5, 59, 59), Date.UTC(2026, 10, 1, 6, 0, 0));
  return out;
}

describe('studioWallClockOf (one cached Intl formatter per zone)', () => {
  // One test per zone, each the full sweep of the year: the same checks as one test over every zone, but none of
  // them takes long enough (about a second, seven on a loaded machine for all) to sit near a timeout (issue 24, finding 10).
  it.each(ZONES)('agrees with dayjs tz() on day, time, seconds and offset in %s, across DST changes', (tz) => {
    const mismatches: string[] = [];
    for (const t of instants()) {
      const clock = studioWallClockOf(t, tz);
      const reference = dayjs(t).tz(tz);
      const expected = {
        date: reference.format('YYYY-MM-DD'),
        time: reference.format('HH:mm'),
        seconds: reference.format('ss'),
        offsetMinutes: reference.utcOffset(),
      };
      if (JSON.stringify(clock) !== JSON.stringify(expected))
        mismatches.push(`${tz} ${new Date(t).toISOString()} ${JSON.stringify(clock)} ≠ ${JSON.stringify(expected)}`);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('feeds studioDay, studioClockTime and studioIsoWithOffset', () => {
    const start = '2026-11-16T13:00:00.000Z';
    expect(studioDay(start, 'America/Mexico_City')).toBe('2026-11-16');
    expect(studioDay(start, 'Asia/Tokyo')).toBe('2026-11-16');
    expect(studioDay('2026-11-16T16:00:00.000Z', 'Asia/Tokyo')).toBe('2026-11-17');
    expect(studioClockTime(start, 'America/Mexico_City')).toBe('07:00');
    expect(studioIsoWithOffset(start, 'America/Mexico_City')).toBe('2026-11-16T07:00:00-06:00');
    expect(studioIsoWithOffset(start, 'Asia/Kolkata')).toBe('2026-11-16T18:30:00+05:30');
  });

  it('answers null for an invalid instant (callers fall back to dayjs, which says "Invalid Date")', () => {
    expect(studioWallClockOf('no es fecha', 'America/Mexico_City')).toBeNull();
    expect(studioClockTime('no es fecha', 'America/Mexico_City')).toBe('Invalid Date');
  });
});
