import type { SeedSet } from './seed-set';

/** The access area's demo data. */
export function seedAccess(_now: Date): SeedSet {
  return { docs: [], counters: {} };
}
