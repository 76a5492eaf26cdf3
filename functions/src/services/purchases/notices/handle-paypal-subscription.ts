import type { PayPalEvent, PayPalGateway } from '../../../data/payments/paypal-gateway';
import { recordPaymentGrant, wasEventHandled, wasPaymentGranted } from '../../../data/repos/payment-events-repo';
import { getPurchase, type PurchaseDoc } from '../../../data/repos/purchases-repo';
import type { Deps } from '../../../deps';
import { studioTimezone } from '../../credits/expiry';
import { completePurchasePayment } from '../lifecycle/complete-purchase-payment';
import { awaitsTrialStart, startFreeTrial } from '../lifecycle/start-free-trial';
import type { EventOutcome } from './card-event-log';
import { PAYPAL, recordPayPal } from './paypal-event-log';
import { endSubscriptionPurchase, recordRenewal } from './record-renewal';

type SubscriptionNotice = Extract<PayPalEvent, { kind: 'subscription-activated' | 'sale-completed' | 'subscription-payment-failed' | 'subscription-ended' }>;

const actor = { uid: 'paypal', role: 'system' } as const;
/** The purchase waits for its first payment (not a trial, which starts on approval). */
const awaitsFirstPayment = (purchase: PurchaseDoc) => purchase.status === 'pending' && purchase.holds_place !== false && !purchase.first_charge_at;

/**
 * A verified notice about a PayPal subscription (docs/payments "PayPal"),
 * acted on exactly once. Only the subscription the server created for the
 * purchase counts (the custom_id alone is not proof). Approval starts a free
 * trial; a sale completes the first payment or pays a renewal (once per
 * sale); a failed payment marks the purchase failed; the end cancels it.
 * Money or an approval for a purchase that already ended (it lapsed while
 * PayPal's window was open) is undone at PayPal: the sale refunded, the
 * subscription cancelled.
 */
export async function paypalSubscriptionNotice(deps: Deps, paypal: PayPalGateway, event: SubscriptionNotice): Promise<EventOutcome> {
  const tz = await studioTimezone(deps);
  const outcome = await deps.store.runTransaction(async (tx): Promise<EventOutcome> => {
    if (await wasEventHandled(deps.store, tx, PAYPAL, event.eventId)) return 'duplicate';
    const found = event.purchaseId === null ? null : await getPurchase(deps.store, event.purchaseId, tx);
    const purchase = found?.checkout_method === 'paypal' && found.subscription_id === event.subscriptionId ? found : null;
    const finish = (outcome: EventOutcome) => {
      recordPayPal(deps, tx, event, outcome);
      return outcome;
    };
    if (!purchase) return finish('unknown-purchase');
    switch (event.kind) {
      case 'subscription-activated': {
        if (await wasPaymentGranted(deps.store, tx, PAYPAL, event.subscriptionId)) return finish('already-paid');
        if (awaitsTrialStart(purchase)) {
          const after = await startFreeTrial(deps, tx, purchase, { providerRef: event.subscriptionId, actor }, tz);
          recordPaymentGrant(deps.store, tx, { provider: PAYPAL, payment_id: event.subscriptionId, purchase_id: after.purchase_id, at: after.updatedAt });
          return finish('granted');
        }
        const ended = purchase.status !== 'pending' && purchase.status !== 'active' && purchase.status !== 'failed';
        return ended ? 'refunded' : finish('recorded');
      }
      case 'sale-completed': {
        if (await wasPaymentGranted(deps.store, tx, PAYPAL, event.saleId)) return finish('already-paid');
        if (awaitsFirstPayment(purchase)) {
          const after = await completePurchasePayment(deps, tx, purchase, { amount: event.amount, providerRef: event.saleId, recordedBy: null, actor }, tz);
          recordPaymentGrant(deps.store, tx, { provider: PAYPAL, payment_id: event.saleId, purchase_id: after.purchase_id, at: after.updatedAt });
          return finish('granted');
        }
        if (purchase.status !== 'active' && purchase.status !== 'failed') return 'refunded';
        const renewal = { provider: PAYPAL, paymentId: event.saleId, amount: event.amount, outcome: 'paid' as const, actor };
        return finish(await recordRenewal(deps, tx, purchase, renewal, tz));
      }
      case 'subscription-payment-failed': {
        const renewal = { provider: PAYPAL, paymentId: event.eventId, amount: event.amount, outcome: 'failed' as const, actor };
        return finish(await recordRenewal(deps, tx, purchase, renewal, tz));
      }
      case 'subscription-ended':
        return finish(endSubscriptionPurchase(deps, tx, purchase) ? 'ended' : 'recorded');
    }
  });
  if (outcome !== 'refunded') return outcome;
  // Paid or approved after the purchase ended: undone at PayPal before the event is recorded, so a failure is retried with the event.
  if (event.kind === 'sale-completed') await paypal.refundSale(event.saleId, `refund-${event.saleId}`);
  await paypal.cancelSubscription(event.subscriptionId, 'La compra ya no estaba pendiente de pago.');
  await deps.store.runTransaction(async (tx) => {
    if (!(await wasEventHandled(deps.store, tx, PAYPAL, event.eventId))) recordPayPal(deps, tx, event, 'refunded');
  });
  return 'refunded';
}
