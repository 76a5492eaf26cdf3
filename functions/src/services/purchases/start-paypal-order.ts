import { processorErrorText } from '@studio/shared/format/processor-error-text';
import { checkoutMessages } from '@studio/shared/messages/checkout';
import type { CheckoutCaptureInput, CheckoutPayPalInput } from '@studio/shared/schemas/checkout';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { PayPalError, type PayPalGateway } from '../../data/payments/paypal-gateway';
import { getClassPackage } from '../../data/repos/class-packages-repo';
import { findPurchaseByProviderRef, getPurchase, writePurchase } from '../../data/repos/purchases-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import type { IdempotencyGuard } from '../idempotency';
import { availableMethods, settleRefusedCard } from './attempt-checkout';
import { endDeclinedPurchase, PAYPAL_REFUSED } from './card/end-declined-purchase';
import { processorDown } from './card/start-card-payment';
import { placePurchase } from './checkout/place-purchase';
import { startPayPalSubscription } from './paypal/start-paypal-subscription';

const m = checkoutMessages;
const paypalMissing = () => new AppError('invalid', 'checkout/method-unavailable', m.methodUnavailable, { payment_method: m.methodUnavailable });

/** PayPal's issues that ask the buyer for a step in PayPal's window (approve, or finish what PayPal asks): nothing was refused. */
const BUYER_STEPS: ReadonlySet<string> = new Set(['ORDER_NOT_APPROVED', 'PAYER_ACTION_REQUIRED']);

/**
 * PayPal answered and refused this payment: a 4xx, other than our own
 * credentials (401, 403) or a limit on our calls (408, 429), which, like a 5xx
 * or no answer at all, are PayPal being unavailable to us.
 */
const refusedByPayPal = (error: unknown): error is PayPalError =>
  error instanceof PayPalError && error.status >= 400 && error.status < 500 && ![401, 403, 408, 429].includes(error.status);

/**
 * What the buyer is answered when a PayPal call fails, in the one mapping's
 * words (shared/format/processor-error-text): a step of theirs missing in
 * PayPal's window is a 412, any other refusal a 402 (INSTRUMENT_DECLINED: pick
 * another funding source or method; an issue we do not know: the generic
 * text); only PayPal being unavailable is a 503. PayPal's English never reaches the screen.
 */
export function payPalFailure(error: unknown): AppError {
  if (!refusedByPayPal(error)) return processorDown(error);
  const message = processorErrorText({ issue: error.issue });
  if (error.issue !== null && BUYER_STEPS.has(error.issue)) return new AppError('precondition', 'checkout/paypal-action-required', message);
  return new AppError('payment-declined', 'checkout/paypal-declined', message);
}

/**
 * PayPal's refusals of the payment itself: the buyer's funding refused, or a
 * step of theirs missing. At the capture only these end a purchase; any other
 * 4xx there (an order PayPal cannot find, a request still in flight, an issue
 * we do not know) might sit beside money taken, so the purchase stays pending:
 * its hour runs out, or the buyer cancels it in Mis Compras, or the capture's
 * notice completes it. (Before the capture no money can have moved: any
 * refusal of the order or subscription ends it.)
 */
const REFUSALS: ReadonlySet<string> = new Set([
  ...BUYER_STEPS,
  'INSTRUMENT_DECLINED',
  'TRANSACTION_REFUSED',
  'PAYER_CANNOT_PAY',
  'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING',
  'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED',
  'CARD_EXPIRED',
]);

/** A capture PayPal says was already made (a double click, a late retry): the money is taken, and the capture's notice completes the purchase. */
const ALREADY_CAPTURED: ReadonlySet<string> = new Set(['ORDER_ALREADY_CAPTURED', 'DUPLICATE_INVOICE_ID']);

/**
 * A PayPal call for a pending purchase failed. When PayPal refused the
 * payment, the purchase ends 'failed' (its place, unit and discount use given
 * back), as a declined card's does: PayPal answers a PayPal-Request-Id it has
 * seen with its first answer, so the same order or capture could only be
 * refused again, and the next click must be a fresh purchase and order, never
 * a pending one that blocks the package. PayPal down, or at the capture a
 * 4xx that is not a refusal (REFUSALS), leaves it pending.
 */
async function failedAtPayPal(deps: Deps, purchaseId: number, orderId: string | null, error: unknown, atCapture = false): Promise<AppError> {
  const ends = refusedByPayPal(error) && (!atCapture || (error.issue !== null && REFUSALS.has(error.issue)));
  if (ends) await endDeclinedPurchase(deps, purchaseId, orderId, error.issue, undefined, PAYPAL_REFUSED);
  return payPalFailure(error);
}

export interface PayPalStartAnswer {
  purchase_id: number;
  /** A one-off package's order for PayPal's buttons; null otherwise. */
  orderID: string | null;
  /** A subscription's billing plan and the subscription (awaiting approval) the buttons open; absent for an order. */
  plan_id?: string;
  subscriptionID?: string;
  message: string;
}

/**
 * POST /checkout/paypal (spec §7): places a pending PayPal purchase and
 * creates, keyed by the purchase so a retry gets the same one, its order at
 * PayPal (answered as `orderID`) or, for a subscription, its plan and
 * subscription (answered as `plan_id` and `subscriptionID`). A free offer
 * needs neither: it is granted at once and answered without one.
 */
export async function startPayPalOrder(
  deps: Deps,
  identity: VerifiedIdentity,
  input: CheckoutPayPalInput,
  network: string,
  guard: IdempotencyGuard | null = null,
): Promise<{ created: boolean; answer: PayPalStartAnswer }> {
  const paypal = deps.paypal;
  const pkg = await getClassPackage(deps.store, input.class_package_id);
  // A card the bank refused for this package does not block PayPal: its purchase ends first.
  if (deps.cards) await settleRefusedCard(deps, deps.cards, identity.uid, input.class_package_id, 'paypal');
  const placed = await placePurchase(deps, {
    uid: identity.uid,
    classPackageId: input.class_package_id,
    discountCode: input.discountCode ?? null,
    method: 'paypal',
    availableMethods: new Set(await availableMethods(deps, pkg ?? undefined)),
    guard,
    network,
  });
  const purchase = placed.purchase;
  if (purchase.status !== 'pending')
    return { created: !placed.reused, answer: { purchase_id: purchase.purchase_id, orderID: null, message: m.purchaseSucceeded } };
  if (!paypal) throw paypalMissing();
  if (purchase.class_package.is_subscription) {
    let started;
    try {
      started = await startPayPalSubscription(deps, paypal, purchase);
    } catch (error) {
      throw await failedAtPayPal(deps, purchase.purchase_id, null, error);
    }
    return {
      created: !placed.reused,
      answer: { purchase_id: purchase.purchase_id, orderID: null, plan_id: started.planId, subscriptionID: started.subscriptionId, message: m.cardPending },
    };
  }
  let orderId: string;
  try {
    orderId = await paypal.createOrder({
      purchaseId: purchase.purchase_id,
      amount: purchase.total_payment,
      description: `Orden #00${purchase.purchase_id} · ${purchase.title}`,
      idempotencyKey: `purchase-${purchase.purchase_id}`,
    });
  } catch (error) {
    throw await failedAtPayPal(deps, purchase.purchase_id, null, error);
  }
  await deps.store.runTransaction(async (tx) => {
    const current = await getPurchase(deps.store, purchase.purchase_id, tx);
    if (current && !current.provider_ref) writePurchase(deps.store, tx, { ...current, provider_ref: orderId, updatedAt: deps.now() });
  });
  return { created: !placed.reused, answer: { purchase_id: purchase.purchase_id, orderID: orderId, message: m.cardPending } };
}

/**
 * POST /checkout/capture {orderID}: after the buyer approved in PayPal's
 * window, the server captures the order (only the buyer's own). The purchase
 * completes when PayPal's verified notice of the capture arrives
 * (handle-paypal-notice.ts), never on this answer; /gracias shows
 * 'processing' until then.
 */
export async function capturePayPalOrder(
  deps: Deps,
  identity: VerifiedIdentity,
  input: CheckoutCaptureInput,
): Promise<{ purchase_id: number; message: string }> {
  const paypal: PayPalGateway | null | undefined = deps.paypal;
  if (!paypal) throw paypalMissing();
  const purchase = await findPurchaseByProviderRef(deps.store, input.orderID);
  if (!purchase || purchase.uid !== identity.uid || purchase.checkout_method !== 'paypal')
    throw new AppError('not-found', 'purchases/not-found', m.purchaseNotFound);
  if (purchase.status === 'pending') {
    try {
      await paypal.captureOrder(input.orderID, `capture-${purchase.purchase_id}`);
    } catch (error) {
      const captured = error instanceof PayPalError && error.issue !== null && ALREADY_CAPTURED.has(error.issue);
      if (!captured) throw await failedAtPayPal(deps, purchase.purchase_id, input.orderID, error, true);
    }
  }
  return { purchase_id: purchase.purchase_id, message: m.cardPending };
}
