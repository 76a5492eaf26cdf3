import { fill } from '@studio/shared/messages';
import { adminScheduleMessages as m } from '@studio/shared/messages/admin-schedule';
import type { AttendanceInput, RosterCustomer, RosterReservation } from '@studio/shared/schemas/class-roster';
import type { SingleClass } from '@studio/shared/schemas/single-class';
import { useEffect, useId, useRef, useState } from 'react';
import { CustomAnswerRows } from '../../components/custom-answers';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { apiErrorText } from '../../lib/api-client';
import { customFieldsQuery } from '../../lib/custom-fields-api';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { AddCustomerModal } from './add-customer-modal';
import { adminScheduleKeys, rosterQuery, setAttendance } from './admin-schedule-api';
import { RemoveReservationModal } from './remove-reservation-modal';

const fullName = (c: RosterCustomer | null): string => [c?.name, c?.last_name].filter(Boolean).join(' ') || c?.email || '—';

/** Who holds the place: the customer, or their guest (named after them). */
const holder = (r: RosterReservation) => (r.guest ? fill(m.guestOf, { name: fullName(r.customer), guest: r.guest }) : fullName(r.customer));

/**
 * The class's roster (admin): each reservation's customer, spot, guest and
 * status with an 'Asistió' checkbox (PUT attendance; refusals such as "not open
 * yet" are the server's words) and 'Quitar', then the waitlist in line order.
 * 'Agregar cliente' adds someone (not on a cancelled class, which the API
 * refuses). What was added or removed is announced in the status line.
 */
export function RosterSection({ c }: { c: SingleClass }) {
  const id = c.single_class_id;
  const headingId = useId();
  const waitId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const roster = useServerQuery(rosterQuery(id));
  // The booking questions name the answers (read only when someone answered); unread, an answer shows under its key.
  const answered = roster.data?.reservations.some((r) => Object.keys(r.custom_values).length > 0) ?? false;
  const questions = useServerQuery({ ...customFieldsQuery('class_reservation'), enabled: answered });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<{ r: RosterReservation; name: string } | null>(null);
  /** The last add or remove, in words; it replaces the attendance message until attendance changes again. */
  const [changed, setChanged] = useState<string | null>(null);
  /** Set when a removal closes its dialog: the heading takes focus after the dialog's own cleanup. */
  const focusHeading = useRef(false);
  const attendance = useServerMutation({
    mutationFn: (body: AttendanceInput) => setAttendance(id, body),
    meta: { alert: false, invalidates: [adminScheduleKeys.roster(id)] },
    onMutate: () => setChanged(null),
  });
  const pending = attendance.isPending ? attendance.variables : undefined;

  useEffect(() => {
    // The removed row's 'Quitar' is gone once the roster is read again, so the dialog cannot hand focus back to it.
    // React runs the closed dialog's cleanup before this render's effects, so this comes after its attempt.
    if (!focusHeading.current) return;
    focusHeading.current = false;
    headingRef.current?.focus();
  });

  let done = changed ?? '';
  if (changed === null && attendance.isSuccess) {
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
                    {Object.keys(r.custom_values).length > 0 && (
                      <dl className="admin-schedule__answers">
                        <CustomAnswerRows fields={questions.data ?? []} values={r.custom_values} />
                      </dl>
                    )}
                  </div>
                  <div className="admin-schedule__row-actions">
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
                    {/* A cancelled reservation is already out of the class: removing it again would change nothing. */}
                    {!cancelled && (
                      <button type="button" className="button button--secondary admin-schedule__small" onClick={() => setRemoving({ r, name })}>
                        {m.remove}
                        <span className="visually-hidden">: {name}</span>
                      </button>
                    )}
                  </div>
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
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {m.rosterTitle}
      </h2>
      <div role="alert">{attendance.isError && <p className="form-error">{apiErrorText(attendance.error)}</p>}</div>
      <p role="status" className="admin-schedule__done">
        {done}
      </p>
      {c.status !== 'cancelled' && (
        <div className="actions admin-schedule__roster-actions">
          <button type="button" className="button" onClick={() => setAdding(true)}>
            {m.addCustomer}
          </button>
        </div>
      )}
      {body}
      {adding && (
        <AddCustomerModal
          c={c}
          roster={roster.data}
          onClose={() => setAdding(false)}
          onAdded={(text) => {
            setChanged(text);
            // The dialog hands focus back to 'Agregar cliente', which stays.
            setAdding(false);
          }}
        />
      )}
      {removing && (
        <RemoveReservationModal
          classId={id}
          r={removing.r}
          name={removing.name}
          onClose={() => setRemoving(null)}
          onRemoved={(text) => {
            setChanged(text);
            focusHeading.current = true;
            setRemoving(null);
          }}
        />
      )}
    </section>
  );
}
