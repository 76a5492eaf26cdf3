import type { DocumentStore, Transaction } from '../store/types';

/**
 * Numeric ids (the spec's clients decide "update when the id is numeric"),
 * allocated from one counter document per collection inside the caller's
 * transaction (ADR 0004).
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
  return ids[counter]?.[0] as number;
}
