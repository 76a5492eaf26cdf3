/** Set-up for the booking tests: customers (customers/{uid}) and an in-process app. */
import type { DocumentStore } from '../../../src/data/store/types';

export async function addCustomers(store: DocumentStore, list: Array<{ uid: string; customerId: number }>): Promise<void> {
  for (let i = 0; i < list.length; i += 400) {
    const batch = store.batch();
    for (const c of list.slice(i, i + 400)) {
      batch.set(store.doc(`customers/${c.uid}`), { uid: c.uid, customer_id: c.customerId, name: c.uid, email: `${c.uid}@example.com` });
    }
    await batch.commit();
  }
}

export async function setConfig(store: DocumentStore, values: Record<string, unknown>): Promise<void> {
  const snap = await store.doc('app_config/main').get();
  const current = (snap.get('values') as Record<string, unknown> | undefined) ?? {};
  await store.doc('app_config/main').set({ values: { ...current, ...values } });
}
