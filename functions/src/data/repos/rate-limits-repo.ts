import type { DocumentStore, Transaction } from '../store/types';

export interface RateWindow {
  count: number;
  windowStart: Date;
}

const windowRef = (store: DocumentStore, key: string) => store.doc(`rate_limits/${key}`);

export async function getRateWindow(store: DocumentStore, tx: Transaction, key: string): Promise<RateWindow | null> {
  const snap = await tx.get(windowRef(store, key));
  return snap.exists ? (snap.data() as unknown as RateWindow) : null;
}

/** `expireAt` lets a Firestore TTL policy delete old windows (docs/data-layer). */
export function saveRateWindow(store: DocumentStore, tx: Transaction, key: string, window: RateWindow, expireAt: Date): void {
  tx.set(windowRef(store, key), { ...window, expireAt });
}
