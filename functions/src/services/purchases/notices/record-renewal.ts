import type { CardEvent, CardGateway } from '../../../data/payments/card-gateway';
import { allocateSpreadIds } from '../../../data/repos/counters-repo';
import type { LedgerActor } from '../../../data/repos/credits-repo';
import { listLotsOfCustomer } from '../../../data/repos/credits-repo';
import { getCustomerByUid } from '../../../data/repos/customers-repo';
import { createInvoice, type InvoiceDoc } from '../../../data/repos/invoices-repo';
import { recordPaymentGrant, wasEventHandled, wasPaymentGranted } from '../../../data/repos/payment-events-repo';
import { getPurchase, type PurchaseDoc, writePurchase } from '../../../data/repos/purchases-repo';
import type { Transaction } from '../../../data/store/types';
import type { Deps } from '../../../deps';
import { at } from '../../../domain/at';
import { studioTimezone } from '../../credits/expiry';
import { settleRenewalPrice } from '../card/start-renewals';
import { chargeAnniversaryAfter } from '../lifecycle/charge-anniversary';
import { grantPurchase, periodEndOf, planPurchaseGrant } from '../lifecycle/grant-purchase';
import { type EventOutcome, PROVIDER, record } from './card-event-log';

type SubscriptionEvent = Extract<CardEvent, { kind: 'renewal-paid' | 'renewal-failed' | 'subscription-ended' }>;

/** A processor's word on one renewal charge of a subscription. */
export interface RenewalNotice {
  provider: string;
  /** The processor's charge (a Stripe invoice, a PayPal sale; for a failure, what the failure concerns): paid at most once. */
  paymentId: string;
  /** MXN. */
  amount: number;
  outcome: 'paid' | 'failed';
  actor: LedgerActor;
}

/**
 * A subscription's renewal, inside the caller's transaction after its own
 * reads, for every processor: a paid one grants the next period's credits and
 * writes its invoice (once per processor charge); a failed one marks the
 * purchase failed and writes a failed invoice. A purchase that is neither
 * active nor failed (cancelled, revoked, refunded) gets nothing, and a paid
 * renewal of it answers 'refunded': the caller gives that charge back.
 */
export async function recordRenewal(
  deps: Deps,
  tx: Transaction,
  purchase: PurchaseDoc,
  notice: RenewalNotice,
  tz: string,
): Promise<'granted' | 'recorded' | 'already-paid' | 'refunded'> {
  if (await wasPaymentGranted(deps.store, tx, notice.provider, notice.paymentId)) return 'already-paid';
  // Cancelled, revoked or refunded: a charge after that must not stay (ADR 0077). The caller refunds it at the processor, then records the event.
  if (purchase.status !== 'active' && purchase.status !== 'failed') return notice.outcome === 'paid' ? 'refunded' : 'recorded';
  const now = deps.now();
  if (notice.outcome === 'failed') {
    const ids = await allocateSpreadIds(deps.store, tx, { invoices: 1 }, purchase.uid);
    writePurchase(deps.store, tx, { ...purchase, status: 'failed', payment_error: 'renewal-failed', updatedAt: now });
    // No grant record: Stripe retries the same invoice, and its later success must still grant. Each failure is its own event.
    createInvoice(deps.store, tx, invoiceOf(purchase, at(ids.invoices, 0), notice, now));
    return 'recorded';
  }
  const customer = await getCustomerByUid(deps.store, purchase.uid, tx);
  if (!customer) throw new Error(`Purchase ${purchase.purchase_id}: its customer ${purchase.uid} is gone`);
  const existingLots = await listLotsOfCustomer(deps.store, customer.customer_id, tx);
  const after: PurchaseDoc = { ...purchase, status: 'active', payment_error: null, updatedAt: now };
  // The period runs to the next charge, counted from the first as the processor counts it: a renewal collected late
  // (a retry) or on a short month's end neither overlaps the next period nor leaves a gap before it.
  const specs = planPurchaseGrant(after, now, tz, chargeAnniversaryAfter(after, now)?.at ?? periodEndOf(after, now));
  const ids = await allocateSpreadIds(deps.store, tx, { available_classes: specs.length, invoices: 1 }, purchase.uid);
  writePurchase(deps.store, tx, after);
  grantPurchase(deps, tx, { purchase: after, customer, existingLots, specs, lotIds: ids.available_classes, paidAt: now, actor: notice.actor });
  createInvoice(deps.store, tx, invoiceOf(after, at(ids.invoices, 0), notice, now));
  recordPaymentGrant(deps.store, tx, { provider: notice.provider, payment_id: notice.paymentId, purchase_id: after.purchase_id, at: now });
  return 'granted';
}

/** The processor ended the subscription: an active or failed purchase is cancelled (credits already granted last until they expire). */
export function endSubscriptionPurchase(deps: Deps, tx: Transaction, purchase: PurchaseDoc): boolean {
  if (purchase.status !== 'active' && purchase.status !== 'failed') return false;
  const now = deps.now();
  writePurchase(deps.store, tx, {
    ...purchase,
    status: 'cancelled',
    cancelledAt: now,
    cancel_reason: purchase.cancel_reason ?? 'subscription-ended',
    updatedAt: now,
  });
  return true;
}

/** Stripe's renewals and the end of its subscriptions (docs/payments "Subscriptions"). */
export async function subscriptionEvent(deps: Deps, cards: CardGateway, event: SubscriptionEvent): Promise<EventOutcome> {
  const tz = await studioTimezone(deps);
  const outcome = await deps.store.runTransaction(async (tx): Promise<EventOutcome> => {
    if (await wasEventHandled(deps.store, tx, PROVIDER, event.eventId)) return 'duplicate';
    const purchase = event.purchaseId === null ? null : await getPurchase(deps.store, event.purchaseId, tx);
    if (!purchase || purchase.source !== 'checkout') {
      record(deps, tx, event, 'unknown-purchase');
      return 'unknown-purchase';
    }
    if (event.kind === 'subscription-ended') {
      const ended = endSubscriptionPurchase(deps, tx, purchase);
      record(deps, tx, event, ended ? 'ended' : 'recorded');
      return ended ? 'ended' : 'recorded';
    }
    const outcome = await recordRenewal(
      deps,
      tx,
      purchase,
      {
        provider: PROVIDER,
        paymentId: event.invoiceId,
        amount: event.amountCents / 100,
        outcome: event.kind === 'renewal-paid' ? 'paid' : 'failed',
        actor: { uid: 'stripe', role: 'system' },
      },
      tz,
    );
    if (outcome !== 'refunded') record(deps, tx, event, outcome);
    return outcome;
  });
  // Also on a redelivery ('duplicate', 'already-paid'): the price reset is its own step after the grant, done once (renewal_price_set).
  if (event.kind === 'renewal-paid' && (outcome === 'granted' || outcome === 'already-paid' || outcome === 'duplicate')) {
    await settleRenewalPrice(deps, cards, event.purchaseId);
  }
  if (outcome === 'refunded' && event.kind === 'renewal-paid') await refundLateRenewal(deps, cards, event);
  return outcome;
}

/**
 * A renewal charged after the purchase was cancelled or revoked (a race with
 * the cancel, or a processor that kept billing): refunded whole, keyed by the
 * invoice so it is refunded once however often the event comes, before the
 * event is recorded (a failed refund is retried with the event), and logged.
 */
async function refundLateRenewal(deps: Deps, cards: CardGateway, event: Extract<SubscriptionEvent, { kind: 'renewal-paid' }>): Promise<void> {
  await cards.refundPayment(event.invoiceId, `refund-${event.invoiceId}`);
  await deps.store.runTransaction(async (tx) => {
    if (!(await wasEventHandled(deps.store, tx, PROVIDER, event.eventId))) record(deps, tx, event, 'refunded');
  });
  console.warn(`[payments] renewal ${event.invoiceId} of purchase ${String(event.purchaseId)} was charged after it ended: refunded`);
}

function invoiceOf(purchase: PurchaseDoc, invoiceId: number, notice: RenewalNotice, now: Date): InvoiceDoc {
  return {
    invoice_id: invoiceId,
    purchase_id: purchase.purchase_id,
    customer_id: purchase.customer_id,
    uid: purchase.uid,
    class_package: purchase.class_package,
    title: purchase.title,
    total_payment: notice.amount,
    status: notice.outcome === 'paid' ? 'completed' : 'failed',
    billing_reason: 'renewal',
    checkout_method: purchase.checkout_method,
    payment_method: purchase.payment_method,
    provider_ref: notice.paymentId,
    recorded_by: null,
    createdAt: now,
  };
}
