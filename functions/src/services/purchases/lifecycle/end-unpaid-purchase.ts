import { type AvailableClassDoc, listLotsOfCustomer } from '../../../data/repos/credits-repo';
import { type CustomerDoc, getCustomerByUid } from '../../../data/repos/customers-repo';
import { type HeldDiscountUse, readDiscountUseOf, releaseDiscountUse } from '../../../data/repos/discounts-repo';
import {
  getPackageBuyer,
  type PackageBuyerDoc,
  type PurchaseDoc,
  releasePackageUnit,
  writePackageBuyer,
  writePurchase,
} from '../../../data/repos/purchases-repo';
import { listReservationsOfCustomer } from '../../../data/repos/reservations-repo';
import type { Transaction } from '../../../data/store/types';
import type { StoreDeps } from '../../../deps';
import { revokeLot } from '../../credits/ledger';
import { lotsAfter, refreshUnlimitedMembership } from '../../credits/membership';

/** What giving a purchase's place back touches, read inside the transaction before any write. */
export interface PlaceRelease {
  buyer: PackageBuyerDoc;
  discount: HeldDiscountUse | null;
  /** Credits granted before the cash was paid (cash_booking_before_payment): taken back with it. */
  early: { customer: CustomerDoc | null; lots: AvailableClassDoc[]; booked: boolean } | null;
}

export async function readPlaceRelease(deps: StoreDeps, tx: Transaction, purchase: PurchaseDoc): Promise<PlaceRelease> {
  const buyer = await getPackageBuyer(deps.store, purchase.class_package_id, purchase.customer_id, tx);
  const discount = purchase.discount
    ? await readDiscountUseOf(deps.store, tx, purchase.discount.discount_id, purchase.purchase_id, purchase.customer_id)
    : null;
  if (!purchase.granted_before_payment) return { buyer, discount, early: null };
  const customer = await getCustomerByUid(deps.store, purchase.uid, tx);
  const lots = await listLotsOfCustomer(deps.store, purchase.customer_id, tx);
  const ids = new Set(lots.filter((lot) => lot.purchase_id === purchase.purchase_id).map((lot) => lot.available_class_id));
  const reservations = await listReservationsOfCustomer(deps.store, purchase.customer_id, tx);
  const booked = reservations.some((r) => r.deletedAt === null && r.available_class_id !== null && ids.has(r.available_class_id));
  return { buyer, discount, early: { customer, lots, booked } };
}

/**
 * Ends a purchase that never granted anything (cash never paid, rejected or
 * cancelled; a payment that failed) and gives back everything it held: its
 * place in limit_per_customer, its unit of purchase_limit and its discount
 * use, so the next buyer (or this one, again) can have them; credits
 * granted before the cash was paid are revoked. Idempotent by its caller's
 * check that the purchase still holds its place.
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
    ...(release.early?.booked ? { reservations_to_release: true } : {}),
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
  if (release.early) {
    // The cash never came: its credits go with it, through the ledger (what they booked is cancelled right after: releaseUnpaidBookings).
    const context = { actor: { uid: null, role: 'system' as const }, reason: outcome.reason, reference: { type: 'purchase', id: purchase.purchase_id } };
    const revoked = release.early.lots.filter((lot) => lot.purchase_id === purchase.purchase_id).map((lot) => revokeLot(deps, tx, lot, context));
    if (release.early.customer) refreshUnlimitedMembership(deps, tx, release.early.customer, lotsAfter(release.early.lots, revoked));
  }
  return after;
}
