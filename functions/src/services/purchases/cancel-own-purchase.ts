import { checkoutMessages } from '@studio/shared/messages/checkout';
import type { Purchase } from '@studio/shared/types/purchases';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { getPurchase, type PurchaseDoc, writePurchase } from '../../data/repos/purchases-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { toPurchaseDto } from '../access/dto';
import { processorDown } from '../payments/start-card-payment';
import { endUnpaidPurchase, readPlaceRelease } from './end-unpaid-purchase';
import { purchaseNotFound } from './purchase-errors';
import { releaseUnpaidBookings } from './release-unpaid-bookings';

const m = checkoutMessages;
const notCancellable = () => new AppError('conflict', 'purchases/not-cancellable', m.notCancellable);

/**
 * POST /purchases/cancel/{id} {reason}: the buyer cancels their own purchase.
 * A pending one (cash not paid yet, a card payment never completed) is
 * cancelled and its place given back. An active subscription stops at the
 * processor first (no more renewals), then is marked cancelled with the
 * reason: '¡Suscripción cancelada!'; the credits already paid for last until
 * they expire. Someone else's purchase is a 404 (its existence is not theirs
 * to learn); anything else is a 409.
 */
export async function cancelOwnPurchase(
  deps: Deps,
  identity: VerifiedIdentity,
  purchaseId: number,
  reason: string,
): Promise<{ message: string; purchase: Purchase }> {
  const found = await getPurchase(deps.store, purchaseId);
  if (!found || found.uid !== identity.uid) throw purchaseNotFound();
  if (found.status === 'active' && found.subscription_id) return cancelSubscriptionPurchase(deps, found, reason.trim());
  const purchase = await deps.store.runTransaction(async (tx) => {
    const before = await getPurchase(deps.store, purchaseId, tx);
    if (!before || before.status !== 'pending' || before.holds_place === false) throw notCancellable();
    const release = await readPlaceRelease(deps, tx, before);
    return endUnpaidPurchase(deps, tx, before, release, { status: 'cancelled', reason: reason.trim() });
  });
  await releaseUnpaidBookings(deps, purchaseId);
  return { message: m.purchaseCancelled, purchase: toPurchaseDto(purchase) };
}

async function cancelSubscriptionPurchase(deps: Deps, found: PurchaseDoc, reason: string): Promise<{ message: string; purchase: Purchase }> {
  const subscriptionId = found.subscription_id;
  const stop =
    found.checkout_method === 'paypal'
      ? deps.paypal && subscriptionId && (() => deps.paypal?.cancelSubscription(subscriptionId, reason))
      : deps.cards && subscriptionId && (() => deps.cards?.cancelSubscription(subscriptionId));
  if (!stop) throw notCancellable();
  try {
    await stop();
  } catch (error) {
    throw processorDown(error);
  }
  const purchase = await deps.store.runTransaction(async (tx) => {
    const before = await getPurchase(deps.store, found.purchase_id, tx);
    if (!before) throw purchaseNotFound();
    // The processor's own notice of the end may have won the race: keep its record, add the customer's reason.
    const now = deps.now();
    const after: PurchaseDoc = { ...before, status: 'cancelled', cancelledAt: before.cancelledAt ?? now, cancel_reason: reason, updatedAt: now };
    writePurchase(deps.store, tx, after);
    return after;
  });
  return { message: m.subscriptionCancelled, purchase: toPurchaseDto(purchase) };
}
