import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatPercent, occupancyOf } from './dashboard-format';

describe('dashboard formats', () => {
  it('writes ratios as percentages with at most one decimal, and the dash for none', () => {
    expect(formatPercent(0.5)).toBe('50%');
    expect(formatPercent(0.725)).toBe('72.5%');
    expect(formatPercent(1 / 3)).toBe('33.3%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(null)).toBe('—');
  });

  it('computes occupancy only with seats', () => {
    expect(occupancyOf(15, 20)).toBe(0.75);
    expect(occupancyOf(0, 0)).toBeNull();
  });

  it('keeps a calendar day on its day', () => {
    expect(formatCalendarDay('2026-11-01')).toBe('1 nov 2026');
  });
});
