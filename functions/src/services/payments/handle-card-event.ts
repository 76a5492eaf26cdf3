import { studioDaysBetween } from '@studio/shared/format/dates';
import type { CardEvent, CardGateway } from '../../data/payments/card-gateway';
import { allocateSpreadIds } from '../../data/repos/counters-repo';
import { listLotsOfCustomer } from '../../data/repos/credits-repo';
import { getCustomerByUid } from '../../data/repos/customers-repo';
import { createInvoice, type InvoiceDoc } from '../../data/repos/invoices-repo';
import { recordEvent, recordPaymentGrant, wasEventHandled, wasPaymentGranted } from '../../data/repos/payment-events-repo';
import { getPackageBuyer, getPurchase, type PurchaseDoc, writePackageBuyer, writePurchase } from '../../data/repos/purchases-repo';
import type { Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';
import { planGrant } from '../access/grant-plan';
import { completePurchasePayment } from '../checkout/complete-purchase-payment';
import { grantPurchase, periodEndOf, planPurchaseGrant } from '../checkout/grant-purchase';
import { studioTimezone } from '../credits/expiry';
import { endUnpaidPurchase, readPlaceRelease } from '../purchases/end-unpaid-purchase';
import { processorCustomerOf, toCents } from './start-card-payment';

const PROVIDER = 'stripe';

export type EventOutcome = 'granted' | 'duplicate' | 'already-paid' | 'refunded' | 'recorded' | 'ended' | 'unknown-purchase' | 'ignored';

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
      } else if (event.kind === 'payment-failed') {
        writePurchase(deps.store, tx, { ...purchase, payment_error: event.declineCode ?? event.code, updatedAt: deps.now() });
      }
    }
    record(deps, tx, event, outcome);
    return outcome;
  });
}

function record(deps: Deps, tx: Transaction, event: Exclude<CardEvent, { kind: 'ignored' }>, outcome: EventOutcome): void {
  const purchaseId = event.purchaseId;
  recordEvent(deps.store, tx, { provider: PROVIDER, event_id: event.eventId, kind: event.kind, purchase_id: purchaseId, outcome, at: deps.now() });
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
  if (outcome === 'granted' || outcome === 'already-paid') await ensureRenewals(deps, cards, event.purchaseId, event.paymentMethodId);
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

/**
 * The processor's subscription that bills what comes next, created once
 * (idempotency key per purchase) and recorded on the purchase: after a
 * subscription's first period was paid, from that period's end at the
 * renewal price; after a free trial's card was kept, from the trial's end at
 * the first charge's price. Runs on every delivery of the events until the id
 * is recorded, so a processor hiccup here is retried with the event (its
 * grant is not repeated).
 */
async function ensureRenewals(deps: Deps, cards: CardGateway, purchaseId: number | null, paymentMethodId: string | null): Promise<void> {
  if (purchaseId === null || !paymentMethodId) return;
  const purchase = await getPurchase(deps.store, purchaseId);
  if (!purchase || purchase.status !== 'active' || purchase.subscription_id) return;
  const trial = purchase.class_package.is_trial;
  const firstRenewalAt = trial ? (purchase.first_charge_at ?? null) : purchase.paid_at ? periodEndOf(purchase, purchase.paid_at) : null;
  if (!firstRenewalAt) return;
  const amount = trial ? (purchase.first_charge_amount ?? purchase.subtotal) : (purchase.renewal_amount ?? purchase.subtotal);
  const processorCustomerId = await processorCustomerOf(deps, cards, purchase.uid);
  const subscriptionId = await cards.startRenewals({
    purchaseId: purchase.purchase_id,
    processorCustomerId,
    paymentMethodId,
    amountCents: toCents(amount),
    period: purchase.subscription_period as 'day' | 'month' | 'year',
    interval: purchase.subscription_interval ?? 1,
    firstRenewalAt,
    description: `Orden #00${purchase.purchase_id} · ${purchase.title}`,
    idempotencyKey: `renewals-${purchase.purchase_id}`,
  });
  await deps.store.runTransaction(async (tx) => {
    const current = await getPurchase(deps.store, purchase.purchase_id, tx);
    if (current && !current.subscription_id) writePurchase(deps.store, tx, { ...current, subscription_id: subscriptionId, updatedAt: deps.now() });
  });
}

/**
 * A free trial's card was kept (SetupIntent succeeded): the trial starts now.
 * Once per purchase, the purchase becomes active and the trial's credits are
 * granted until the end of the studio day of its first charge; nothing is
 * charged, so no invoice. Then the subscription that makes that charge.
 */
async function cardSaved(deps: Deps, cards: CardGateway, event: Extract<CardEvent, { kind: 'card-saved' }>): Promise<EventOutcome> {
  const tz = await studioTimezone(deps);
  const outcome = await deps.store.runTransaction(async (tx): Promise<EventOutcome> => {
    if (await wasEventHandled(deps.store, tx, PROVIDER, event.eventId)) return 'duplicate';
    const granted = await wasPaymentGranted(deps.store, tx, PROVIDER, event.setupId);
    const purchase = event.purchaseId === null ? null : await getPurchase(deps.store, event.purchaseId, tx);
    // A card saved from Métodos de pago has no purchase: nothing to do but note it.
    if (!purchase || !purchase.class_package.is_trial || !purchase.first_charge_at) {
      const outcome = purchase || event.purchaseId === null ? 'recorded' : 'unknown-purchase';
      record(deps, tx, event, outcome);
      return outcome;
    }
    if (granted || purchase.status !== 'pending' || purchase.holds_place === false) {
      record(deps, tx, event, granted || purchase.status === 'active' ? 'already-paid' : 'recorded');
      return granted || purchase.status === 'active' ? 'already-paid' : 'recorded';
    }
    const customer = await getCustomerByUid(deps.store, purchase.uid, tx);
    if (!customer) throw new Error(`Purchase ${purchase.purchase_id}: its customer ${purchase.uid} is gone`);
    const buyer = await getPackageBuyer(deps.store, purchase.class_package_id, purchase.customer_id, tx);
    const existingLots = await listLotsOfCustomer(deps.store, customer.customer_id, tx);
    const now = deps.now();
    const specs = planGrant(purchase.class_package, studioDaysBetween(now, purchase.first_charge_at, tz), now, tz);
    const ids = await allocateSpreadIds(deps.store, tx, { available_classes: specs.length }, purchase.uid);
    const after: PurchaseDoc = { ...purchase, status: 'active', provider_ref: event.setupId, payment_error: null, updatedAt: now };
    writePurchase(deps.store, tx, after);
    if (buyer.pending_purchase_id === purchase.purchase_id) writePackageBuyer(deps.store, tx, { ...buyer, pending_purchase_id: null });
    grantPurchase(deps, tx, {
      purchase: after,
      customer,
      existingLots,
      specs,
      lotIds: ids.available_classes,
      paidAt: now,
      actor: { uid: 'stripe', role: 'system' },
    });
    recordPaymentGrant(deps.store, tx, { provider: PROVIDER, payment_id: event.setupId, purchase_id: after.purchase_id, at: now });
    record(deps, tx, event, 'granted');
    return 'granted';
  });
  if (outcome === 'granted' || outcome === 'already-paid') await ensureRenewals(deps, cards, event.purchaseId, event.paymentMethodId);
  return outcome;
}

type SubscriptionEvent = Extract<CardEvent, { kind: 'renewal-paid' | 'renewal-failed' | 'subscription-ended' }>;

/**
 * Renewals and the end of a subscription: a paid renewal grants the next
 * period's credits and writes its invoice (once per processor invoice); a
 * failed one marks the purchase failed and writes a failed invoice; the end
 * cancels the purchase (credits already granted last until they expire).
 */
async function subscriptionEvent(deps: Deps, cards: CardGateway, event: SubscriptionEvent): Promise<EventOutcome> {
  const tz = await studioTimezone(deps);
  const outcome = await deps.store.runTransaction(async (tx): Promise<EventOutcome> => {
    if (await wasEventHandled(deps.store, tx, PROVIDER, event.eventId)) return 'duplicate';
    const purchase = event.purchaseId === null ? null : await getPurchase(deps.store, event.purchaseId, tx);
    if (!purchase || purchase.source !== 'checkout') {
      record(deps, tx, event, 'unknown-purchase');
      return 'unknown-purchase';
    }
    const now = deps.now();
    if (event.kind === 'subscription-ended') {
      const ended = purchase.status === 'active' || purchase.status === 'failed';
      if (ended)
        writePurchase(deps.store, tx, {
          ...purchase,
          status: 'cancelled',
          cancelledAt: now,
          cancel_reason: purchase.cancel_reason ?? 'subscription-ended',
          updatedAt: now,
        });
      record(deps, tx, event, ended ? 'ended' : 'recorded');
      return ended ? 'ended' : 'recorded';
    }
    const invoiced = await wasPaymentGranted(deps.store, tx, PROVIDER, event.invoiceId);
    if (invoiced || (purchase.status !== 'active' && purchase.status !== 'failed')) {
      record(deps, tx, event, invoiced ? 'already-paid' : 'recorded');
      return invoiced ? 'already-paid' : 'recorded';
    }
    if (event.kind === 'renewal-failed') {
      const ids = await allocateSpreadIds(deps.store, tx, { invoices: 1 }, purchase.uid);
      writePurchase(deps.store, tx, { ...purchase, status: 'failed', payment_error: 'renewal-failed', updatedAt: now });
      createInvoice(deps.store, tx, invoiceOf(purchase, ids.invoices[0] as number, event, 'failed', now));
      record(deps, tx, event, 'recorded');
      return 'recorded';
    }
    const customer = await getCustomerByUid(deps.store, purchase.uid, tx);
    if (!customer) throw new Error(`Purchase ${purchase.purchase_id}: its customer ${purchase.uid} is gone`);
    const existingLots = await listLotsOfCustomer(deps.store, customer.customer_id, tx);
    const specs = planPurchaseGrant(purchase, now, tz);
    const ids = await allocateSpreadIds(deps.store, tx, { available_classes: specs.length, invoices: 1 }, purchase.uid);
    const after: PurchaseDoc = { ...purchase, status: 'active', payment_error: null, updatedAt: now };
    writePurchase(deps.store, tx, after);
    grantPurchase(deps, tx, {
      purchase: after,
      customer,
      existingLots,
      specs,
      lotIds: ids.available_classes,
      paidAt: now,
      actor: { uid: 'stripe', role: 'system' },
    });
    createInvoice(deps.store, tx, invoiceOf(after, ids.invoices[0] as number, event, 'completed', now));
    recordPaymentGrant(deps.store, tx, { provider: PROVIDER, payment_id: event.invoiceId, purchase_id: after.purchase_id, at: now });
    record(deps, tx, event, 'granted');
    return 'granted';
  });
  if (outcome === 'granted' && event.kind === 'renewal-paid') await settleRenewalPrice(deps, cards, event.purchaseId);
  return outcome;
}

/**
 * A trial's first charge carried the discount (first_invoice_only): once it
 * is paid, the renewals go back to the full price at the processor. Retried
 * with the event's redeliveries until it is done (the flag records it).
 */
async function settleRenewalPrice(deps: Deps, cards: CardGateway, purchaseId: number | null): Promise<void> {
  if (purchaseId === null) return;
  const purchase = await getPurchase(deps.store, purchaseId);
  if (!purchase?.subscription_id || !purchase.class_package.is_trial || purchase.renewal_price_set) return;
  const renewal = purchase.renewal_amount ?? purchase.subtotal;
  if ((purchase.first_charge_amount ?? renewal) !== renewal) await cards.changeRenewalPrice(purchase.subscription_id, toCents(renewal));
  await deps.store.runTransaction(async (tx) => {
    const current = await getPurchase(deps.store, purchaseId, tx);
    if (current && !current.renewal_price_set) writePurchase(deps.store, tx, { ...current, renewal_price_set: true, updatedAt: deps.now() });
  });
}

function invoiceOf(
  purchase: PurchaseDoc,
  invoiceId: number,
  event: Extract<CardEvent, { kind: 'renewal-paid' | 'renewal-failed' }>,
  status: 'completed' | 'failed',
  now: Date,
): InvoiceDoc {
  return {
    invoice_id: invoiceId,
    purchase_id: purchase.purchase_id,
    customer_id: purchase.customer_id,
    uid: purchase.uid,
    class_package: purchase.class_package,
    title: purchase.title,
    total_payment: event.amountCents / 100,
    status,
    billing_reason: 'renewal',
    checkout_method: purchase.checkout_method,
    payment_method: purchase.payment_method,
    provider_ref: event.invoiceId,
    recorded_by: null,
    createdAt: now,
  };
}
