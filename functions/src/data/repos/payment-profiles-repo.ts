import type { DocumentStore, Transaction } from '../store/types';
import { readDoc } from './read';

/** payment_profiles/{uid}: the customer's ids at the payment processors (server-only; never sent to the browser as such). */
export interface PaymentProfileDoc {
  uid: string;
  customer_id: number;
  stripe_customer_id: string | null;
  updatedAt: Date;
}

const profileRef = (store: DocumentStore, uid: string) => store.doc(`payment_profiles/${uid}`);

export async function getPaymentProfile(store: DocumentStore, uid: string, tx?: Transaction): Promise<PaymentProfileDoc | null> {
  const snap = await readDoc(profileRef(store, uid), tx);
  return snap.exists ? (snap.data() as unknown as PaymentProfileDoc) : null;
}

export function writePaymentProfile(store: DocumentStore, tx: Transaction, profile: PaymentProfileDoc): void {
  tx.set(profileRef(store, profile.uid), { ...profile });
}
