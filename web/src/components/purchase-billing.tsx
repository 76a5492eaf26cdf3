import { DATE_FORMAT, formatStudioDate } from '@studio/shared/format/dates';
import { formatPriceMxn } from '@studio/shared/format/money';
import { fill } from '@studio/shared/messages';
import { shopMessages as m } from '@studio/shared/messages/shop';
import type { Purchase } from '@studio/shared/types/purchases';
import './purchase-billing.css';

/** 'Próximo cargo: {fecha} · {monto}' of a running subscription or trial (the order page and Mis Compras); nothing when none is coming. */
export function NextCharge({ purchase, timezone }: { purchase: Purchase; timezone: string }) {
  const amount = purchase.next_charge_amount;
  if (!purchase.next_charge_at || amount === null || amount === undefined) return null;
  return <p className="next-charge">{fill(m.nextCharge, { date: formatStudioDate(purchase.next_charge_at, timezone), amount: formatPriceMxn(amount) })}</p>;
}

/**
 * A pending OXXO purchase's voucher (reference, amount, deadline and Stripe's
 * printable page), so it can be found again once Stripe's overlay is closed.
 * Until Stripe's notice brings it, a note says it is on its way.
 */
export function OxxoVoucherDetails({ purchase, timezone, inTable = false }: { purchase: Purchase; timezone: string; inTable?: boolean }) {
  if (purchase.status !== 'pending' || purchase.checkout_method !== 'oxxo') return null;
  const voucher = purchase.oxxo_voucher;
  const headingId = `oxxo-voucher-${purchase.purchase_id}`;
  // Inside a table row (Mis Compras) a heading would break the page's outline: the title is plain text there.
  const Title = inTable ? 'p' : 'h2';
  return (
    <section className="oxxo-voucher" aria-labelledby={headingId}>
      <Title id={headingId} className="oxxo-voucher__title">
        {m.oxxoVoucherTitle}
      </Title>
      {voucher ? (
        <>
          <dl className="oxxo-voucher__facts">
            <div>
              <dt>{m.oxxoReference}</dt>
              <dd className="oxxo-voucher__reference">{voucher.reference}</dd>
            </div>
            <div>
              <dt>{m.oxxoAmount}</dt>
              <dd>{formatPriceMxn(purchase.total_payment)}</dd>
            </div>
            {voucher.expires_at && (
              <div>
                <dt>{m.oxxoDeadline}</dt>
                <dd>{formatStudioDate(voucher.expires_at, timezone, `${DATE_FORMAT}, HH:mm`)}</dd>
              </div>
            )}
          </dl>
          {voucher.voucher_url && (
            <a href={voucher.voucher_url} target="_blank" rel="noopener noreferrer" aria-label={fill(m.oxxoVoucherLinkOf, { title: purchase.title })}>
              {m.oxxoVoucherLink}
            </a>
          )}
        </>
      ) : (
        <p>{m.oxxoVoucherWaiting}</p>
      )}
    </section>
  );
}
