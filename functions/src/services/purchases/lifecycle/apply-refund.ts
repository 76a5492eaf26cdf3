import { listLotsOfCustomer } from '../../../data/repos/credits-repo';
import { getCustomerByUid } from '../../../data/repos/customers-repo';
import { type PurchaseDoc, type PurchaseRefundDoc, writePurchase } from '../../../data/repos/purchases-repo';
import type { Transaction } from '../../../data/store/types';
import type { Deps } from '../../../deps';
import { revokeLot } from '../../credits/ledger';
import { lotsAfter, refreshUnlimitedMembership } from '../../credits/membership';

/** MXN with cents, without float dust. */
const money = (amount: number) => Math.round(amount * 100) / 100;

/** What a purchase has had refunded so far, MXN (refunds made before partial refunds existed were whole). */
export const refundedSoFar = (purchase: PurchaseDoc): number => purchase.refunded_amount ?? (purchase.refunded_at ? purchase.total_payment : 0);

export interface RefundApplication {
  /**
   * The payment's running total refunded, MXN, as its source knows it (the
   * processor's charge, or what the console's refund brings it to). Totals,
   * not amounts: the same refund told twice (our console's call and then its
   * webhook, or a redelivery) is the same total, so it counts once.
   */
  totalRefunded: number;
  /** Take the purchase's remaining credits even when the refund is partial. */
  removeCredits: boolean;
  by: PurchaseRefundDoc['by'];
  adminUid: string | null;
  sourceRef: string | null;
  reason: string | null;
}

export interface AppliedRefund {
  after: PurchaseDoc;
  /** MXN newly refunded by this application (0 when its total was already counted). */
  applied: number;
  /** Everything paid has gone back. */
  full: boolean;
  creditsRemoved: boolean;
}

/**
 * Inside the caller's transaction, after its own reads and before any write:
 * brings the purchase's refunded amount up to the given total (never down,
 * never above what was paid) and records the difference. A full refund revokes
 * the purchase and its remaining credits (through the ledger); a partial one
 * keeps them unless removeCredits. Applying a total already counted changes
 * nothing, except taking credits a later request asked to take.
 */
export async function applyRefund(deps: Deps, tx: Transaction, purchase: PurchaseDoc, application: RefundApplication): Promise<AppliedRefund> {
  const before = refundedSoFar(purchase);
  const total = money(Math.min(purchase.total_payment, Math.max(before, application.totalRefunded)));
  const applied = money(total - before);
  const full = total >= purchase.total_payment;
  const removeCredits = full || application.removeCredits;
  const customer = await getCustomerByUid(deps.store, purchase.uid, tx);
  const lots = await listLotsOfCustomer(deps.store, purchase.customer_id, tx);
  const toRevoke = removeCredits ? lots.filter((lot) => lot.purchase_id === purchase.purchase_id && lot.status !== 'revoked') : [];
  const revokes = full && purchase.status !== 'revoked' && purchase.status !== 'pending';
  if (applied <= 0 && toRevoke.length === 0 && !revokes) return { after: purchase, applied: 0, full, creditsRemoved: false };

  const now = deps.now();
  const entry: PurchaseRefundDoc = {
    amount: applied,
    by: application.by,
    admin_uid: application.adminUid,
    source_ref: application.sourceRef,
    credits_removed: toRevoke.length > 0,
    at: now,
  };
  const after: PurchaseDoc = {
    ...purchase,
    refunded_amount: total,
    ...(applied > 0
      ? { refunded_at: now, refund_reason: application.reason ?? purchase.refund_reason ?? null, refunds: [...(purchase.refunds ?? []), entry] }
      : {}),
    ...(revokes ? { status: 'revoked' as const, revokedAt: now } : {}),
    updatedAt: now,
  };
  writePurchase(deps.store, tx, after);
  const actor = application.adminUid ? { uid: application.adminUid, role: 'admin' as const } : { uid: application.by, role: 'system' as const };
  const context = { actor, reason: application.reason, reference: { type: 'purchase', id: purchase.purchase_id } };
  const revoked = toRevoke.map((lot) => revokeLot(deps, tx, lot, context));
  if (customer && revoked.length > 0) refreshUnlimitedMembership(deps, tx, customer, lotsAfter(lots, revoked));
  return { after, applied, full, creditsRemoved: revoked.length > 0 };
}
