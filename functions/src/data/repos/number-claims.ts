import { createHash } from 'node:crypto';
import { at } from '../../domain/at';
import { type DocumentData, type DocumentStore, StoreError, type Transaction } from '../store/types';

/**
 * Numbers handed out without a shared counter (ADR 0009). Each number taken is
 * one document, `{collection}/{n}` with a numeric field `n`, created once and
 * never changed, so no document is written twice however many callers race.
 *
 * A caller picks among the lowest free numbers of the band at the top (read
 * outside the transaction: a plain read takes no lock and conflicts with
 * nothing), choosing by a hash of its own seed (the customer), so racers
 * mostly pick different numbers; only the chosen number is read inside the
 * transaction, and two racers that chose the same one conflict on that
 * document alone: one commits, the other retries and picks again. Numbers
 * stay small and nearly dense (holes left by a rush are filled by later
 * callers), but they are only roughly chronological: within one band, a later
 * caller may get a lower number.
 */
export interface NumberSpace {
  /** Collection holding one document per taken number (its id is the number). */
  readonly collection: string;
  /** Numbers up to this one are never handed out (taken before this scheme, e.g. by a counter). */
  readonly floor: number;
  /** The highest number that may be taken; null for no limit. */
  readonly max: number | null;
}

/** How many of the lowest free numbers a caller chooses from. Wider spreads a bigger rush; narrower keeps numbers closer to arrival order. */
export const DEFAULT_SPREAD = 64;

/** Rounds of "read the band, try a few candidates in the transaction" before giving up as contention. */
const ROUNDS = 6;
/** Candidates read inside the transaction per round. */
const TRIES_PER_ROUND = 3;

const numberRef = (store: DocumentStore, space: NumberSpace, n: number) => store.doc(`${space.collection}/${n}`);

/** A stable, well-mixed position from the caller's seed. */
function seedIndex(seed: string, salt: number): number {
  return createHash('sha256').update(`${salt}:${seed}`).digest().readUInt32BE(0);
}

/**
 * The lowest free numbers of the space, as a plain read (no lock). It reads
 * the band at the top (the 2×spread highest numbers taken): holes inside it
 * and the numbers above it are candidates, lowest first. A limited space
 * whose band has no room left is read in full, so a hole further down is
 * still found and a limit is used exactly.
 */
async function freeNumbers(store: DocumentStore, space: NumberSpace, spread: number, known: ReadonlySet<number>): Promise<number[]> {
  const page = 2 * spread;
  const top = await store.collection(space.collection).orderBy('n', 'desc').limit(page).get();
  const taken = new Set<number>(known);
  for (const doc of top.docs) taken.add(Number(doc.get('n')));
  const bandStart = top.size >= page ? Math.min(...top.docs.map((doc) => Number(doc.get('n')))) : space.floor;
  const collect = (from: number, taken: ReadonlySet<number>): number[] => {
    const out: number[] = [];
    for (let n = from + 1; out.length < spread && (space.max === null || n <= space.max); n++) if (!taken.has(n)) out.push(n);
    return out;
  };
  const free = collect(Math.max(bandStart, space.floor), taken);
  if (free.length > 0 || space.max === null || bandStart <= space.floor) return free;
  const all = await store.collection(space.collection).where('n', '<=', space.max).get();
  const everything = new Set<number>(known);
  for (const doc of all.docs) everything.add(Number(doc.get('n')));
  return collect(space.floor, everything);
}

/**
 * Finds `count` free numbers of the space and reads each inside `tx` (so a
 * racer that takes one first makes this transaction retry). Returns them, or
 * null when the space has fewer than `count` left: every number up to `max`
 * was seen taken, and taken numbers are never given back (except by
 * `moveNumber`, which frees one only by taking another). Nothing is written:
 * the caller creates each number's document with `takeNumber` among its
 * writes, and must call this after its other reads (reads come before writes).
 */
export async function findFreeNumbers(
  store: DocumentStore,
  tx: Transaction,
  space: NumberSpace,
  count: number,
  seed: string,
  spread = DEFAULT_SPREAD,
): Promise<number[] | null> {
  const chosen: number[] = [];
  const seen = new Set<number>();
  for (let round = 0; round < ROUNDS && chosen.length < count; round++) {
    const free = (await freeNumbers(store, space, Math.max(spread, count), seen)).filter((n) => !chosen.includes(n));
    if (free.length < count - chosen.length) {
      if (free.length === 0 || space.max !== null) return null;
    }
    const start = seedIndex(seed, round + chosen.length) % free.length;
    for (let k = 0; k < Math.min(TRIES_PER_ROUND + count, free.length) && chosen.length < count; k++) {
      const n = at(free, (start + k) % free.length);
      const snap = await tx.get(numberRef(store, space, n));
      if (snap.exists) seen.add(n);
      else chosen.push(n);
    }
  }
  if (chosen.length < count) throw new StoreError('aborted', `No free number found in ${space.collection} after ${ROUNDS} rounds (contention).`);
  return chosen.sort((a, b) => a - b);
}

/** One free number; see findFreeNumbers. */
export async function findFreeNumber(store: DocumentStore, tx: Transaction, space: NumberSpace, seed: string, spread = DEFAULT_SPREAD): Promise<number | null> {
  const found = await findFreeNumbers(store, tx, space, 1, seed, spread);
  return found === null ? null : at(found, 0);
}

/** Takes a number found by findFreeNumbers: creates its document (fails the transaction if it exists). */
export function takeNumber(store: DocumentStore, tx: Transaction, space: NumberSpace, n: number, data: DocumentData = {}): void {
  tx.create(numberRef(store, space, n), { ...data, n });
}

/** Every taken number of the space above `above`, with its document (a plain read). */
export async function listTakenNumbers(
  store: DocumentStore,
  space: NumberSpace,
  above: number,
  tx?: Transaction,
): Promise<Array<{ n: number; data: DocumentData }>> {
  const query = store.collection(space.collection).where('n', '>', above);
  const result = tx ? await tx.get(query) : await query.get();
  return result.docs.map((doc) => ({ n: Number(doc.get('n')), data: doc.data() ?? {} }));
}

/** How many numbers of the space are taken (an aggregation: cheap, and no lock). */
export function countTakenNumbers(store: DocumentStore, space: NumberSpace): Promise<number> {
  return store.collection(space.collection).count();
}

/** Whether any number of the space is taken, read inside `tx`. */
export async function anyNumberTaken(store: DocumentStore, tx: Transaction, space: NumberSpace): Promise<boolean> {
  const result = await tx.get(store.collection(space.collection).limit(1));
  return !result.empty;
}

/** Moves a taken number's document to a free number (both in `tx`; the caller read both). */
export function moveNumber(store: DocumentStore, tx: Transaction, space: NumberSpace, from: number, to: number, data: DocumentData): void {
  tx.delete(numberRef(store, space, from));
  tx.create(numberRef(store, space, to), { ...data, n: to });
}
