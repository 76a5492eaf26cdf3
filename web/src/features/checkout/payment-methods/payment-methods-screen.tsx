import { fill, messages } from '@studio/shared/messages';
import { checkoutMessages } from '@studio/shared/messages/checkout';
import { shopMessages as m } from '@studio/shared/messages/shop';
import type { PaymentSource } from '@studio/shared/schemas/checkout';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FormError } from '../../../components/form-field';
import { LoadError } from '../../../components/load-error';
import { confirmAction } from '../../../components/modal-store';
import { Spinner } from '../../../components/spinner';
import { showSuccess } from '../../../lib/alerts';
import { ApiError, apiErrorText } from '../../../lib/api-client';
import { configBoolean, configString, useConfig } from '../../../lib/app-config';
import { queryClient, useServerMutation, useServerQuery } from '../../../lib/server-data';
import { checkoutKeys, deletePaymentSource, paymentSourcesQuery, startCardSetup } from '../checkout-api';
import { cardErrorText } from '../payment/card-errors';
import { CardField, type CardHandle } from '../payment/card-field';
import { cardBrand, cardDigits, cardExpiry } from './saved-card-format';
import '../checkout.css';
import './payment-methods.css';

/** The subscriptions a card pays, as the texts name them ('«Ilimitado Mensual»'); empty when none. */
const subscriptionTitles = (card: PaymentSource) => (card.pays_subscriptions ?? []).map((one) => `«${one.title}»`).join(', ');

function SavedCardItem({ card, deleting, onDelete }: { card: PaymentSource; deleting: boolean; onDelete: (card: PaymentSource) => void }) {
  const brand = cardBrand(card);
  return (
    <li className="saved-card">
      <div className="saved-card__text">
        <span className="saved-card__brand">{brand}</span> <span className="saved-card__digits">{cardDigits(card)}</span>
        <span className="saved-card__expiry muted">{fill(m.cardExpires, { date: cardExpiry(card) })}</span>
        {subscriptionTitles(card) && <span className="saved-card__subscription">{fill(m.paysSubscription, { titles: subscriptionTitles(card) })}</span>}
      </div>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => onDelete(card)}
        disabled={deleting}
        aria-busy={deleting}
        aria-label={fill(m.deleteCardOf, { brand, last: card.last_digits })}
      >
        {m.deleteCard}
      </button>
    </li>
  );
}

/** Stripe's card element plus the SetupIntent round trip: POST /payment_sources, then confirmCardSetup in the browser (3-D Secure there). */
function AddCardForm({ onClose }: { onClose: () => void }) {
  const config = useConfig();
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const cardRef = useRef<CardHandle | null>(null);
  const [cardEmpty, setCardEmpty] = useState(true);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const setup = useServerMutation({ mutationFn: startCardSetup, meta: { alert: false } });

  // The form replaces the button that opened it: keyboard and screen-reader users land on its title.
  useEffect(() => titleRef.current?.focus(), []);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || cardEmpty) return;
    setError(null);
    setSaving(true);
    try {
      const { client_secret } = await setup.mutateAsync();
      const card = cardRef.current;
      if (!card) throw new Error(m.cardUnavailable);
      const result = await card.stripe.confirmCardSetup(client_secret, { payment_method: { card: card.element } });
      if (result.error) {
        setError(cardErrorText(result.error));
        setSaving(false);
        return;
      }
      // The card is attached at Stripe once the SetupIntent succeeds: the list reads it from there.
      await queryClient.invalidateQueries({ queryKey: checkoutKeys.paymentSources });
      showSuccess(checkoutMessages.sourceSaved);
      onClose();
    } catch (caught) {
      setError(apiErrorText(caught) ?? messages.common.genericError);
      setSaving(false);
    }
  }

  return (
    <form className="add-card" onSubmit={(event) => void save(event)} noValidate aria-labelledby={titleId} aria-busy={saving}>
      <h2 id={titleId} ref={titleRef} tabIndex={-1} className="add-card__title">
        {m.addCardTitle}
      </h2>
      <CardField
        stripeJsUrl={typeof config.stripe_js_url === 'string' ? config.stripe_js_url : ''}
        publishableKey={configString(config, 'stripe_public')}
        handleRef={cardRef}
        onEmptyChange={setCardEmpty}
      />
      <FormError message={error} />
      {saving && <Spinner label={m.savingCard} />}
      <div className="actions">
        <button type="button" className="button button--secondary" onClick={onClose} disabled={saving}>
          {messages.common.cancel}
        </button>
        <button type="submit" className="button" disabled={saving || cardEmpty} aria-busy={saving}>
          {m.saveCard}
        </button>
      </div>
    </form>
  );
}

/**
 * /mystudio/metodos, Métodos de Pago (customer-area §2, §7): the customer's
 * saved cards at the processor, a way to add one and to delete one after the
 * 'Precaución' confirmation. Adding is offered only while the studio keeps cards.
 */
export function PaymentMethodsScreen() {
  const config = useConfig();
  const canAdd = configBoolean(config, 'payment_sources_enabled');
  const { data, isPending, isError, isFetching, refetch } = useServerQuery(paymentSourcesQuery);
  const [adding, setAdding] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnFocus = useRef(false);
  const remove = useServerMutation({ mutationFn: deletePaymentSource, meta: { alert: false, invalidates: [checkoutKeys.paymentSources] } });

  useEffect(() => {
    if (adding || !returnFocus.current) return;
    returnFocus.current = false;
    addButtonRef.current?.focus();
  }, [adding]);

  /**
   * Deleting a card asks first ('Precaución'). A card that pays a
   * subscription says so: with another saved card, the renewals move to it
   * (the confirmation names it); without one, nothing is deleted and the
   * customer is told to add another card first.
   */
  async function onDelete(card: PaymentSource) {
    setDeleteError(null);
    const titles = subscriptionTitles(card);
    const replacement = titles ? ((data ?? []).find((other) => other.payment_source_id !== card.payment_source_id) ?? null) : null;
    if (titles && !replacement) {
      setDeleteError(fill(m.addCardBeforeDeleting, { titles }));
      return;
    }
    const question = replacement
      ? fill(m.deleteSubscriptionCardQuestion, { titles, brand: cardBrand(replacement), last: replacement.last_digits })
      : fill(m.deleteCardQuestion, { brand: cardBrand(card), last: card.last_digits });
    const confirmed = await confirmAction(question);
    if (!confirmed) return;
    try {
      const answer = await remove.mutateAsync({ id: card.payment_source_id, replacement: replacement?.payment_source_id ?? null });
      showSuccess(answer.message || checkoutMessages.sourceDeleted);
      // The focused delete button went away with its card: keyboard users continue from the screen's title.
      headingRef.current?.focus();
    } catch (caught) {
      // The server's words when the card turned out to pay a subscription; the spec's wording for any other failed delete (customer-area §8).
      setDeleteError(caught instanceof ApiError && caught.status === 409 ? apiErrorText(caught) : checkoutMessages.sourceDeleteFailed);
    }
  }

  let body;
  if (data) {
    body =
      data.length === 0 ? (
        <p className="muted">{m.noSavedCards}</p>
      ) : (
        <ul className="saved-cards" aria-label={m.savedCardsList}>
          {data.map((card) => (
            <SavedCardItem
              key={card.payment_source_id}
              card={card}
              deleting={remove.isPending && remove.variables?.id === card.payment_source_id}
              onDelete={(chosen) => void onDelete(chosen)}
            />
          ))}
        </ul>
      );
  } else if (isPending) {
    body = <Spinner />;
  } else if (isError) {
    body = <LoadError message={m.savedCardsLoadError} retrying={isFetching} onRetry={() => void refetch()} />;
  }

  return (
    <section className="screen payment-methods">
      <h1 ref={headingRef} tabIndex={-1}>
        {messages.screens.paymentMethodsTitle}
      </h1>
      {body}
      <FormError message={deleteError} />
      {canAdd &&
        (adding ? (
          <AddCardForm
            onClose={() => {
              returnFocus.current = true;
              setAdding(false);
            }}
          />
        ) : (
          <button ref={addButtonRef} type="button" className="button" onClick={() => setAdding(true)}>
            {m.addCard}
          </button>
        ))}
    </section>
  );
}
