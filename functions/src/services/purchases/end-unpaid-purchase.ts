import { type HeldDiscountUse, readDiscountUseOf, releaseDiscountUse } from '../../data/repos/discounts-repo';
import { getPackageBuyer, type PackageBuyerDoc, type PurchaseDoc, releasePackageUnit, writePackageBuyer, writePurchase } from '../../data/repos/purchases-repo';
import type { Transaction } from '../../data/store/types';
import type { StoreDeps } from '../../deps';

/** What giving a purchase's place back touches, read inside the transaction before any write. */
export interface PlaceRelease {
  buyer: PackageBuyerDoc;
  discount: HeldDiscountUse | null;
}

export async function readPlaceRelease(deps: StoreDeps, tx: Transaction, purchase: PurchaseDoc): Promise<PlaceRelease> {
  const buyer = await getPackageBuyer(deps.store, purchase.class_package_id, purchase.customer_id, tx);
  const discount = purchase.discount
    ? await readDiscountUseOf(deps.store, tx, purchase.discount.discount_id, purchase.purchase_id, purchase.customer_id)
    : null;
  return { buyer, discount };
}

/**
 * Ends a purchase that never granted anything (cash never paid, rejected or
 * cancelled; a payment that failed) and gives back everything it held: its
 * place in limit_per_customer, its unit of purchase_limit and its discount
 * use, so the next buyer (or this one, again) can have them. Idempotent by
 * its caller's check that the purchase still holds its place.
 */
export function endUnpaidPurchase(
  deps: StoreDeps,
  tx: Transaction,
  purchase: PurchaseDoc,
  release: PlaceRelease,
  outcome: { status: 'cancelled' | 'failed'; reason: string },
): PurchaseDoc {
  const now = deps.now();
  const after: PurchaseDoc = {
    ...purchase,
    status: outcome.status,
    cancel_reason: outcome.reason,
    cancelledAt: outcome.status === 'cancelled' ? now : purchase.cancelledAt,
    holds_place: false,
    updatedAt: now,
  };
  writePurchase(deps.store, tx, after);
  writePackageBuyer(deps.store, tx, {
    ...release.buyer,
    count: Math.max(0, release.buyer.count - 1),
    pending_purchase_id: release.buyer.pending_purchase_id === purchase.purchase_id ? null : release.buyer.pending_purchase_id,
  });
  if (purchase.unit !== null && purchase.unit !== undefined) releasePackageUnit(deps.store, tx, purchase.class_package_id, purchase.unit);
  if (release.discount) releaseDiscountUse(deps.store, tx, release.discount);
  return after;
}
