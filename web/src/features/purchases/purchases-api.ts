import type { PurchaseCancelInput } from '@studio/shared/schemas/checkout';
import type { Invoice, Purchase } from '@studio/shared/types/purchases';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

export async function fetchPurchases(signal?: AbortSignal): Promise<Purchase[]> {
  const { purchases } = await api.get<{ purchases: Purchase[] }>('/purchases', { signal });
  return purchases;
}

export async function fetchInvoices(signal?: AbortSignal): Promise<Invoice[]> {
  const { invoices } = await api.get<{ invoices: Invoice[] }>('/invoices', { signal });
  return invoices;
}

export function cancelPurchase({ purchaseId, ...body }: PurchaseCancelInput & { purchaseId: number }): Promise<{ message: string; purchase: Purchase }> {
  return api.post<{ message: string; purchase: Purchase }>(`/purchases/cancel/${purchaseId}`, body);
}

/** Query keys; `purchases` is the prefix checkout invalidates after a purchase, so every list and order refreshes. */
export const purchasesKeys = {
  all: ['purchases'] as const,
  list: () => [...purchasesKeys.all, 'list'] as const,
  invoices: ['invoices', 'list'] as const,
};

/** The customer's own purchases, newest first; the screen shows its own failure. */
export const purchasesQuery = queryOptions({
  queryKey: purchasesKeys.list(),
  queryFn: ({ signal }) => fetchPurchases(signal),
  meta: { alert: false, private: true },
});

export const invoicesQuery = queryOptions({
  queryKey: purchasesKeys.invoices,
  queryFn: ({ signal }) => fetchInvoices(signal),
  meta: { alert: false, private: true },
});
