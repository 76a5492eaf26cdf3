import { randomBytes } from 'node:crypto';
import type { DocumentStore } from '../store/types';

/**
 * app_secrets/{name}: server-only random keys (no route reads this
 * collection). Created on first use with a precondition, so concurrent first
 * uses agree on one key.
 */
/** Keys never change once created, so each process reads one once (per store: tests open many). */
const known = new WeakMap<DocumentStore, Map<string, Buffer>>();

export async function serverKey(store: DocumentStore, name: string): Promise<Buffer> {
  const cached = known.get(store)?.get(name);
  if (cached) return cached;
  const key = await readOrCreateKey(store, name);
  if (!known.has(store)) known.set(store, new Map());
  known.get(store)?.set(name, key);
  return key;
}

async function readOrCreateKey(store: DocumentStore, name: string): Promise<Buffer> {
  const ref = store.doc(`app_secrets/${name}`);
  const hex = await store.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (snap.exists) return String(snap.get('key'));
    const key = randomBytes(32).toString('hex');
    tx.create(ref, { key, createdAt: new Date() });
    return key;
  });
  return Buffer.from(hex, 'hex');
}
