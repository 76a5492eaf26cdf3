import type { DocumentStore, Transaction } from '../store/types';
import { readDoc } from './read';

/** All stored overrides live in one document: one read serves the whole landing page. */
const configRef = (store: DocumentStore) => store.doc('app_config/main');

export async function getStoredConfig(store: DocumentStore, tx?: Transaction): Promise<Record<string, unknown>> {
  const snap = await readDoc(configRef(store), tx);
  return (snap.get('values') as Record<string, unknown> | undefined) ?? {};
}

/** Replaces the whole map (a merge would deep-merge nested values and never drop a key). */
export function saveConfigValues(store: DocumentStore, tx: Transaction, values: Record<string, unknown>, updatedBy: string, updatedAt: Date): void {
  tx.set(configRef(store), { values, updatedAt, updatedBy });
}
