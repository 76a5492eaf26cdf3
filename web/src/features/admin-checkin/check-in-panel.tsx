import { formatAdminDateTime } from '@studio/shared/format/admin-dates';
import { fill } from '@studio/shared/messages';
import { bookingAdminMessages } from '@studio/shared/messages/booking-admin';
import type { CheckInLookup, RosterCustomer } from '@studio/shared/schemas/class-roster';
import { useId } from 'react';
import { CustomAnswerRows } from '../../components/custom-answers';
import { Spinner } from '../../components/spinner';
import { apiErrorText } from '../../lib/api-client';
import { configString, useConfig } from '../../lib/app-config';
import { customFieldsQuery } from '../../lib/custom-fields-api';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { checkInByCode, checkInLookupQuery } from './admin-checkin-api';
import { CheckInPhoto } from './check-in-photo';

const s = bookingAdminMessages.checkInScreen;

const fullName = (c: RosterCustomer | null): string => [c?.name, c?.last_name].filter(Boolean).join(' ') || c?.email || '—';

/** The window's state in words, when it is not open (the button still answers with the server's reason). */
function windowNote(lookup: CheckInLookup, timezone: string | undefined): string | null {
  if (lookup.check_in_open || lookup.attend || lookup.cancelled) return null;
  const opensAt = Date.parse(lookup.check_in_opens_at);
  return Date.now() < opensAt
    ? fill(s.opensAt, { when: formatAdminDateTime(opensAt, timezone) })
    : fill(s.closedAt, { when: formatAdminDateTime(lookup.check_in_closes_at, timezone) });
}

/**
 * One code's reservation: who (photo or initials), which class (day and time in the studio's zone),
 * spot, guest, status, 'Ya registrada' once attended, and 'Registrar
 * asistencia'. The outcome is announced politely; failures are said in place
 * with the server's message. Keyed by code by its parent, so a new code starts
 * afresh.
 */
export function CheckInPanel({ code }: { code: string }) {
  const headingId = useId();
  const timezone = configString(useConfig(), 'timezone') || undefined;
  const lookup = useServerQuery(checkInLookupQuery(code));
  // The booking questions name the answers: read only when there are answers to show.
  const answered = Object.keys(lookup.data?.custom_values ?? {}).length > 0;
  const questions = useServerQuery({ ...customFieldsQuery('class_reservation'), enabled: answered });
  const checkIn = useServerMutation({ mutationFn: () => checkInByCode(code), meta: { alert: false } });

  if (lookup.isPending) return <Spinner label={s.looking} />;
  if (lookup.isError) return <p role="alert">{apiErrorText(lookup.error)}</p>;

  // The check-in answers the lookup after the change: it wins over the read before it.
  const shown: CheckInLookup = checkIn.data ?? lookup.data;
  const cls = shown.single_class;
  const name = fullName(shown.customer);
  const note = windowNote(shown, timezone);
  const announcement = checkIn.data ? fill(checkIn.data.changed ? s.checkedIn : s.wasCheckedIn, { name }) : '';
  const failure = checkIn.isError ? apiErrorText(checkIn.error) : null;

  return (
    <section className="admin-checkin__result" aria-labelledby={headingId}>
      <div className="admin-checkin__who">
        <CheckInPhoto customer={shown.customer} name={name} />
        <h2 id={headingId} className="admin-checkin__name">
          {name}
        </h2>
      </div>
      {shown.attend && <p className="admin-checkin__badge">{s.attended}</p>}
      <dl className="admin-checkin__facts">
        <div>
          <dt>{s.className}</dt>
          <dd>{cls.class_type?.name ?? '—'}</dd>
        </div>
        <div>
          <dt>{s.when}</dt>
          <dd>{formatAdminDateTime(cls.class_date, timezone)}</dd>
        </div>
        {cls.location && (
          <div>
            <dt>{s.location}</dt>
            <dd>{cls.location.name}</dd>
          </div>
        )}
        {cls.instructors.length > 0 && (
          <div>
            <dt>{s.instructors}</dt>
            <dd>{cls.instructors.map((i) => i.name).join(', ')}</dd>
          </div>
        )}
        <div>
          <dt>{s.spot}</dt>
          <dd>{shown.spot ?? s.noSpot}</dd>
        </div>
        {shown.guest !== null && (
          <div>
            <dt>{s.guest}</dt>
            <dd>{shown.guest}</dd>
          </div>
        )}
        <div>
          <dt>{s.status}</dt>
          <dd>{shown.status}</dd>
        </div>
        {/* What the customer told the studio when booking (ADR 0115): the desk reads it at the door. */}
        <CustomAnswerRows fields={questions.data ?? []} values={shown.custom_values} />
      </dl>
      {note && <p className="muted">{note}</p>}
      {!shown.attend && !shown.cancelled && (
        <button type="button" className="button" disabled={checkIn.isPending} aria-busy={checkIn.isPending} onClick={() => checkIn.mutate()}>
          {checkIn.isPending ? s.checkingIn : s.checkIn}
        </button>
      )}
      {failure && (
        <p role="alert" className="admin-checkin__error">
          {failure}
        </p>
      )}
      <p role="status" aria-live="polite" className="admin-checkin__announcement">
        {announcement}
      </p>
    </section>
  );
}
