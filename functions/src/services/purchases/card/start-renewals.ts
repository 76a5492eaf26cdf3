import type { CardGateway } from '../../../data/payments/card-gateway';
import { getPurchase, writePurchase } from '../../../data/repos/purchases-repo';
import type { Deps } from '../../../deps';
import { periodEndOf } from '../lifecycle/grant-purchase';
import { processorCustomerOf, processorDown, toCents } from './start-card-payment';

/**
 * The processor's subscription that bills what comes next, created once
 * (idempotency key per purchase) and recorded on the purchase: after a
 * subscription's first period was paid, from that period's end at the
 * renewal price; after a free trial's card was kept, from the trial's end at
 * the first charge's price. Runs on every delivery of the events until the id
 * is recorded, a redelivery that finds the grant already made included
 * (duplicate is not done: the grant may have committed and the function died
 * before this step), and from the reconciling job; so a processor hiccup or a
 * crash here is retried (the grant is not repeated). `paidBy` is the
 * processor's payment (or SetupIntent) the caller speaks of: only the one
 * that paid the purchase sets up its renewals (a second card's payment,
 * refunded, does not).
 */
export async function ensureRenewals(deps: Deps, cards: CardGateway, purchaseId: number | null, paymentMethodId: string | null, paidBy: string): Promise<void> {
  if (purchaseId === null || !paymentMethodId) return;
  const purchase = await getPurchase(deps.store, purchaseId);
  if (!purchase || purchase.status !== 'active' || purchase.subscription_id || purchase.provider_ref !== paidBy) return;
  const trial = purchase.class_package.is_trial;
  const firstRenewalAt = trial ? (purchase.first_charge_at ?? null) : purchase.paid_at ? periodEndOf(purchase, purchase.paid_at) : null;
  if (!firstRenewalAt) return;
  const amount = trial ? (purchase.first_charge_amount ?? purchase.subtotal) : (purchase.renewal_amount ?? purchase.subtotal);
  const processorCustomerId = await processorCustomerOf(deps, cards, purchase.uid);
  // The processor failing here is a 503 (the webhook is delivered again; the job retries), never a raw 500.
  const subscriptionId = await cards
    .startRenewals({
      purchaseId: purchase.purchase_id,
      processorCustomerId,
      paymentMethodId,
      amountCents: toCents(amount),
      period: purchase.subscription_period as 'day' | 'month' | 'year',
      interval: purchase.subscription_interval ?? 1,
      firstRenewalAt,
      description: `Orden #00${purchase.purchase_id} · ${purchase.title}`,
      idempotencyKey: `renewals-${purchase.purchase_id}`,
    })
    .catch((error: unknown) => {
      throw processorDown(error);
    });
  const stillActive = await deps.store.runTransaction(async (tx) => {
    const current = await getPurchase(deps.store, purchase.purchase_id, tx);
    if (current && !current.subscription_id) writePurchase(deps.store, tx, { ...current, subscription_id: subscriptionId, updatedAt: deps.now() });
    return current?.status === 'active';
  });
  // Cancelled (or revoked) while its renewals were being set up: what was just created must never charge.
  if (!stillActive) await cards.cancelSubscription(subscriptionId);
}

/**
 * A trial's first charge carried the discount (first_invoice_only): once it
 * is paid, the renewals go back to the full price at the processor. Retried
 * with the event's redeliveries until it is done (the flag records it).
 */
export async function settleRenewalPrice(deps: Deps, cards: CardGateway, purchaseId: number | null): Promise<void> {
  if (purchaseId === null) return;
  const purchase = await getPurchase(deps.store, purchaseId);
  if (!purchase?.subscription_id || purchase.status !== 'active' || !purchase.class_package.is_trial || purchase.renewal_price_set) return;
  const renewal = purchase.renewal_amount ?? purchase.subtotal;
  if ((purchase.first_charge_amount ?? renewal) !== renewal) {
    await cards.changeRenewalPrice(purchase.subscription_id, toCents(renewal)).catch((error: unknown) => {
      throw processorDown(error);
    });
  }
  await deps.store.runTransaction(async (tx) => {
    const current = await getPurchase(deps.store, purchaseId, tx);
    if (current && !current.renewal_price_set) writePurchase(deps.store, tx, { ...current, renewal_price_set: true, updatedAt: deps.now() });
  });
}
