import { formatAdminDateTime } from '@studio/shared/format/admin-dates';
import { formatMoneyMxn } from '@studio/shared/format/money';
import { orderTitle, parseOrderNumber } from '@studio/shared/format/order-number';
import { fill, messages } from '@studio/shared/messages';
import { adminPaymentsMessages } from '@studio/shared/messages/admin-payments';
import { type AdminPurchase, type PurchaseRejectInput, purchaseRejectSchema } from '@studio/shared/schemas/checkout';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ValidationError } from 'yup';
import { LoadError } from '../../components/load-error';
import { closeModal, confirmAction, openModal } from '../../components/modal-store';
import { Spinner } from '../../components/spinner';
import { showSuccess } from '../../lib/alerts';
import { apiErrorText } from '../../lib/api-client';
import { configString, useConfig } from '../../lib/app-config';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { adminPaymentsKeys, confirmCashPayment, pendingCashQuery, rejectCashPayment } from './admin-payments-api';
import './admin-payments.css';

const m = adminPaymentsMessages;

/** The address's search parameter: /admin/pagos-pendientes?q=00123. */
const SEARCH_PARAM = 'q';

function customerName(purchase: AdminPurchase): string {
  const c = purchase.customer;
  return [c?.name, c?.last_name].filter(Boolean).join(' ') || c?.email || fill(m.customerNumber, { id: purchase.customer_id });
}

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The desk's search over the pending list: an order number ('#00123', '123')
 * finds that purchase alone; any other text keeps the rows whose buyer's name
 * or e-mail holds every word (accents and case aside).
 */
export function matchesPendingSearch(purchase: AdminPurchase, query: string): boolean {
  const id = parseOrderNumber(query);
  if (id !== null) return purchase.purchase_id === id;
  const words = folded(query).split(/\s+/).filter(Boolean);
  const haystack = folded([customerName(purchase), purchase.customer?.email ?? ''].join(' '));
  return words.every((word) => haystack.includes(word));
}

/**
 * The reason form in the modal. The reason is optional and checked with the
 * API's own reject schema before sending; the server's refusal is said here.
 */
function RejectForm({ purchase, onRejected }: { purchase: AdminPurchase; onRejected: () => void }) {
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  const reject = useServerMutation({
    mutationFn: (body: { reason?: string }) => rejectCashPayment(purchase.purchase_id, body),
    meta: { alert: false, invalidates: [adminPaymentsKeys.all] },
  });
  const failure = invalid ?? (reject.isError ? apiErrorText(reject.error) : null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = reason.trim();
    let body: PurchaseRejectInput;
    try {
      body = await purchaseRejectSchema.validate(trimmed ? { reason: trimmed } : {}, { abortEarly: true });
    } catch (error) {
      if (error instanceof ValidationError) return setInvalid(error.message);
      throw error;
    }
    setInvalid(null);
    try {
      await reject.mutateAsync({ ...(body.reason ? { reason: body.reason } : {}) });
    } catch {
      // Said in place (failure above).
      return;
    }
    closeModal();
    onRejected();
  }

  return (
    <form className="admin-payments__reject" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p>
        {orderTitle(purchase.purchase_id)} · {customerName(purchase)} · {purchase.title} · {formatMoneyMxn(purchase.total_payment)}
      </p>
      <label htmlFor={fieldId} className="admin-payments__label">
        {m.rejectReason}
      </label>
      <p id={hintId} className="admin-payments__hint">
        {m.rejectReasonHint}
      </p>
      <textarea
        id={fieldId}
        className="admin-payments__control"
        rows={3}
        value={reason}
        aria-describedby={failure ? `${hintId} ${errorId}` : hintId}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      {failure && (
        <p id={errorId} role="alert" className="admin-payments__error">
          {failure}
        </p>
      )}
      <div className="actions">
        <button type="button" className="button button--secondary" onClick={closeModal}>
          {m.cancel}
        </button>
        <button type="submit" className="button" disabled={reject.isPending} aria-busy={reject.isPending}>
          {reject.isPending ? m.rejecting : m.rejectSubmit}
        </button>
      </div>
    </form>
  );
}

/**
 * /admin/pagos-pendientes, Pagos en efectivo (docs/payments "Cash"): the
 * pending cash purchases, soonest deadline first, each with buyer, package,
 * amount, date and deadline in the studio's zone. 'Confirmar pago' asks first
 * ('Precaución'), then confirms; 'Rechazar' asks for an optional reason. Either
 * way the row leaves (the list is read again) and focus returns to the title.
 */
export function PendingCashScreen() {
  const timezone = configString(useConfig(), 'timezone');
  const list = useServerQuery(pendingCashQuery);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const confirm = useServerMutation({ mutationFn: confirmCashPayment, meta: { invalidates: [adminPaymentsKeys.all] } });
  const when = (instant: string) => formatAdminDateTime(instant, timezone);
  const [params, setParams] = useSearchParams();
  const query = params.get(SEARCH_PARAM) ?? '';
  const searchId = useId();

  async function onConfirm(purchase: AdminPurchase) {
    const question = fill(m.confirmQuestion, {
      amount: formatMoneyMxn(purchase.total_payment),
      customer: customerName(purchase),
      package: purchase.title,
      order: orderTitle(purchase.purchase_id),
    });
    if (!(await confirmAction(question))) return;
    try {
      await confirm.mutateAsync(purchase.purchase_id);
    } catch {
      // The server's message is already in the global alert (meta.alert).
      return;
    }
    showSuccess(fill(m.confirmed, { package: purchase.title }));
    // The focused button left with its row: keyboard users continue from the title.
    headingRef.current?.focus();
  }

  function onReject(purchase: AdminPurchase) {
    openModal(
      m.rejectTitle,
      <RejectForm
        purchase={purchase}
        onRejected={() => {
          showSuccess(fill(m.rejected, { package: purchase.title }));
          headingRef.current?.focus();
        }}
      />,
    );
  }

  let body;
  if (list.data) {
    const shown = query.trim() ? list.data.filter((purchase) => matchesPendingSearch(purchase, query)) : list.data;
    body =
      list.data.length === 0 ? (
        <p className="muted">{m.empty}</p>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {shown.length === 0 ? m.noMatches : query.trim() ? fill(m.searchCount, { n: shown.length, total: list.data.length }) : null}
          </p>
          <ul className="admin-payments__list">
            {shown.map((purchase) => {
              const name = customerName(purchase);
              const order = orderTitle(purchase.purchase_id);
              const busy = confirm.isPending && confirm.variables === purchase.purchase_id;
              return (
                <li key={purchase.purchase_id} className="admin-payments__item">
                  <h2 className="admin-payments__customer">{name}</h2>
                  <p className="admin-payments__order">{order}</p>
                  {purchase.customer?.email && name !== purchase.customer.email && <p className="admin-payments__email">{purchase.customer.email}</p>}
                  <dl className="admin-payments__facts">
                    <div>
                      <dt>{m.package}</dt>
                      <dd>{purchase.title}</dd>
                    </div>
                    <div>
                      <dt>{m.amount}</dt>
                      <dd className="admin-payments__amount">{formatMoneyMxn(purchase.total_payment)}</dd>
                    </div>
                    <div>
                      <dt>{m.createdAt}</dt>
                      <dd>
                        <time dateTime={purchase.createdAt}>{when(purchase.createdAt)}</time>
                      </dd>
                    </div>
                    <div>
                      <dt>{m.payBy}</dt>
                      <dd>{purchase.pay_by ? <time dateTime={purchase.pay_by}>{when(purchase.pay_by)}</time> : m.noPayBy}</dd>
                    </div>
                  </dl>
                  <div className="admin-payments__actions">
                    <button
                      type="button"
                      className="button"
                      disabled={busy}
                      aria-busy={busy}
                      aria-label={`${m.confirm}: ${order}, ${name}, ${purchase.title}`}
                      onClick={() => void onConfirm(purchase)}
                    >
                      {busy ? m.confirming : m.confirm}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={busy}
                      aria-label={`${m.reject}: ${order}, ${name}, ${purchase.title}`}
                      onClick={() => onReject(purchase)}
                    >
                      {m.reject}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      );
  } else if (list.isPending) {
    body = <Spinner label={m.loading} />;
  } else if (list.isError) {
    body = <LoadError message={apiErrorText(list.error) ?? messages.common.genericError} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  }

  return (
    <section className="screen admin-payments">
      <h1 ref={headingRef} tabIndex={-1}>
        {m.title}
      </h1>
      <p className="muted">{m.intro}</p>
      <form role="search" className="admin-payments__search" aria-label={m.searchLabel} onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={searchId} className="admin-payments__label">
          {m.searchLabel}
        </label>
        <p id={`${searchId}-hint`} className="admin-payments__hint">
          {m.searchHint}
        </p>
        <input
          id={searchId}
          type="search"
          className="admin-payments__control"
          maxLength={100}
          autoComplete="off"
          aria-describedby={`${searchId}-hint`}
          value={query}
          onChange={(event) => {
            const next = new URLSearchParams(params);
            if (event.target.value) next.set(SEARCH_PARAM, event.target.value);
            else next.delete(SEARCH_PARAM);
            setParams(next, { replace: true });
          }}
        />
      </form>
      {body}
    </section>
  );
}
