import type { CardEvent, CardGateway } from '../../../data/payments/card-gateway';
import type { PayPalEvent, PayPalGateway } from '../../../data/payments/paypal-gateway';
import { wasEventHandled } from '../../../data/repos/payment-events-repo';
import { findPurchaseByProviderRef, getPurchase, type PurchaseDoc, writePurchase } from '../../../data/repos/purchases-repo';
import type { Transaction } from '../../../data/store/types';
import type { Deps } from '../../../deps';
import { applyRefund, refundedSoFar } from '../lifecycle/apply-refund';
import { type EventOutcome, PROVIDER, record } from './card-event-log';
import { PAYPAL, recordPayPal } from './paypal-event-log';

type CardMoneyBack = Extract<CardEvent, { kind: 'charge-refunded' | 'dispute-opened' | 'dispute-closed' }>;
type PayPalMoneyBack = Extract<PayPalEvent, { kind: 'capture-refunded' }>;

/**
 * The purchase whose first payment this is (its provider_ref), found by the
 * event's purchase id or, for what carries none (a dispute), by the payment.
 * A renewal's payment is not a purchase's first payment: it matches nothing.
 */
async function purchaseOfPayment(deps: Deps, purchaseId: number | null, paymentId: string, tx?: Transaction): Promise<PurchaseDoc | null> {
  const found = purchaseId === null ? await findPurchaseByProviderRef(deps.store, paymentId, tx) : await getPurchase(deps.store, purchaseId, tx);
  return found?.provider_ref === paymentId ? found : null;
}

const isRunning = (p: PurchaseDoc) => p.subscription_id !== null && (p.status === 'active' || p.status === 'failed');

/** What an event says the payment's refunded total now is (MXN), or null when it takes no money back. */
function cardTotal(event: CardMoneyBack, purchase: PurchaseDoc): number | null {
  if (event.kind === 'charge-refunded') return event.refundedCents / 100;
  if (event.kind === 'dispute-closed' && event.status === 'lost' && !(purchase.dispute?.id === event.disputeId && purchase.dispute.status === 'lost'))
    return refundedSoFar(purchase) + event.amountCents / 100;
  return null;
}

/**
 * Stripe's word that money of a purchase's payment went back (docs/payments
 * "Refunds, revokes and disputes"): a refund made in the dashboard (or our
 * console's own, whose total is then already counted), or a dispute. Handled
 * as a staff refund is, exactly once (the event id is recorded in the
 * transaction that applies it): a full refund or a lost dispute revokes the
 * purchase's remaining credits, a partial refund keeps them; an open or won
 * dispute changes no credits. A subscription fully refunded stops first
 * (before the event is recorded, so a failure is retried with the event).
 */
export async function cardMoneyBack(deps: Deps, cards: CardGateway, event: CardMoneyBack): Promise<EventOutcome> {
  const seen = await purchaseOfPayment(deps, event.purchaseId, event.paymentId);
  const total = seen ? cardTotal(event, seen) : null;
  if (seen && total !== null && total >= seen.total_payment && isRunning(seen) && seen.subscription_id) await cards.cancelSubscription(seen.subscription_id);
  return deps.store.runTransaction(async (tx): Promise<EventOutcome> => {
    if (await wasEventHandled(deps.store, tx, PROVIDER, event.eventId)) return 'duplicate';
    const purchase = await purchaseOfPayment(deps, event.purchaseId, event.paymentId, tx);
    if (!purchase) {
      record(deps, tx, event, 'unknown-purchase');
      return 'unknown-purchase';
    }
    const now = deps.now();
    const dispute =
      event.kind === 'charge-refunded' ? purchase.dispute : { id: event.disputeId, status: event.status, amount: event.amountCents / 100, at: now };
    const withDispute: PurchaseDoc = dispute === purchase.dispute ? purchase : { ...purchase, dispute: dispute ?? null, updatedAt: now };
    const totalNow = cardTotal(event, purchase);
    const result =
      totalNow === null
        ? null
        : await applyRefund(deps, tx, withDispute, {
            totalRefunded: totalNow,
            removeCredits: event.kind === 'dispute-closed',
            by: 'stripe',
            adminUid: null,
            sourceRef: event.eventId,
            reason: event.kind === 'dispute-closed' ? 'Disputa perdida' : null,
          });
    // applyRefund wrote the purchase when it changed anything; otherwise the dispute's news still is written.
    if (withDispute !== purchase && (result === null || result.after === withDispute)) writePurchase(deps.store, tx, withDispute);
    const outcome: EventOutcome = result && result.after !== withDispute ? 'refund-applied' : 'recorded';
    record(deps, tx, event, outcome);
    return outcome;
  });
}

/** PayPal's PAYMENT.CAPTURE.REFUNDED / REVERSED for a purchase's capture: as cardMoneyBack (a reversal is a lost chargeback). */
export async function paypalMoneyBack(deps: Deps, paypal: PayPalGateway, event: PayPalMoneyBack): Promise<EventOutcome> {
  const totalOf = (purchase: PurchaseDoc) => event.totalRefunded ?? refundedSoFar(purchase) + event.amount;
  const seen = await purchaseOfPayment(deps, event.purchaseId, event.captureId);
  if (seen && totalOf(seen) >= seen.total_payment && isRunning(seen) && seen.subscription_id)
    await paypal.cancelSubscription(seen.subscription_id, 'Reembolsada en PayPal');
  return deps.store.runTransaction(async (tx): Promise<EventOutcome> => {
    if (await wasEventHandled(deps.store, tx, PAYPAL, event.eventId)) return 'duplicate';
    const purchase = await purchaseOfPayment(deps, event.purchaseId, event.captureId, tx);
    if (!purchase) {
      recordPayPal(deps, tx, event, 'unknown-purchase');
      return 'unknown-purchase';
    }
    const now = deps.now();
    const base: PurchaseDoc = event.reversed
      ? { ...purchase, dispute: { id: event.eventId, status: 'lost', amount: event.amount, at: now }, updatedAt: now }
      : purchase;
    const result = await applyRefund(deps, tx, base, {
      totalRefunded: totalOf(purchase),
      removeCredits: event.reversed,
      by: 'paypal',
      adminUid: null,
      sourceRef: event.eventId,
      reason: event.reversed ? 'Contracargo en PayPal' : null,
    });
    if (base !== purchase && result.after === base) writePurchase(deps.store, tx, base);
    const outcome: EventOutcome = result.after !== base ? 'refund-applied' : 'recorded';
    recordPayPal(deps, tx, event, outcome);
    return outcome;
  });
}
