import type { ClassPackage } from '@studio/shared/types/class-packages';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

export async function fetchPackages(signal?: AbortSignal): Promise<ClassPackage[]> {
  const { class_packages } = await api.get<{ class_packages: ClassPackage[] }>('/class_packages', { signal });
  return class_packages;
}

/** Query keys of the shop's package list. */
export const shopKeys = {
  all: ['class_packages'] as const,
  list: () => [...shopKeys.all, 'shop'] as const,
};

/** The public list of active packages; the screen shows its own failure in place. */
export const shopPackagesQuery = queryOptions({ queryKey: shopKeys.list(), queryFn: ({ signal }) => fetchPackages(signal), meta: { alert: false } });
