import type { PurchaseFields } from '@studio/shared/types/purchases';
import type { DocumentStore, Transaction } from '../store/types';
import { readDoc, readQuery } from './read';

export type { PurchaseStatus } from '@studio/shared/types/purchases';

/** purchases/{purchase_id}. The package is copied at purchase time: later catalogue edits never change what was sold. */
export interface PurchaseDoc extends PurchaseFields {
  /** The buyer's identity. */
  uid: string;
  /** The admin who granted it (source 'admin'), else null. */
  granted_by: string | null;
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

/** Whether anything was ever sold from the package (any status): deleting it would orphan history. */
export async function packageHasPurchases(store: DocumentStore, classPackageId: number, tx: Transaction): Promise<boolean> {
  const result = await readQuery(store.collection('purchases').where('class_package_id', '==', classPackageId).limit(1), tx);
  return !result.empty;
}
