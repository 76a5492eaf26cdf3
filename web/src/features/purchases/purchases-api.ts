import { messages } from '@studio/shared/messages';
import type { PurchaseCancelInput } from '@studio/shared/schemas/checkout';
import type { Invoice, PackageDownload, Purchase } from '@studio/shared/types/purchases';
import { api, ApiError } from '../../lib/api-client';
import { currentIdToken } from '../../lib/auth-client';
import { offerDownload } from '../../lib/download';
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

/** GET /purchases/{id}/download: where a downloadable package's material is, for its buyer (docs/packages "Downloadable packages"). */
export async function fetchPackageDownload(purchaseId: number): Promise<PackageDownload> {
  const { download } = await api.get<{ download: PackageDownload }>(`/purchases/${purchaseId}/download`);
  return download;
}

/**
 * 'Descargar material': an outside link opens in a new tab; our own upload is
 * served only with the buyer's token (an `<a href>` cannot send it), so its
 * bytes are fetched and offered as a download. A browser may block a tab
 * opened after the request (no longer inside the click): then the link is
 * answered, for the screen to offer as a real link; otherwise null.
 */
export async function downloadMaterial(purchase: Pick<Purchase, 'purchase_id' | 'title'>): Promise<string | null> {
  const download = await fetchPackageDownload(purchase.purchase_id);
  if (!download.url.startsWith('/api/')) {
    // With noopener, window.open answers null whether or not the tab opened: ask without it, then cut the opener.
    const tab = window.open(download.url, '_blank');
    if (!tab) return download.url;
    tab.opener = null;
    return null;
  }
  const token = await currentIdToken();
  const response = await fetch(download.url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, 'purchases/download-failed', messages.common.genericError);
  offerDownload(await response.blob(), download.name ?? purchase.title);
  return null;
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
