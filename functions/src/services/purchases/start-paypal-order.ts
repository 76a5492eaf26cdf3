import { checkoutMessages } from '@studio/shared/messages/checkout';
import type { CheckoutCaptureInput, CheckoutPayPalInput } from '@studio/shared/schemas/checkout';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import type { PayPalGateway } from '../../data/payments/paypal-gateway';
import { getClassPackage } from '../../data/repos/class-packages-repo';
import { findPurchaseByProviderRef, getPurchase, writePurchase } from '../../data/repos/purchases-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import type { IdempotencyGuard } from '../idempotency';
import { availableMethods, settleRefusedCard } from './attempt-checkout';
import { processorDown } from './card/start-card-payment';
import { placePurchase } from './checkout/place-purchase';
import { startPayPalSubscription } from './paypal/start-paypal-subscription';

const m = checkoutMessages;
const paypalMissing = () => new AppError('invalid', 'checkout/method-unavailable', m.methodUnavailable, { payment_method: m.methodUnavailable });

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
      throw processorDown(error);
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
    throw processorDown(error);
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
      throw processorDown(error);
    }
  }
  return { purchase_id: purchase.purchase_id, message: m.cardPending };
}
