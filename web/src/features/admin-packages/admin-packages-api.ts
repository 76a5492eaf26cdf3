import type { ClassPackage } from '@studio/shared/types/class-packages';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

/** One prefix for every package query, so a save or archive refreshes the list and the records together. */
export const packageKeys = {
  all: ['admin-packages'] as const,
  list: ['admin-packages', 'list'] as const,
  one: (id: number) => ['admin-packages', id] as const,
};

/** GET /class_packages/admin/all: active and inactive ones, in the shop's order. Failures show in place. */
export const packagesQuery = queryOptions({
  queryKey: packageKeys.list,
  queryFn: async ({ signal }) => (await api.get<{ class_packages: ClassPackage[] }>('/class_packages/admin/all', { signal })).class_packages,
  meta: { alert: false },
});

/** GET /class_packages/{id}: admins also get inactive ones. */
export const packageQuery = (id: number) =>
  queryOptions({
    queryKey: packageKeys.one(id),
    queryFn: async ({ signal }) => (await api.get<{ class_package: ClassPackage }>(`/class_packages/${id}`, { signal })).class_package,
    meta: { alert: false },
  });

/** POST without an id, else PUT; the body already carries class_package_id on update. */
export async function savePackage(body: Record<string, unknown>, id: number | null): Promise<ClassPackage> {
  const answer =
    id === null
      ? await api.post<{ class_package: ClassPackage }>('/class_packages', body)
      : await api.put<{ class_package: ClassPackage }>('/class_packages', body);
  return answer.class_package;
}

/** DELETE /class_packages/{id}: deleted, or archived when it was sold (ADR 0020). */
export async function archivePackage(id: number): Promise<void> {
  await api.delete<null>(`/class_packages/${id}`);
}
