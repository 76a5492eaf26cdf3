import { formatStudioDate } from '@studio/shared/format/dates';
import { formatPriceMxn } from '@studio/shared/format/money';
import { subscriptionWording } from '@studio/shared/format/subscription-wording';
import { fill, messages } from '@studio/shared/messages';
import { checkoutMessages } from '@studio/shared/messages/checkout';
import { shopMessages as m } from '@studio/shared/messages/shop';
import type { CheckoutPaymentMethod, CheckoutQuote } from '@studio/shared/schemas/checkout';
import type { Page } from '@studio/shared/types/api';
import type { ClassPackage } from '@studio/shared/types/class-packages';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Checkbox, FormError } from '../../components/form-field';
import { HtmlContent } from '../../components/html-content';
import { Modal } from '../../components/modal';
import { openModal } from '../../components/modal-store';
import { NotFound } from '../../components/not-found';
import { Spinner } from '../../components/spinner';
import { showSuccess } from '../../lib/alerts';
import { ApiError, apiErrorText } from '../../lib/api-client';
import { configBoolean, configString, useConfig } from '../../lib/app-config';
import { paths } from '../../lib/paths';
import { queryClient, useServerMutation, useServerQuery } from '../../lib/server-data';
import { useSession } from '../../lib/session';
import { cardErrorText } from './card-errors';
import { CardField, type CardHandle } from './card-field';
import { checkoutKeys, fetchQuote, packageQuery, paymentSourcesQuery, postAttempt, postPayPalCapture, postPayPalOrder, quoteQuery } from './checkout-api';
import { PayPalField } from './paypal-field';
import type { PayPalApproveData } from './paypal-js';
import { type ConfirmResult, loadStripe } from './stripe-js';
import './checkout.css';

const METHOD_ORDER: readonly CheckoutPaymentMethod[] = ['cash', 'card', 'oxxo', 'paypal'];
/** The 'Usar otra tarjeta' choice among the saved cards. */
const NEW_CARD = 'new';

export function checkoutPath(classPackageId: number): string {
  return `/checkout/${classPackageId}`;
}

export function orderPath(purchaseId: number): string {
  return `/gracias/${purchaseId}`;
}

/** 'Estás Comprando': what the package is and what it costs, as the catalogue describes it. */
function PackageSummary({ pkg }: { pkg: ClassPackage }) {
  const wording = pkg.is_subscription ? subscriptionWording(pkg.subscription_period, pkg.subscription_interval) : null;
  const onSale = pkg.sale_price !== null && pkg.sale_price !== pkg.price;
  return (
    <section className="checkout-card" aria-labelledby="checkout-buying">
      <h2 id="checkout-buying" className="checkout-card__heading">
        {m.buying}
      </h2>
      {pkg.image?.src && <img className="checkout-card__image" src={pkg.image.src} alt="" />}
      <h3 className="checkout-card__title">{pkg.title}</h3>
      {pkg.description?.trim() ? <HtmlContent html={pkg.description} /> : null}
      {pkg.short_description && <p>{pkg.short_description}</p>}
      <p className="checkout-card__price">
        {onSale && (
          <>
            <span className="visually-hidden">{m.regularPrice}: </span>
            <s className="checkout-card__list-price">{formatPriceMxn(pkg.price)}</s> <span className="visually-hidden">{m.salePrice}: </span>
          </>
        )}
        <strong>{formatPriceMxn(pkg.sale_price ?? pkg.price)}</strong>
        {wording && <span className="checkout-card__period"> {wording}</span>}
      </p>
    </section>
  );
}

function SignInPanel({ returnTo }: { returnTo: string }) {
  return (
    <section className="checkout-panel" aria-labelledby="checkout-sign-in">
      <h2 id="checkout-sign-in">{m.signInTitle}</h2>
      <p>{m.signInBody}</p>
      <div className="actions">
        {/* The state carries where to come back to once signed in. */}
        <Link className="button" to={paths.login} state={{ from: returnTo }}>
          {m.signIn}
        </Link>
        <Link className="button button--secondary" to={paths.signup} state={{ from: returnTo }}>
          {m.signUp}
        </Link>
      </div>
    </section>
  );
}

interface DiscountFormProps {
  classPackageId: number;
  uid: string | null;
  appliedCode: string | null;
  onApplied: (code: string | null) => void;
}

/** Validates a code by asking for the quote with it; the quote it answers replaces the checkout's. */
function DiscountForm({ classPackageId, uid, appliedCode, onApplied }: DiscountFormProps) {
  const inputId = useId();
  const [code, setCode] = useState('');
  const validate = useServerMutation({
    mutationFn: (value: string) => fetchQuote(classPackageId, value),
    meta: { alert: false },
    onSuccess: (answer, value) => {
      queryClient.setQueryData(checkoutKeys.quote(classPackageId, value, uid), answer);
      onApplied(value);
      setCode('');
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.trim();
    if (!value || validate.isPending) return;
    validate.mutate(value);
  }

  return (
    <form className="checkout-discount" onSubmit={submit} noValidate aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="checkout-panel__subtitle">
        {m.discountTitle}
      </h2>
      {appliedCode ? (
        <div className="checkout-discount__applied">
          <p role="status">{fill(m.discountApplied, { code: appliedCode })}</p>
          <button type="button" className="link-button" onClick={() => onApplied(null)}>
            {m.removeDiscount}
          </button>
        </div>
      ) : (
        <>
          <div className="field">
            <label className="field__label" htmlFor={inputId}>
              {messages.fields.discountCode}
            </label>
            <div className="checkout-discount__row">
              <input
                id={inputId}
                className="field__control"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                maxLength={40}
              />
              <button type="submit" className="button button--secondary" disabled={validate.isPending || !code.trim()} aria-busy={validate.isPending}>
                {m.applyDiscount}
              </button>
            </div>
          </div>
          {validate.isPending && <Spinner label={m.validatingDiscount} />}
          <FormError message={validate.error ? apiErrorText(validate.error) : null} />
        </>
      )}
    </form>
  );
}

function QuoteSummary({ quote, timezone }: { quote: CheckoutQuote; timezone: string }) {
  const wording = quote.renewal ? subscriptionWording(quote.renewal.period, quote.renewal.interval) : null;
  return (
    <section className="checkout-summary" aria-labelledby="checkout-summary">
      <h2 id="checkout-summary" className="checkout-panel__subtitle">
        {m.summary}
      </h2>
      <dl className="checkout-summary__rows">
        <div>
          <dt>{m.subtotal}</dt>
          <dd>
            {quote.list_price !== quote.price && (
              <>
                <s className="checkout-card__list-price">{formatPriceMxn(quote.list_price)}</s>{' '}
              </>
            )}
            {formatPriceMxn(quote.price)}
          </dd>
        </div>
        {quote.discount_amount > 0 && (
          <div>
            <dt>{m.discount}</dt>
            <dd>-{formatPriceMxn(quote.discount_amount)}</dd>
          </div>
        )}
        <div className="checkout-summary__total">
          <dt>{quote.trial ? m.totalToday : m.total}</dt>
          <dd>{formatPriceMxn(quote.total_now)}</dd>
        </div>
      </dl>
      {quote.trial && (
        <p>
          {fill(m.trialNextCharge, {
            days: quote.trial.days,
            amount: formatPriceMxn(quote.trial.first_charge_amount),
            date: formatStudioDate(quote.trial.first_charge_at, timezone),
          })}
        </p>
      )}
      {quote.renewal && wording && <p className="muted">{fill(m.renewal, { amount: formatPriceMxn(quote.renewal.amount), wording })}</p>}
    </section>
  );
}

function TermsCheckbox({ pages, business, checked, onChange }: { pages: Page[]; business: string; checked: boolean; onChange: (value: boolean) => void }) {
  const listId = useId();
  return (
    <div className="checkout-terms">
      <Checkbox label={fill(messages.pages.termsIntro, { business })} checked={checked} onChange={onChange} descriptionId={listId} />
      <ul id={listId} className="checkout-terms__list" aria-label={m.termsDocuments}>
        {pages.map((page) => (
          <li key={page.page_id}>
            <button type="button" className="link-button" onClick={() => openModal(page.title, <HtmlContent html={page.content ?? ''} />)}>
              {page.title}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SignupFeeModal({ feePackageId, onClose }: { feePackageId: number; onClose: () => void }) {
  return (
    <Modal title={checkoutMessages.completeSignup} onClose={onClose}>
      <p>{m.signupFeeBody}</p>
      <div className="modal__actions">
        <Link className="button" to={checkoutPath(feePackageId)} onClick={onClose}>
          {checkoutMessages.completeSignup}
        </Link>
      </div>
    </Modal>
  );
}

interface PurchasePanelProps {
  classPackageId: number;
  quote: CheckoutQuote;
  methods: CheckoutPaymentMethod[];
  appliedCode: string | null;
  requiredPages: Page[];
}

/** Method, terms and the pay button of a signed-in buyer. */
function PurchasePanel({ classPackageId, quote, methods, appliedCode, requiredPages }: PurchasePanelProps) {
  const config = useConfig();
  const navigate = useNavigate();
  const noteId = useId();
  const offered = METHOD_ORDER.filter((method) => methods.includes(method));
  const [chosen, setChosen] = useState<CheckoutPaymentMethod | null>(null);
  // Cash is the default when the studio takes it (public-site §4); otherwise the first method offered.
  const method = chosen && offered.includes(chosen) ? chosen : (offered[0] ?? null);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [cardEmpty, setCardEmpty] = useState(true);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cardRef = useRef<CardHandle | null>(null);
  const customer = useSession((state) => state.customer);
  const [cardChoice, setCardChoice] = useState<string | null>(null);
  const attempt = useServerMutation({ mutationFn: postAttempt, meta: { alert: false, invalidates: [checkoutKeys.purchases] } });
  const paypalOrder = useServerMutation({ mutationFn: postPayPalOrder, meta: { alert: false, invalidates: [checkoutKeys.purchases] } });
  const paypalCapture = useServerMutation({ mutationFn: postPayPalCapture, meta: { alert: false, invalidates: [checkoutKeys.purchases] } });
  const [note, setNote] = useState<string | null>(null);
  // PayPal calls onError after any rejected createOrder: set when that rejection's message is already shown (or we left the page).
  const paypalErrorShown = useRef(false);

  const free = quote.is_free_offer;
  // A free trial keeps a new card through a SetupIntent the server does not bind to a saved one: saved cards pay only what is charged now.
  const savedCardsWanted = !free && quote.trial === null && offered.includes('card') && configBoolean(config, 'payment_sources_enabled');
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
  // The card field reports empty until it is mounted and something is typed in it.
  const blocked = paying || (termsNeeded && !termsAccepted) || (!free && method === null) || savedCardsLoading || (useCardElement && cardEmpty);

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

  const errorText = (caught: unknown) =>
    caught instanceof ApiError ? apiErrorText(caught) : caught instanceof Error ? caught.message : messages.common.genericError;

  /** PayPal's createOrder: the server places the pending purchase and its order (never /checkout/attempt, which refuses PayPal). */
  async function createPayPalOrder(): Promise<string> {
    setError(null);
    setNote(null);
    paypalErrorShown.current = false;
    let answer;
    try {
      answer = await paypalOrder.mutateAsync({ class_package_id: classPackageId, ...(appliedCode ? { discountCode: appliedCode } : {}) });
    } catch (caught) {
      paypalErrorShown.current = true;
      setError(errorText(caught));
      throw caught;
    }
    if (answer.orderID) return answer.orderID;
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
      const answer = await paypalCapture.mutateAsync(data.orderID);
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

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // PayPal pays through its own buttons; Enter in the form must not post an attempt the server refuses.
    if (blocked || usePayPal) return;
    setError(null);
    setPaying(true);
    try {
      const answer = await attempt.mutateAsync({
        class_package_id: classPackageId,
        ...(appliedCode ? { discountCode: appliedCode } : {}),
        ...(free || method === null ? {} : { payment_method: method }),
        ...(!free && savedCard ? { payment_source_id: savedCard.payment_source_id } : {}),
      });
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

  return (
    <form className="checkout-pay" onSubmit={(event) => void pay(event)} noValidate aria-busy={paying}>
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
          createOrder={createPayPalOrder}
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

function CheckoutView({ classPackageId, requiredPages }: { classPackageId: number; requiredPages: Page[] | null }) {
  const config = useConfig();
  const location = useLocation();
  const status = useSession((state) => state.status);
  const uid = useSession((state) => state.uid);
  const signedIn = status === 'signed-in';
  const [appliedCode, setAppliedCode] = useState<string | null>(null);
  const [feeDismissed, setFeeDismissed] = useState(false);
  const pkg = useServerQuery(packageQuery(classPackageId));
  // Wait for a session that is still loading: the quote depends on who asks (signup fee).
  const quote = useServerQuery({ ...quoteQuery(classPackageId, signedIn ? appliedCode : null, signedIn ? uid : null), enabled: status !== 'loading' });

  if (pkg.error instanceof ApiError && pkg.error.status === 404) return <NotFound />;
  if (pkg.isError || quote.isError) {
    const failed = pkg.error ?? quote.error;
    return (
      <section className="screen">
        <h1>{messages.screens.checkoutTitle}</h1>
        <p role="alert">{apiErrorText(failed) ?? messages.common.genericError}</p>
      </section>
    );
  }

  const answer = quote.data;
  const feePackageId = signedIn ? (answer?.quote.signup_fee_required ?? null) : null;
  return (
    <section className="screen checkout">
      <h1>{messages.screens.checkoutTitle}</h1>
      <div className="checkout__grid">
        {pkg.data ? <PackageSummary pkg={pkg.data} /> : <Spinner />}
        <div className="checkout-panel">
          {!answer || !requiredPages ? (
            <Spinner />
          ) : (
            <>
              {signedIn && configBoolean(config, 'discounts_enabled') && !answer.quote.is_free_offer && (
                <DiscountForm classPackageId={classPackageId} uid={uid} appliedCode={appliedCode} onApplied={setAppliedCode} />
              )}
              <QuoteSummary quote={answer.quote} timezone={configString(config, 'timezone')} />
              {signedIn ? (
                <PurchasePanel
                  classPackageId={classPackageId}
                  quote={answer.quote}
                  methods={answer.methods}
                  appliedCode={appliedCode}
                  requiredPages={requiredPages}
                />
              ) : (
                <SignInPanel returnTo={location.pathname} />
              )}
            </>
          )}
        </div>
      </div>
      {feePackageId !== null && !feeDismissed && <SignupFeeModal feePackageId={feePackageId} onClose={() => setFeeDismissed(true)} />}
    </section>
  );
}

/**
 * /checkout/{class_package_id} (public-site §2): the package, the server's
 * quote, and for a signed-in buyer the discount code, method, terms and pay.
 * `requiredPages` are the documents flagged `required` (null while loading).
 */
export function CheckoutScreen({ requiredPages }: { requiredPages: Page[] | null }) {
  const { class_package_id = '' } = useParams();
  const id = Number(class_package_id);
  if (!Number.isInteger(id) || id < 1) return <NotFound />;
  // Keyed by package, so moving to the signup-fee package starts from its own state.
  return <CheckoutView key={id} classPackageId={id} requiredPages={requiredPages} />;
}
