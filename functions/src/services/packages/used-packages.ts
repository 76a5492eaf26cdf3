import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { listClassPackages } from '../../data/repos/class-packages-repo';
import { getCustomerByUid } from '../../data/repos/customers-repo';
import { getPackageBuyer } from '../../data/repos/purchases-repo';
import type { Deps } from '../../deps';

/**
 * GET /class_packages/used: the active packages the signed-in customer has
 * used up, i.e. bought as often as their `limit_per_customer` allows (a free
 * class, a free offer, a trial sold once per customer), so the shop hides
 * them instead of letting checkout refuse them at payment (409
 * checkout/limit-reached, the same count: the customer's place in the
 * package, ADR 0070). One still awaiting its payment is not listed: checkout
 * answers it again, so the customer can finish it. A personal read beside
 * the shared package lists, which stay the same for every caller and are
 * cached by the CDN (ADR 0104, ADR 0078).
 */
export async function listUsedPackages(deps: Deps, identity: VerifiedIdentity): Promise<number[]> {
  const customer = await getCustomerByUid(deps.store, identity.uid);
  if (!customer) return [];
  const limited = (await listClassPackages(deps.store, { status: 'active' })).filter((pkg) => pkg.limit_per_customer !== null && !pkg.archivedAt);
  const buyers = await Promise.all(limited.map((pkg) => getPackageBuyer(deps.store, pkg.class_package_id, customer.customer_id)));
  return limited
    .filter((pkg, i) => {
      const buyer = buyers[i];
      return buyer !== undefined && buyer.count >= (pkg.limit_per_customer as number) && buyer.pending_purchase_id === null;
    })
    .map((pkg) => pkg.class_package_id)
    .sort((a, b) => a - b);
}
