import { typedCollection } from '../store/typed-collection';
import type { DocumentStore, Transaction } from '../store/types';
import { readDoc } from './read';

/**
 * paypal_plans/{key}: the PayPal billing plan made for one package at one set
 * of prices (key = package + a digest of its cycles). Plans are reused by
 * every buyer at those prices, so checkout reads here and creates at PayPal
 * only the first time.
 */
export interface PayPalPlanDoc {
  key: string;
  plan_id: string;
  class_package_id: number;
  createdAt: Date;
}

const planRef = (store: DocumentStore, key: string) => typedCollection<PayPalPlanDoc>(store, 'paypal_plans').doc(key);

export async function getPayPalPlan(store: DocumentStore, key: string, tx?: Transaction): Promise<PayPalPlanDoc | null> {
  const snap = await readDoc(planRef(store, key), tx);
  return snap.data() ?? null;
}

export function writePayPalPlan(store: DocumentStore, tx: Transaction, plan: PayPalPlanDoc): void {
  tx.set(planRef(store, plan.key), { ...plan });
}
