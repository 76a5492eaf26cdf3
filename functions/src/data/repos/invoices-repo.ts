import type { InvoiceFields } from '@studio/shared/types/purchases';
import type { DocumentStore, Transaction } from '../store/types';
import { readQuery } from './read';

/** invoices/{invoice_id}: one per charge collected (or a renewal that failed); ids are claimed (ADR 0009). */
export interface InvoiceDoc extends InvoiceFields {
  uid: string;
  /** Who recorded a cash payment (an admin's uid); null for provider charges. */
  recorded_by: string | null;
}

export function createInvoice(store: DocumentStore, tx: Transaction, invoice: InvoiceDoc): void {
  tx.create(store.doc(`invoices/${invoice.invoice_id}`), { ...invoice });
}

export async function listInvoicesOfCustomer(store: DocumentStore, customerId: number, tx?: Transaction): Promise<InvoiceDoc[]> {
  const result = await readQuery(store.collection('invoices').where('customer_id', '==', customerId), tx);
  return result.docs.map((d) => d.data() as unknown as InvoiceDoc);
}

/** Charges recorded in [from, to) (any status): the dashboard's sales of a day. */
export async function listInvoicesBetween(store: DocumentStore, from: Date, to: Date): Promise<InvoiceDoc[]> {
  const result = await store.collection('invoices').where('createdAt', '>=', from).where('createdAt', '<', to).get();
  return result.docs.map((d) => d.data() as unknown as InvoiceDoc);
}

/** When the first charge was recorded, or null: how far back the dashboard's figures can go. */
export async function firstInvoiceAt(store: DocumentStore): Promise<Date | null> {
  const result = await store.collection('invoices').orderBy('createdAt').limit(1).get();
  const first = result.docs[0]?.data() as InvoiceDoc | undefined;
  return first?.createdAt ?? null;
}
