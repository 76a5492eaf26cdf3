import { checkoutMessages } from '@studio/shared/messages/checkout';
import { shopMessages as m } from '@studio/shared/messages/shop';
import type { CheckoutPaymentMethod, PaymentSource } from '@studio/shared/schemas/checkout';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { showSuccess } from '../../../lib/alerts';
import { ApiError, apiErrorText } from '../../../lib/api-client';
import { useServerMutation } from '../../../lib/server-data';
import { useSession } from '../../../lib/session';
import { useSubmissionKey } from '../../../lib/submission-key';
import { checkoutKeys, postAttempt, postPayPalCapture, postPayPalOrder } from '../checkout-api';
import { orderPath } from '../checkout-paths';
import { cardErrorText } from './card-errors';
import type { CardHandle } from './card-field';
import type { PayPalApproveData } from './paypal-js';
import { type ConfirmResult, loadStripe } from './stripe-js';

interface CheckoutPaymentOptions {
  classPackageId: number;
  appliedCode: string | null;
  free: boolean;
  method: CheckoutPaymentMethod | null;
  savedCard: PaymentSource | null;
  /** 'Guardar tarjeta' ticked for a new card. */
  saveCard: boolean;
  stripeJsUrl: string;
  publishableKey: string;
}

// Our own texts thrown on the way (Stripe.js or the card field missing); anything else thrown may be a library's English.
const OWN_TEXTS: ReadonlySet<string> = new Set([m.processorUnavailable, m.cardUnavailable]);

const errorText = (caught: unknown) =>
  caught instanceof ApiError
    ? apiErrorText(caught)
    : caught instanceof Error && OWN_TEXTS.has(caught.message)
      ? caught.message
      : checkoutMessages.purchaseFailed;

/** Intent statuses that need nothing more from the browser: the webhook completes the purchase. */
const DONE: ReadonlySet<string> = new Set(['succeeded', 'processing']);

type Outcome = { paid: true } | { paid: false; text: string; settled: boolean };

/**
 * A Stripe.js result as the checkout reads it. An error that carries an
 * intent already paid (a replayed answer confirmed again) is a payment; a
 * connection error is no answer (the click may be retried as the same
 * submission); any other error is the processor's answer, shown in Spanish.
 */
function outcomeOf(result: ConfirmResult, voucher: boolean): Outcome {
  const { error } = result;
  if (!error) return { paid: true };
  const carried = error.payment_intent?.status ?? error.setup_intent?.status;
  if (carried && (DONE.has(carried) || (voucher && carried === 'requires_action'))) return { paid: true };
  return { paid: false, text: cardErrorText(error), settled: error.type !== 'api_connection_error' };
}

/** Paying a purchase panel's choice: the attempt with its card, saved card or OXXO confirmation, and PayPal's button callbacks. */
export function useCheckoutPayment({ classPackageId, appliedCode, free, method, savedCard, saveCard, stripeJsUrl, publishableKey }: CheckoutPaymentOptions) {
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

  /** The intent as Stripe has it now (after a next action that threw, or an error that may hide a payment already made). */
  async function currentStatus(clientSecret: string, intent: 'payment' | 'setup'): Promise<string | null> {
    try {
      const stripe = await stripeOnly();
      const result = intent === 'payment' ? await stripe.retrievePaymentIntent(clientSecret) : await stripe.retrieveSetupIntent(clientSecret);
      return (result.paymentIntent ?? result.setupIntent)?.status ?? null;
    } catch {
      return null;
    }
  }

  /**
   * What the browser does with the attempt's intent (ADR 0075). A saved card
   * was confirmed by the server: nothing to do when it succeeded or is
   * processing, Stripe.js handleNextAction only when the bank asks for 3-D
   * Secure; it is never confirmed again (Stripe refuses that, and a retry must
   * not pay twice). A new card is confirmed with the card field; OXXO shows
   * its voucher.
   */
  async function completeIntent(clientSecret: string, intent: 'payment' | 'setup', status: string | null): Promise<Outcome> {
    if (method === 'oxxo') {
      const stripe = await stripeOnly();
      // The voucher carries the payer's name and email (Stripe requires both for OXXO).
      const billing = { name: customer ? `${customer.name} ${customer.last_name}`.trim() : '', email: customer?.email ?? '' };
      return outcomeOf(await stripe.confirmOxxoPayment(clientSecret, { payment_method: { billing_details: billing } }), true);
    }
    // An answer without the status (an older server) for a saved card: Stripe's status now.
    if (status === null && savedCard) status = await currentStatus(clientSecret, intent);
    if (status !== null && status !== 'requires_payment_method') {
      if (DONE.has(status)) return { paid: true };
      if (status === 'requires_action') {
        const stripe = await stripeOnly();
        let result: ConfirmResult;
        try {
          result = await stripe.handleNextAction({ clientSecret });
        } catch {
          // The intent is no longer waiting for an action (a replayed answer): Stripe's status now decides.
          const now = await currentStatus(clientSecret, intent);
          return now !== null && DONE.has(now) ? { paid: true } : { paid: false, text: checkoutMessages.purchaseFailed, settled: now !== null };
        }
        return outcomeOf(result, false);
      }
      const now = await currentStatus(clientSecret, intent);
      return now !== null && DONE.has(now) ? { paid: true } : { paid: false, text: checkoutMessages.purchaseFailed, settled: now !== null };
    }
    const card = cardRef.current;
    if (!card) throw new Error(m.cardUnavailable);
    const data = { payment_method: { card: card.element } };
    return outcomeOf(
      intent === 'payment' ? await card.stripe.confirmCardPayment(clientSecret, data) : await card.stripe.confirmCardSetup(clientSecret, data),
      false,
    );
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
        ...(!free && !savedCard && method === 'card' && saveCard ? { save_card: true } : {}),
      };
      const answer = await attempt.mutateAsync({ input, idempotencyKey: attemptKey.keyFor(input) });
      if (answer.session) {
        attemptKey.settle();
        window.location.assign(answer.session.url);
        return;
      }
      if (answer.clientSecret && answer.intent) {
        const outcome = await completeIntent(answer.clientSecret, answer.intent, answer.intentStatus ?? null);
        if (!outcome.paid) {
          // A refusal is an answer (the server ends that purchase: the next click is a new one); without one, the
          // next click is the same submission and its key gets the same purchase back, never a second charge.
          if (outcome.settled) attemptKey.settle();
          setError(outcome.text);
          setPaying(false);
          return;
        }
        // An OXXO voucher is not a payment yet: the order screen explains what comes next.
        if (method !== 'oxxo') showSuccess(checkoutMessages.paymentSucceeded);
      } else {
        showSuccess(answer.message);
      }
      attemptKey.settle();
      await navigate(orderPath(answer.purchase_id));
    } catch (caught) {
      setError(errorText(caught));
      setPaying(false);
    }
  }

  return { paying, error, note, setNote, cardRef, pay, createPayPalOrder, approvePayPal, cancelPayPal, failPayPal };
}
