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
