import { describe, expect, it } from 'vitest';
import { materialStanding, soldWithMaterial } from '../src/rules/purchase-material';

describe('the material a purchase gives (one rule for the API and Mis Compras)', () => {
  it('is given once paid or granted, and kept by a paid subscription later failed or cancelled', () => {
    expect(materialStanding({ status: 'completed', paid_at: null })).toBe('given');
    expect(materialStanding({ status: 'active', paid_at: null })).toBe('given');
    expect(materialStanding({ status: 'cancelled', paid_at: '2026-11-01T10:00:00Z' })).toBe('given');
    expect(materialStanding({ status: 'failed', paid_at: new Date() })).toBe('given');
  });

  it('waits for a pending payment; a revoked purchase, or one never paid, does not give it', () => {
    expect(materialStanding({ status: 'pending', paid_at: null })).toBe('unpaid');
    expect(materialStanding({ status: 'revoked', paid_at: new Date() })).toBe('not-given');
    expect(materialStanding({ status: 'cancelled', paid_at: null })).toBe('not-given');
    expect(materialStanding({ status: 'failed' })).toBe('not-given');
  });

  it('goes by what was sold, and by the package as it is only for a purchase whose copy has no say', () => {
    expect(soldWithMaterial({ class_package: { downloadable: true } }, false)).toBe(true);
    expect(soldWithMaterial({ class_package: { downloadable: false } }, true)).toBe(false);
    expect(soldWithMaterial({ class_package: {} }, true)).toBe(true);
    expect(soldWithMaterial({ class_package: {} })).toBe(false);
  });
});
