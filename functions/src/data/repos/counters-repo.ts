import { at } from '../../domain/at';
import { type DocumentStore, FieldValue, type Transaction } from '../store/types';
import { findFreeNumbers, type NumberSpace, takeNumber } from './number-claims';

/**
 * Numeric ids (the spec's clients decide "update when the id is numeric"),
 * allocated from one counter document per collection inside the caller's
 * transaction (ADR 0004). The counter is written by every creation, so it
 * serves only collections whose records are created rarely (admin actions);
 * a collection a rush creates uses allocateSpreadId below (ADR 0009).
 *
 * Allocates `count` consecutive ids from each named counter. Every counter is
 * read first and written after, so one call serves a transaction that needs ids
 * from several counters (Firestore forbids reads after writes). Call it after
 * the transaction's other reads. `reserved` keeps ids up to that number for
 * records the product defines itself (e.g. the address form, id 6).
 */
export async function allocateIdBlocks<K extends string>(
  store: DocumentStore,
  tx: Transaction,
  counts: Record<K, number>,
  reserved: Partial<Record<K, number>> = {},
): Promise<Record<K, number[]>> {
  const names = Object.keys(counts) as K[];
  const refs = names.map((name) => store.doc(`counters/${name}`));
  const snaps = refs.length > 0 ? await tx.getAll(...refs) : [];
  const out = {} as Record<K, number[]>;
  names.forEach((name, i) => {
    const count = counts[name] ?? 0;
    const snap = snaps[i];
    const current = Math.max(snap?.exists ? Number(snap.get('value') ?? 0) : 0, reserved[name] ?? 0);
    out[name] = Array.from({ length: count }, (_, k) => current + k + 1);
    if (count > 0) tx.set(refs[i] as (typeof refs)[number], { value: current + count });
  });
  return out;
}

/** One id from one counter: the common case of allocateIdBlocks. */
export async function allocateId(store: DocumentStore, tx: Transaction, counter: string, reserved = 0): Promise<number> {
  const ids = await allocateIdBlocks(store, tx, { [counter]: 1 }, { [counter]: reserved });
  return at(ids[counter] ?? [], 0);
}

/** Where a collection's claimed ids live: counters/{name}/ids/{id}, one document per id (ADR 0009). */
export const idSpace = (name: string, floor: number): NumberSpace => ({ collection: `counters/${name}/ids`, floor, max: null });

/**
 * Numeric ids for collections that a rush creates (sign-ups; purchases and
 * their lots at checkout), without a shared counter (ADR 0009): each id is
 * claimed as its own document, chosen among the lowest free ids by the
 * caller's `seed` (e.g. the identity uid), so concurrent callers write
 * different documents. Ids a counter gave out before (`counters/{name}.value`,
 * read without a lock) are never reused. Like allocateIdBlocks it reads every
 * space before writing any: call it after the transaction's other reads. A
 * collection uses either this or the counter, never both.
 */
export async function allocateSpreadIds<K extends string>(
  store: DocumentStore,
  tx: Transaction,
  counts: Record<K, number>,
  seed: string,
): Promise<Record<K, number[]>> {
  const names = (Object.keys(counts) as K[]).filter((name) => counts[name] > 0);
  const spaces = await Promise.all(
    names.map(async (name) => {
      const counter = await store.doc(`counters/${name}`).get();
      return idSpace(name, counter.exists ? Number(counter.get('value') ?? 0) : 0);
    }),
  );
  const out = {} as Record<K, number[]>;
  for (const name of Object.keys(counts) as K[]) out[name] = [];
  for (const [i, name] of names.entries()) out[name] = (await findFreeNumbers(store, tx, spaces[i] as NumberSpace, counts[name], seed)) as number[];
  for (const [i, name] of names.entries())
    for (const id of out[name]) takeNumber(store, tx, spaces[i] as NumberSpace, id, { at: FieldValue.serverTimestamp() });
  return out;
}

/** One claimed id: the common case of allocateSpreadIds. */
export async function allocateSpreadId(store: DocumentStore, tx: Transaction, name: string, seed: string): Promise<number> {
  const ids = await allocateSpreadIds(store, tx, { [name]: 1 }, seed);
  return at(ids[name] ?? [], 0);
}
