import { formatAdminCalendarDay, formatAdminDate, formatAdminDateTime } from '@studio/shared/format/admin-dates';
import { formatMoneyMxn } from '@studio/shared/format/money';
import { orderTitle } from '@studio/shared/format/order-number';
import { paymentMethodLabel } from '@studio/shared/format/payment-method';
import { fill } from '@studio/shared/messages';
import { adminCustomersMessages as m } from '@studio/shared/messages/admin-customers';
import { fieldLabels } from '@studio/shared/messages/fields';
import type { AvailableClass, CreditBalance, LedgerEntry } from '@studio/shared/schemas/access';
import type { ClassReservationPenalty } from '@studio/shared/schemas/class-reservation-penalty';
import type { SingleClass } from '@studio/shared/schemas/single-class';
import type { Customer } from '@studio/shared/types/customers';
import type { Purchase } from '@studio/shared/types/purchases';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { NotFound } from '../../components/not-found';
import { Spinner } from '../../components/spinner';
import { apiErrorText } from '../../lib/api-client';
import { configString, useConfig } from '../../lib/app-config';
import { useServerQuery } from '../../lib/server-data';
import { ADMIN_CUSTOMERS_PATH, customerQuery, ledgerQuery, penaltiesQuery, purchasesQuery, reservationsQuery, waitlistsQuery } from './admin-customers-api';
import { GiveAccessModal, LiftPenaltyModal, RefundModal, RemoveClassesModal, RevokeAccessModal } from './customer-actions';
import { EditProfileModal } from './customer-profile-forms';
import './admin-customers.css';

/** What a section needs of its query: TanStack's result, narrowed so this file never imports it. */
interface Loadable<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A titled part of the page that loads on its own: a failure there leaves the rest usable, with its own retry. */
function Section<T>({ title, result, children }: { title: string; result: Loadable<T>; children: (data: T) => ReactNode }) {
  let body: ReactNode = null;
  if (result.data !== undefined) body = children(result.data);
  else if (result.isPending) body = <Spinner />;
  else if (result.isError)
    body = <LoadError message={apiErrorText(result.error) ?? m.sectionLoadError} retrying={result.isFetching} onRetry={() => void result.refetch()} />;
  return (
    <section className="admin-customers__section" aria-label={title}>
      <h2>{title}</h2>
      {body}
    </section>
  );
}

/** A table on wide screens, one card per row on phones (admin-customers.css); rows carry their cells' labels. */
function Table({ label, columns, children }: { label: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <table className="admin-customers__table" aria-label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

const fullName = (c: Customer) => `${c.name} ${c.last_name}`.trim();
const or = (value: string | null | undefined) => value || m.none;

function Profile({ customer: c, timezone }: { customer: Customer; timezone: string }) {
  const reason = c.signup_reason && c.signup_reason_other ? fill(m.signupOther, { text: c.signup_reason_other }) : c.signup_reason;
  const rows: Array<[string, string]> = [
    [fieldLabels.name, fullName(c)],
    [fieldLabels.email, c.email],
    [fieldLabels.phone, or(c.phone)],
    // Birthdates are calendar days (YYYY-MM-DD): noon keeps them on their day in any zone.
    [fieldLabels.birthdate, c.birthdate ? formatAdminCalendarDay(c.birthdate) : m.none],
    [fieldLabels.instagram, or(c.instagram)],
    [fieldLabels.signup_reason, or(reason)],
    [m.columns.since, formatAdminDate(c.createdAt, timezone)],
  ];
  return (
    <dl className="admin-customers__profile">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function lotRestriction(lot: AvailableClass): string {
  if (lot.is_online) return m.onlineOnly;
  if (lot.class_type_id !== null) return fill(m.classTypeOf, { id: lot.class_type_id });
  return m.anyClass;
}

function Balance({ balance, lots, timezone }: { balance: CreditBalance; lots: readonly AvailableClass[]; timezone: string }) {
  const day = (iso: string | null) => (iso ? fill(m.expires, { date: formatAdminDate(iso, timezone) }) : m.noExpiry);
  const usable = lots.filter((lot) => lot.usable);
  const lc = m.lotColumns;
  return (
    <>
      <p className="admin-customers__balance" aria-label={m.balanceLabel}>
        {balance.has_unlimited ? (
          <>
            <strong>{m.unlimited}</strong> <span className="muted">{day(balance.unlimited_membership_expiration)}</span>
          </>
        ) : (
          <>
            <strong className="admin-customers__count">{balance.available_classes}</strong> {m.available}
          </>
        )}
        {balance.has_online && (
          <span className="admin-customers__online">
            {m.online}: <span className="muted">{day(balance.online_membership_expiration)}</span>
          </span>
        )}
      </p>
      {/* The two totals are computed apart on the server; a difference means the ledger and the lots drifted. */}
      {balance.ledger_total !== balance.lots_total && <p role="alert">{fill(m.drift, { ledger: balance.ledger_total, lots: balance.lots_total })}</p>}
      <h3>{m.lots}</h3>
      {usable.length === 0 ? (
        <p className="muted">{m.noLots}</p>
      ) : (
        <Table label={m.lots} columns={[lc.lot, lc.classes, lc.expiry, lc.restriction]}>
          {usable.map((lot) => (
            <tr key={lot.available_class_id}>
              <th scope="row" data-label={lc.lot}>
                {fill(m.lotOf, { id: lot.available_class_id })}
              </th>
              <td data-label={lc.classes}>{lot.unlimited ? m.unlimitedCount : `${lot.available_classes} / ${lot.initial_classes}`}</td>
              <td data-label={lc.expiry}>{day(lot.expiration_date)}</td>
              <td data-label={lc.restriction}>{lotRestriction(lot)}</td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}

function Ledger({ entries, timezone }: { entries: readonly LedgerEntry[]; timezone: string }) {
  if (entries.length === 0) return <p className="muted">{m.noLedger}</p>;
  const lc = m.ledgerColumns;
  return (
    <Table label={m.ledger} columns={[lc.date, lc.change, lc.reason, lc.actor]}>
      {entries.map((entry) => (
        <tr key={entry.ledger_entry_id}>
          <th scope="row" data-label={lc.date}>
            {formatAdminDateTime(entry.createdAt, timezone)}
          </th>
          <td data-label={lc.change}>{entry.unlimited ? m.unlimitedChange : entry.delta > 0 ? `+${entry.delta}` : String(entry.delta)}</td>
          <td data-label={lc.reason}>{[m.kinds[entry.kind] ?? entry.kind, entry.reason].filter(Boolean).join(': ')}</td>
          <td data-label={lc.actor}>{m.roles[entry.actor.role] ?? entry.actor.role}</td>
        </tr>
      ))}
    </Table>
  );
}

function Purchases({ purchases, timezone }: { purchases: readonly Purchase[]; timezone: string }) {
  if (purchases.length === 0) return <p className="muted">{m.noPurchases}</p>;
  const pc = m.purchaseColumns;
  return (
    <Table label={m.purchases} columns={[pc.purchase, pc.date, pc.total, pc.method, pc.status]}>
      {purchases.map((p) => (
        <tr key={p.purchase_id}>
          <th scope="row" data-label={pc.purchase}>
            <span className="admin-customers__order">{orderTitle(p.purchase_id)}</span> {p.title}
          </th>
          <td data-label={pc.date}>{formatAdminDateTime(p.createdAt, timezone)}</td>
          <td data-label={pc.total}>{p.is_gift ? m.gift : formatMoneyMxn(p.total_payment)}</td>
          <td data-label={pc.method}>{paymentMethodLabel(p)}</td>
          <td data-label={pc.status}>
            {m.purchaseStatus[p.status] ?? p.status}
            {(p.refunded_amount ?? 0) > 0 && <span className="muted"> · {fill(m.refunded, { amount: formatMoneyMxn(p.refunded_amount ?? 0) })}</span>}
          </td>
        </tr>
      ))}
    </Table>
  );
}

const classOf = (cls: SingleClass | null) => cls?.class_type?.name ?? m.classUnavailable;
const classDate = (cls: SingleClass | null, timezone: string) => (cls ? formatAdminDateTime(cls.class_date, timezone) : m.none);

function penaltyPeriod(p: ClassReservationPenalty, timezone: string): string {
  return fill(m.penaltyPeriod, { start: formatAdminDate(p.start_date, timezone), end: formatAdminDate(p.end_date, timezone) });
}

type Dialog = { kind: 'give' | 'revoke' | 'refund' | 'remove' | 'profile' } | { kind: 'lift'; penalty: ClassReservationPenalty } | null;

function customerIdFrom(value: string | undefined): number | null {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** /admin/clientes/{id}. */
export function CustomerDetailScreen() {
  const id = customerIdFrom(useParams().id);
  if (id === null) return <NotFound />;
  return <CustomerDetail key={id} customerId={id} />;
}

/**
 * One customer for the desk: the profile, what they can book now and the
 * ledger that explains it, their purchases, reservations, waitlists and
 * penalties, and the actions that change their access.
 */
function CustomerDetail({ customerId }: { customerId: number }) {
  const timezone = configString(useConfig(), 'timezone');
  const customer = useServerQuery(customerQuery(customerId));
  const ledger = useServerQuery(ledgerQuery(customerId));
  const purchases = useServerQuery(purchasesQuery(customerId));
  const reservations = useServerQuery(reservationsQuery(customerId));
  const waitlists = useServerQuery(waitlistsQuery(customerId));
  const penalties = useServerQuery(penaltiesQuery(customerId));
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  if (!customer.data) {
    return (
      <section className="screen admin-customers">
        <Link to={ADMIN_CUSTOMERS_PATH}>{m.backToList}</Link>
        <h1>{m.title}</h1>
        {customer.isPending && <Spinner />}
        {customer.isError && (
          <LoadError message={apiErrorText(customer.error) ?? m.detailLoadError} retrying={customer.isFetching} onRetry={() => void customer.refetch()} />
        )}
      </section>
    );
  }

  const rc = m.reservationColumns;
  const wc = m.waitlistColumns;
  const pc = m.penaltyColumns;
  return (
    <section className="screen admin-customers">
      <Link to={ADMIN_CUSTOMERS_PATH}>{m.backToList}</Link>
      <h1>{fullName(customer.data)}</h1>
      <div className="admin-customers__actions" role="group" aria-label={m.actions}>
        <button type="button" className="button" onClick={() => setDialog({ kind: 'give' })}>
          {m.giveAccess}
        </button>
        <button type="button" className="button button--secondary" disabled={!purchases.data} onClick={() => setDialog({ kind: 'revoke' })}>
          {m.revokeAccess}
        </button>
        <button type="button" className="button button--secondary" disabled={!purchases.data} onClick={() => setDialog({ kind: 'refund' })}>
          {m.refund}
        </button>
        <button type="button" className="button button--secondary" disabled={!ledger.data} onClick={() => setDialog({ kind: 'remove' })}>
          {m.removeClasses}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setDialog({ kind: 'profile' })}>
          {m.editProfile}
        </button>
      </div>

      <section className="admin-customers__section" aria-label={m.profile}>
        <h2>{m.profile}</h2>
        <Profile customer={customer.data} timezone={timezone} />
      </section>
      <Section title={m.balance} result={ledger}>
        {(data) => <Balance balance={data.balance} lots={data.available_classes} timezone={timezone} />}
      </Section>
      <Section title={m.ledger} result={ledger}>
        {(data) => <Ledger entries={data.entries} timezone={timezone} />}
      </Section>
      <Section title={m.purchases} result={purchases}>
        {(data) => <Purchases purchases={data} timezone={timezone} />}
      </Section>
      <Section title={m.reservations} result={reservations}>
        {(data) =>
          data.length === 0 ? (
            <p className="muted">{m.noReservations}</p>
          ) : (
            <Table label={m.reservations} columns={[rc.class, rc.date, rc.spot, rc.status]}>
              {data.map((r) => (
                <tr key={r.class_reservation_id}>
                  <th scope="row" data-label={rc.class}>
                    {classOf(r.single_class)}
                  </th>
                  <td data-label={rc.date}>{classDate(r.single_class, timezone)}</td>
                  <td data-label={rc.spot}>{r.spot ?? m.none}</td>
                  <td data-label={rc.status}>{r.status}</td>
                </tr>
              ))}
            </Table>
          )
        }
      </Section>
      <Section title={m.waitlists} result={waitlists}>
        {(data) =>
          data.length === 0 ? (
            <p className="muted">{m.noWaitlists}</p>
          ) : (
            <Table label={m.waitlists} columns={[wc.class, wc.date, wc.position]}>
              {data.map((w) => (
                <tr key={w.waitlist_id}>
                  <th scope="row" data-label={wc.class}>
                    {classOf(w.single_class)}
                  </th>
                  <td data-label={wc.date}>{classDate(w.single_class, timezone)}</td>
                  <td data-label={wc.position}>{w.position ?? m.none}</td>
                </tr>
              ))}
            </Table>
          )
        }
      </Section>
      <Section title={m.penalties} result={penalties}>
        {(data) =>
          data.length === 0 ? (
            <p className="muted">{m.noPenalties}</p>
          ) : (
            <Table label={m.penalties} columns={[pc.period, pc.reason, pc.state, pc.actions]}>
              {data.map((p) => {
                const period = penaltyPeriod(p, timezone);
                return (
                  <tr key={p.class_reservation_penalty_id}>
                    <th scope="row" data-label={pc.period}>
                      {period}
                    </th>
                    <td data-label={pc.reason}>{or(p.source === 'no-shows' ? m.noShows : p.reason)}</td>
                    <td data-label={pc.state}>{p.lifted_at ? m.penaltyState.lifted : p.active ? m.penaltyState.active : m.penaltyState.ended}</td>
                    <td data-label={pc.actions}>
                      {p.active && (
                        <button
                          type="button"
                          className="button button--secondary"
                          aria-label={fill(m.liftPenaltyOf, { period })}
                          onClick={() => setDialog({ kind: 'lift', penalty: p })}
                        >
                          {m.liftPenalty}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </Table>
          )
        }
      </Section>

      {dialog?.kind === 'profile' && <EditProfileModal customer={customer.data} onClose={close} />}
      {dialog?.kind === 'give' && <GiveAccessModal customerId={customerId} onClose={close} />}
      {dialog?.kind === 'refund' && purchases.data && <RefundModal customerId={customerId} purchases={purchases.data} onClose={close} />}
      {dialog?.kind === 'revoke' && purchases.data && (
        <RevokeAccessModal customerId={customerId} purchases={purchases.data} timezone={timezone} onClose={close} />
      )}
      {dialog?.kind === 'remove' && ledger.data && (
        <RemoveClassesModal customerId={customerId} available={ledger.data.balance.available_classes} onClose={close} />
      )}
      {dialog?.kind === 'lift' && (
        <LiftPenaltyModal customerId={customerId} penalty={dialog.penalty} period={penaltyPeriod(dialog.penalty, timezone)} onClose={close} />
      )}
    </section>
  );
}
