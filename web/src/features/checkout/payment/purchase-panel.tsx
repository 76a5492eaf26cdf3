import { subscriptionWording } from '@studio/shared/format/subscription-wording';
import { fill } from '@studio/shared/messages';
import { checkoutMessages } from '@studio/shared/messages/checkout';
import { shopMessages as m } from '@studio/shared/messages/shop';
import type { CheckoutPaymentMethod, CheckoutQuote } from '@studio/shared/schemas/checkout';
import type { Page } from '@studio/shared/types/api';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../../../components/form-field';
import { Spinner } from '../../../components/spinner';
import { configBoolean, configString, useConfig } from '../../../lib/app-config';
import { useServerQuery } from '../../../lib/server-data';
import { paymentSourcesQuery } from '../checkout-api';
import { CardField } from './card-field';
import { PayPalField } from './paypal-field';
import { TermsCheckbox } from './terms-checkbox';
import { useCheckoutPayment } from './use-checkout-payment';

const METHOD_ORDER: readonly CheckoutPaymentMethod[] = ['cash', 'card', 'oxxo', 'paypal'];
/** The 'Usar otra tarjeta' choice among the saved cards. */
const NEW_CARD = 'new';

interface PurchasePanelProps {
  classPackageId: number;
  quote: CheckoutQuote;
  methods: CheckoutPaymentMethod[];
  appliedCode: string | null;
  requiredPages: Page[];
}

/** Method, terms and the pay button of a signed-in buyer. */
export function PurchasePanel({ classPackageId, quote, methods, appliedCode, requiredPages }: PurchasePanelProps) {
  const config = useConfig();
  const noteId = useId();
  const offered = METHOD_ORDER.filter((method) => methods.includes(method));
  const [chosen, setChosen] = useState<CheckoutPaymentMethod | null>(null);
  // Cash is the default when the studio takes it (public-site §4); otherwise the first method offered.
  const method = chosen && offered.includes(chosen) ? chosen : (offered[0] ?? null);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [cardEmpty, setCardEmpty] = useState(true);
  const [cardChoice, setCardChoice] = useState<string | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const saveCardId = useId();

  const free = quote.is_free_offer;
  // A saved card pays now, or is confirmed by the server for a free trial's later charge (its SetupIntent).
  const savedCardsEnabled = configBoolean(config, 'payment_sources_enabled');
  const savedCardsWanted = !free && offered.includes('card') && savedCardsEnabled;
  const savedCardsAnswer = useServerQuery({ ...paymentSourcesQuery, enabled: savedCardsWanted });
  const savedCards = savedCardsWanted ? (savedCardsAnswer.data ?? []) : [];
  const savedCardsLoading = savedCardsWanted && method === 'card' && savedCardsAnswer.isPending;
  // A saved card is the default: the customer kept it to pay with it.
  const savedCard =
    method === 'card' && cardChoice !== NEW_CARD ? (savedCards.find((card) => card.payment_source_id === cardChoice) ?? savedCards[0] ?? null) : null;
  const stripeJsUrl = typeof config.stripe_js_url === 'string' ? config.stripe_js_url : '';
  const publishableKey = configString(config, 'stripe_public');
  const useCardElement = !free && method === 'card' && savedCard === null && !savedCardsLoading && configString(config, 'stripe_checkout_mode') !== 'session';
  const termsNeeded = requiredPages.length > 0;
  const usePayPal = !free && method === 'paypal';
  const paypalJsUrl = typeof config.paypal_js_url === 'string' ? config.paypal_js_url : '';
  const paypalClientId = typeof config.paypal_client_id === 'string' ? config.paypal_client_id : '';
  const wording = quote.renewal ? subscriptionWording(quote.renewal.period, quote.renewal.interval) : null;
  const { paying, error, note, setNote, cardRef, pay, createPayPalOrder, approvePayPal, cancelPayPal, failPayPal } = useCheckoutPayment({
    classPackageId,
    appliedCode,
    free,
    method,
    savedCard,
    // A subscription's or trial's card is kept by the server whatever this says (it pays the renewals).
    saveCard: saveCard && savedCardsEnabled,
    stripeJsUrl,
    publishableKey,
  });
  const recurring = quote.renewal !== null || quote.trial !== null;
  // The card field reports empty until it is mounted and something is typed in it.
  const blocked = paying || (termsNeeded && !termsAccepted) || (!free && method === null) || savedCardsLoading || (useCardElement && cardEmpty);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // PayPal pays through its own buttons; Enter in the form must not post an attempt the server refuses.
    if (blocked || usePayPal) return;
    void pay();
  }

  return (
    <form className="checkout-pay" onSubmit={submit} noValidate aria-busy={paying}>
      {!free &&
        (offered.length === 0 ? (
          <p role="alert" className="checkout-pay__none">
            {m.noMethods}
          </p>
        ) : (
          <fieldset className="checkout-methods" aria-describedby={noteId}>
            <legend className="checkout-panel__subtitle">{m.methodLegend}</legend>
            {offered.map((option) => (
              <label key={option} className="checkout-methods__option">
                <input
                  type="radio"
                  name="payment_method"
                  value={option}
                  checked={method === option}
                  onChange={() => {
                    setChosen(option);
                    setNote(null);
                  }}
                  disabled={paying}
                />
                {m.methods[option]}
              </label>
            ))}
            <p id={noteId} className="muted checkout-methods__note">
              {method === 'cash'
                ? m.cashNote
                : method === 'oxxo'
                  ? m.oxxoNote
                  : method === 'paypal'
                    ? m.paypalNote
                    : method === 'card' || method === null
                      ? ''
                      : m.sessionNote}
            </p>
          </fieldset>
        ))}
      {savedCardsLoading && <Spinner />}
      {method === 'card' && savedCards.length > 0 && (
        <fieldset className="checkout-methods">
          <legend className="checkout-panel__subtitle">{m.savedCardsLegend}</legend>
          {savedCards.map((card) => (
            <label key={card.payment_source_id} className="checkout-methods__option">
              <input
                type="radio"
                name="payment_source_id"
                value={card.payment_source_id}
                checked={savedCard?.payment_source_id === card.payment_source_id}
                onChange={() => setCardChoice(card.payment_source_id)}
                disabled={paying}
              />
              {fill(m.useSavedCard, { last: card.last_digits })}
            </label>
          ))}
          <label className="checkout-methods__option">
            <input
              type="radio"
              name="payment_source_id"
              value={NEW_CARD}
              checked={savedCard === null}
              onChange={() => setCardChoice(NEW_CARD)}
              disabled={paying}
            />
            {m.useNewCard}
          </label>
        </fieldset>
      )}
      {useCardElement && <CardField stripeJsUrl={stripeJsUrl} publishableKey={publishableKey} handleRef={cardRef} onEmptyChange={setCardEmpty} />}
      {useCardElement && recurring && <p className="checkout-pay__note">{m.saveCardForSubscription}</p>}
      {useCardElement && !recurring && savedCardsEnabled && (
        <div className="checkout-save-card">
          <label className="checkout-methods__option">
            <input
              type="checkbox"
              name="save_card"
              checked={saveCard}
              onChange={(event) => setSaveCard(event.target.checked)}
              disabled={paying}
              aria-describedby={saveCardId}
            />
            {m.saveCard}
          </label>
          <p id={saveCardId} className="muted checkout-methods__note">
            {m.saveCardHint}
          </p>
        </div>
      )}
      {wording && <p className="checkout-pay__reminder">{fill(m.subscriptionReminder, { wording })}</p>}
      {termsNeeded && (
        <TermsCheckbox pages={requiredPages} business={configString(config, 'business_name')} checked={termsAccepted} onChange={setTermsAccepted} />
      )}
      <FormError message={error} />
      <div aria-live="polite">{note && <p className="checkout-pay__note">{note}</p>}</div>
      {paying && <Spinner label={m.paying} />}
      {usePayPal && (
        <PayPalField
          paypalJsUrl={paypalJsUrl}
          clientId={paypalClientId}
          disabled={termsNeeded && !termsAccepted}
          subscription={quote.renewal !== null}
          create={createPayPalOrder}
          onApprove={approvePayPal}
          onCancel={cancelPayPal}
          onError={failPayPal}
        />
      )}
      {!usePayPal && (free || offered.length > 0) && (
        <button type="submit" className="button button--block button--large" disabled={blocked} aria-busy={paying}>
          {free ? checkoutMessages.getOffer : m.pay}
        </button>
      )}
    </form>
  );
}
