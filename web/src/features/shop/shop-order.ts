import type { ClassPackage } from '@studio/shared/types/class-packages';

const UNLIMITED = -1;

const amountRank = (amount: number) => (amount === UNLIMITED ? Number.POSITIVE_INFINITY : amount);

/** Sold once per customer (customer-area §9: 'single-use packages (limit_per_customer 1)'). */
const singleUse = (pkg: ClassPackage) => pkg.limit_per_customer === 1;

/** A trial for the shop (customer-area §9): a free trial, or one class once per customer (a free first class). */
export const isShopTrial = (pkg: ClassPackage) => pkg.is_trial || (pkg.class_amount === 1 && singleUse(pkg));

export interface ShopSections {
  /** Shown first, on their own: trials and the other single-use offers. */
  trials: ClassPackage[];
  packages: ClassPackage[];
}

/**
 * What the shop lists, in its order: active packages only, without special
 * events (they have their own page), without the signup-fee package (the
 * checkout asks for it when needed, 'Completar Inscripción') and without
 * what this customer has already used up (`used`: GET /class_packages/used,
 * e.g. a free class taken once). Trials go to their own section first
 * (customer-area §5, §9); so do the other single-use packages, which the
 * spec keeps out of the main list and which would otherwise be sold nowhere.
 * Each section by class_amount ascending with unlimited last; the sort is
 * stable, so ties keep the server's order (price, then id).
 */
export function shopSections(packages: readonly ClassPackage[], signupFeePackageId: number | null, used: ReadonlySet<number> = new Set()): ShopSections {
  const listed = packages
    .filter((pkg) => pkg.status === 'active' && !pkg.is_special_event && pkg.class_package_id !== signupFeePackageId && !used.has(pkg.class_package_id))
    .sort((a, b) => amountRank(a.class_amount) - amountRank(b.class_amount));
  const separate = (pkg: ClassPackage) => isShopTrial(pkg) || singleUse(pkg);
  return { trials: listed.filter(separate), packages: listed.filter((pkg) => !separate(pkg)) };
}
