import { formatStudioDate } from '@studio/shared/format/dates';
import { formatPriceMxn } from '@studio/shared/format/money';
import { paymentMethodLabel } from '@studio/shared/format/payment-method';
import { fill, messages } from '@studio/shared/messages';
import { shopMessages as m } from '@studio/shared/messages/shop';
import type { Invoice } from '@studio/shared/types/purchases';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { StatusBadge } from '../../components/status-badge';
import { configString, useConfig } from '../../lib/app-config';
import { paths } from '../../lib/paths';
import { useServerQuery } from '../../lib/server-data';
import { useSession } from '../../lib/session';
import { invoicesQuery } from './purchases-api';
import './purchases.css';

/** The receipt's lines, in the order an accountant reads them. */
function ReceiptFacts({ invoice, customer, timezone }: { invoice: Invoice; customer: string; timezone: string }) {
  const concept = `${invoice.purchase?.title ?? invoice.title}${invoice.billing_reason === 'renewal' ? ` · ${m.renewalInvoice}` : ''}`;
  const facts: Array<[string, React.ReactNode]> = [
    [m.receiptCustomer, customer],
    [m.receiptConcept, concept],
    [m.receiptAmount, formatPriceMxn(invoice.total_payment)],
    [m.receiptDate, formatStudioDate(invoice.createdAt, timezone, 'DD MMM YYYY, HH:mm')],
    [m.receiptMethod, paymentMethodLabel(invoice)],
    [m.receiptOrder, fill(messages.screens.orderTitle, { id: invoice.purchase_id })],
    [m.receiptStatus, <StatusBadge key="status" status={invoice.status} />],
  ];
  return (
    <dl className="receipt__facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /mystudio/pagos/recibo/{invoice_id}: one charge of Mis Cargos as a receipt
 * (studio, customer, concept, amount in MXN, date, method, order, status)
 * that prints on its own: the print style leaves out the app around it.
 */
export function ReceiptScreen() {
  const { invoice_id: param = '' } = useParams();
  const config = useConfig();
  const timezone = configString(config, 'timezone');
  const studio = configString(config, 'business_name');
  const customer = useSession((state) => state.customer);
  const { data, isPending, isError, isFetching, refetch } = useServerQuery(invoicesQuery);
  const invoice = data?.find((i) => String(i.invoice_id) === param) ?? null;
  const customerName = customer ? [`${customer.name ?? ''} ${customer.last_name ?? ''}`.trim(), customer.email].filter(Boolean).join(' · ') : '—';

  let body;
  if (invoice) {
    body = (
      <article className="receipt" aria-labelledby="receipt-title">
        <header className="receipt__header">
          <p className="receipt__studio">{studio}</p>
          <h1 id="receipt-title">{fill(m.receiptNumber, { id: invoice.invoice_id })}</h1>
        </header>
        <ReceiptFacts invoice={invoice} customer={customerName} timezone={timezone} />
        {invoice.status === 'failed' && <p className="receipt__note">{m.receiptFailedNote}</p>}
        <div className="receipt__actions">
          <button type="button" className="button" onClick={() => window.print()}>
            {m.receiptPrint}
          </button>
          <Link to={paths.myCharges}>{m.receiptBack}</Link>
        </div>
      </article>
    );
  } else if (data) {
    body = (
      <>
        <h1>{m.receiptTitle}</h1>
        <p role="alert">{m.receiptNotFound}</p>
        <Link to={paths.myCharges}>{m.receiptBack}</Link>
      </>
    );
  } else if (isPending) {
    body = (
      <>
        <h1>{m.receiptTitle}</h1>
        <Spinner />
      </>
    );
  } else if (isError) {
    body = (
      <>
        <h1>{m.receiptTitle}</h1>
        <LoadError message={m.invoicesLoadError} retrying={isFetching} onRetry={() => void refetch()} />
      </>
    );
  }
  return <section className="screen purchases receipt-screen">{body}</section>;
}
