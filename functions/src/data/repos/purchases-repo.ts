import type { DocumentStore, Transaction } from '../store/types';
import { readDoc, readQuery } from './read';
import type { ClassPackageDoc } from './class-packages-repo';

export type PurchaseStatus = 'active' | 'completed' | 'pending' | 'failed' | 'cancelled' | 'revoked';

/** purchases/{purchase_id}. The package is copied at purchase time: later catalogue edits never change what was sold. */
export interface PurchaseDoc {
  purchase_id: number;
  customer_id: number;
  uid: string;
  class_package_id: number;
  class_package: Pick<ClassPackageDoc, 'class_package_id' | 'title' | 'class_amount' | 'expiration_days' | 'is_subscription' | 'subscription_period' | 'subscription_interval' | 'is_online' | 'is_special_event' | 'is_trial' | 'free_trial_length'>;
  title: string;
  status: PurchaseStatus;
  total_payment: number;
  payment_method_id: number | null;
  payment_method: string | null;
  is_gift: boolean;
  bill: boolean;
  /** Where it came from: an admin grant or a checkout. */
  source: 'admin' | 'checkout';
  granted_by: string | null;
  subscription_id: string | null;
  subscription_period: string | null;
  subscription_interval: number | null;
  free_trial_length: number | null;
  class_amount: number;
  expiration_days: number | null;
  createdAt: Date;
  updatedAt: Date;
  cancelledAt: Date | null;
  revokedAt: Date | null;
}

export const purchaseRef = (store: DocumentStore, id: number) => store.doc(`purchases/${id}`);

export async function getPurchase(store: DocumentStore, id: number, tx?: Transaction): Promise<PurchaseDoc | null> {
  const snap = await readDoc(purchaseRef(store, id), tx);
  return snap.exists ? (snap.data() as unknown as PurchaseDoc) : null;
}

export function writePurchase(store: DocumentStore, tx: Transaction, purchase: PurchaseDoc): void {
  tx.set(purchaseRef(store, purchase.purchase_id), { ...purchase });
}

/** A new purchase; fails the transaction if the id is taken (a counter out of step must not overwrite a sale). */
export function createPurchase(store: DocumentStore, tx: Transaction, purchase: PurchaseDoc): void {
  tx.create(purchaseRef(store, purchase.purchase_id), { ...purchase });
}

export async function listPurchasesOfCustomer(store: DocumentStore, customerId: number, tx?: Transaction): Promise<PurchaseDoc[]> {
  const result = await readQuery(store.collection('purchases').where('customer_id', '==', customerId), tx);
  return result.docs.map((d) => d.data() as unknown as PurchaseDoc);
}

export async function listPurchasesOfPackage(store: DocumentStore, classPackageId: number, tx?: Transaction): Promise<PurchaseDoc[]> {
  const result = await readQuery(store.collection('purchases').where('class_package_id', '==', classPackageId), tx);
  return result.docs.map((d) => d.data() as unknown as PurchaseDoc);
}
