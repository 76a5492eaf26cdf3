import { formatStudioDate } from '@studio/shared/format/dates';
import { formatPriceMxn } from '@studio/shared/format/money';
import { paymentMethodLabel } from '@studio/shared/format/payment-method';
import { fill, messages } from '@studio/shared/messages';
import { checkoutMessages } from '@studio/shared/messages/checkout';
import { shopMessages as m } from '@studio/shared/messages/shop';
import type { Purchase } from '@studio/shared/types/purchases';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-error';
import { NextCharge, OxxoVoucherDetails } from '../../components/purchase-billing';
import { Spinner } from '../../components/spinner';
import { StatusBadge } from '../../components/status-badge';
import { showApiError } from '../../lib/api-client';
import { configString, useConfig } from '../../lib/app-config';
import { useServerQuery } from '../../lib/server-data';
import { CancelPurchaseModal } from './cancel-purchase-modal';
import { hasMaterial, isRunningSubscription } from './purchase-format';
import { downloadMaterial, purchasesQuery } from './purchases-api';
import { RecordsTable } from './records-table';
import './purchases.css';

const c = m.columns;

/**
 * 'Descargar material': busy while the material is fetched; a failure shows in
 * the global alert. An outside link the browser would not open in a new tab
 * becomes 'Abrir material', a real link the customer opens with their own click.
 */
function DownloadMaterialButton({ purchase }: { purchase: Purchase }) {
  const [busy, setBusy] = useState(false);
  const [blocked, setBlocked] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    try {
      setBlocked(await downloadMaterial(purchase));
    } catch (error) {
      showApiError(error);
    } finally {
      setBusy(false);
    }
  };
  if (blocked)
    return (
      <a
        className="button button--secondary"
        href={blocked}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={fill(m.openMaterialOf, { title: purchase.title })}
        onClick={() => setBlocked(null)}
      >
        {m.openMaterial}
      </a>
    );
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => void download()}
      disabled={busy}
      aria-busy={busy}
      aria-label={fill(m.downloadMaterialOf, { title: purchase.title })}
    >
      {m.downloadMaterial}
    </button>
  );
}

function PurchaseRow({ purchase, timezone, onCancel }: { purchase: Purchase; timezone: string; onCancel: (purchase: Purchase) => void }) {
  return (
    <tr>
      <th scope="row" data-label={c.package}>
        <div>
          {purchase.title}
          <NextCharge purchase={purchase} timezone={timezone} />
          <OxxoVoucherDetails purchase={purchase} timezone={timezone} inTable />
        </div>
      </th>
      <td data-label={c.date}>{formatStudioDate(purchase.createdAt, timezone)}</td>
      <td data-label={c.total}>{formatPriceMxn(purchase.total_payment)}</td>
      <td data-label={c.method}>{paymentMethodLabel(purchase)}</td>
      <td data-label={c.status}>
        <StatusBadge status={purchase.status} />
        {/* 'Cancelada' with the date (customer-area §4). */}
        {purchase.status === 'cancelled' && purchase.cancelledAt && (
          <span className="muted"> {fill(m.cancelledOn, { date: formatStudioDate(purchase.cancelledAt, timezone) })}</span>
        )}
      </td>
      <td data-label={c.actions}>
        <div className="purchase-actions">
          {purchase.source === 'checkout' && (
            <Link to={`/gracias/${purchase.purchase_id}`} aria-label={`${m.viewOrder} ${fill(messages.screens.orderTitle, { id: purchase.purchase_id })}`}>
              {m.viewOrder}
            </Link>
          )}
          {hasMaterial(purchase) && <DownloadMaterialButton purchase={purchase} />}
          {purchase.status === 'pending' && purchase.source === 'checkout' && (
            <button
              type="button"
              className="button button--secondary purchase-actions__cancel"
              onClick={() => onCancel(purchase)}
              aria-label={fill(m.cancelPurchaseOf, { title: purchase.title })}
            >
              {m.cancelPurchase}
            </button>
          )}
          {isRunningSubscription(purchase) && (
            <button
              type="button"
              className="button button--secondary purchase-actions__cancel"
              onClick={() => onCancel(purchase)}
              aria-label={fill(m.cancelSubscriptionOf, { title: purchase.title })}
            >
              {m.cancelSubscription}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/**
 * /mystudio/membresias, Mis Compras (customer-area §5): every purchase, newest
 * first, with a way to cancel a pending one or a running subscription or
 * trial, its next charge, and a pending OXXO voucher found again.
 */
export function PurchasesScreen() {
  const timezone = configString(useConfig(), 'timezone');
  const { data, isPending, isError, isFetching, refetch } = useServerQuery(purchasesQuery);
  const [cancelling, setCancelling] = useState<Purchase | null>(null);

  let body;
  if (data) {
    body =
      data.length === 0 ? (
        <p className="muted">{checkoutMessages.noPurchases}</p>
      ) : (
        <RecordsTable>
          {data.map((purchase) => (
            <PurchaseRow key={purchase.purchase_id} purchase={purchase} timezone={timezone} onCancel={setCancelling} />
          ))}
        </RecordsTable>
      );
  } else if (isPending) {
    body = <Spinner />;
  } else if (isError) {
    body = <LoadError message={m.purchasesLoadError} retrying={isFetching} onRetry={() => void refetch()} />;
  }

  return (
    <section className="screen purchases">
      <h1>{messages.screens.myPurchasesTitle}</h1>
      {body}
      {cancelling && <CancelPurchaseModal purchase={cancelling} timezone={timezone} onClose={() => setCancelling(null)} />}
    </section>
  );
}
