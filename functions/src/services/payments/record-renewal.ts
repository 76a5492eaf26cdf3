import type { CardEvent, CardGateway } from '../../data/payments/card-gateway';
import { allocateSpreadIds } from '../../data/repos/counters-repo';
import { listLotsOfCustomer } from '../../data/repos/credits-repo';
import { getCustomerByUid } from '../../data/repos/customers-repo';
import { createInvoice, type InvoiceDoc } from '../../data/repos/invoices-repo';
import { recordPaymentGrant, wasEventHandled, wasPaymentGranted } from '../../data/repos/payment-events-repo';
import { getPurchase, type PurchaseDoc, writePurchase } from '../../data/repos/purchases-repo';
import type { Deps } from '../../deps';
import { grantPurchase, planPurchaseGrant } from '../checkout/grant-purchase';
import { studioTimezone } from '../credits/expiry';
import { type EventOutcome, PROVIDER, record } from './card-event-log';
import { settleRenewalPrice } from './start-renewals';

type SubscriptionEvent = Extract<CardEvent, { kind: 'renewal-paid' | 'renewal-failed' | 'subscription-ended' }>;

/**
 * Renewals and the end of a subscription: a paid renewal grants the next
 * period's credits and writes its invoice (once per processor invoice); a
 * failed one marks the purchase failed and writes a failed invoice; the end
 * cancels the purchase (credits already granted last until they expire).
 */
export async function subscriptionEvent(deps: Deps, cards: CardGateway, event: SubscriptionEvent): Promise<EventOutcome> {
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
