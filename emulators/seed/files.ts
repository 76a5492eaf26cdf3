import type { SeedSet } from './seed-set';

/** The files area's demo data. */
export function seedFiles(_now: Date): SeedSet {
  return { docs: [], counters: {} };
}
