import { checkoutMessages } from '@studio/shared/messages/checkout';
import type { PayPalEvent, PayPalGateway } from '../../data/payments/paypal-gateway';
import { recordPaymentGrant, wasEventHandled, wasPaymentGranted } from '../../data/repos/payment-events-repo';
import { getPurchase } from '../../data/repos/purchases-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { studioTimezone } from '../credits/expiry';
import { completePurchasePayment } from './lifecycle/complete-purchase-payment';
import { endUnpaidPurchase, readPlaceRelease } from './lifecycle/end-unpaid-purchase';
import type { EventOutcome } from './notices/card-event-log';
import { paypalSubscriptionNotice } from './notices/handle-paypal-subscription';
import { PAYPAL as PROVIDER, recordPayPal as record } from './notices/paypal-event-log';
import { paypalMoneyBack } from './notices/processor-refunds';

type CaptureNotice = Extract<PayPalEvent, { kind: 'capture-completed' | 'capture-denied' }>;

/**
 * POST /webhooks/paypal: PayPal is asked whether the notice is genuine
 * (verify-webhook-signature, as PayPal specifies); a forged one is a 400 and
 * nothing is written. A completed capture completes its purchase exactly
 * once (payment_events/paypal~{event}, payment_grants/paypal~{capture}),
 * through the same step as every first payment; a capture for a purchase
 * that already ended is refunded; a denied one ends the purchase.
 * Subscriptions' notices: handle-paypal-subscription.ts.
 */
export async function receivePayPalNotice(deps: Deps, headers: Record<string, string | undefined>, body: unknown): Promise<EventOutcome> {
  const paypal = deps.paypal;
  if (!paypal) throw new AppError('not-found', 'webhooks/not-configured', checkoutMessages.processorMissing);
  const event = await paypal.readNotice(headers, body);
  if (!event) throw new AppError('invalid', 'webhooks/invalid-signature', checkoutMessages.invalidSignature);
  if (event.kind === 'ignored') return 'ignored';
  if (event.kind === 'capture-completed' || event.kind === 'capture-denied') return captureNotice(deps, paypal, event);
  if (event.kind === 'capture-refunded') return paypalMoneyBack(deps, paypal, event);
  return paypalSubscriptionNotice(deps, paypal, event);
}

async function captureNotice(deps: Deps, paypal: PayPalGateway, event: CaptureNotice): Promise<EventOutcome> {
  const tz = await studioTimezone(deps);
  const outcome = await deps.store.runTransaction(async (tx): Promise<EventOutcome> => {
    if (await wasEventHandled(deps.store, tx, PROVIDER, event.eventId)) return 'duplicate';
    const granted = await wasPaymentGranted(deps.store, tx, PROVIDER, event.captureId);
    const purchase = event.purchaseId === null ? null : await getPurchase(deps.store, event.purchaseId, tx);
    if (!purchase) {
      record(deps, tx, event, 'unknown-purchase');
      return 'unknown-purchase';
    }
    const pending = purchase.status === 'pending' && purchase.holds_place !== false;
    if (event.kind === 'capture-denied') {
      if (pending) endUnpaidPurchase(deps, tx, purchase, await readPlaceRelease(deps, tx, purchase), { status: 'failed', reason: 'paypal-denied' });
      record(deps, tx, event, pending ? 'ended' : 'recorded');
      return pending ? 'ended' : 'recorded';
    }
    if (granted) {
      record(deps, tx, event, 'already-paid');
      return 'already-paid';
    }
    if (!pending) return 'refunded';
    const after = await completePurchasePayment(
      deps,
      tx,
      purchase,
      { amount: event.amount, providerRef: event.captureId, recordedBy: null, actor: { uid: 'paypal', role: 'system' } },
      tz,
    );
    recordPaymentGrant(deps.store, tx, { provider: PROVIDER, payment_id: event.captureId, purchase_id: after.purchase_id, at: after.updatedAt });
    record(deps, tx, event, 'granted');
    return 'granted';
  });
  if (outcome !== 'refunded' || event.kind !== 'capture-completed') return outcome;
  // Paid after the purchase ended (lapsed, cancelled, or paid another way): the money goes back before the event is recorded.
  await paypal.refundCapture(event.captureId, `refund-${event.captureId}`);
  await deps.store.runTransaction(async (tx) => {
    if (!(await wasEventHandled(deps.store, tx, PROVIDER, event.eventId))) record(deps, tx, event, 'refunded');
  });
  return 'refunded';
}
