import { appConfigDefinitions } from '@studio/shared/config/app-config';
import { fill } from '@studio/shared/messages';
import { checkoutMessages } from '@studio/shared/messages/checkout';
import type { PaymentSource, SavedCardDeleteQuery, SavedCardInput } from '@studio/shared/schemas/checkout';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { CardDeclinedError, type CardGateway, CardUnusableError, type SavedCard } from '../../data/payments/card-gateway';
import { getStoredConfig } from '../../data/repos/app-config-repo';
import { getCustomerByUid } from '../../data/repos/customers-repo';
import { getPaymentProfile } from '../../data/repos/payment-profiles-repo';
import { listPurchasesOfCustomer } from '../../data/repos/purchases-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { assertOwnCard, declineMessage, processorCustomerOf, processorDown } from './card/start-card-payment';

const m = checkoutMessages;

const BRANDS = new Set(['visa', 'mastercard', 'amex']);

export function toPaymentSource(card: SavedCard): PaymentSource {
  return {
    payment_source_id: card.id,
    source_id: card.id,
    conekta_payment_source_id: card.id,
    card_type: BRANDS.has(card.brand) ? (card.brand as PaymentSource['card_type']) : 'other',
    last_digits: card.last4,
    exp_month: card.expMonth,
    exp_year: card.expYear,
  };
}

/** Saved cards need a card processor and the studio's payment_sources_enabled. */
async function savedCardsGateway(deps: Deps): Promise<CardGateway | null> {
  const stored = (await getStoredConfig(deps.store)).payment_sources_enabled;
  const enabled = typeof stored === 'boolean' ? stored : appConfigDefinitions.payment_sources_enabled.default;
  return enabled && deps.cards ? deps.cards : null;
}

const unavailable = () => new AppError('precondition', 'payment-sources/disabled', m.savedCardsDisabled);

/** GET /metodosPago and /payment_sources: the caller's cards at the processor (brand, last four, expiry; never the number). */
export async function listSavedCards(deps: Deps, identity: VerifiedIdentity): Promise<PaymentSource[]> {
  const cards = await savedCardsGateway(deps);
  if (!cards) return [];
  const profile = await getPaymentProfile(deps.store, identity.uid);
  if (!profile?.stripe_customer_id) return [];
  try {
    const saved = (await cards.listCards(profile.stripe_customer_id)).map(toPaymentSource);
    const paid = await subscriptionsByCard(deps, cards, identity.uid);
    return saved.map((card) => {
      const subscriptions = paid.filter((one) => one.cardId === card.payment_source_id).map(({ purchase_id, title }) => ({ purchase_id, title }));
      return subscriptions.length > 0 ? { ...card, pays_subscriptions: subscriptions } : card;
    });
  } catch (error) {
    throw processorDown(error);
  }
}

/** The customer's active card subscriptions with the card each one's renewals are charged to (asked of the processor: the card can change there). */
async function subscriptionsByCard(
  deps: Deps,
  cards: CardGateway,
  uid: string,
): Promise<Array<{ purchase_id: number; title: string; subscriptionId: string; cardId: string | null }>> {
  const customer = await getCustomerByUid(deps.store, uid);
  if (!customer) return [];
  const active = (await listPurchasesOfCustomer(deps.store, customer.customer_id)).filter(
    (purchase) => purchase.status === 'active' && purchase.checkout_method === 'card' && purchase.subscription_id,
  );
  return Promise.all(
    active.map(async (purchase) => ({
      purchase_id: purchase.purchase_id,
      title: purchase.title,
      subscriptionId: purchase.subscription_id as string,
      cardId: await cards.subscriptionCard(purchase.subscription_id as string),
    })),
  );
}

export type SaveCardAnswer = { message: string; payment_source: PaymentSource } | { client_secret: string; intent: 'setup' };

/**
 * POST /metodosPago and /payment_sources. With `token_id` (a card the browser
 * gave the processor) the card is kept for the caller now; without it, a
 * SetupIntent for the browser to confirm (Stripe Elements, 3-D Secure), after
 * which the card is in the list. Either way the number never reaches us.
 */
export async function saveCard(deps: Deps, identity: VerifiedIdentity, input: SavedCardInput, message: string): Promise<SaveCardAnswer> {
  const cards = await savedCardsGateway(deps);
  if (!cards) throw unavailable();
  try {
    const processorCustomerId = await processorCustomerOf(deps, cards, identity.uid);
    if (!input.token_id) {
      const setup = await cards.createCardSetup({
        purchaseId: null,
        processorCustomerId,
        idempotencyKey: `saved-card-${identity.uid}-${deps.now().getTime()}`,
      });
      return { client_secret: setup.clientSecret, intent: 'setup' };
    }
    return { message, payment_source: toPaymentSource(await cards.attachCard(input.token_id, processorCustomerId)) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof CardDeclinedError) throw new AppError('payment-declined', 'payment-sources/declined', declineMessage(error));
    if (error instanceof CardUnusableError) throw new AppError('invalid', 'payment-sources/card-unusable', m.cardUnusable, { token_id: m.cardUnusable });
    throw processorDown(error);
  }
}

/**
 * DELETE /metodosPago/{id} and /payment_sources/{id}: only the caller's own
 * card (anyone else's is a 404). A card that pays an active subscription's
 * renewals is not deleted on its own (409, naming the subscription): with
 * `replacementId`, another of the caller's cards, the subscriptions are moved
 * to it at the processor first, then the card goes.
 */
export async function deleteSavedCard(deps: Deps, identity: VerifiedIdentity, cardId: string, query: SavedCardDeleteQuery = {}): Promise<void> {
  // An empty ?replacement= is no replacement, as the spec's clients send it.
  const replacementId = query.replacement ? query.replacement : null;
  const cards = await savedCardsGateway(deps);
  if (!cards) throw unavailable();
  const profile = await getPaymentProfile(deps.store, identity.uid);
  if (!profile?.stripe_customer_id) throw new AppError('not-found', 'payment-sources/not-found', m.cardNotFound);
  try {
    await assertOwnCard(cards, cardId, profile.stripe_customer_id);
  } catch (error) {
    if (error instanceof AppError) throw new AppError('not-found', 'payment-sources/not-found', m.cardNotFound);
    throw processorDown(error);
  }
  let paid;
  try {
    paid = (await subscriptionsByCard(deps, cards, identity.uid)).filter((one) => one.cardId === cardId);
  } catch (error) {
    throw processorDown(error);
  }
  if (paid.length > 0) {
    const titles = paid.map((one) => `«${one.title}»`).join(', ');
    if (replacementId === null) throw new AppError('conflict', 'payment-sources/pays-subscription', fill(m.cardPaysSubscription, { titles }));
    const invalid = () => new AppError('invalid', 'payment-sources/replacement-invalid', m.replacementCardInvalid, { replacement: m.replacementCardInvalid });
    if (replacementId === cardId) throw invalid();
    try {
      await assertOwnCard(cards, replacementId, profile.stripe_customer_id);
    } catch (error) {
      if (error instanceof AppError) throw invalid();
      throw processorDown(error);
    }
    try {
      for (const one of paid) await cards.changeSubscriptionCard(one.subscriptionId, replacementId);
    } catch (error) {
      throw processorDown(error);
    }
  }
  try {
    await cards.detachCard(cardId);
  } catch (error) {
    throw processorDown(error);
  }
}
