import { messages } from '@studio/shared/messages';
import { type DynamicField, pendingFieldKeys } from '@studio/shared/schemas/dynamic-form';
import type { Customer } from '@studio/shared/types/customers';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { type CustomerDoc, getCustomerById, getCustomerByUid, listAcceptedPages } from '../../data/repos/customers-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { toCustomerDto } from './customer-dto';
import { listCustomerFields } from './pending-fields';

const notFound = () => new AppError('not-found', 'customer/not-found', messages.customer.notFound);

/** The record behind an identity, or 404 (identity created but never registered). */
export async function requireCustomerDoc(deps: Deps, uid: string): Promise<CustomerDoc> {
  const doc = await getCustomerByUid(deps.store, uid);
  if (!doc) throw notFound();
  return doc;
}

/** One customer as the API answers it: with their accepted pages and their pending custom fields. */
export async function showCustomer(deps: Deps, doc: CustomerDoc, isAdmin: boolean, fields?: readonly DynamicField[]): Promise<Customer> {
  const [accepted, customerFields] = await Promise.all([listAcceptedPages(deps.store, doc.uid), fields ?? listCustomerFields(deps)]);
  return toCustomerDto(doc, {
    acceptedPages: accepted.map((a) => a.page_id).sort((a, b) => a - b),
    isAdmin,
    now: deps.now(),
    pendingFields: pendingFieldKeys(customerFields, doc.custom_values ?? {}),
  });
}

export async function getOwnCustomer(deps: Deps, identity: VerifiedIdentity): Promise<Customer> {
  return showCustomer(deps, await requireCustomerDoc(deps, identity.uid), identity.admin);
}

export async function getCustomerForAdmin(deps: Deps, customerId: number): Promise<Customer> {
  const doc = await getCustomerById(deps.store, customerId);
  if (!doc) throw notFound();
  const user = await deps.auth.getUser(doc.uid);
  return showCustomer(deps, doc, user?.admin === true);
}
