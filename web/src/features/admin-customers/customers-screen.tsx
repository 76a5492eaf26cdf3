import { formatAdminDate, formatAdminDateTime } from '@studio/shared/format/admin-dates';
import { formatMoneyMxn } from '@studio/shared/format/money';
import { orderTitle } from '@studio/shared/format/order-number';
import { paymentMethodLabel } from '@studio/shared/format/payment-method';
import { fill } from '@studio/shared/messages';
import { adminCustomersMessages as m } from '@studio/shared/messages/admin-customers';
import type { AdminPurchase } from '@studio/shared/schemas/checkout';
import { customerSearchSchema } from '@studio/shared/schemas/customer';
import { Field, Form, Formik, useField } from 'formik';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { Pager } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { apiErrorText } from '../../lib/api-client';
import { configString, useConfig } from '../../lib/app-config';
import { useServerQuery } from '../../lib/server-data';
import { customerDetailPath, customerSearchQuery } from './admin-customers-api';
import { NewCustomerModal } from './customer-profile-forms';
import './admin-customers.css';

/** Where the desk confirms cash payments (admin-payments; its search takes ?q=). */
const PENDING_CASH_PATH = '/admin/pagos-pendientes';

/** Query parameters, in Spanish like the routes: /admin/clientes?q=ana&pagina=2. */
export const CUSTOMER_SEARCH_PARAMS = { query: 'q', page: 'pagina' } as const;

function pageFrom(value: string | null): number {
  return value !== null && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

const c = m.columns;

/** form-field.tsx's TextField marks an empty box as optional or required; a search box is neither, so it keeps the same wiring without that. */
function SearchField() {
  const id = useId();
  const [, meta] = useField<string>('query');
  const error = typeof meta.error === 'string' ? meta.error : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {m.searchLabel}
      </label>
      <Field
        id={id}
        name="query"
        type="search"
        className="field__control"
        maxLength={100}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}
      />
      <p id={`${id}-hint`} className="field__hint">
        {m.searchHint}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The purchase an order number names, above the customers the same text
 * matches (a bare number may be a phone as well): its number as the customer
 * has it, what and how it was paid, its buyer linked, and for a cash one
 * still pending the way to the desk's confirmation.
 */
function FoundOrder({ order, timezone }: { order: AdminPurchase; timezone: string }) {
  const buyer = order.customer;
  const title = orderTitle(order.purchase_id);
  return (
    <section className="admin-customers__order-found" aria-label={m.orderFound}>
      <h2>
        {m.orderFound}: {title}
      </h2>
      <p>
        {fill(m.orderFacts, {
          package: order.title,
          total: order.is_gift ? m.gift : formatMoneyMxn(order.total_payment),
          method: paymentMethodLabel(order),
          status: m.purchaseStatus[order.status] ?? order.status,
        })}
        {' · '}
        <time dateTime={order.createdAt}>{formatAdminDateTime(order.createdAt, timezone)}</time>
      </p>
      <p>
        {buyer ? (
          <>
            {m.orderBuyer}
            <Link to={customerDetailPath(buyer.customer_id)}>{`${buyer.name} ${buyer.last_name}`.trim() || buyer.email}</Link>
          </>
        ) : (
          m.orderBuyerGone
        )}
      </p>
      {order.status === 'pending' && order.checkout_method === 'cash' && (
        <p>
          <Link to={`${PENDING_CASH_PATH}?${new URLSearchParams({ q: title })}`}>{m.orderToPending}</Link>
        </p>
      )}
    </section>
  );
}

/**
 * /admin/clientes: search customers by name, e-mail or phone (every word must
 * start a word of theirs, as the API matches), 50 a page, newest first; the
 * query and the page live in the address so a search can be shared or reloaded.
 */
export function CustomersScreen() {
  const timezone = configString(useConfig(), 'timezone');
  const [params, setParams] = useSearchParams();
  const query = params.get(CUSTOMER_SEARCH_PARAMS.query)?.trim() ?? '';
  const page = pageFrom(params.get(CUSTOMER_SEARCH_PARAMS.page));
  const { data, isPending, isError, error, isFetching, isPlaceholderData, refetch } = useServerQuery(customerSearchQuery(query, page));
  const [creating, setCreating] = useState(false);

  const go = (next: { query: string; page: number }) => {
    const out = new URLSearchParams();
    if (next.query) out.set(CUSTOMER_SEARCH_PARAMS.query, next.query);
    if (next.page > 1) out.set(CUSTOMER_SEARCH_PARAMS.page, String(next.page));
    setParams(out);
  };

  let body;
  if (data) {
    const pages = Math.ceil(data.total / data.page_size);
    body =
      data.customers.length === 0 && data.order ? null : data.customers.length === 0 ? (
        <p className="muted">{query ? m.noMatches : m.empty}</p>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {fill(m.total, { n: data.total })}
          </p>
          <table className="admin-customers__table" aria-label={m.resultsLabel} aria-busy={isPlaceholderData}>
            <thead>
              <tr>
                <th scope="col">{c.name}</th>
                <th scope="col">{c.email}</th>
                <th scope="col">{c.phone}</th>
                <th scope="col">{c.since}</th>
              </tr>
            </thead>
            <tbody>
              {data.customers.map((customer) => (
                <tr key={customer.customer_id}>
                  <th scope="row" data-label={c.name}>
                    <Link to={customerDetailPath(customer.customer_id)}>{`${customer.name} ${customer.last_name}`.trim()}</Link>
                  </th>
                  <td data-label={c.email}>{customer.email}</td>
                  <td data-label={c.phone}>{customer.phone || m.none}</td>
                  <td data-label={c.since}>{formatAdminDate(customer.createdAt, timezone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            page={page}
            pages={pages}
            onPage={(p) => go({ query, page: p })}
            className="admin-customers__pager"
            label={m.pagerLabel}
            previousText={m.previousPage}
            nextText={m.nextPage}
            pageText={fill(m.pageOf, { page: page, pages })}
          />
        </>
      );
  } else if (isPending) {
    body = <Spinner />;
  } else if (isError) {
    body = <LoadError message={apiErrorText(error) ?? m.listLoadError} retrying={isFetching} onRetry={() => void refetch()} />;
  }

  return (
    <section className="screen admin-customers">
      <h1>{m.title}</h1>
      <div className="admin-customers__actions">
        <button type="button" className="button" onClick={() => setCreating(true)}>
          {m.newCustomer}
        </button>
      </div>
      <Formik
        // A new address (back, a shared link) refills the box with its query.
        key={query}
        initialValues={{ query }}
        validationSchema={customerSearchSchema}
        onSubmit={(values) => go({ query: values.query.trim(), page: 1 })}
      >
        <Form role="search" noValidate className="admin-customers__search" aria-label={m.searchLabel}>
          <SearchField />
          <button type="submit" className="button">
            {m.search}
          </button>
        </Form>
      </Formik>
      {data?.order && <FoundOrder order={data.order} timezone={timezone} />}
      {body}
      {creating && <NewCustomerModal onClose={() => setCreating(false)} />}
    </section>
  );
}
