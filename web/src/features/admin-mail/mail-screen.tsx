import { formatAdminDateTime } from '@studio/shared/format/admin-dates';
import { fill } from '@studio/shared/messages';
import { adminMailMessages } from '@studio/shared/messages/admin-mail';
import { type MailDeliveryState, mailListQuerySchema, type MailSummary } from '@studio/shared/schemas/mail';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ValidationError } from 'yup';
import { LoadError } from '../../components/load-error';
import { openModal } from '../../components/modal-store';
import { Spinner } from '../../components/spinner';
import { apiErrorText } from '../../lib/api-client';
import { configString, useConfig } from '../../lib/app-config';
import { useServerQuery } from '../../lib/server-data';
import { mailDetailQuery, mailListQuery } from './admin-mail-api';
import './admin-mail.css';

const m = adminMailMessages;

/** Not processed yet (always so locally, where nothing sends) reads as pending. */
const stateOf = (state: MailDeliveryState | null): MailDeliveryState => state ?? 'PENDING';

/** The delivery state as a text badge: the word carries the meaning, the colour only repeats it. */
function StateBadge({ state }: { state: MailDeliveryState | null }) {
  const shown = stateOf(state);
  return <span className={`admin-mail__state admin-mail__state--${shown.toLowerCase()}`}>{m.states[shown]}</span>;
}

/** The detail modal's body: read when opened, since the list never carries the bodies. */
function MailDetailBody({ id, timezone }: { id: string; timezone: string }) {
  const detail = useServerQuery(mailDetailQuery(id));
  if (detail.isPending) return <Spinner label={m.detailLoading} />;
  if (detail.isError) return <p role="alert">{apiErrorText(detail.error)}</p>;
  const mail = detail.data;
  return (
    <div className="admin-mail__detail">
      <dl className="admin-mail__facts">
        <div>
          <dt>{m.columns.date}</dt>
          <dd>
            <time dateTime={mail.createdAt}>{formatAdminDateTime(mail.createdAt, timezone)}</time>
          </dd>
        </div>
        <div>
          <dt>{m.columns.to}</dt>
          <dd>{mail.to}</dd>
        </div>
        <div>
          <dt>{m.columns.state}</dt>
          <dd>
            <StateBadge state={mail.state} />
          </dd>
        </div>
        {mail.attempts > 0 && (
          <div>
            <dt>{m.detailAttempts}</dt>
            <dd>{mail.attempts}</dd>
          </div>
        )}
      </dl>
      {mail.error && <p className="admin-mail__error">{fill(m.detailError, { error: mail.error })}</p>}
      <h3 className="admin-mail__body-title">{m.textBody}</h3>
      <pre className="admin-mail__text">{mail.text}</pre>
    </div>
  );
}

function MailRow({ mail, timezone }: { mail: MailSummary; timezone: string }) {
  return (
    <li className="admin-mail__item">
      <p className="admin-mail__when">
        <time dateTime={mail.createdAt}>{formatAdminDateTime(mail.createdAt, timezone)}</time>
        <StateBadge state={mail.state} />
      </p>
      <h2 className="admin-mail__subject">{mail.subject}</h2>
      <p className="admin-mail__to">
        <span className="visually-hidden">{m.columns.to}: </span>
        {mail.to}
      </p>
      {mail.state === 'ERROR' && mail.error && <p className="admin-mail__error">{fill(m.detailError, { error: mail.error })}</p>}
      <button
        type="button"
        className="button button--secondary"
        aria-label={`${m.open}: ${mail.subject}`}
        onClick={() => openModal(mail.subject, <MailDetailBody id={mail.mail_id} timezone={timezone} />)}
      >
        {m.open}
      </button>
    </li>
  );
}

/** Page number from ?page, 1 when missing or not a positive whole number. */
function pageFrom(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/**
 * /admin/correos, Correos enviados: the e-mails the app wrote to `mail`
 * (docs/mail), newest first, 50 a page, filtered by one recipient. Page and
 * filter live in the address (?page&to), so back and reload keep them. The
 * state is the Trigger Email extension's delivery; each e-mail opens in a
 * modal with its text body.
 */
export function MailScreen() {
  const timezone = configString(useConfig(), 'timezone');
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const to = params.get('to') ?? '';
  const [typed, setTyped] = useState(to);
  const [filterError, setFilterError] = useState<string | null>(null);
  const list = useServerQuery(mailListQuery(page, to));
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();

  function go(next: { page: number; to: string }) {
    const search = new URLSearchParams();
    if (next.to) search.set('to', next.to);
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search);
  }

  async function onFilter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      // The API's own query schema: trims, lower-cases and checks the address.
      const query = await mailListQuerySchema.validate({ to: typed }, { abortEarly: true });
      setFilterError(null);
      go({ page: 1, to: query.to ?? '' });
    } catch (error) {
      if (error instanceof ValidationError) setFilterError(error.message);
      else throw error;
    }
  }

  function onClear() {
    setTyped('');
    setFilterError(null);
    go({ page: 1, to: '' });
  }

  let body;
  if (list.data) {
    const { mail, total, page_size: size } = list.data;
    const pages = Math.max(1, Math.ceil(total / size));
    body =
      mail.length === 0 ? (
        <p className="muted">{to ? fill(m.emptyFiltered, { to }) : m.empty}</p>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {fill(m.total, { total })}
          </p>
          <ul className="admin-mail__list">
            {mail.map((row) => (
              <MailRow key={row.mail_id} mail={row} timezone={timezone} />
            ))}
          </ul>
          {pages > 1 && (
            <nav className="admin-mail__pager" aria-label={m.pager}>
              <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => go({ page: page - 1, to })}>
                {m.previous}
              </button>
              <span>{fill(m.pageOf, { page, pages })}</span>
              <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => go({ page: page + 1, to })}>
                {m.next}
              </button>
            </nav>
          )}
        </>
      );
  } else if (list.isPending) {
    body = <Spinner label={m.loading} />;
  } else if (list.isError) {
    body = <LoadError message={apiErrorText(list.error) ?? m.empty} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  }

  return (
    <section className="screen admin-mail">
      <h1>{m.title}</h1>
      <p className="muted">{m.intro}</p>
      <form className="admin-mail__filter" role="search" noValidate onSubmit={(event) => void onFilter(event)}>
        <label htmlFor={fieldId} className="admin-mail__label">
          {m.filterLabel}
        </label>
        <p id={hintId} className="admin-mail__hint">
          {m.filterHint}
        </p>
        <input
          id={fieldId}
          className="admin-mail__control"
          type="email"
          autoComplete="off"
          value={typed}
          aria-describedby={filterError ? `${hintId} ${errorId}` : hintId}
          aria-invalid={filterError ? true : undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
        {filterError && (
          <p id={errorId} role="alert" className="admin-mail__error">
            {filterError}
          </p>
        )}
        <div className="admin-mail__actions">
          <button type="submit" className="button">
            {m.filterSubmit}
          </button>
          {to && (
            <button type="button" className="button button--secondary" onClick={onClear}>
              {m.filterClear}
            </button>
          )}
        </div>
      </form>
      {body}
    </section>
  );
}
