import { shopMessages as m } from '@studio/shared/messages/shop';
import { useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { loadPayPal, type PayPalButtonsOptions, type PayPalNamespace } from './paypal-js';

interface Handlers extends Pick<PayPalButtonsOptions, 'onApprove' | 'onCancel' | 'onError'> {
  /** Answers the order id, or the subscription id for a subscription. */
  create: () => Promise<string>;
}

interface PayPalFieldProps extends Handlers {
  paypalJsUrl: string;
  clientId: string;
  /** A subscription package: the SDK loads for subscriptions and the buttons approve one. */
  subscription: boolean;
  /** Until the required documents are accepted the buttons are not drawn (the stand-in has no onInit/actions.disable). */
  disabled: boolean;
}

/**
 * PayPal's buttons, in place of the pay button. The SDK loads when PayPal is
 * chosen; the buttons are drawn again whenever they become enabled, and closed
 * when they are disabled or the buyer picks another method.
 */
export function PayPalField({ paypalJsUrl, clientId, subscription, disabled, ...handlers }: PayPalFieldProps) {
  const labelId = useId();
  const hostRef = useRef<HTMLDivElement>(null);
  const [paypal, setPayPal] = useState<PayPalNamespace | null>(null);
  const [failed, setFailed] = useState(false);
  // PayPal keeps the callbacks it was given: they read the screen's latest state through this ref.
  const handlersRef = useRef<Handlers>(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    let cancelled = false;
    loadPayPal(paypalJsUrl, clientId, subscription)
      .then((namespace) => {
        if (!cancelled) setPayPal(namespace);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [paypalJsUrl, clientId, subscription]);

  useEffect(() => {
    const host = hostRef.current;
    if (!paypal || disabled || !host) return;
    let closed = false;
    const create = () => handlersRef.current.create();
    const buttons = paypal.Buttons({
      ...(subscription ? { createSubscription: create } : { createOrder: create }),
      onApprove: (data) => handlersRef.current.onApprove(data),
      onCancel: () => handlersRef.current.onCancel(),
      onError: (error) => handlersRef.current.onError(error),
      style: { layout: 'vertical', color: 'gold', shape: 'rect', label: subscription ? 'subscribe' : 'paypal', height: 45 },
    });
    if (buttons.isEligible && !buttons.isEligible()) {
      setFailed(true);
      return;
    }
    buttons.render(host).catch(() => {
      if (!closed) setFailed(true);
    });
    return () => {
      closed = true;
      void buttons.close?.().catch(() => undefined);
      // The real SDK leaves its frame behind if close is missing or fails: the next render needs an empty host.
      host.replaceChildren();
    };
  }, [paypal, disabled, subscription]);

  return (
    <div className="paypal-field" role="group" aria-labelledby={labelId}>
      <p id={labelId} className="card-field__label">
        {m.paypalLabel}
      </p>
      {failed ? (
        <p role="alert">{m.paypalUnavailable}</p>
      ) : !paypal ? (
        <Spinner label={m.paypalLoading} />
      ) : disabled ? (
        <p className="muted">{m.paypalAcceptTerms}</p>
      ) : null}
      <div ref={hostRef} className="paypal-field__host" hidden={failed || !paypal || disabled} />
    </div>
  );
}
