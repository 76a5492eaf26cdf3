import { checkoutMessages } from '@studio/shared/messages/checkout';
import type { Purchase } from '@studio/shared/types/purchases';
import { getPurchase, listLapsedPurchases } from '../../data/repos/purchases-repo';
import type { Deps, StoreDeps } from '../../deps';
import { toPurchaseDto } from '../access/dto';
import { assertPendingCash } from './confirm-cash-purchase';
import { endUnpaidPurchase, readPlaceRelease } from './end-unpaid-purchase';
import { releaseLeftoverBookings, releaseUnpaidBookings } from './release-unpaid-bookings';

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
 * The scheduled job's step: pending purchases whose pay_by passed (cash the
 * studio never confirmed; a card payment or OXXO voucher never completed) are
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
      if (!before || before.status !== 'pending' || !before.pay_by || before.pay_by.getTime() > now.getTime()) return false;
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
