import type { AddressCreateInput, AddressUpdateInput } from '@studio/shared/schemas/catalogue/addresses';
import type { CustomerUpdateInput } from '@studio/shared/schemas/customer';
import type { Customer } from '@studio/shared/types/api';
import type { Address } from '@studio/shared/types/catalogue';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';
import { updateCustomer } from '../../lib/session';

export const profileKeys = {
  addresses: ['addresses'] as const,
};

/** PUT /customer; the answer replaces the session's customer, which every screen reads. */
export async function saveCustomer(input: CustomerUpdateInput): Promise<Customer> {
  const { customer } = await api.put<{ customer: Customer }>('/customer', input);
  updateCustomer(customer);
  return customer;
}

/** GET /customer into the session: what cancelling an edit shows again (spec §2, "Cancelling edit reloads the user"). */
export async function reloadCustomer(): Promise<Customer> {
  const { customer } = await api.get<{ customer: Customer }>('/customer');
  updateCustomer(customer);
  return customer;
}

/** GET /addresses: the customer's own; the first is the billing address (spec §2). The card shows its own failure. */
export const addressesQuery = queryOptions({
  queryKey: profileKeys.addresses,
  queryFn: async ({ signal }) => (await api.get<{ addresses: Address[] }>('/addresses', { signal })).addresses,
  meta: { alert: false, private: true },
});

export type AddressInput = AddressCreateInput & Partial<Pick<AddressUpdateInput, 'address_id'>>;

/** Spec "Saves": update when the record has an id, otherwise create. */
export async function saveAddress(input: AddressInput): Promise<Address> {
  const { address_id: id, ...fields } = input;
  const path = '/addresses';
  const answer =
    id === undefined ? await api.post<{ address: Address }>(path, fields) : await api.put<{ address: Address }>(path, { address_id: id, ...fields });
  return answer.address;
}
