import type { ClassPackage } from '@studio/shared/types/class-packages';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

export async function fetchPackages(signal?: AbortSignal): Promise<ClassPackage[]> {
  const { class_packages } = await api.get<{ class_packages: ClassPackage[] }>('/class_packages', { signal });
  return class_packages;
}

export async function fetchUsedPackages(signal?: AbortSignal): Promise<number[]> {
  const { class_package_ids } = await api.get<{ class_package_ids: number[] }>('/class_packages/used', { signal });
  return class_package_ids;
}

/** Query keys of the shop's package list. */
export const shopKeys = {
  all: ['class_packages'] as const,
  list: () => [...shopKeys.all, 'shop'] as const,
  used: (uid: string) => [...shopKeys.all, 'used', uid] as const,
};

/**
 * The packages the signed-in customer has used up (a free class taken once),
 * which the shop hides. Personal, so never part of the shared list (ADR
 * 0104); read again on every visit, since a purchase elsewhere changes it.
 */
export const usedPackagesQuery = (uid: string) =>
  queryOptions({ queryKey: shopKeys.used(uid), queryFn: ({ signal }) => fetchUsedPackages(signal), staleTime: 0, meta: { alert: false } });

/** The public list of active packages; the screen shows its own failure in place. */
export const shopPackagesQuery = queryOptions({ queryKey: shopKeys.list(), queryFn: ({ signal }) => fetchPackages(signal), meta: { alert: false } });
