import { formatStudioDate } from '@studio/shared/format/dates';
import { formatPriceMxn } from '@studio/shared/format/money';
import { subscriptionWording } from '@studio/shared/format/subscription-wording';
import { fill } from '@studio/shared/messages';
import { shopMessages as m } from '@studio/shared/messages/shop';
import type { CheckoutQuote } from '@studio/shared/schemas/checkout';

export function QuoteSummary({ quote, timezone }: { quote: CheckoutQuote; timezone: string }) {
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
