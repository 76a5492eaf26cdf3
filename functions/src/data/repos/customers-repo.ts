import type { DynamicValues } from '@studio/shared/schemas/dynamic-form';
import type { CustomerFields } from '@studio/shared/types/customers';
import type { AcceptedPageFields } from '@studio/shared/types/pages';
import { typedCollection } from '../store/typed-collection';
import type { DocumentStore, Query, Transaction } from '../store/types';
import { readDoc, readQuery } from './read';

/** customers/{uid}: keyed by identity so every authenticated request is one direct read. */
export interface CustomerDoc extends CustomerFields {
  /** Normalised prefixes for admin search (Firestore has no full-text search). */
  search_terms: string[];
}

export type AcceptedPageDoc = AcceptedPageFields;

/** customer_phones/{phone}: the uniqueness guard for phone numbers. */
interface CustomerPhoneDoc {
  uid: string;
  customer_id: number;
}

const customers = (store: DocumentStore) => typedCollection<CustomerDoc>(store, 'customers');
export const customerRef = (store: DocumentStore, uid: string) => customers(store).doc(uid);
export const phoneRef = (store: DocumentStore, phone: string) => typedCollection<CustomerPhoneDoc>(store, 'customer_phones').doc(phone);
const acceptedPagesOf = (store: DocumentStore, uid: string) => typedCollection<AcceptedPageDoc>(store, `customers/${uid}/accepted_pages`);

export async function getCustomerByUid(store: DocumentStore, uid: string, tx?: Transaction): Promise<CustomerDoc | null> {
  const snap = await readDoc(customerRef(store, uid), tx);
  return snap.data() ?? null;
}

export async function getCustomerById(store: DocumentStore, customerId: number, tx?: Transaction): Promise<CustomerDoc | null> {
  const result = await readQuery(customers(store).where('customer_id', '==', customerId).limit(1), tx);
  const doc = result.docs[0];
  return doc ? doc.data() : null;
}

export async function getPhoneOwner(store: DocumentStore, phone: string, tx?: Transaction): Promise<string | null> {
  const snap = await readDoc(phoneRef(store, phone), tx);
  return snap.exists ? String(snap.get('uid')) : null;
}

export function createCustomer(store: DocumentStore, tx: Transaction, customer: CustomerDoc): void {
  tx.create(customerRef(store, customer.uid), { ...customer });
  tx.create(phoneRef(store, customer.phone), { uid: customer.uid, customer_id: customer.customer_id });
}

export function updateCustomer(store: DocumentStore, tx: Transaction, before: CustomerDoc, after: CustomerDoc): void {
  tx.set(customerRef(store, after.uid), { ...after });
  if (before.phone !== after.phone) {
    tx.delete(phoneRef(store, before.phone));
    tx.create(phoneRef(store, after.phone), { uid: after.uid, customer_id: after.customer_id });
  }
}

/**
 * Replaces the customer's custom-field answers as a whole (ADR 0086); only
 * these two fields are written, so a profile edit in another transaction
 * keeps its own fields.
 */
export function setCustomValues(store: DocumentStore, tx: Transaction, uid: string, values: DynamicValues, updatedAt: Date): void {
  tx.update(customerRef(store, uid), { custom_values: values, updatedAt });
}

export async function listAcceptedPages(store: DocumentStore, uid: string): Promise<AcceptedPageDoc[]> {
  const result = await acceptedPagesOf(store, uid).get();
  return result.docs.map((doc) => doc.data());
}

export async function hasAcceptedPage(store: DocumentStore, tx: Transaction, uid: string, pageId: number): Promise<AcceptedPageDoc | null> {
  const snap = await tx.get(acceptedPagesOf(store, uid).doc(String(pageId)));
  return snap.data() ?? null;
}

export function recordAcceptedPage(store: DocumentStore, tx: Transaction, uid: string, record: AcceptedPageDoc): void {
  tx.set(acceptedPagesOf(store, uid).doc(String(record.page_id)), { ...record });
}

export interface CustomerListQuery {
  /** One normalised search term that must be among search_terms. */
  term?: string | undefined;
  limit: number;
  offset: number;
}

export async function listCustomers(store: DocumentStore, query: CustomerListQuery): Promise<{ customers: CustomerDoc[]; total: number }> {
  let base: Query<CustomerDoc> = customers(store);
  if (query.term) base = base.where('search_terms', 'array-contains', query.term);
  const ordered = base.orderBy('customer_id', 'desc');
  const [page, total] = await Promise.all([ordered.offset(query.offset).limit(query.limit).get(), base.count()]);
  return { customers: page.docs.map((doc) => doc.data()), total };
}

/** Customers whose record was created in [from, to), oldest first (the owner's customers export). */
export async function listCustomersCreatedBetween(store: DocumentStore, from: Date, to: Date): Promise<CustomerDoc[]> {
  const result = await customers(store).where('createdAt', '>=', from).where('createdAt', '<', to).orderBy('createdAt').get();
  return result.docs.map((doc) => doc.data());
}
