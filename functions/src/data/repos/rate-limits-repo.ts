import { typedCollection } from '../store/typed-collection';
import type { DocumentStore, Transaction } from '../store/types';

export interface RateWindow {
  count: number;
  windowStart: Date;
}

/** rate_limits/{key}: a window as stored, with the instant the TTL policy may delete it. */
interface RateWindowDoc extends RateWindow {
  expireAt: Date;
}

const windowRef = (store: DocumentStore, key: string) => typedCollection<RateWindowDoc>(store, 'rate_limits').doc(key);

export async function getRateWindow(store: DocumentStore, tx: Transaction, key: string): Promise<RateWindow | null> {
  const snap = await tx.get(windowRef(store, key));
  return snap.data() ?? null;
}

/** `expireAt` lets a Firestore TTL policy delete old windows (docs/data-layer). */
export function saveRateWindow(store: DocumentStore, tx: Transaction, key: string, window: RateWindow, expireAt: Date): void {
  tx.set(windowRef(store, key), { ...window, expireAt });
}

/**
 * One hit of a studio-wide limit: its own document in rate_limits (so the TTL
 * policy on expireAt removes it), id `{rule}~{ms, 15 digits}~{random}`, so a
 * rule's hits since an instant are one id range. Each is written once: a rush
 * of hits writes as many documents, never one document many times (ADR 0009).
 */
const HIT_SEPARATOR = '~';
const hitId = (rule: string, at: Date, nonce: string) => `${rule}${HIT_SEPARATOR}${String(at.getTime()).padStart(15, '0')}${HIT_SEPARATOR}${nonce}`;

export async function recordRateHit(store: DocumentStore, rule: string, at: Date, nonce: string, expireAt: Date): Promise<void> {
  await store
    .collection('rate_limits')
    .doc(hitId(rule, at, nonce))
    .create({ rule, at, expireAt });
}

/** Hits of `rule` at or after `since` (an aggregation over the id range: no lock, no composite index). */
export function countRateHits(store: DocumentStore, rule: string, since: Date): Promise<number> {
  return store
    .collection('rate_limits')
    .where('__name__', '>=', hitId(rule, since, ''))
    .where('__name__', '<', `${rule}${HIT_SEPARATOR}${HIT_SEPARATOR}`)
    .count();
}
