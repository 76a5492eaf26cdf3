import { checkoutMessages } from '@studio/shared/messages/checkout';
import type { Purchase } from '@studio/shared/types/purchases';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { getPurchase, type PurchaseDoc, writePurchase } from '../../data/repos/purchases-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { toPurchaseDto } from '../access/dto';
import { renews } from './lifecycle/charge-anniversary';
import { endUnpaidPurchase, readPlaceRelease } from './lifecycle/end-unpaid-purchase';
import { purchaseNotFound } from './lifecycle/purchase-errors';
import { releaseUnpaidBookings } from './lifecycle/release-unpaid-bookings';

const m = checkoutMessages;
const notCancellable = () => new AppError('conflict', 'purchases/not-cancellable', m.notCancellable);
const processorDown = (cause: unknown) => {
  const error = new AppError('unavailable', 'purchases/processor-unavailable', m.subscriptionCancelUnavailable);
  (error as Error & { cause?: unknown }).cause = cause;
  return error;
};

/** The processor's own end of a subscription, not a customer's words (recordRenewal's endSubscriptionPurchase). */
const ENDED_BY_PROCESSOR = 'subscription-ended';

type Answer = { message: string; purchase: Purchase };

/**
 * POST /purchases/cancel/{id} {reason}: the buyer cancels their own purchase.
 * A pending one (cash not paid yet, a card payment never completed) is
 * cancelled and its place given back. A running subscription or free trial
 * (active, or failed while the processor retries a renewal) stops at the
 * processor first (no more charges), then is marked cancelled with the
 * reason: '¡Suscripción cancelada!'; the credits already paid for last until
 * they expire. One whose processor subscription was never recorded (a crash,
 * a trial whose renewals are still being set up) is cancelled here only:
 * ensureRenewals never starts renewals for a purchase that is not active.
 * Asking again answers the same. Someone else's purchase is a 404 (its
 * existence is not theirs to learn); anything else is a 409; the processor
 * down is a 503 with nothing written.
 */
export async function cancelOwnPurchase(deps: Deps, identity: VerifiedIdentity, purchaseId: number, reason: string): Promise<Answer> {
  const found = await getPurchase(deps.store, purchaseId);
  if (!found || found.uid !== identity.uid) throw purchaseNotFound();
  // A subscription that ended unpaid (holds_place false) was a pending purchase, cancelled as one.
  const running = found.status === 'active' || found.status === 'failed' || (found.status === 'cancelled' && found.holds_place !== false);
  if (renews(found) && running) return cancelSubscriptionPurchase(deps, found, reason.trim());
  const purchase = await deps.store.runTransaction(async (tx) => {
    const before = await getPurchase(deps.store, purchaseId, tx);
    // A double click: the first one cancelled it.
    if (before?.status === 'cancelled' && before.holds_place === false && before.cancel_reason === reason.trim()) return { ...before, again: true };
    if (!before || before.status !== 'pending' || before.holds_place === false) throw notCancellable();
    const release = await readPlaceRelease(deps, tx, before);
    return { ...endUnpaidPurchase(deps, tx, before, release, { status: 'cancelled', reason: reason.trim() }), again: false };
  });
  const { again, ...doc } = purchase;
  if (!again) await releaseUnpaidBookings(deps, purchaseId);
  return { message: m.purchaseCancelled, purchase: toPurchaseDto(doc) };
}

async function cancelSubscriptionPurchase(deps: Deps, found: PurchaseDoc, reason: string, attempt = 1): Promise<Answer> {
  if (found.status === 'cancelled') return { message: m.subscriptionCancelled, purchase: toPurchaseDto(found) };
  await stopAtProcessor(deps, found, reason);
  const after = await deps.store.runTransaction(async (tx) => {
    const before = await getPurchase(deps.store, found.purchase_id, tx);
    if (!before) throw purchaseNotFound();
    // Its renewals were set up meanwhile: stop those too before writing (the caller starts over).
    if ((before.subscription_id ?? null) !== (found.subscription_id ?? null)) return null;
    if (before.status === 'cancelled' && before.cancel_reason !== ENDED_BY_PROCESSOR) return before;
    if (before.status !== 'active' && before.status !== 'failed' && before.status !== 'cancelled') throw notCancellable();
    // The processor's own notice of the end may have won the race: keep its date, add the customer's reason.
    const now = deps.now();
    const cancelled: PurchaseDoc = { ...before, status: 'cancelled', cancelledAt: before.cancelledAt ?? now, cancel_reason: reason, updatedAt: now };
    writePurchase(deps.store, tx, cancelled);
    return cancelled;
  });
  if (after) return { message: m.subscriptionCancelled, purchase: toPurchaseDto(after) };
  const again = await getPurchase(deps.store, found.purchase_id);
  if (!again || attempt >= 3) throw processorDown(new Error(`Purchase ${found.purchase_id} kept changing while being cancelled`));
  return cancelSubscriptionPurchase(deps, again, reason, attempt + 1);
}

/** Ends the processor's subscription (both gateways treat an already-ended one as done); nothing to stop when none was recorded. */
async function stopAtProcessor(deps: Deps, purchase: PurchaseDoc, reason: string): Promise<void> {
  const subscriptionId = purchase.subscription_id;
  if (!subscriptionId) return;
  const gateway = purchase.checkout_method === 'paypal' ? deps.paypal : deps.cards;
  if (!gateway) throw processorDown(new Error(`No ${purchase.checkout_method} gateway to stop ${subscriptionId}`));
  try {
    if (purchase.checkout_method === 'paypal') await deps.paypal?.cancelSubscription(subscriptionId, reason);
    else await deps.cards?.cancelSubscription(subscriptionId);
  } catch (error) {
    throw processorDown(error);
  }
}
