import { formatStudioDate } from '@studio/shared/format/dates';
import { formatPriceMxn } from '@studio/shared/format/money';
import { paymentMethodLabel } from '@studio/shared/format/payment-method';
import { subscriptionWording } from '@studio/shared/format/subscription-wording';
import { fill, messages } from '@studio/shared/messages';
import { checkoutMessages } from '@studio/shared/messages/checkout';
import { shopMessages as m } from '@studio/shared/messages/shop';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LOGIN_HINT_DELAY_MS } from '../../../components/accessing-screen';
import { NotFound } from '../../../components/not-found';
import { NextCharge, OxxoVoucherDetails } from '../../../components/purchase-billing';
import { Spinner } from '../../../components/spinner';
import { StatusBadge } from '../../../components/status-badge';
import { ApiError } from '../../../lib/api-client';
import { configString, useConfig } from '../../../lib/app-config';
import { paths } from '../../../lib/paths';
import { useServerQuery } from '../../../lib/server-data';
import { useSession } from '../../../lib/session';
import { useAfterDelay } from '../../../lib/use-after-delay';
import { type OrderPurchase, orderQuery } from '../checkout-api';
import '../checkout.css';

/** A card or PayPal purchase completes when the server gets the processor's notice: /gracias asks again this often, for at most this long. */
export const ORDER_POLL_INTERVAL_MS = 2_000;
export const ORDER_POLL_LIMIT_MS = 120_000;

const isProcessing = (purchase: OrderPurchase) =>
  purchase.status === 'pending' && (purchase.checkout_method === 'card' || purchase.checkout_method === 'paypal');
/** An OXXO voucher is kept when Stripe's notice arrives, moments after its overlay showed: ask again until it is there. */
const awaitsVoucher = (purchase: OrderPurchase) => purchase.status === 'pending' && purchase.checkout_method === 'oxxo' && !purchase.oxxo_voucher;

/** Before the credits are granted, the days they last (the spec's sentence); once granted, the day they end in the studio's calendar. */
function Validity({ purchase, timezone }: { purchase: OrderPurchase; timezone: string }) {
  if (purchase.credits_expire_at) {
    return <p>{fill(m.orderExpiresOn, { date: formatStudioDate(purchase.credits_expire_at, timezone, m.orderExpiryDateFormat) })}</p>;
  }
  return purchase.expiration_days ? <p>{fill(m.orderValidity, { n: purchase.expiration_days })}</p> : null;
}

function OrderDetails({ purchase, timezone, pollingStopped }: { purchase: OrderPurchase; timezone: string; pollingStopped: boolean }) {
  const pkg = purchase.class_package;
  const wording =
    purchase.subscription_id || pkg.is_subscription
      ? subscriptionWording(purchase.subscription_period ?? pkg.subscription_period, purchase.subscription_interval ?? pkg.subscription_interval)
      : null;
  const cashPending = purchase.status === 'pending' && purchase.checkout_method === 'cash';
  const discount = purchase.discount?.amount ?? 0;
  return (
    <>
      {purchase.receipt_file?.src && <img className="order__receipt" src={purchase.receipt_file.src} alt={fill(m.receiptAlt, { title: purchase.title })} />}
      <h2 className="order__package">{purchase.title}</h2>
      <div aria-live="polite">
        {isProcessing(purchase) && (
          <div className="order__processing">
            {/* The ring only: the sentence below says it, once (a labelled spinner made screen readers hear it twice). */}
            {!pollingStopped && (
              <div className="spinner" aria-hidden="true">
                <span className="spinner__ring" />
              </div>
            )}
            <p>{pollingStopped ? m.stillProcessing : checkoutMessages.cardPending}</p>
          </div>
        )}
        {/* An OXXO voucher may be paid days later: no spinner and no polling, just what to do. */}
        {purchase.status === 'pending' && purchase.checkout_method === 'oxxo' && <p className="order__oxxo">{m.oxxoPending}</p>}
      </div>
      <OxxoVoucherDetails purchase={purchase} timezone={timezone} />
      <dl className="order__facts">
        <div>
          <dt>{m.orderDate}</dt>
          <dd>{formatStudioDate(purchase.createdAt, timezone)}</dd>
        </div>
        <div>
          <dt>{m.orderStatus}</dt>
          <dd>
            <StatusBadge status={purchase.status} />
          </dd>
        </div>
        <div>
          <dt>{m.orderClasses}</dt>
          <dd>{purchase.class_amount === -1 ? m.unlimitedClasses : purchase.class_amount}</dd>
        </div>
        <div>
          <dt>{m.orderPaymentMethod}</dt>
          <dd>{paymentMethodLabel(purchase)}</dd>
        </div>
        {purchase.customer && (
          <div>
            <dt>{m.orderAccount}</dt>
            <dd className="order__email">{purchase.customer.email}</dd>
          </div>
        )}
        <div>
          <dt>{m.subtotal}</dt>
          <dd>{formatPriceMxn(purchase.subtotal)}</dd>
        </div>
        {discount > 0 && (
          <div>
            <dt>{m.discount}</dt>
            <dd>-{formatPriceMxn(discount)}</dd>
          </div>
        )}
        <div className="order__total">
          <dt>{m.total}</dt>
          <dd>{formatPriceMxn(purchase.total_payment)}</dd>
        </div>
      </dl>
      {wording ? <p>{fill(m.orderRenewal, { wording })}</p> : <Validity purchase={purchase} timezone={timezone} />}
      <NextCharge purchase={purchase} timezone={timezone} />
      {cashPending && (
        <section className="order__instructions" aria-labelledby="order-instructions">
          <h2 id="order-instructions">{m.cashInstructionsTitle}</h2>
          <p className="pre-line">{purchase.payment_instructions ?? checkoutMessages.cashInstructionsDefault}</p>
          {purchase.pay_by && <p>{fill(m.payBy, { date: formatStudioDate(purchase.pay_by, timezone) })}</p>}
        </section>
      )}
      <p>
        <Link className="button" to={paths.myStudio}>
          {m.goToMyClasses}
        </Link>
      </p>
    </>
  );
}

function OrderView({ id }: { id: number }) {
  const timezone = configString(useConfig(), 'timezone');
  const [startedAt] = useState(() => Date.now());
  const [pollingStopped, setPollingStopped] = useState(false);
  const { data, error, isPending } = useServerQuery({
    ...orderQuery(id),
    // Until the webhook completes a card or PayPal purchase (or brings an OXXO voucher), ask again every 2 s; stop once it changes or after 2 minutes.
    refetchInterval: (query) => {
      const purchase = query.state.data;
      if (!purchase || !(isProcessing(purchase) || awaitsVoucher(purchase))) return false;
      if (Date.now() - startedAt >= ORDER_POLL_LIMIT_MS) {
        queueMicrotask(() => setPollingStopped(true));
        return false;
      }
      return ORDER_POLL_INTERVAL_MS;
    },
  });

  let body;
  if (data) body = <OrderDetails purchase={data} timezone={timezone} pollingStopped={pollingStopped} />;
  else if (isPending) body = <Spinner />;
  else if (error instanceof ApiError && error.status === 404) return <NotFound />;
  else body = <p role="alert">{m.orderLoadError}</p>;

  return (
    <section className="screen order">
      <h1>{fill(messages.screens.orderTitle, { id })}</h1>
      {body}
    </section>
  );
}

/** Until the buyer's session is known: the order's title, a spinner, and after 30 s the way to /entrar (as 'Accediendo' does). */
function WaitingForSession({ id }: { id: number }) {
  const showHint = useAfterDelay(LOGIN_HINT_DELAY_MS);
  return (
    <section className="screen order">
      <h1>{fill(messages.screens.orderTitle, { id })}</h1>
      <Spinner />
      <div aria-live="polite">
        {showHint && (
          <p>
            {messages.common.accessingHint} <Link to={paths.login}>{messages.common.goToLogin}</Link>
          </p>
        )}
      </div>
    </section>
  );
}

/** /gracias/{id}: the order confirmation (public-site §2) of the signed-in buyer's purchase. */
export function OrderScreen() {
  const { id = '' } = useParams();
  const purchaseId = Number(id);
  const signedIn = useSession((state) => state.status === 'signed-in');
  if (!Number.isInteger(purchaseId) || purchaseId < 1) return <NotFound />;
  // Only the buyer (or an admin) may read the order: wait for the session, as the customer area does.
  if (!signedIn) return <WaitingForSession id={purchaseId} />;
  return <OrderView key={purchaseId} id={purchaseId} />;
}
