import { formatStudioDate } from '@studio/shared/format/dates';
import { formatPriceMxn } from '@studio/shared/format/money';
import { paymentMethodLabel } from '@studio/shared/format/payment-method';
import { fill, messages } from '@studio/shared/messages';
import { shopMessages as m } from '@studio/shared/messages/shop';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { StatusBadge } from '../../components/status-badge';
import { configString, useConfig } from '../../lib/app-config';
import { paths } from '../../lib/paths';
import { useServerQuery } from '../../lib/server-data';
import { invoicesQuery } from './purchases-api';
import { RecordsTable } from './records-table';
import './purchases.css';

const c = m.columns;

/** /mystudio/pagos, Mis Cargos (customer-area §5; only while subscriptions_enabled): every charge collected or failed, each with its printable receipt. */
export function ChargesScreen() {
  const timezone = configString(useConfig(), 'timezone');
  const { data, isPending, isError, isFetching, refetch } = useServerQuery(invoicesQuery);

  let body;
  if (data) {
    body =
      data.length === 0 ? (
        <p className="muted">{m.noInvoices}</p>
      ) : (
        <RecordsTable>
          {data.map((invoice) => (
            <tr key={invoice.invoice_id}>
              <th scope="row" data-label={c.package}>
                {invoice.purchase?.title ?? invoice.title}
                {invoice.billing_reason === 'renewal' && <span className="muted"> · {m.renewalInvoice}</span>}
              </th>
              <td data-label={c.date}>{formatStudioDate(invoice.createdAt, timezone)}</td>
              <td data-label={c.total}>{formatPriceMxn(invoice.total_payment)}</td>
              <td data-label={c.method}>{paymentMethodLabel(invoice)}</td>
              <td data-label={c.status}>
                <StatusBadge status={invoice.status} />
              </td>
              <td data-label={c.actions}>
                <Link
                  to={paths.myReceipt.replace(':invoice_id', String(invoice.invoice_id))}
                  aria-label={fill(m.viewReceiptOf, { title: invoice.purchase?.title ?? invoice.title, date: formatStudioDate(invoice.createdAt, timezone) })}
                >
                  {m.viewReceipt}
                </Link>
              </td>
            </tr>
          ))}
        </RecordsTable>
      );
  } else if (isPending) {
    body = <Spinner />;
  } else if (isError) {
    body = <LoadError message={m.invoicesLoadError} retrying={isFetching} onRetry={() => void refetch()} />;
  }

  return (
    <section className="screen purchases">
      <h1>{messages.screens.myChargesTitle}</h1>
      {body}
    </section>
  );
}
