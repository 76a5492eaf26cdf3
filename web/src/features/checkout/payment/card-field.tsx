import { shopMessages as m } from '@studio/shared/messages/shop';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { cardErrorText } from './card-errors';
import { loadStripe, type StripeCardElement, type StripeInstance } from './stripe-js';

export interface CardHandle {
  stripe: StripeInstance;
  element: StripeCardElement;
}

interface CardFieldProps {
  stripeJsUrl: string;
  publishableKey: string;
  /** Filled while the card field is mounted: the checkout confirms the payment with it. */
  handleRef: RefObject<CardHandle | null>;
  /** Stripe's `empty` flag: the pay button stays disabled while nothing was typed. */
  onEmptyChange: (empty: boolean) => void;
}

/**
 * The card section: Stripe's card element, mounted in its own frame (card
 * numbers never reach our code). Stripe.js loads on first use.
 */
export function CardField({ stripeJsUrl, publishableKey, handleRef, onEmptyChange }: CardFieldProps) {
  const labelId = useId();
  const hostRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const onEmptyRef = useRef(onEmptyChange);
  useEffect(() => {
    onEmptyRef.current = onEmptyChange;
  });

  useEffect(() => {
    let element: StripeCardElement | null = null;
    let cancelled = false;
    loadStripe(stripeJsUrl, publishableKey)
      .then((stripe) => {
        const host = hostRef.current;
        if (cancelled || !host) return;
        element = stripe.elements({ locale: 'es' }).create('card', { hidePostalCode: true });
        element.on('change', (event) => {
          onEmptyRef.current(event.empty);
          setFieldError(event.error ? cardErrorText(event.error) : null);
        });
        element.mount(host);
        handleRef.current = { stripe, element };
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      handleRef.current = null;
      element?.destroy();
      onEmptyRef.current(true);
    };
  }, [stripeJsUrl, publishableKey, handleRef]);

  return (
    <div className="card-field" role="group" aria-labelledby={labelId}>
      <p id={labelId} className="card-field__label">
        {m.cardLabel}
      </p>
      {state === 'loading' && <Spinner label={m.cardLoading} />}
      {state === 'failed' && <p role="alert">{m.cardUnavailable}</p>}
      <div ref={hostRef} className="card-field__host" hidden={state === 'failed'} />
      <div aria-live="polite" className="field__error-slot">
        {fieldError && <p className="field__error">{fieldError}</p>}
      </div>
    </div>
  );
}
