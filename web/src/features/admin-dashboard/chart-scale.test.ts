import { describe, expect, it } from 'vitest';
import { band, niceCeiling, share } from './chart-scale';

describe('chart scales', () => {
  it('tops an axis at the next 1, 2 or 5 × 10ⁿ', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(1)).toBe(1);
    expect(niceCeiling(3)).toBe(5);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(10)).toBe(10);
    expect(niceCeiling(11)).toBe(20);
    expect(niceCeiling(480)).toBe(500);
    expect(niceCeiling(12_345)).toBe(20_000);
  });

  it('gives a bar its share of the scale, clamped', () => {
    expect(share(5, 10)).toBe(0.5);
    expect(share(12, 10)).toBe(1);
    expect(share(-1, 10)).toBe(0);
    expect(share(3, 0)).toBe(0);
  });

  it('splits the width in equal bands with a gap around each bar', () => {
    expect(band(0, 3, 300)).toEqual({ x: 10, width: 80 });
    expect(band(2, 3, 300)).toEqual({ x: 210, width: 80 });
    expect(band(0, 0, 300)).toEqual({ x: 30, width: 240 });
  });
});
