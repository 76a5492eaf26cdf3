import type { CardEvent, CardGateway } from '../../../data/payments/card-gateway';
import { recordPaymentGrant, wasEventHandled, wasPaymentGranted } from '../../../data/repos/payment-events-repo';
import { getPurchase, type PurchaseDoc, writePurchase } from '../../../data/repos/purchases-repo';
import type { Transaction } from '../../../data/store/types';
import type { Deps } from '../../../deps';
import { studioTimezone } from '../../credits/expiry';
import { endDeclinedPurchase } from '../card/end-declined-purchase';
import { ensureRenewals } from '../card/start-renewals';
import { completePurchasePayment } from '../lifecycle/complete-purchase-payment';
import { endUnpaidPurchase, readPlaceRelease } from '../lifecycle/end-unpaid-purchase';
import { type EventOutcome, PROVIDER, record } from './card-event-log';
import { cardMoneyBack } from './processor-refunds';
import { cardSaved } from './record-card-saved';
import { subscriptionEvent } from './record-renewal';

/**
 * A verified processor event, acted on exactly once (docs/payments, "Exactly
 * once"). Each event id is recorded in the transaction that acts on it, so a
 * redelivery does nothing; a payment completes its purchase once however many
 * events speak of it (payment_grants); the credits are granted in the
 * transaction that marks the purchase paid. Events may arrive in any order:
 * a failure after the success changes nothing, a success after a cancel is
 * refunded.
 */
export async function handleCardEvent(deps: Deps, cards: CardGateway, event: CardEvent): Promise<EventOutcome> {
  if (event.kind === 'ignored') return 'ignored';
  if (event.kind === 'payment-succeeded') return paymentSucceeded(deps, cards, event);
  if (event.kind === 'card-saved') return cardSaved(deps, cards, event);
  if (event.kind === 'renewal-paid' || event.kind === 'renewal-failed' || event.kind === 'subscription-ended') return subscriptionEvent(deps, cards, event);
  if (event.kind === 'charge-refunded' || event.kind === 'dispute-opened' || event.kind === 'dispute-closed') return cardMoneyBack(deps, cards, event);
  // A card the bank refused: its payment is cancelled at the processor first (no late confirmation can charge it), then the purchase ends below.
  const closed = event.kind === 'payment-failed' ? await closeRefusedPayment(deps, cards, event) : false;
  return deps.store.runTransaction(async (tx) => {
    if (await wasEventHandled(deps.store, tx, PROVIDER, event.eventId)) return 'duplicate';
    const purchase = event.purchaseId === null ? null : await getPurchase(deps.store, event.purchaseId, tx);
    let outcome: EventOutcome = purchase ? 'recorded' : 'unknown-purchase';
    if (purchase?.status === 'pending' && purchase.holds_place !== false) {
      if (event.kind === 'payment-canceled') {
        const release = await readPlaceRelease(deps, tx, purchase);
        endUnpaidPurchase(deps, tx, purchase, release, { status: 'failed', reason: 'payment-canceled' });
        outcome = 'ended';
      } else if (event.kind === 'payment-failed' && event.code === 'payment_intent_payment_attempt_expired' && purchase.checkout_method === 'oxxo') {
        // The voucher was not paid in time: nothing more can arrive for it.
        const release = await readPlaceRelease(deps, tx, purchase);
        endUnpaidPurchase(deps, tx, purchase, release, { status: 'failed', reason: 'oxxo-expired' });
        outcome = 'ended';
      } else if (event.kind === 'payment-failed' && closed && purchase.provider_ref === event.paymentId) {
        await endDeclinedPurchase(deps, purchase.purchase_id, event.paymentId, event.declineCode ?? event.code, tx);
        outcome = 'ended';
      } else if (event.kind === 'voucher-issued' && purchase.checkout_method === 'oxxo') {
        // Kept for the order page, Mis Compras and the one e-mail (mailOnPurchase): Stripe's overlay is the only other place it shows.
        const voucher = { reference: event.reference, expires_at: event.expiresAt, voucher_url: event.voucherUrl };
        writePurchase(deps.store, tx, { ...purchase, oxxo_voucher: voucher, updatedAt: deps.now() });
      } else if (event.kind === 'payment-failed') {
        writePurchase(deps.store, tx, { ...purchase, payment_error: event.declineCode ?? event.code, updatedAt: deps.now() });
      }
    }
    record(deps, tx, event, outcome);
    return outcome;
  });
}

/**
 * A refused card payment of a pending card purchase, cancelled at the
 * processor so the purchase can end 'failed' (docs/payments, "A declined
 * card"). False when it is not a card purchase's current payment, or when the
 * processor says it is too late (a newer try on the same intent went through
 * or is processing: its own event completes the purchase).
 */
async function closeRefusedPayment(deps: Deps, cards: CardGateway, event: Extract<CardEvent, { kind: 'payment-failed' }>): Promise<boolean> {
  const purchase = event.purchaseId === null ? null : await getPurchase(deps.store, event.purchaseId);
  if (purchase?.status !== 'pending' || purchase.holds_place === false || purchase.checkout_method !== 'card' || purchase.provider_ref !== event.paymentId)
    return false;
  return (await cards.cancelPayment(event.paymentId)) === 'canceled';
}

async function paymentSucceeded(deps: Deps, cards: CardGateway, event: Extract<CardEvent, { kind: 'payment-succeeded' }>): Promise<EventOutcome> {
  const tz = await studioTimezone(deps);
  const outcome = await deps.store.runTransaction(async (tx): Promise<EventOutcome> => {
    if (await wasEventHandled(deps.store, tx, PROVIDER, event.eventId)) return 'duplicate';
    const granted = await wasPaymentGranted(deps.store, tx, PROVIDER, event.paymentId);
    const purchase = event.purchaseId === null ? null : await getPurchase(deps.store, event.purchaseId, tx);
    if (!purchase) {
      record(deps, tx, event, 'unknown-purchase');
      return 'unknown-purchase';
    }
    if (!granted && (purchase.status === 'completed' || purchase.status === 'active') && purchase.provider_ref && purchase.provider_ref !== event.paymentId)
      // Paid twice (another card's try also went through): this second payment goes back.
      return 'refunded';
    if (granted || purchase.status === 'completed' || purchase.status === 'active') {
      record(deps, tx, event, 'already-paid');
      return 'already-paid';
    }
    if (purchase.status !== 'pending' || purchase.holds_place === false) return 'refunded';
    await completePaidPurchase(deps, tx, purchase, event, tz);
    return 'granted';
  });
  // A redelivery that finds the grant made ('duplicate') still completes the set-up: the first delivery may have died between the two steps.
  if (outcome === 'granted' || outcome === 'already-paid' || outcome === 'duplicate') {
    await ensureRenewals(deps, cards, event.purchaseId, event.paymentMethodId, event.paymentId);
  }
  if (outcome !== 'refunded') return outcome;
  // Paid after it ended (cancelled while 3-D Secure was open): the money goes back before the event is recorded, so a failed refund is retried with the event.
  await cards.refundPayment(event.paymentId, `refund-${event.paymentId}`);
  await deps.store.runTransaction(async (tx) => {
    if (!(await wasEventHandled(deps.store, tx, PROVIDER, event.eventId))) record(deps, tx, event, 'refunded');
  });
  return 'refunded';
}

async function completePaidPurchase(
  deps: Deps,
  tx: Transaction,
  purchase: PurchaseDoc,
  event: Extract<CardEvent, { kind: 'payment-succeeded' }>,
  tz: string,
): Promise<void> {
  const after = await completePurchasePayment(
    deps,
    tx,
    purchase,
    { amount: event.amountCents / 100, providerRef: event.paymentId, recordedBy: null, actor: { uid: 'stripe', role: 'system' } },
    tz,
  );
  recordPaymentGrant(deps.store, tx, { provider: PROVIDER, payment_id: event.paymentId, purchase_id: after.purchase_id, at: after.updatedAt });
  record(deps, tx, event, 'granted');
}
