import type { CardEvent, CardGateway } from '../../../data/payments/card-gateway';
import { recordPaymentGrant, wasEventHandled, wasPaymentGranted } from '../../../data/repos/payment-events-repo';
import { getPurchase } from '../../../data/repos/purchases-repo';
import type { Deps } from '../../../deps';
import { studioTimezone } from '../../credits/expiry';
import { ensureRenewals } from '../card/start-renewals';
import { awaitsTrialStart, startFreeTrial } from '../lifecycle/start-free-trial';
import { type EventOutcome, PROVIDER, record } from './card-event-log';

/**
 * A free trial's card was kept (SetupIntent succeeded): the trial starts now,
 * once per purchase (startFreeTrial). Then the subscription that makes its
 * first charge.
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
    if (granted || !awaitsTrialStart(purchase)) {
      record(deps, tx, event, granted || purchase.status === 'active' ? 'already-paid' : 'recorded');
      return granted || purchase.status === 'active' ? 'already-paid' : 'recorded';
    }
    const after = await startFreeTrial(deps, tx, purchase, { providerRef: event.setupId, actor: { uid: 'stripe', role: 'system' } }, tz);
    recordPaymentGrant(deps.store, tx, { provider: PROVIDER, payment_id: event.setupId, purchase_id: after.purchase_id, at: after.updatedAt });
    record(deps, tx, event, 'granted');
    return 'granted';
  });
  // As for a payment: a redelivery ('duplicate') finishes a set-up the first delivery did not reach.
  if (outcome === 'granted' || outcome === 'already-paid' || outcome === 'duplicate') {
    await ensureRenewals(deps, cards, event.purchaseId, event.paymentMethodId, event.setupId);
  }
  return outcome;
}
