import { typedCollection } from '../store/typed-collection';
import type { DocumentStore, Transaction } from '../store/types';
import { readDoc } from './read';

/** payment_profiles/{uid}: the customer's ids at the payment processors (server-only; never sent to the browser as such). */
export interface PaymentProfileDoc {
  uid: string;
  customer_id: number;
  stripe_customer_id: string | null;
  updatedAt: Date;
}

const profileRef = (store: DocumentStore, uid: string) => typedCollection<PaymentProfileDoc>(store, 'payment_profiles').doc(uid);

export async function getPaymentProfile(store: DocumentStore, uid: string, tx?: Transaction): Promise<PaymentProfileDoc | null> {
  const snap = await readDoc(profileRef(store, uid), tx);
  return snap.data() ?? null;
}

export function writePaymentProfile(store: DocumentStore, tx: Transaction, profile: PaymentProfileDoc): void {
  tx.set(profileRef(store, profile.uid), { ...profile });
}
