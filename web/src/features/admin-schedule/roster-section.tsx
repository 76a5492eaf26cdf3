import { fill } from '@studio/shared/messages';
import { adminScheduleMessages as m } from '@studio/shared/messages/admin-schedule';
import type { AttendanceInput, RosterCustomer, RosterReservation } from '@studio/shared/schemas/class-roster';
import { useId } from 'react';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { apiErrorText } from '../../lib/api-client';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { adminScheduleKeys, rosterQuery, setAttendance } from './admin-schedule-api';

const fullName = (c: RosterCustomer | null): string => [c?.name, c?.last_name].filter(Boolean).join(' ') || c?.email || '—';

/** Who holds the place: the customer, or their guest (named after them). */
const holder = (r: RosterReservation) => (r.guest ? fill(m.guestOf, { name: fullName(r.customer), guest: r.guest }) : fullName(r.customer));

/**
 * The class's roster (admin): each reservation's customer, spot, guest and
 * status with an 'Asistió' checkbox (PUT attendance; refusals such as "not open
 * yet" are the server's words), then the waitlist in line order.
 */
export function RosterSection({ id }: { id: number }) {
  const headingId = useId();
  const waitId = useId();
  const roster = useServerQuery(rosterQuery(id));
  const attendance = useServerMutation({
    mutationFn: (body: AttendanceInput) => setAttendance(id, body),
    meta: { alert: false, invalidates: [adminScheduleKeys.roster(id)] },
  });
  const pending = attendance.isPending ? attendance.variables : undefined;

  let done = '';
  if (attendance.isSuccess) {
    const r = roster.data?.reservations.find((x) => x.class_reservation_id === attendance.variables.class_reservation_id);
    const name = r ? holder(r) : '';
    done = fill(attendance.variables.attend ? m.attendanceSaved : m.attendanceRemoved, { name });
  }

  let body;
  if (roster.data) {
    const { reservations, waitlist } = roster.data;
    body = (
      <>
        {reservations.length === 0 ? (
          <p className="muted">{m.rosterEmpty}</p>
        ) : (
          <ul className="admin-schedule__roster">
            {reservations.map((r) => {
              const name = holder(r);
              const cancelled = r.deletedAt !== null;
              const checked = pending?.class_reservation_id === r.class_reservation_id ? pending.attend : r.attend;
              return (
                <li key={r.class_reservation_id} className={`admin-schedule__person${cancelled ? ' admin-schedule__person--cancelled' : ''}`}>
                  <div>
                    <strong>{name}</strong>
                    <p className="admin-schedule__meta">
                      {m.spot}: {r.spot ?? m.noSpot} · {m.status}: {r.status}
                    </p>
                  </div>
                  <label className="admin-schedule__check">
                    <input
                      type="checkbox"
                      checked={checked}
                      // A cancelled reservation has no attendance to keep (the API refuses it).
                      disabled={cancelled || pending !== undefined}
                      onChange={(event) => attendance.mutate({ class_reservation_id: r.class_reservation_id, attend: event.target.checked })}
                    />{' '}
                    {m.attended}
                    <span className="visually-hidden">: {name}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        <h3 id={waitId}>{m.waitlistTitle}</h3>
        {waitlist.length === 0 ? (
          <p className="muted">{m.waitlistEmpty}</p>
        ) : (
          <ol className="admin-schedule__waitlist" aria-labelledby={waitId}>
            {[...waitlist]
              .sort((a, b) => a.position - b.position)
              .map((w) => (
                <li key={w.waitlist_id}>{fullName(w.customer)}</li>
              ))}
          </ol>
        )}
      </>
    );
  } else if (roster.isPending) {
    body = <Spinner />;
  } else {
    body = <LoadError message={apiErrorText(roster.error) ?? m.rosterLoadError} retrying={roster.isFetching} onRetry={() => void roster.refetch()} />;
  }

  return (
    <section className="admin-schedule__panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{m.rosterTitle}</h2>
      <div role="alert">{attendance.isError && <p className="form-error">{apiErrorText(attendance.error)}</p>}</div>
      <p role="status" className="admin-schedule__done">
        {done}
      </p>
      {body}
    </section>
  );
}
