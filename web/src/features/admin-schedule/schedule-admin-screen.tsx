import {
  addCalendarDays,
  currentWeekStart,
  formatCalendarDay,
  groupByStudioDay,
  isCalendarDay,
  isoWeekNumber,
  mondayOf,
  weekdayName,
} from '@studio/shared/format/schedule-week';
import { fill } from '@studio/shared/messages';
import { adminScheduleMessages as m } from '@studio/shared/messages/admin-schedule';
import type { SingleClass } from '@studio/shared/schemas/single-class';
import { type ReactNode, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { configString, useConfig } from '../../lib/app-config';
import { instructorsQuery, locationsQuery } from '../../lib/catalogue-queries';
import { classTypesQuery } from '../../lib/catalogue-queries';
import { SCHEDULE_PARAMS } from '../../lib/schedule-filters';
import { useServerQuery } from '../../lib/server-data';
import { adminSchedulePaths, adminWeekQuery } from './admin-schedule-api';
import { type ClassOptions, coachName } from './class-form-fields';
import { NewClassModal } from './new-class-modal';
import './admin-schedule.css';

function idParam(value: string | null): number | null {
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/**
 * The week and location in the address, like the public schedule's links
 * (?semana=…&ubicacion=…), but any week may be asked for: unlike customers,
 * the studio looks back at past classes.
 */
function useAdminWeekFilters(tz: string) {
  const [params, setParams] = useSearchParams();
  const [now] = useState(() => new Date());
  const current = currentWeekStart(now, tz);
  const asked = params.get(SCHEDULE_PARAMS.week);
  const monday = isCalendarDay(asked) ? mondayOf(asked) : current;
  const locationId = idParam(params.get(SCHEDULE_PARAMS.location));
  const update = (next: { monday?: string; locationId?: number | null }) =>
    setParams(
      (previous) => {
        const out = new URLSearchParams(previous);
        if (next.monday !== undefined) {
          if (next.monday === current) out.delete(SCHEDULE_PARAMS.week);
          else out.set(SCHEDULE_PARAMS.week, next.monday);
        }
        if (next.locationId !== undefined) {
          if (next.locationId === null) out.delete(SCHEDULE_PARAMS.location);
          else out.set(SCHEDULE_PARAMS.location, String(next.locationId));
        }
        return out;
      },
      // Weeks and filters refine one view: Back leaves the schedule rather than stepping through weeks.
      { replace: true, preventScrollReset: true },
    );
  return { monday, current, locationId, update };
}

function ClassItem({ c }: { c: SingleClass }) {
  const cancelled = c.status === 'cancelled';
  const coaches = c.class_instructors.map((ci) => coachName(ci.instructor)).join(', ') || m.noCoach;
  return (
    <li className={`admin-schedule__class${cancelled ? ' admin-schedule__class--cancelled' : ''}`}>
      <Link to={adminSchedulePaths.one(c.single_class_id)} className="admin-schedule__link">
        <span className="admin-schedule__time">{c.start_time}</span> <strong className="admin-schedule__type">{c.class_type?.name ?? '—'}</strong>{' '}
        {cancelled && <span className="admin-schedule__badge">{m.cancelled}</span>}
        <span className="admin-schedule__meta">
          {coaches} · {c.location?.name ?? m.noLocation} · {fill(m.booked, { booked: c.booked, capacity: c.capacity })}
        </span>
      </Link>
    </li>
  );
}

/**
 * /admin/horario: one studio week, Monday first, past weeks included, with the
 * location filter; every class (cancelled ones badged) links to its page.
 * 'Nueva clase' and 'Nueva serie' open the create forms.
 */
export function ScheduleAdminScreen() {
  const tz = configString(useConfig(), 'timezone');
  const { monday, current, locationId, update } = useAdminWeekFilters(tz);
  const [creating, setCreating] = useState<'class' | 'series' | null>(null);
  const id = useId();

  const week = useServerQuery(adminWeekQuery(monday, locationId));
  const locations = useServerQuery(locationsQuery);
  const classTypes = useServerQuery(classTypesQuery);
  const instructors = useServerQuery(instructorsQuery);
  const options: ClassOptions = { classTypes: classTypes.data ?? [], locations: locations.data ?? [], instructors: instructors.data ?? [] };
  const optionsFailed = locations.isError || classTypes.isError || instructors.isError;

  let body: ReactNode = null;
  if (week.data) {
    body = (
      <div className="admin-schedule__days">
        {groupByStudioDay(week.data, (c) => c.class_date, monday, tz).map(({ day, items }) => (
          <section key={day} className="admin-schedule__day" aria-labelledby={`${id}-${day}`}>
            <h2 id={`${id}-${day}`} className="admin-schedule__day-title">
              {weekdayName(day)} {formatCalendarDay(day)}
            </h2>
            {items.length === 0 ? (
              <p className="muted">{m.emptyDay}</p>
            ) : (
              <ul className="admin-schedule__classes">
                {items.map((c) => (
                  <ClassItem key={c.single_class_id} c={c} />
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    );
  } else if (week.isPending) {
    body = <Spinner />;
  } else if (week.isError) {
    body = <LoadError message={m.loadError} retrying={week.isFetching} onRetry={() => void week.refetch()} />;
  }

  return (
    <section className="screen admin-schedule">
      <div className="admin-schedule__header">
        <h1>{m.title}</h1>
        <div className="actions">
          <button type="button" className="button" onClick={() => setCreating('class')}>
            {m.newClass}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setCreating('series')}>
            {m.newSeries}
          </button>
        </div>
      </div>
      {optionsFailed && <p role="alert">{m.optionsLoadError}</p>}
      <div className="admin-schedule__nav" role="group" aria-label={m.weekNav}>
        <button type="button" className="button button--secondary" onClick={() => update({ monday: addCalendarDays(monday, -7) })}>
          <span aria-hidden="true">‹</span> {m.previousWeek}
        </button>
        <p className="admin-schedule__week" aria-live="polite">
          <strong>{fill(m.week, { n: isoWeekNumber(monday) })}</strong>{' '}
          <span>{fill(m.weekRange, { start: formatCalendarDay(monday), end: formatCalendarDay(addCalendarDays(monday, 6)) })}</span>
        </p>
        <button type="button" className="button button--secondary" onClick={() => update({ monday: addCalendarDays(monday, 7) })}>
          {m.nextWeek} <span aria-hidden="true">›</span>
        </button>
        {monday !== current && (
          <button type="button" className="button button--secondary" onClick={() => update({ monday: current })}>
            {m.thisWeek}
          </button>
        )}
      </div>
      {options.locations.length > 0 && (
        <div className="field admin-schedule__filter">
          <label className="field__label" htmlFor={`${id}-location`}>
            {m.locationFilter}
          </label>
          <select
            id={`${id}-location`}
            className="field__control"
            value={locationId ?? ''}
            onChange={(event) => update({ locationId: event.target.value ? Number(event.target.value) : null })}
          >
            <option value="">{m.allLocations}</option>
            {options.locations.map((l) => (
              <option key={l.location_id} value={l.location_id}>
                {l.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {body}
      {creating && (
        <NewClassModal
          key={creating}
          mode={creating}
          options={options}
          onClose={() => setCreating(null)}
          // The new class's week is shown, so the admin sees what was created.
          onCreated={(day) => update({ monday: mondayOf(day) })}
        />
      )}
    </section>
  );
}
