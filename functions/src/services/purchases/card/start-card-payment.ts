import { processorErrorText } from '@studio/shared/format/processor-error-text';
import { checkoutMessages } from '@studio/shared/messages/checkout';
import { CardDeclinedError, type CardGateway } from '../../../data/payments/card-gateway';
import { getCustomerByUid } from '../../../data/repos/customers-repo';
import { getPaymentProfile, writePaymentProfile } from '../../../data/repos/payment-profiles-repo';
import { getPurchase, type PurchaseDoc, writePurchase } from '../../../data/repos/purchases-repo';
import type { Deps } from '../../../deps';
import { AppError } from '../../../domain/errors';
import { siteOriginFor } from '../../site-origin';
import { endDeclinedPurchase } from './end-declined-purchase';

/** MXN with 2 decimals as the processor's whole cents. */
export const toCents = (amount: number) => Math.round(amount * 100);

export const processorDown = (cause: unknown) => {
  const error = new AppError('unavailable', 'checkout/processor-unavailable', checkoutMessages.purchaseFailed);
  (error as Error & { cause?: unknown }).cause = cause;
  return error;
};

/** The customer's id at the processor, created once (the processor's idempotency key makes racing creations one). */
export async function processorCustomerOf(deps: Deps, cards: CardGateway, uid: string): Promise<string> {
  const profile = await getPaymentProfile(deps.store, uid);
  if (profile?.stripe_customer_id) return profile.stripe_customer_id;
  const customer = await getCustomerByUid(deps.store, uid);
  if (!customer) throw new AppError('precondition', 'checkout/customer-required', checkoutMessages.customerRequired);
  const id = await cards.createCustomer({ customerId: customer.customer_id, email: customer.email, name: `${customer.name} ${customer.last_name}`.trim() });
  await deps.store.runTransaction(async (tx) => {
    const current = await getPaymentProfile(deps.store, uid, tx);
    if (current?.stripe_customer_id) return;
    writePaymentProfile(deps.store, tx, { uid, customer_id: customer.customer_id, stripe_customer_id: id, updatedAt: deps.now() });
  });
  return id;
}

/** What the browser does with a started card payment (ADR 0075): a PaymentIntent or a SetupIntent, and its status now. */
export interface StartedCardPayment {
  clientSecret: string;
  intent: 'payment' | 'setup';
  /** Stripe's status: 'succeeded'/'processing' (nothing to do in the browser), 'requires_action' (3-D Secure), 'requires_payment_method' (the card field confirms it). */
  status: string;
}

/**
 * The card-element flow's server half (spec §4), keyed by the purchase so a
 * retried attempt gets the same intent (one charge at most). A purchase
 * charged now gets a PaymentIntent ('payment'; a subscription's keeps the card
 * for its renewals, a one-off's only when the customer ticked 'Guardar
 * tarjeta'); a free trial gets a SetupIntent ('setup') that keeps the card
 * for the first charge when the trial ends. With a saved card the server
 * confirms the intent itself (ADR 0075) and answers its status: the browser
 * only runs a next action (3-D Secure), never confirms again. A saved card the
 * bank refuses ends the purchase 'failed' at once (its place given back). The
 * purchase completes only when the signed webhook says so
 * (handle-card-event.ts).
 */
export async function startCardPayment(
  deps: Deps,
  cards: CardGateway,
  purchase: PurchaseDoc,
  savedCardId: string | null = null,
  keepCard = false,
): Promise<StartedCardPayment> {
  try {
    const processorCustomerId = await processorCustomerOf(deps, cards, purchase.uid);
    if (savedCardId !== null) await assertOwnCard(cards, savedCardId, processorCustomerId);
    const trial = purchase.class_package.is_trial;
    const subscription = purchase.class_package.is_subscription;
    // A new card on a one-off is kept only when asked; a saved card is kept already.
    const keepNewCard = keepCard && savedCardId === null && !subscription;
    const started = trial
      ? await cards.createCardSetup({
          purchaseId: purchase.purchase_id,
          processorCustomerId,
          idempotencyKey: savedCardId ? `setup-${purchase.purchase_id}-${savedCardId}` : `setup-${purchase.purchase_id}`,
          savedCardId: savedCardId ?? undefined,
        })
      : await cards.createPayment({
          purchaseId: purchase.purchase_id,
          amountCents: toCents(purchase.total_payment),
          description: `Orden #00${purchase.purchase_id} · ${purchase.title}`,
          processorCustomerId,
          // One payment per purchase and card: a retry with the same card (and the same choice to keep it) gets the same answer, another card a new try.
          idempotencyKey: savedCardId
            ? `purchase-${purchase.purchase_id}-${savedCardId}`
            : keepNewCard
              ? `purchase-${purchase.purchase_id}-keep`
              : `purchase-${purchase.purchase_id}`,
          saveCard: subscription || keepNewCard,
          method: purchase.checkout_method === 'oxxo' ? 'oxxo' : 'card',
          savedCardId: savedCardId ?? undefined,
        });
    await deps.store.runTransaction(async (tx) => {
      const current = await getPurchase(deps.store, purchase.purchase_id, tx);
      // The latest try is the purchase's payment while it is pending (a refusal of an older one does not end it).
      if (current && current.provider_ref !== started.id && (!current.provider_ref || current.status === 'pending'))
        writePurchase(deps.store, tx, { ...current, provider_ref: started.id, updatedAt: deps.now() });
    });
    return { clientSecret: started.clientSecret, intent: trial ? 'setup' : 'payment', status: started.status };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof CardDeclinedError) {
      // The bank answered now: the purchase ends here (Fallido), so another card or method is a fresh purchase.
      await endDeclinedPurchase(deps, purchase.purchase_id, null, error.declineCode ?? error.code);
      throw new AppError('payment-declined', 'checkout/card-declined', declineMessage(error));
    }
    throw processorDown(error);
  }
}

/**
 * Checkout session mode (spec §4, "Session mode"): a one-off card purchase is
 * paid on Stripe's hosted page; the browser goes to its url and comes back to
 * /gracias/{id} (or to the checkout when it cancels), on the site's origin
 * (the configured `domain`, services/site-origin.ts; never the request's
 * host). The session is keyed by the purchase, so a retry gets the same page.
 */
export async function startCheckoutSession(deps: Deps, cards: CardGateway, purchase: PurchaseDoc): Promise<{ id: string; url: string }> {
  const siteOrigin = await siteOriginFor(deps);
  try {
    const processorCustomerId = await processorCustomerOf(deps, cards, purchase.uid);
    return await cards.createCheckoutSession({
      purchaseId: purchase.purchase_id,
      amountCents: toCents(purchase.total_payment),
      description: `Orden #00${purchase.purchase_id} · ${purchase.title}`,
      processorCustomerId,
      successUrl: `${siteOrigin}/gracias/${purchase.purchase_id}`,
      cancelUrl: `${siteOrigin}/checkout/${purchase.class_package_id}`,
      idempotencyKey: `session-${purchase.purchase_id}`,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw processorDown(error);
  }
}

/** A saved card is charged only for its owner: someone else's card id is refused like an unknown one. */
export async function assertOwnCard(cards: CardGateway, cardId: string, processorCustomerId: string): Promise<void> {
  const card = await cards.getCard(cardId);
  if (!card || card.customerId !== processorCustomerId)
    throw new AppError('invalid', 'checkout/card-not-found', checkoutMessages.cardNotFound, { payment_source_id: checkoutMessages.cardNotFound });
}

/** The spec's 402 texts (§8) for the processor's codes: the one mapping the browser uses too (shared/format/processor-error-text). */
export function declineMessage(error: Pick<CardDeclinedError, 'code' | 'declineCode'>): string {
  return processorErrorText({ type: 'card_error', code: error.code, decline_code: error.declineCode });
}
