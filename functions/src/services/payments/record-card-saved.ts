import { studioDaysBetween } from '@studio/shared/format/dates';
import type { CardEvent, CardGateway } from '../../data/payments/card-gateway';
import { allocateSpreadIds } from '../../data/repos/counters-repo';
import { listLotsOfCustomer } from '../../data/repos/credits-repo';
import { getCustomerByUid } from '../../data/repos/customers-repo';
import { recordPaymentGrant, wasEventHandled, wasPaymentGranted } from '../../data/repos/payment-events-repo';
import { getPackageBuyer, getPurchase, type PurchaseDoc, writePackageBuyer, writePurchase } from '../../data/repos/purchases-repo';
import type { Deps } from '../../deps';
import { planGrant } from '../access/grant-plan';
import { grantPurchase } from '../checkout/grant-purchase';
import { studioTimezone } from '../credits/expiry';
import { type EventOutcome, PROVIDER, record } from './card-event-log';
import { ensureRenewals } from './start-renewals';

/**
 * A free trial's card was kept (SetupIntent succeeded): the trial starts now.
 * Once per purchase, the purchase becomes active and the trial's credits are
 * granted until the end of the studio day of its first charge; nothing is
 * charged, so no invoice. Then the subscription that makes that charge.
 */
export async function cardSaved(deps: Deps, cards: CardGateway, event: Extract<CardEvent, { kind: 'card-saved' }>): Promise<EventOutcome> {
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
