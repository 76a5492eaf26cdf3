import type { AdminPurchase, PurchaseRejectInput } from '@studio/shared/schemas/checkout';
import type { Purchase } from '@studio/shared/types/purchases';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

/** Query keys: under `purchases`, so a change here also refreshes any other purchase list by prefix. */
export const adminPaymentsKeys = {
  all: ['purchases'] as const,
  pendingCash: () => [...adminPaymentsKeys.all, 'admin', 'pending-cash'] as const,
};

/**
 * GET /purchases/admin/all?status=pending&checkout_method=cash (admin): the
 * cash purchases waiting for the money, soonest deadline first, each with its
 * buyer (card and PayPal attempts are pending too, hence the method).
 * Failures are shown in place.
 */
export const pendingCashQuery = queryOptions({
  queryKey: adminPaymentsKeys.pendingCash(),
  queryFn: async ({ signal }) =>
    (await api.get<{ purchases: AdminPurchase[] }>('/purchases/admin/all?status=pending&checkout_method=cash', { signal })).purchases,
  meta: { alert: false },
});

/** PUT /purchases/{id}/confirm (admin): the money arrived; the credits are granted and an invoice written. */
export function confirmCashPayment(purchaseId: number): Promise<{ message: string; purchase: Purchase }> {
  return api.put(`/purchases/${purchaseId}/confirm`, {});
}

/** PUT /purchases/{id}/reject {reason?} (admin): the money never came; the place is given back. */
export function rejectCashPayment(purchaseId: number, body: PurchaseRejectInput): Promise<{ message: string; purchase: Purchase }> {
  return api.put(`/purchases/${purchaseId}/reject`, body);
}
