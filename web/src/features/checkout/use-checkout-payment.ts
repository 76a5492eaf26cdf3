import { messages } from '@studio/shared/messages';
import { checkoutMessages } from '@studio/shared/messages/checkout';
import { shopMessages as m } from '@studio/shared/messages/shop';
import type { CheckoutPaymentMethod, PaymentSource } from '@studio/shared/schemas/checkout';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { showSuccess } from '../../lib/alerts';
import { ApiError, apiErrorText } from '../../lib/api-client';
import { useServerMutation } from '../../lib/server-data';
import { useSession } from '../../lib/session';
import { useSubmissionKey } from '../../lib/submission-key';
import { cardErrorText } from './card-errors';
import type { CardHandle } from './card-field';
import { checkoutKeys, postAttempt, postPayPalCapture, postPayPalOrder } from './checkout-api';
import { orderPath } from './checkout-paths';
import type { PayPalApproveData } from './paypal-js';
import { type ConfirmResult, loadStripe } from './stripe-js';

interface CheckoutPaymentOptions {
  classPackageId: number;
  appliedCode: string | null;
  free: boolean;
  method: CheckoutPaymentMethod | null;
  savedCard: PaymentSource | null;
  stripeJsUrl: string;
  publishableKey: string;
}

const errorText = (caught: unknown) =>
  caught instanceof ApiError ? apiErrorText(caught) : caught instanceof Error ? caught.message : messages.common.genericError;

/** Paying a purchase panel's choice: the attempt with its card, saved card or OXXO confirmation, and PayPal's button callbacks. */
export function useCheckoutPayment({ classPackageId, appliedCode, free, method, savedCard, stripeJsUrl, publishableKey }: CheckoutPaymentOptions) {
  const navigate = useNavigate();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cardRef = useRef<CardHandle | null>(null);
  const customer = useSession((state) => state.customer);
  const attempt = useServerMutation({ mutationFn: postAttempt, meta: { alert: false, invalidates: [checkoutKeys.purchases] } });
  const paypalOrder = useServerMutation({ mutationFn: postPayPalOrder, meta: { alert: false, invalidates: [checkoutKeys.purchases] } });
  const paypalCapture = useServerMutation({ mutationFn: postPayPalCapture, meta: { alert: false, invalidates: [checkoutKeys.purchases] } });
  const [note, setNote] = useState<string | null>(null);
  // PayPal calls onError after any rejected createOrder: set when that rejection's message is already shown (or we left the page).
  const paypalErrorShown = useRef(false);
  // The purchase PayPal's window is open for (a subscription's approval names only the subscription).
  const paypalPurchase = useRef<number | null>(null);
  // A click that got no answer and is clicked again is the same submission: it keeps its Idempotency-Key.
  const attemptKey = useSubmissionKey();
  const paypalKey = useSubmissionKey();

  /** Stripe.js without the card element: a saved card's 3-D Secure and the OXXO voucher. */
  async function stripeOnly() {
    try {
      return await loadStripe(stripeJsUrl, publishableKey);
    } catch {
      throw new Error(m.processorUnavailable);
    }
  }

  async function confirmIntent(clientSecret: string, intent: 'payment' | 'setup'): Promise<ConfirmResult> {
    if (method === 'oxxo') {
      const stripe = await stripeOnly();
      // The voucher carries the payer's name and email (Stripe requires both for OXXO).
      const billing = { name: customer ? `${customer.name} ${customer.last_name}`.trim() : '', email: customer?.email ?? '' };
      return stripe.confirmOxxoPayment(clientSecret, { payment_method: { billing_details: billing } });
    }
    if (savedCard) {
      // The server already confirmed the intent on the saved card: this completes 3-D Secure, or answers the intent as it is.
      const stripe = await stripeOnly();
      return intent === 'payment' ? stripe.confirmCardPayment(clientSecret) : stripe.confirmCardSetup(clientSecret);
    }
    const card = cardRef.current;
    if (!card) throw new Error(m.cardUnavailable);
    const data = { payment_method: { card: card.element } };
    return intent === 'payment' ? card.stripe.confirmCardPayment(clientSecret, data) : card.stripe.confirmCardSetup(clientSecret, data);
  }

  /**
   * PayPal's createOrder or createSubscription: the server places the pending
   * purchase and its order, or its plan and subscription (never
   * /checkout/attempt, which refuses PayPal).
   */
  async function createPayPalOrder(): Promise<string> {
    setError(null);
    setNote(null);
    paypalErrorShown.current = false;
    let answer;
    try {
      const input = { class_package_id: classPackageId, ...(appliedCode ? { discountCode: appliedCode } : {}) };
      answer = await paypalOrder.mutateAsync({ input, idempotencyKey: paypalKey.keyFor(input) });
      paypalKey.settle();
    } catch (caught) {
      paypalErrorShown.current = true;
      setError(errorText(caught));
      throw caught;
    }
    paypalPurchase.current = answer.purchase_id;
    if (answer.orderID) return answer.orderID;
    if (answer.subscriptionID) return answer.subscriptionID;
    // Nothing to pay, the purchase is granted: the rejection closes PayPal's window and /gracias shows the purchase.
    paypalErrorShown.current = true;
    showSuccess(answer.message);
    await navigate(orderPath(answer.purchase_id));
    throw new Error('Nothing to pay with PayPal');
  }

  async function approvePayPal(data: PayPalApproveData): Promise<void> {
    setError(null);
    setNote(null);
    setPaying(true);
    try {
      // A subscription has nothing to capture: PayPal charges it and tells the server.
      const answer =
        data.orderID === null || data.subscriptionID ? { purchase_id: paypalPurchase.current ?? 0 } : await paypalCapture.mutateAsync(data.orderID);
      showSuccess(checkoutMessages.paymentSucceeded);
      // The purchase completes on PayPal's notice to the server: /gracias shows it processing until then.
      await navigate(orderPath(answer.purchase_id));
    } catch (caught) {
      // Handled here rather than rethrown, so PayPal's onError does not replace the server's message.
      setError(errorText(caught));
      setPaying(false);
    }
  }

  function cancelPayPal() {
    setError(null);
    setNote(m.paypalCancelled);
  }

  function failPayPal() {
    if (paypalErrorShown.current) {
      paypalErrorShown.current = false;
      return;
    }
    setNote(null);
    setError(checkoutMessages.purchaseFailed);
  }

  /** The attempt of a non-PayPal method (or a free offer); the panel checks first that nothing blocks it. */
  async function pay() {
    setError(null);
    setPaying(true);
    try {
      const input = {
        class_package_id: classPackageId,
        ...(appliedCode ? { discountCode: appliedCode } : {}),
        ...(free || method === null ? {} : { payment_method: method }),
        ...(!free && savedCard ? { payment_source_id: savedCard.payment_source_id } : {}),
      };
      const answer = await attempt.mutateAsync({ input, idempotencyKey: attemptKey.keyFor(input) });
      attemptKey.settle();
      if (answer.session) {
        window.location.assign(answer.session.url);
        return;
      }
      if (answer.clientSecret && answer.intent) {
        const result = await confirmIntent(answer.clientSecret, answer.intent);
        // The purchase stays pending: paying again answers the same purchase and PaymentIntent.
        if (result.error) {
          setError(cardErrorText(result.error));
          setPaying(false);
          return;
        }
        // An OXXO voucher is not a payment yet: the order screen explains what comes next.
        if (method !== 'oxxo') showSuccess(checkoutMessages.paymentSucceeded);
      } else {
        showSuccess(answer.message);
      }
      await navigate(orderPath(answer.purchase_id));
    } catch (caught) {
      setError(errorText(caught));
      setPaying(false);
    }
  }

  return { paying, error, note, setNote, cardRef, pay, createPayPalOrder, approvePayPal, cancelPayPal, failPayPal };
}
