import type { ClassPackage } from '@studio/shared/types/class-packages';

const UNLIMITED = -1;

const amountRank = (amount: number) => (amount === UNLIMITED ? Number.POSITIVE_INFINITY : amount);

/**
 * What the shop lists, in its order: active packages only, without special
 * events (they have their own page) and without the signup-fee package (the
 * checkout asks for it when needed, 'Completar Inscripción'); trials first,
 * then by class_amount ascending with unlimited last. The sort is stable, so
 * ties keep the server's order (price, then id).
 */
export function shopPackages(packages: readonly ClassPackage[], signupFeePackageId: number | null): ClassPackage[] {
  return packages
    .filter((pkg) => pkg.status === 'active' && !pkg.is_special_event && pkg.class_package_id !== signupFeePackageId)
    .sort((a, b) => Number(b.is_trial) - Number(a.is_trial) || amountRank(a.class_amount) - amountRank(b.class_amount));
}
