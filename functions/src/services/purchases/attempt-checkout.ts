import { checkoutMessages } from '@studio/shared/messages/checkout';
import type { CheckoutAttemptInput, CheckoutPaymentMethod, CheckoutQuote } from '@studio/shared/schemas/checkout';
import type { Purchase } from '@studio/shared/types/purchases';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { type ClassPackageDoc, getClassPackage } from '../../data/repos/class-packages-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { toPurchaseDto } from '../access/dto';
import type { IdempotencyGuard } from '../idempotency';
import { settleRefusedCardPurchase } from './card/end-declined-purchase';
import { processorDown, startCardPayment, startCheckoutSession } from './card/start-card-payment';
import { checkoutSettings } from './checkout/checkout-settings';
import { placePurchase } from './checkout/place-purchase';
import type { CheckoutMethod } from './lifecycle/checkout-purchase';

export interface CheckoutAttemptAnswer {
  message: string;
  purchase_id: number;
  purchase: Purchase;
  quote: CheckoutQuote;
  /** The card-element flow's secret (spec §7); null when the browser has nothing to confirm. */
  clientSecret: string | null;
  /** What clientSecret confirms: a payment now ('payment': Stripe.js confirmCardPayment) or a card kept for later charges ('setup': confirmCardSetup, a free trial). */
  intent: 'payment' | 'setup' | null;
  /**
   * The intent's status when answered (ADR 0075). A saved card is confirmed by the server: 'succeeded' or 'processing'
   * leave nothing to do in the browser, 'requires_action' asks it for Stripe.js handleNextAction (3-D Secure) only.
   * 'requires_payment_method' is the card field's to confirm. Null without an intent.
   */
  intentStatus: string | null;
  /** A Stripe Checkout session to redirect to (stripe_checkout_mode 'session'); null otherwise. */
  session: { id: string; url: string } | null;
}

/**
 * The methods this deployment can take now, in the order the checkout offers
 * them: cash when the studio enables it (never for a subscription); card,
 * OXXO and PayPal when their gateways are configured.
 */
export async function availableMethods(deps: Deps, pkg?: Pick<ClassPackageDoc, 'is_subscription' | 'is_trial'>): Promise<CheckoutMethod[]> {
  const settings = await checkoutSettings(deps);
  const cash = settings.cashEnabled && !pkg?.is_subscription;
  // OXXO is a one-off cash voucher (Stripe): never for a subscription's renewals.
  const oxxo = deps.cards !== null && deps.cards !== undefined && !pkg?.is_subscription;
  // PayPal: orders and subscriptions, when the studio turns it on and keys are set.
  const paypal = Boolean(deps.paypal) && settings.paypalEnabled;
  return [
    ...(cash ? (['cash'] as const) : []),
    ...(deps.cards ? (['card'] as const) : []),
    ...(oxxo ? (['oxxo'] as const) : []),
    ...(paypal ? (['paypal'] as const) : []),
  ];
}

/**
 * POST /checkout/attempt: places the purchase (placePurchase) and answers
 * what the browser does next: go to /gracias/{purchase_id} (a free offer,
 * granted; cash, pending with its instructions), or, for a card, confirm the
 * PaymentIntent whose clientSecret it gets (Stripe Elements, 3-D Secure) and
 * then go there to watch it complete. `created` is false when a retry was
 * answered with the pending purchase it had already made (and its same
 * PaymentIntent). `network` is the caller's (clientAddressOf), for the brake
 * on guessing discount codes.
 */
export async function attemptCheckout(
  deps: Deps,
  identity: VerifiedIdentity,
  input: CheckoutAttemptInput,
  network: string,
  guard: IdempotencyGuard | null = null,
): Promise<{ created: boolean; answer: CheckoutAttemptAnswer }> {
  // PayPal pays through its own window: its order comes from POST /checkout/paypal, so the browser uses PayPal's buttons, not this call.
  if (input.payment_method === 'paypal')
    throw new AppError('invalid', 'checkout/use-paypal-buttons', checkoutMessages.usePayPalButtons, { payment_method: checkoutMessages.usePayPalButtons });
  const pkg = await getClassPackage(deps.store, input.class_package_id);
  const methods = new Set(await availableMethods(deps, pkg ?? undefined));
  const method = (input.payment_method ?? null) as CheckoutPaymentMethod | null;
  // A refused card's purchase is ended before anything else is placed: it never blocks another card or method.
  if (deps.cards) await settleRefusedCard(deps, deps.cards, identity.uid, input.class_package_id, method);
  const placed = await placePurchase(deps, {
    uid: identity.uid,
    classPackageId: input.class_package_id,
    discountCode: input.discountCode ?? null,
    method,
    availableMethods: methods,
    guard,
    network,
  });
  const viaStripe = placed.purchase.checkout_method === 'card' || placed.purchase.checkout_method === 'oxxo';
  const card = viaStripe && placed.purchase.status === 'pending' && deps.cards ? deps.cards : null;
  const hosted =
    card !== null &&
    placed.purchase.checkout_method === 'card' &&
    !placed.purchase.class_package.is_subscription &&
    !input.payment_source_id &&
    (await checkoutSettings(deps)).stripeCheckoutMode === 'session';
  const session = card && hosted ? await startCheckoutSession(deps, card, placed.purchase) : null;
  const started = card && !hosted ? await startCardPayment(deps, card, placed.purchase, input.payment_source_id ?? null, input.save_card === true) : null;
  const message =
    placed.purchase.status !== 'pending' ? checkoutMessages.purchaseSucceeded : card ? checkoutMessages.cardPending : checkoutMessages.cashPending;
  return {
    created: !placed.reused,
    answer: {
      message,
      purchase_id: placed.purchase.purchase_id,
      purchase: toPurchaseDto(placed.purchase),
      quote: placed.quote,
      clientSecret: started?.clientSecret ?? null,
      intent: started?.intent ?? null,
      intentStatus: started?.status ?? null,
      session,
    },
  };
}

/** The processor is asked before placing: when it cannot answer, the attempt is a 503 like any card call (nothing placed). */
export async function settleRefusedCard(deps: Deps, cards: NonNullable<Deps['cards']>, uid: string, classPackageId: number, method: CheckoutMethod | null) {
  try {
    await settleRefusedCardPurchase(deps, cards, uid, classPackageId, method);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw processorDown(error);
  }
}
