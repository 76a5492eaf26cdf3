import { packagesMessages } from '@studio/shared/messages/packages';
import { UNLIMITED_CLASSES } from '@studio/shared/schemas/class-package';
import type { ClassPackage } from '@studio/shared/types/class-packages';
import { getClassTypeNames } from '../../data/repos/catalogue-repo';
import { type ClassPackageDoc, type ClassPackageFilter, getClassPackage, listClassPackages } from '../../data/repos/class-packages-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { classTypeIdsOf, type PackageViewer, toClassPackageDto } from './package-dto';

/** The public lists (docs/packages/README.md): every one shows active packages only. */
export type PackageList = 'all' | 'online' | 'presenciales' | 'especiales';

const listFilters: Record<PackageList, ClassPackageFilter> = {
  all: { status: 'active' },
  online: { status: 'active', is_online: true },
  presenciales: { status: 'active', is_online: false, is_special_event: false },
  especiales: { status: 'active', is_special_event: true },
};

const effectivePrice = (doc: ClassPackageDoc) => doc.sale_price ?? doc.price;
const amountRank = (amount: number) => (amount === UNLIMITED_CLASSES ? Number.POSITIVE_INFINITY : amount);

/**
 * The order of every list: class_amount ascending with unlimited last (the
 * shop's order, customer-area §5), then the price charged, then the id, so
 * equal packages never swap places between calls.
 */
export function compareShopOrder(a: ClassPackageDoc, b: ClassPackageDoc): number {
  return amountRank(a.class_amount) - amountRank(b.class_amount) || effectivePrice(a) - effectivePrice(b) || a.class_package_id - b.class_package_id;
}

async function toDtos(deps: Deps, docs: ClassPackageDoc[], viewer: PackageViewer): Promise<ClassPackage[]> {
  const names = await getClassTypeNames(deps.store, classTypeIdsOf(docs));
  return [...docs].sort(compareShopOrder).map((doc) => toClassPackageDto(doc, names, viewer));
}

/** GET /class_packages, /{list}/all and /{list}/home. */
export async function listPublicPackages(deps: Deps, list: PackageList, homeOnly: boolean): Promise<ClassPackage[]> {
  const docs = await listClassPackages(deps.store, { ...listFilters[list], ...(homeOnly ? { home: true } : {}) });
  return toDtos(deps, docs, 'public');
}

/** GET /class_packages/admin/all: active and inactive; archived packages are gone for the admin too. */
export async function listPackagesForAdmin(deps: Deps): Promise<ClassPackage[]> {
  const docs = await listClassPackages(deps.store);
  return toDtos(
    deps,
    docs.filter((doc) => !doc.archivedAt),
    'admin',
  );
}

/**
 * GET /class_packages/{id}. Anyone may read an active package (the checkout
 * page); inactive and archived ones exist only for admins, and only admins
 * see a downloadable package's file.
 */
export async function getPackageForViewer(deps: Deps, id: number, viewer: { admin: boolean }): Promise<ClassPackage> {
  const doc = await getClassPackage(deps.store, id);
  if (!doc || (doc.status !== 'active' && !viewer.admin)) throw new AppError('not-found', 'packages/not-found', packagesMessages.notFound);
  return (await toDtos(deps, [doc], viewer.admin ? 'admin' : 'public'))[0] as ClassPackage;
}
