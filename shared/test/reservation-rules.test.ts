import { describe, expect, it } from 'vitest';
import { cancelBlock, cancelDeadlineMs, rateOpen, waitlistClosesAtMs, waitlistCutoffMinutes } from '../src/rules/reservation-rules';

// One rule for both sides (issue 26, finding 3): the API charges, refuses and closes by these; the web shows by them.
const start = Date.parse('2026-03-08T13:00:00.000Z');
const MINUTE = 60_000;

describe('the cancel deadline', () => {
  it('is the studio timeframe before the class, in its unit', () => {
    expect(start - cancelDeadlineMs(start, 12, 'hours')).toBe(12 * 60 * MINUTE);
    expect(start - cancelDeadlineMs(start, 2, 'days')).toBe(2 * 24 * 60 * MINUTE);
    expect(start - cancelDeadlineMs(start, 45, 'minutes')).toBe(45 * MINUTE);
    expect(cancelDeadlineMs(start, 0, 'hours')).toBe(start);
  });
});

describe('the waitlist cutoff', () => {
  it('reads the setting as whole minutes, never negative, the default 120 when unset or not a number', () => {
    expect(waitlistCutoffMinutes(30)).toBe(30);
    expect(waitlistCutoffMinutes(0)).toBe(0);
    expect(waitlistCutoffMinutes(-15)).toBe(0);
    expect(waitlistCutoffMinutes(undefined)).toBe(120);
    expect(waitlistCutoffMinutes('30')).toBe(120);
    expect(waitlistCutoffMinutes(Number.NaN)).toBe(120);
  });

  it('closes the line that many minutes before the class', () => {
    expect(waitlistClosesAtMs(start, 120)).toBe(start - 120 * MINUTE);
    expect(waitlistClosesAtMs(start, 0)).toBe(start);
  });
});

describe('what a customer may still do with a place', () => {
  it('cannot cancel once checked in or once the class started, checked-in named first', () => {
    expect(cancelBlock({ attended: false, classStart: start }, start - 1)).toBeNull();
    expect(cancelBlock({ attended: false, classStart: start }, start)).toBe('class-started');
    expect(cancelBlock({ attended: true, classStart: start }, start - 60 * MINUTE)).toBe('checked-in');
    expect(cancelBlock({ attended: true, classStart: start }, start + 1)).toBe('checked-in');
  });

  it('rates only an attended class, once it has ended', () => {
    const end = start + 50 * MINUTE;
    expect(rateOpen({ attended: true, classEnd: end }, end - 1)).toBe(false);
    expect(rateOpen({ attended: true, classEnd: end }, end)).toBe(true);
    expect(rateOpen({ attended: false, classEnd: end }, end + 1)).toBe(false);
    expect(rateOpen({ attended: true, classEnd: null }, start)).toBe(true);
  });
});
