import { describe, expect, it } from 'vitest';
import { subscriptionWording } from '../src/format/subscription-wording';

describe('subscriptionWording (public-site §9)', () => {
  it('says "por mes" / "por año" for an interval of 1 and "cada N" otherwise', () => {
    expect(subscriptionWording('month', 1)).toBe('por mes');
    expect(subscriptionWording('month', 3)).toBe('cada 3 meses');
    expect(subscriptionWording('year', 1)).toBe('por año');
    expect(subscriptionWording('year', 2)).toBe('cada 2 años');
  });

  it('always says "cada" for days', () => {
    expect(subscriptionWording('day', 1)).toBe('cada día');
    expect(subscriptionWording('day', 15)).toBe('cada 15 días');
  });

  it('has no wording for what is not a subscription period', () => {
    expect(subscriptionWording(null, null)).toBeNull();
    expect(subscriptionWording('month', null)).toBeNull();
    expect(subscriptionWording('month', 0)).toBeNull();
    expect(subscriptionWording('month', 1.5)).toBeNull();
    expect(subscriptionWording('week', 1)).toBeNull();
  });
});
