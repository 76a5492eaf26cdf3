import { DATE_FORMAT, DATE_TIME_FORMAT, formatStudioDate } from '@studio/shared/format/dates';
import { fill, messages } from '@studio/shared/messages';
import { bookingMessages } from '@studio/shared/messages/booking';
import { reservationsMessages as m } from '@studio/shared/messages/reservations';
import { type ClassReservation, RESERVATION_FILTERS, type ReservationFilter } from '@studio/shared/schemas/class-reservation';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CancelReservationModal } from '../../components/cancel-reservation-modal';
import { LoadError } from '../../components/load-error';
import { Pager } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { configBoolean, configString, useConfig } from '../../lib/app-config';
import { cancelPolicyText, type CancelSettings, cancelSettings } from '../../lib/cancel-rules';
import { balanceQuery, creditBalance } from '../../lib/credit-balance';
import { paths } from '../../lib/paths';
import { useServerQuery } from '../../lib/server-data';
import { AccessCodeModal } from './access-code-modal';
import { CalendarFeed } from './calendar-feed';
import { RateReservationModal } from './rate-reservation-modal';
import { downloadIcs, reservationIcs } from './reservation-ics';
import { canAddToCalendar, canCancel, canRate, canShowAccessCode, coachNames, guestPlaceOf } from './reservation-rules';
import { afterCancel, reservationsQuery } from './reservations-api';
import './reservations.css';

const c = m.columns;
const st = bookingMessages.status;

/** Query parameters, in Spanish like the routes: /mystudio/reservaciones?filtro=proximas&pagina=2. */
export const RESERVATION_PARAMS = { filter: 'filtro', page: 'pagina' } as const;
const FILTER_SLUGS: Record<ReservationFilter, string> = { all: 'todas', upcoming: 'proximas', past: 'pasadas', cancelled: 'canceladas' };

function filterFromSlug(slug: string | null): ReservationFilter {
  return RESERVATION_FILTERS.find((filter) => FILTER_SLUGS[filter] === slug) ?? 'all';
}

function pageFrom(value: string | null): number {
  return value !== null && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

const STATUS_CLASS: Record<string, string> = {
  [st.cancelled]: 'cancelled',
  [st.cashUnpaid]: 'cash-unpaid',
  [st.noShow]: 'no-show',
  [st.attended]: 'attended',
  [st.upcoming]: 'upcoming',
};

type Dialog = { kind: 'cancel' | 'rate' | 'code'; reservation: ClassReservation } | null;

interface RowContext {
  timezone: string;
  guests: boolean;
  settings: CancelSettings;
  ratingEnabled: boolean;
  qrEnabled: boolean;
  studio: string;
  projectId: string | null;
  now: number;
  open: (dialog: Dialog) => void;
}

const classNameOf = (r: ClassReservation) => r.single_class?.class_type?.name ?? m.classUnavailable;
const dateOf = (r: ClassReservation, tz: string) => (r.single_class ? formatStudioDate(r.single_class.class_date, tz, DATE_TIME_FORMAT) : '');

function ReservationRow({ reservation: r, ctx }: { reservation: ClassReservation; ctx: RowContext }) {
  const name = classNameOf(r);
  const date = dateOf(r, ctx.timezone);
  const named = { class: name, date };
  const cls = r.single_class;
  return (
    <tr>
      <th scope="row" data-label={c.class}>
        <span className="reservations__class">
          {name}
          {cls?.location && <span className="muted">{cls.location.name}</span>}
          {cls?.status === 'cancelled' && <span className="muted">{m.classCancelledByStudio}</span>}
        </span>
      </th>
      {ctx.guests && <td data-label={c.guest}>{r.guest ?? '—'}</td>}
      <td data-label={c.coach}>{coachNames(r) || '—'}</td>
      <td data-label={c.date}>{date || '—'}</td>
      <td data-label={c.spot}>{r.spot ?? '—'}</td>
      <td data-label={c.status}>
        <span className={`reservation-status reservation-status--${STATUS_CLASS[r.status] ?? 'other'}`}>{r.status}</span>
        {r.deletedAt !== null && r.credit_returned !== null && (
          <span className="reservations__note muted">{r.credit_returned ? m.creditReturned : m.creditNotReturned}</span>
        )}
        {r.class_stars !== null && r.coach_stars !== null && (
          <span className="reservations__note" role="img" aria-label={fill(m.yourRating, { class: r.class_stars, coach: r.coach_stars })}>
            <span aria-hidden="true">{'★'.repeat(r.class_stars)}</span>
          </span>
        )}
      </td>
      <td data-label={c.actions}>
        <div className="reservation-actions">
          {canShowAccessCode(r, ctx.qrEnabled, ctx.now) && (
            <button
              type="button"
              className="button button--secondary"
              aria-label={fill(m.accessCodeOf, named)}
              onClick={() => ctx.open({ kind: 'code', reservation: r })}
            >
              {m.accessCode}
            </button>
          )}
          {canAddToCalendar(r, ctx.now) && (
            <button
              type="button"
              className="button button--secondary"
              aria-label={fill(m.addToCalendarOf, named)}
              onClick={() => {
                const ics = reservationIcs({ reservation: r, studio: ctx.studio, projectId: ctx.projectId, stamp: new Date() });
                if (ics) downloadIcs(ics, fill(m.icsFileName, { id: r.class_reservation_id }));
              }}
            >
              {m.addToCalendar}
            </button>
          )}
          {canRate(r, ctx.ratingEnabled, ctx.now) && (
            <button type="button" className="button" aria-label={fill(m.rateOf, named)} onClick={() => ctx.open({ kind: 'rate', reservation: r })}>
              {m.rate}
            </button>
          )}
          {canCancel(r, ctx.settings, ctx.now) && (
            <button
              type="button"
              className="button button--secondary reservation-actions__cancel"
              aria-label={fill(m.cancelOf, named)}
              onClick={() => ctx.open({ kind: 'cancel', reservation: r })}
            >
              {m.cancel}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** 'Ilimitadas' with the expiry, or 'Disponibles' with the count, beside 'Comprar Clases' (§2). Hidden while loading or if it fails. */
function CreditBalanceHeader({ timezone }: { timezone: string }) {
  const { data } = useServerQuery(balanceQuery);
  const balance = data ? creditBalance(data) : null;
  return (
    <div className="reservations__balance">
      {balance && (
        <p aria-label={m.balanceLabel}>
          {balance.kind === 'unlimited' ? (
            <>
              <strong>{m.unlimited}</strong>{' '}
              <span className="muted">
                {balance.expiration ? fill(m.expires, { date: formatStudioDate(balance.expiration, timezone, DATE_FORMAT) }) : m.noExpiry}
              </span>
            </>
          ) : (
            <>
              <strong className="reservations__count">{balance.count}</strong> {m.available}
            </>
          )}
        </p>
      )}
      <Link to={paths.myPackages} className="button">
        {m.buyClasses}
      </Link>
    </div>
  );
}

/**
 * /mystudio/reservaciones, Mis Reservaciones (customer-area §2, §4, §9): the
 * cancellation policy, the credit balance, the customer's reservations by
 * filter (Todas, Próximas, Pasadas, Canceladas), 50 a page, as a table on
 * wide screens and cards on phones, with their status and actions.
 */
export function ReservationsScreen() {
  const config = useConfig();
  const timezone = configString(config, 'timezone');
  const settings = cancelSettings(config);
  const [params, setParams] = useSearchParams();
  const filter = filterFromSlug(params.get(RESERVATION_PARAMS.filter));
  const page = pageFrom(params.get(RESERVATION_PARAMS.page));
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useServerQuery(reservationsQuery(filter, page));
  const [dialog, setDialog] = useState<Dialog>(null);
  // The moment the screen opened decides which actions show; a refused one answers with the server's message.
  const [now] = useState(() => Date.now());
  const firebaseConfig = config.firebaseConfig as { projectId?: unknown } | undefined;

  const go = (next: { filter?: ReservationFilter; page?: number }) => {
    setParams(
      (previous) => {
        const out = new URLSearchParams(previous);
        const f = next.filter ?? filter;
        const p = next.page ?? (next.filter ? 1 : page);
        if (f === 'all') out.delete(RESERVATION_PARAMS.filter);
        else out.set(RESERVATION_PARAMS.filter, FILTER_SLUGS[f]);
        if (p <= 1) out.delete(RESERVATION_PARAMS.page);
        else out.set(RESERVATION_PARAMS.page, String(p));
        return out;
      },
      { preventScrollReset: !next.page },
    );
  };

  const ctx: RowContext = {
    timezone,
    guests: configBoolean(config, 'allow_class_guests'),
    settings,
    ratingEnabled: configBoolean(config, 'reservation_rating_enabled'),
    qrEnabled: configBoolean(config, 'qrcode_enabled'),
    studio: configString(config, 'business_name'),
    projectId: typeof firebaseConfig?.projectId === 'string' ? firebaseConfig.projectId : null,
    now,
    open: setDialog,
  };

  let body;
  if (data) {
    const pages = Math.ceil(data.total / data.page_size);
    body =
      data.class_reservations.length === 0 ? (
        filter === 'all' && page === 1 ? (
          <div className="reservations__empty">
            <p className="muted">{m.empty}</p>
            <Link to={paths.myStudio} className="button">
              {m.goBook}
            </Link>
          </div>
        ) : (
          <p className="muted">{m.emptyFiltered}</p>
        )
      ) : (
        <>
          <table className="reservations__table" aria-busy={isPlaceholderData}>
            <thead>
              <tr>
                <th scope="col">{c.class}</th>
                {ctx.guests && <th scope="col">{c.guest}</th>}
                <th scope="col">{c.coach}</th>
                <th scope="col">{c.date}</th>
                <th scope="col">{c.spot}</th>
                <th scope="col">{c.status}</th>
                <th scope="col">{c.actions}</th>
              </tr>
            </thead>
            <tbody>
              {data.class_reservations.map((r) => (
                <ReservationRow key={r.class_reservation_id} reservation={r} ctx={ctx} />
              ))}
            </tbody>
          </table>
          <Pager
            page={page}
            pages={pages}
            onPage={(p) => go({ page: p })}
            className="reservations__pager"
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
    body = <LoadError message={m.loadError} retrying={isFetching} onRetry={() => void refetch()} />;
  }

  const heading = (r: ClassReservation) => [classNameOf(r), dateOf(r, timezone)].filter(Boolean).join(' — ');

  return (
    <section className="screen reservations">
      <h1>{messages.screens.reservationsTitle}</h1>
      <div className="reservations__header">
        <div className="reservations__policy">
          <h2>{m.policyTitle}</h2>
          {cancelPolicyText(settings).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
        <CreditBalanceHeader timezone={timezone} />
      </div>
      <div className="reservations__filters" role="group" aria-label={m.filtersLabel}>
        {RESERVATION_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className={f === filter ? 'button' : 'button button--secondary'}
            aria-pressed={f === filter}
            onClick={() => go({ filter: f })}
          >
            {m.filters[f]}
          </button>
        ))}
      </div>
      {body}
      <CalendarFeed />
      {dialog?.kind === 'cancel' && (
        <CancelReservationModal
          reservationId={dialog.reservation.class_reservation_id}
          classStart={dialog.reservation.single_class ? Date.parse(dialog.reservation.single_class.class_date) : null}
          invalidates={afterCancel}
          className={classNameOf(dialog.reservation)}
          dateText={dateOf(dialog.reservation, timezone)}
          settings={settings}
          now={now}
          guestName={guestPlaceOf(dialog.reservation, data?.class_reservations ?? [])?.guest ?? null}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'rate' && (
        <RateReservationModal reservation={dialog.reservation} heading={heading(dialog.reservation)} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'code' && <AccessCodeModal reservation={dialog.reservation} heading={heading(dialog.reservation)} onClose={() => setDialog(null)} />}
    </section>
  );
}
