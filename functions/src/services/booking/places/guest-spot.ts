import { createHash } from 'node:crypto';
import { findFreeHolding, getHolding, listTakenNumbers } from '../../../data/repos/reservations-repo';
import type { Transaction } from '../../../data/store/types';
import type { StoreDeps } from '../../../deps';

/**
 * The spots beside `spot` in its row of the map ('4,5,5,4': numbered from 1,
 * row by row from the front, left to right), left first; [] off the map.
 */
export function spotNeighbours(spotMap: string, spot: number): number[] {
  let first = 1;
  for (const size of spotMap.split(',').map((row) => Number(row.trim()))) {
    const last = first + size - 1;
    if (spot >= first && spot <= last) return [spot - 1, spot + 1].filter((n) => n >= first && n <= last);
    first = last + 1;
  }
  return [];
}

/** Every pair of side-by-side spots of the map that are both free, front row first, left to right. */
export function freeSidePairs(spotMap: string, taken: ReadonlySet<number>): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  let first = 1;
  for (const size of spotMap.split(',').map((row) => Number(row.trim()))) {
    for (let n = first; n < first + size - 1; n++) if (!taken.has(n) && !taken.has(n + 1)) pairs.push([n, n + 1]);
    first += size;
  }
  return pairs;
}

export interface SpotPlan {
  /** The customer's own place is booked now. */
  self: boolean;
  /** A guest's place is booked now. */
  guest: boolean;
  /** The spot the customer chose for themself, if any. */
  wanted: number | null;
  /** The spot of the customer's place already booked (a +1 added later), if any. */
  hostSpot: number | null;
}

/**
 * The spots a booking takes on a class with a map, own first (issue 25):
 * the customer's is the one chosen, else a free one. A +1 sits beside its
 * host when the map allows: beside the chosen or already booked spot (left,
 * then right, in the same row), or, when neither place is chosen, a free
 * side-by-side pair; only when there is none, any free spot. Reads only, in
 * `tx`; null when the map has no free spot left for every place.
 */
export async function chooseSpots(
  deps: StoreDeps,
  tx: Transaction,
  cls: { single_class_id: number; spot_map: string },
  mapSize: number,
  plan: SpotPlan,
  seed: string,
): Promise<number[] | null> {
  const store = deps.store;
  const classId = cls.single_class_id;
  const free = async (n: number) => (await getHolding(store, tx, classId, 'spots', n)) === null;
  const anyFree = (exclude: ReadonlySet<number>, i: number) => findFreeHolding(store, tx, classId, 'spots', mapSize, `${i}:${seed}`, exclude);
  const beside = async (host: number) => {
    for (const n of spotNeighbours(cls.spot_map, host)) if (await free(n)) return n;
    return null;
  };

  if (!plan.guest) {
    const own = plan.wanted ?? (await anyFree(new Set(), 0));
    return own === null ? null : [own];
  }
  if (!plan.self) {
    const next = plan.hostSpot === null ? null : await beside(plan.hostSpot);
    const spot = next ?? (await anyFree(new Set(), 0));
    return spot === null ? null : [spot];
  }
  if (plan.wanted === null) {
    const pairs = freeSidePairs(cls.spot_map, await listTakenNumbers(store, classId, 'spots'));
    // Racers for the last pairs start at different ones, as findFreeHolding's seeded start does for single spots.
    const start = pairs.length === 0 ? 0 : createHash('sha256').update(seed).digest().readUInt32BE(0) % pairs.length;
    for (let k = 0; k < Math.min(3, pairs.length); k++) {
      const [a, b] = pairs[(start + k) % pairs.length] as [number, number];
      if ((await free(a)) && (await free(b))) return [a, b];
    }
  }
  const own = plan.wanted ?? (await anyFree(new Set(), 0));
  if (own === null) return null;
  const next = (await beside(own)) ?? (await anyFree(new Set([own]), 1));
  return next === null ? null : [own, next];
}
