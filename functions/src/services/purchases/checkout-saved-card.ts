import { checkoutMessages } from '@studio/shared/messages/checkout';
import type { CheckoutSavedCardInput } from '@studio/shared/schemas/checkout';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { getCustomerById } from '../../data/repos/customers-repo';
import { getPaymentProfile } from '../../data/repos/payment-profiles-repo';
import { getPurchase } from '../../data/repos/purchases-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import type { IdempotencyGuard } from '../idempotency';
import { attemptCheckout, type CheckoutAttemptAnswer } from './attempt-checkout';
import { processorDown } from './card/start-card-payment';

const m = checkoutMessages;

/**
 * POST /checkout (spec §7, the default flow): charges a saved card of the
 * customer, the chosen one or their first, through the same attempt as the
 * card field (one purchase, its place, the server's price, the webhook that
 * completes it). The caller buys for themselves; an admin may charge a
 * customer at the front desk. The answer adds `payment_id` (the processor's
 * payment) to the attempt's.
 */
export async function checkoutWithSavedCard(
  deps: Deps,
  identity: VerifiedIdentity,
  input: CheckoutSavedCardInput,
  network: string,
  guard: IdempotencyGuard | null = null,
): Promise<{ created: boolean; answer: CheckoutAttemptAnswer & { payment_id: string | null } }> {
  const customer = await getCustomerById(deps.store, input.customer_id);
  if (!customer) throw new AppError('not-found', 'customer/not-found', m.purchaseNotFound);
  if (customer.uid !== identity.uid && !identity.admin) throw new AppError('forbidden', 'checkout/not-own', m.onlyOwnCheckout);
  let cardId = input.payment_source_id ?? null;
  if (!cardId) {
    const profile = await getPaymentProfile(deps.store, customer.uid);
    if (!deps.cards || !profile?.stripe_customer_id) throw new AppError('precondition', 'checkout/no-saved-card', m.noSavedCard);
    let cards;
    try {
      cards = await deps.cards.listCards(profile.stripe_customer_id);
    } catch (error) {
      throw processorDown(error);
    }
    cardId = cards[0]?.id ?? null;
    if (!cardId) throw new AppError('precondition', 'checkout/no-saved-card', m.noSavedCard);
  }
  const buyer: VerifiedIdentity = { ...identity, uid: customer.uid, email: customer.email, admin: false };
  const { created, answer } = await attemptCheckout(
    deps,
    buyer,
    { class_package_id: input.class_package_id, discountCode: input.discountCode ?? null, payment_method: 'card', payment_source_id: cardId },
    network,
    guard,
  );
  const purchase = await getPurchase(deps.store, answer.purchase_id);
  return { created, answer: { ...answer, payment_id: purchase?.provider_ref ?? null } };
}
