import { messages } from '@studio/shared/messages';
import type { AddressCreateInput, AddressUpdateInput } from '@studio/shared/schemas/catalogue/addresses';
import type { CustomerUpdateInput } from '@studio/shared/schemas/customer';
import type { Customer } from '@studio/shared/types/api';
import type { Address } from '@studio/shared/types/catalogue';
import { api, ApiError } from '../../lib/api-client';
import { currentIdToken } from '../../lib/auth-client';
import { queryOptions } from '../../lib/server-data';
import { updateCustomer } from '../../lib/session';

export const profileKeys = {
  addresses: ['addresses'] as const,
  photo: (src: string) => ['files', 'raw', src] as const,
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

/** Our own file bytes; only these may be fetched with the token (never send it to another host). */
export const isApiFile = (src: string) => src.startsWith('/api/files/raw/');

/**
 * The customer's photo as an object URL. Their uploads are private and an <img src>
 * cannot send the Authorization header (docs/files, "Who sees what"), so the bytes
 * are fetched with the token. Each src is fetched once per visit (never stale) and
 * its URL lives as long as the page: one small image, not worth revoking.
 */
async function fetchPhotoUrl(src: string, signal: AbortSignal): Promise<string> {
  const token = await currentIdToken();
  const response = await fetch(src, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  if (!response.ok) throw new ApiError(response.status, 'files/unreadable', messages.common.genericError);
  return URL.createObjectURL(await response.blob());
}

/** A photo that cannot be read shows the initials instead: no alert. */
export const photoQuery = (src: string) =>
  queryOptions({
    queryKey: profileKeys.photo(src),
    queryFn: ({ signal }) => fetchPhotoUrl(src, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    meta: { alert: false, private: true },
  });

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
