import { checkoutMessages } from '@studio/shared/messages/checkout';
import type { Purchase } from '@studio/shared/types/purchases';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { getPurchase, listLapsedPurchases } from '../../data/repos/purchases-repo';
import type { Deps, StoreDeps } from '../../deps';
import { AppError } from '../../domain/errors';
import { toPurchaseDto } from '../access/dto';
import { assertPendingCash } from './confirm-cash-purchase';
import { endUnpaidPurchase, readPlaceRelease } from './end-unpaid-purchase';
import { purchaseNotFound } from './purchase-errors';

const m = checkoutMessages;

/** PUT /purchases/{id}/reject (admin): the cash never came. The purchase is cancelled and its place given back. */
export async function rejectCashPurchase(deps: Deps, purchaseId: number, reason: string | null | undefined): Promise<{ message: string; purchase: Purchase }> {
  const purchase = await deps.store.runTransaction(async (tx) => {
    const before = assertPendingCash(await getPurchase(deps.store, purchaseId, tx));
    const release = await readPlaceRelease(deps, tx, before);
    return endUnpaidPurchase(deps, tx, before, release, { status: 'cancelled', reason: reason?.trim() || m.reasons.rejected });
  });
  return { message: m.cashRejected, purchase: toPurchaseDto(purchase) };
}

/**
 * POST /purchases/cancel/{id} {reason}: the buyer cancels their own purchase.
 * A pending one (cash not paid yet) is cancelled and its place given back.
 * Someone else's purchase is a 404 (its existence is not theirs to learn);
 * anything else that cannot be cancelled is a 409.
 */
export async function cancelOwnPurchase(
  deps: Deps,
  identity: VerifiedIdentity,
  purchaseId: number,
  reason: string,
): Promise<{ message: string; purchase: Purchase }> {
  const purchase = await deps.store.runTransaction(async (tx) => {
    const before = await getPurchase(deps.store, purchaseId, tx);
    if (!before || before.uid !== identity.uid) throw purchaseNotFound();
    if (before.status !== 'pending' || before.holds_place === false) throw new AppError('conflict', 'purchases/not-cancellable', m.notCancellable);
    const release = await readPlaceRelease(deps, tx, before);
    return endUnpaidPurchase(deps, tx, before, release, { status: 'cancelled', reason: reason.trim() });
  });
  return { message: m.purchaseCancelled, purchase: toPurchaseDto(purchase) };
}

/** Purchases lapsed per run at most; the next run takes the rest. */
const LAPSE_BATCH = 100;

/**
 * The scheduled job's step: cash purchases whose pay_by passed are cancelled
 * ('El plazo para pagar en efectivo venció.') and their places given back,
 * one transaction each, re-checked inside it (a confirmation that won the
 * race stays confirmed). Returns how many lapsed.
 */
export async function lapseCashPurchases(deps: StoreDeps, now: Date): Promise<number> {
  const due = await listLapsedPurchases(deps.store, now, LAPSE_BATCH);
  let lapsed = 0;
  for (const candidate of due) {
    if (candidate.checkout_method !== 'cash') continue;
    const ended = await deps.store.runTransaction(async (tx) => {
      const before = await getPurchase(deps.store, candidate.purchase_id, tx);
      if (!before || before.status !== 'pending' || !before.pay_by || before.pay_by.getTime() > now.getTime()) return false;
      const release = await readPlaceRelease(deps, tx, before);
      endUnpaidPurchase(deps, tx, before, release, { status: 'cancelled', reason: m.reasons.lapsed });
      return true;
    });
    if (ended) lapsed++;
  }
  return lapsed;
}
