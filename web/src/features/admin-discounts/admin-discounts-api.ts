import type { Discount } from '@studio/shared/schemas/discount';
import type { ClassPackage } from '@studio/shared/types/class-packages';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

/** One prefix for every discount query, so a save or archive refreshes the list and the records together. */
export const discountKeys = {
  all: ['admin-discounts'] as const,
  list: ['admin-discounts', 'list'] as const,
  one: (id: number) => ['admin-discounts', id] as const,
  packages: ['admin-discounts', 'packages'] as const,
};

/** GET /discounts/admin/all: every discount not archived, by id. Failures show in place. */
export const discountsQuery = queryOptions({
  queryKey: discountKeys.list,
  queryFn: async ({ signal }) => (await api.get<{ discounts: Discount[] }>('/discounts/admin/all', { signal })).discounts,
  meta: { alert: false },
});

/** GET /discounts/{id}, for the edit form. */
export const discountQuery = (id: number) =>
  queryOptions({
    queryKey: discountKeys.one(id),
    queryFn: async ({ signal }) => (await api.get<{ discount: Discount }>(`/discounts/${id}`, { signal })).discount,
    meta: { alert: false },
  });

/** GET /class_packages/admin/all: the packages a discount may be limited to, and their titles in the list. */
export const packagesQuery = queryOptions({
  queryKey: discountKeys.packages,
  queryFn: async ({ signal }) => (await api.get<{ class_packages: ClassPackage[] }>('/class_packages/admin/all', { signal })).class_packages,
  meta: { alert: false },
});

/** POST without an id (201; 409 when the code is taken), else PUT with discount_id in the body. */
export async function saveDiscount(body: Record<string, unknown>, id: number | null): Promise<Discount> {
  const answer = id === null ? await api.post<{ discount: Discount }>('/discounts', body) : await api.put<{ discount: Discount }>('/discounts', body);
  return answer.discount;
}

/** DELETE /discounts/{id}: deleted, or archived when it was used (ADR 0020). */
export async function archiveDiscount(id: number): Promise<void> {
  await api.delete<null>(`/discounts/${id}`);
}
