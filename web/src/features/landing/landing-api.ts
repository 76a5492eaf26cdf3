/**
 * The landing islands' reads. Only the islands import this module: it pulls in
 * server-data, which must stay off the landing's first load (docs/adr/0080).
 */
import type { ClassPackage } from '@studio/shared/types/class-packages';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

export const landingKeys = {
  homePackages: ['class_packages', 'home'] as const,
};

/**
 * The packages an admin placed on the home page (addToHome), from every list:
 * GET /class_packages (active packages, in the shop's server order) keeps those
 * with `home`. The spec's per-list routes (/presenciales/home, /online/home,
 * /especiales/home) would take three requests for the same answer.
 */
export const homePackagesQuery = queryOptions({
  queryKey: landingKeys.homePackages,
  queryFn: async ({ signal }): Promise<ClassPackage[]> =>
    (await api.get<{ class_packages: ClassPackage[] }>('/class_packages', { signal })).class_packages.filter((pkg) => pkg.home),
  meta: { alert: false },
});
