import { fill } from '@studio/shared/messages';
import { bookingAdminMessages } from '@studio/shared/messages/booking-admin';
import { useDeferredValue, useId, useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { apiErrorText } from '../../../lib/api-client';
import { configString, useConfig } from '../../../lib/app-config';
import { useServerMutation, useServerQuery } from '../../../lib/server-data';
import { checkInKeys, checkInReservation, type DayReservation, dayRosterQuery } from '../admin-checkin-api';
import { customerName, folded, matchByName, NAME_SEARCH_MIN } from './kiosk-rules';

const s = bookingAdminMessages.checkInScreen;

/**
 * 'Buscar por nombre': for the customer without their phone. Part of a name
 * lists today's (studio day) active reservations that match — name, class,
 * time, spot, state — each with 'Registrar asistencia' (the roster's
 * check-in). Nothing else of the customer is shown. The day is read on the
 * first letters typed, not before.
 */
export function NameSearch() {
  const id = useId();
  const timezone = configString(useConfig(), 'timezone') || undefined;
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const searching = folded(deferred).length >= NAME_SEARCH_MIN;
  const day = useServerQuery({ ...dayRosterQuery(timezone), enabled: searching });
  const [announcement, setAnnouncement] = useState('');
  const checkIn = useServerMutation({
    mutationFn: ({ reservation }: DayReservation) => checkInReservation(reservation.single_class_id, reservation.class_reservation_id),
    meta: { alert: false, invalidates: [checkInKeys.all] },
    onSuccess: (_result, { reservation }) => setAnnouncement(fill(s.checkedIn, { name: customerName(reservation.customer) })),
  });

  const matches = searching && day.data ? matchByName(day.data, deferred) : [];
  let summary = '';
  if (query.trim() !== '' && !searching) summary = s.nameSearchShort;
  else if (searching && day.data)
    summary = matches.length === 0 ? s.nameSearchNone : matches.length === 1 ? s.nameSearchOne : fill(s.nameSearchCount, { count: matches.length });

  return (
    <section className="admin-checkin__search" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{s.nameSearchTitle}</h2>
      <div className="admin-checkin__field">
        <label className="admin-checkin__label" htmlFor={id}>
          {s.nameSearchLabel}
        </label>
        <input
          id={id}
          type="search"
          className="admin-checkin__control"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="admin-checkin__hint">
          {s.nameSearchHint}
        </p>
      </div>
      {searching && day.isPending && <Spinner label={s.nameSearchLoading} />}
      {searching && day.isError && <p role="alert">{apiErrorText(day.error)}</p>}
      <p className="admin-checkin__hint" aria-live="polite">
        {summary}
      </p>
      {matches.length > 0 && (
        <ul className="admin-checkin__matches">
          {matches.map((entry) => {
            const { cls, reservation } = entry;
            const name = customerName(reservation.customer);
            const failed = checkIn.isError && checkIn.variables?.reservation.class_reservation_id === reservation.class_reservation_id;
            const busy = checkIn.isPending && checkIn.variables?.reservation.class_reservation_id === reservation.class_reservation_id;
            return (
              <li key={reservation.class_reservation_id} className="admin-checkin__match">
                <p className="admin-checkin__match-name">{name}</p>
                <dl className="admin-checkin__facts">
                  <div>
                    <dt>{s.className}</dt>
                    <dd>{cls.class_type?.name ?? '—'}</dd>
                  </div>
                  <div>
                    <dt>{s.time}</dt>
                    <dd>{cls.start_time}</dd>
                  </div>
                  <div>
                    <dt>{s.spot}</dt>
                    <dd>{reservation.spot ?? s.noSpot}</dd>
                  </div>
                  <div>
                    <dt>{s.status}</dt>
                    <dd>{reservation.attend ? s.attended : reservation.status}</dd>
                  </div>
                </dl>
                {!reservation.attend && (
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    aria-busy={busy}
                    aria-label={fill(s.nameSearchCheckIn, { name, time: cls.start_time })}
                    onClick={() => checkIn.mutate(entry)}
                  >
                    {busy ? s.checkingIn : s.checkIn}
                  </button>
                )}
                {failed && (
                  <p role="alert" className="admin-checkin__error">
                    {apiErrorText(checkIn.error)}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {/* Polite, and not a role="status": the code panel's status stays the page's only one. */}
      <p aria-live="polite" className="admin-checkin__announcement">
        {announcement}
      </p>
    </section>
  );
}
