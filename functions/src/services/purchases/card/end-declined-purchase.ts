import type { CardGateway } from '../../../data/payments/card-gateway';
import { getCustomerByUid } from '../../../data/repos/customers-repo';
import { getPackageBuyer, getPurchase, type PurchaseDoc } from '../../../data/repos/purchases-repo';
import type { Transaction } from '../../../data/store/types';
import type { Deps } from '../../../deps';
import type { CheckoutMethod } from '../lifecycle/checkout-purchase';
import { endUnpaidPurchase, readPlaceRelease } from '../lifecycle/end-unpaid-purchase';

/** The reason a declined card's purchase ends with (purchase.cancel_reason). */
export const CARD_DECLINED = 'card-declined';
/** The reason a PayPal purchase ends with when PayPal refused its order or its capture. */
export const PAYPAL_REFUSED = 'paypal-refused';

const holdsPlace = (purchase: PurchaseDoc | null): purchase is PurchaseDoc => purchase?.status === 'pending' && purchase.holds_place !== false;

/**
 * Ends a card purchase whose payment was refused: 'failed' (Fallido), its
 * place, unit and discount use given back (end-unpaid-purchase). Exactly once:
 * only a purchase still pending and holding its place, read in the
 * transaction, is ended; `paymentId`, when given, must still be the purchase's
 * payment (a newer try on the same purchase is not ended by an old refusal).
 */
export async function endDeclinedPurchase(
  deps: Deps,
  purchaseId: number,
  paymentId: string | null,
  code: string | null,
  tx?: Transaction,
  reason: string = CARD_DECLINED,
): Promise<boolean> {
  const run = async (t: Transaction) => {
    const purchase = await getPurchase(deps.store, purchaseId, t);
    if (!holdsPlace(purchase) || (paymentId !== null && purchase.provider_ref && purchase.provider_ref !== paymentId)) return false;
    const release = await readPlaceRelease(deps, t, purchase);
    endUnpaidPurchase(deps, t, { ...purchase, payment_error: code ?? purchase.payment_error ?? null }, release, { status: 'failed', reason });
    return true;
  };
  return tx ? run(tx) : deps.store.runTransaction(run);
}

/**
 * Before a new attempt on a package (any method): the customer's pending
 * card purchase of it whose payment can no longer succeed without them — its
 * last try was refused, or it was cancelled, or (when they now pay another
 * way) it was never confirmed — is closed at the processor first (cancelled,
 * so no late confirmation can charge it) and then ended 'failed'. So a
 * declined card never blocks cash, OXXO or PayPal, and a retry with another
 * card is a fresh purchase with a fresh PaymentIntent. A payment in flight
 * (3-D Secure open, processing, succeeded) is left alone: the processor's
 * answer completes or ends it.
 */
export async function settleRefusedCardPurchase(
  deps: Deps,
  cards: CardGateway,
  uid: string,
  classPackageId: number,
  method: CheckoutMethod | null,
): Promise<void> {
  const customer = await getCustomerByUid(deps.store, uid);
  if (!customer) return;
  const buyer = await deps.store.runTransaction((tx) => getPackageBuyer(deps.store, classPackageId, customer.customer_id, tx));
  const purchase = buyer.pending_purchase_id === null ? null : await getPurchase(deps.store, buyer.pending_purchase_id);
  if (!holdsPlace(purchase) || purchase.checkout_method !== 'card' || !purchase.provider_ref) return;
  const paymentId = purchase.provider_ref;
  const payment = await cards.lookUpPayment(paymentId);
  // A payment the processor does not know can charge nothing: the purchase lapses at its pay_by.
  if (!payment) return;
  const unconfirmed = payment.status === 'requires_payment_method' || payment.status === 'requires_confirmation';
  const refused = payment.status === 'canceled' || (unconfirmed && (payment.declined || method !== 'card'));
  if (!refused) return;
  if (payment.status !== 'canceled' && (await cards.cancelPayment(paymentId)) !== 'canceled') return;
  await endDeclinedPurchase(deps, purchase.purchase_id, paymentId, purchase.payment_error ?? null);
}
