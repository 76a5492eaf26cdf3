import { checkoutMessages } from '@studio/shared/messages/checkout';
import type { Purchase } from '@studio/shared/types/purchases';
import { getPurchase, listLapsedPurchases, type PurchaseDoc } from '../../data/repos/purchases-repo';
import type { Deps, StoreDeps } from '../../deps';
import { toPurchaseDto } from '../access/dto';
import { assertPendingCash } from './confirm-cash-purchase';
import { endUnpaidPurchase, readPlaceRelease } from './lifecycle/end-unpaid-purchase';
import { releaseLeftoverBookings, releaseUnpaidBookings } from './lifecycle/release-unpaid-bookings';

const m = checkoutMessages;

/**
 * PUT /purchases/{id}/reject (admin): the cash never came. The purchase is
 * cancelled and its place given back; credits granted before payment are
 * revoked and the classes they booked cancelled.
 */
export async function rejectCashPurchase(deps: Deps, purchaseId: number, reason: string | null | undefined): Promise<{ message: string; purchase: Purchase }> {
  const purchase = await deps.store.runTransaction(async (tx) => {
    const before = assertPendingCash(await getPurchase(deps.store, purchaseId, tx));
    const release = await readPlaceRelease(deps, tx, before);
    return endUnpaidPurchase(deps, tx, before, release, { status: 'cancelled', reason: reason?.trim() || m.reasons.rejected });
  });
  await releaseUnpaidBookings(deps, purchaseId);
  return { message: m.cashRejected, purchase: toPurchaseDto(purchase) };
}

/** Purchases lapsed per run at most; the next run takes the rest. */
const LAPSE_BATCH = 100;

/**
 * How long after its pay_by a purchase the processor holds a payment for
 * (card, OXXO) waits before it lapses: the reconciling job (every 15 min)
 * first asks the processor whether it was paid, so money taken while our
 * webhook was down completes the purchase instead of being refunded after
 * it lapsed (docs/payments "Follow-up steps").
 */
export const PROCESSOR_LAPSE_GRACE_MS = 60 * 60_000;

/** When a pending purchase lapses: at its pay_by, or an hour later when a processor holds its payment. */
export const lapsesAt = (purchase: PurchaseDoc): number | null => {
  if (!purchase.pay_by) return null;
  const atProcessor = (purchase.checkout_method === 'card' || purchase.checkout_method === 'oxxo') && Boolean(purchase.provider_ref);
  return purchase.pay_by.getTime() + (atProcessor ? PROCESSOR_LAPSE_GRACE_MS : 0);
};

/**
 * The scheduled job's step: pending purchases past lapsesAt (cash the studio
 * never confirmed; a card payment or OXXO voucher never completed) are
 * cancelled and their places given back, one transaction each, re-checked
 * inside it (a payment that won the race stays paid). A card payment that
 * still goes through afterwards is refunded by the webhook (the purchase has
 * ended). Returns how many lapsed.
 */
export async function lapseUnpaidPurchases(deps: StoreDeps, now: Date): Promise<number> {
  const due = await listLapsedPurchases(deps.store, now, LAPSE_BATCH);
  let lapsed = 0;
  for (const candidate of due) {
    const ended = await deps.store.runTransaction(async (tx) => {
      const before = await getPurchase(deps.store, candidate.purchase_id, tx);
      const due = before ? lapsesAt(before) : null;
      if (!before || before.status !== 'pending' || due === null || due > now.getTime()) return false;
      const release = await readPlaceRelease(deps, tx, before);
      endUnpaidPurchase(deps, tx, before, release, { status: 'cancelled', reason: before.checkout_method === 'cash' ? m.reasons.lapsed : m.reasons.unpaid });
      return true;
    });
    if (ended) {
      lapsed++;
      await releaseUnpaidBookings(deps, candidate.purchase_id);
    }
  }
  // What an interrupted run (or a reject whose follow-up failed) left to cancel.
  await releaseLeftoverBookings(deps);
  return lapsed;
}
