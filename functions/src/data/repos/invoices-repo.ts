import type { InvoiceFields } from '@studio/shared/types/purchases';
import { typedCollection } from '../store/typed-collection';
import type { DocumentStore, Transaction } from '../store/types';
import { readQuery } from './read';

/** invoices/{invoice_id}: one per charge collected (or a renewal that failed); ids are claimed (ADR 0009). */
export interface InvoiceDoc extends InvoiceFields {
  uid: string;
  /** Who recorded a cash payment (an admin's uid); null for provider charges. */
  recorded_by: string | null;
}

const invoices = (store: DocumentStore) => typedCollection<InvoiceDoc>(store, 'invoices');

export function createInvoice(store: DocumentStore, tx: Transaction, invoice: InvoiceDoc): void {
  tx.create(invoices(store).doc(String(invoice.invoice_id)), { ...invoice });
}

export async function listInvoicesOfCustomer(store: DocumentStore, customerId: number, tx?: Transaction): Promise<InvoiceDoc[]> {
  const result = await readQuery(invoices(store).where('customer_id', '==', customerId), tx);
  return result.docs.map((d) => d.data());
}

/** Charges recorded in [from, to) (any status): the dashboard's sales of a day. */
export async function listInvoicesBetween(store: DocumentStore, from: Date, to: Date): Promise<InvoiceDoc[]> {
  const result = await invoices(store).where('createdAt', '>=', from).where('createdAt', '<', to).get();
  return result.docs.map((d) => d.data());
}

/** When the first charge was recorded, or null: how far back the dashboard's figures can go. */
export async function firstInvoiceAt(store: DocumentStore): Promise<Date | null> {
  const result = await invoices(store).orderBy('createdAt').limit(1).get();
  const first = result.docs[0]?.data();
  return first?.createdAt ?? null;
}
