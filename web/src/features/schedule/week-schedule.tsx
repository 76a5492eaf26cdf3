import { studioDay } from '@studio/shared/format/dates';
import { stripDays } from '@studio/shared/format/schedule-day';
import { jsonLdText, scheduleJsonLd } from '@studio/shared/format/schedule-json-ld';
import {
  addCalendarDays,
  currentWeekStart,
  formatCalendarDay,
  groupByStudioDay,
  mondayOf,
  studioClockTime,
  weekdayName,
} from '@studio/shared/format/schedule-week';
import { fill } from '@studio/shared/messages';
import { publicSiteMessages as m } from '@studio/shared/messages/public-site';
import type { SingleClass } from '@studio/shared/schemas/single-class';
import type { Instructor, Location } from '@studio/shared/types/catalogue';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { DayClasses, DayPanel, DayStrip, dayTitle } from '../../components/day-strip';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { configBoolean, configString, useConfig } from '../../lib/app-config';
import { instructorsQuery, locationsQuery } from '../../lib/catalogue-queries';
import { personName, spotsText } from '../../lib/class-format';
import { paths } from '../../lib/paths';
import { weekQuery } from '../../lib/schedule-api';
import { useLocalScheduleDay, useNarrowScreen, useUrlScheduleDay } from '../../lib/schedule-day';
import { type ScheduleFilters, type ScheduleFiltersUpdate, useLocalScheduleFilters, useUrlScheduleFilters } from '../../lib/schedule-filters';
import { useServerQuery } from '../../lib/server-data';
import './schedule.css';

type HeadingLevel = 2 | 3;

/** Where a class's booking happens: the customer area's calendar, which opens that class (booking is the customer area's). */
export function bookingHref(singleClassId: number): string {
  return `${paths.myStudio}?single_class_id=${singleClassId}`;
}

function Heading({ level, className, id, children }: { level: 2 | 3 | 4; className?: string; id?: string; children: ReactNode }) {
  const Tag = `h${level}` as const;
  return (
    <Tag className={className} id={id}>
      {children}
    </Tag>
  );
}

function ClassItem({ c, level, now, tz, waitlist }: { c: SingleClass; level: 3 | 4; now: Date; tz: string; waitlist: boolean }) {
  const name = c.class_type?.name ?? m.classFallback;
  const start = studioClockTime(c.class_date, tz);
  const end = studioClockTime(c.end_date, tz);
  const started = Date.parse(c.class_date) <= now.getTime();
  const cancelled = c.status === 'cancelled';
  const instructors = c.class_instructors.map(({ instructor }) => personName(instructor)).filter(Boolean);
  const label = { class: name, day: weekdayName(c.date), time: start };

  let action = null;
  if (cancelled) {
    action = <p className="schedule-class__badge schedule-class__badge--muted">{m.cancelled}</p>;
  } else if (started) {
    action = <p className="schedule-class__badge schedule-class__badge--muted">{m.started}</p>;
  } else if (c.spots_left > 0) {
    action = (
      <Link className="button schedule-class__action" to={bookingHref(c.single_class_id)} aria-label={fill(m.bookClass, label)}>
        {m.book}
      </Link>
    );
  } else if (waitlist) {
    action = (
      <Link className="button button--secondary schedule-class__action" to={bookingHref(c.single_class_id)} aria-label={fill(m.waitlistClass, label)}>
        {m.waitlist}
      </Link>
    );
  }

  return (
    <li className={`schedule-class${started || cancelled ? ' schedule-class--past' : ''}`}>
      <p className="schedule-class__time">
        <time dateTime={c.class_date}>{start}</time>–<time dateTime={c.end_date}>{end}</time>
      </p>
      <Heading level={level} className="schedule-class__name">
        {name}
      </Heading>
      {instructors.length > 0 && <p className="schedule-class__meta">{fill(m.with, { names: instructors.join(', ') })}</p>}
      {c.location && <p className="schedule-class__meta">{c.location.name}</p>}
      {!started && !cancelled && <p className={`schedule-class__badge${c.spots_left <= 0 ? ' schedule-class__badge--full' : ''}`}>{spotsText(c.spots_left)}</p>}
      {action}
    </li>
  );
}

function FilterSelect<T extends { id: number; label: string }>({
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  options: readonly T[];
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const id = useId();
  return (
    <div className="schedule-filter">
      <label className="schedule-filter__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="schedule-filter__control"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface FilterChoices {
  /** Still reading the choices: the schedule shows its spinner, so the filters never appear above classes already shown. */
  waiting: boolean;
  locations: { id: number; label: string }[];
  instructors: { id: number; label: string }[];
}

/** The filters' choices (a failed read means no filter: the schedule works unfiltered). */
function useFilterChoices(showInstructor: boolean): FilterChoices {
  const locations = useServerQuery(locationsQuery);
  const instructors = useServerQuery({ ...instructorsQuery, enabled: showInstructor });
  return {
    waiting: locations.isLoading || instructors.isLoading,
    locations: (locations.data ?? []).map((l: Location) => ({ id: l.location_id, label: l.name })),
    instructors: (instructors.data ?? []).map((i: Instructor) => ({ id: i.instructor_id, label: personName(i) })),
  };
}

function Filters({
  filters,
  onChange,
  showInstructor,
  choices,
}: {
  filters: ScheduleFilters;
  onChange: (update: ScheduleFiltersUpdate) => void;
  showInstructor: boolean;
  choices: FilterChoices;
}) {
  // A filter with a single choice filters nothing (customer-area §2: the location filter shows with more than one location).
  const withLocation = choices.locations.length > 1 || filters.locationId !== null;
  const withInstructor = showInstructor && (choices.instructors.length > 1 || filters.instructorId !== null);
  if (choices.waiting || (!withLocation && !withInstructor)) return null;
  return (
    <div role="group" aria-label={m.filters} className="schedule-filters">
      {withLocation && (
        <FilterSelect
          label={m.locationFilter}
          allLabel={m.allLocations}
          options={choices.locations}
          value={filters.locationId}
          onChange={(locationId) => onChange({ locationId })}
        />
      )}
      {withInstructor && (
        <FilterSelect
          label={m.instructorFilter}
          allLabel={m.allInstructors}
          options={choices.instructors}
          value={filters.instructorId}
          onChange={(instructorId) => onChange({ instructorId })}
        />
      )}
    </div>
  );
}

export interface WeekScheduleProps {
  filters: ScheduleFilters;
  onChange: (update: ScheduleFiltersUpdate) => void;
  now: Date;
  tz: string;
  /** Level of each day's heading; classes take the next one. */
  headingLevel: HeadingLevel;
  /** Set on an instructor's page: the schedule is theirs, so no instructor filter. */
  instructorId?: number;
  /** /calendario only: the week's upcoming classes as schema.org Events. */
  jsonLd?: boolean;
  /** The phone's day (the strip's selection) and how to choose another. */
  day: string;
  onDay: (day: string) => void;
  /** How many days the phone's strip shows from today (the landing shows a week, the schedule pages two). */
  stripLength?: number;
}

/**
 * One studio week, Monday first: week navigation, filters, and each day's
 * classes. On a phone, one day at a time under the day strip (today first),
 * the week fetched being that day's.
 */
export function WeekSchedule({ filters, onChange, now, tz, headingLevel, instructorId, jsonLd = false, day, onDay, stripLength }: WeekScheduleProps) {
  const config = useConfig();
  const waitlist = configBoolean(config, 'waitlist_enabled');
  const weekLabelId = useId();
  const narrow = useNarrowScreen();
  const fixedInstructor = instructorId !== undefined;
  const monday = narrow ? mondayOf(day) : filters.monday;
  const query = { monday, locationId: filters.locationId, instructorId: fixedInstructor ? instructorId : filters.instructorId };
  const { data, isPending, isError, isFetching, refetch } = useServerQuery(weekQuery(query));
  const choices = useFilterChoices(!fixedInstructor);
  const isCurrentWeek = filters.monday <= currentWeekStart(now, tz);
  const sunday = addCalendarDays(filters.monday, 6);

  const today = studioDay(now, tz);
  const classLevel = (headingLevel + 1) as 3 | 4;
  const renderClass = (c: SingleClass) => <ClassItem key={c.single_class_id} c={c} level={classLevel} now={now} tz={tz} waitlist={waitlist} />;

  let body;
  if (choices.waiting) {
    // One change when everything is known: filters appearing above classes already on screen would push them down (layout shift).
    body = <Spinner />;
  } else if (data && narrow) {
    const week = groupByStudioDay(data, (c) => c.class_date, monday, tz);
    body = (
      <DayPanel days={stripDays(today, day, stripLength)} selected={day} onSelect={onDay} idBase={weekLabelId}>
        <Heading level={headingLevel} className="visually-hidden">
          {dayTitle(day, today)}
        </Heading>
        <DayClasses
          key={day}
          items={week.find((entry) => entry.day === day)?.items ?? []}
          week={week}
          day={day}
          now={now.getTime()}
          onSelect={onDay}
          renderItem={renderClass}
          listClassName="schedule-day__classes"
          emptyText={m.emptyDay}
        />
      </DayPanel>
    );
  } else if (data) {
    const days = groupByStudioDay(data, (c) => c.class_date, filters.monday, tz);
    const structured = jsonLd ? scheduleJsonLd(data, { businessName: configString(config, 'business_name'), tz, now, origin: window.location.origin }) : null;
    body = (
      <>
        {structured && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(structured) }} />}
        {days.every((d) => d.items.length === 0) ? (
          <p className="muted schedule__empty">{m.emptyWeek}</p>
        ) : (
          <div className="schedule-days">
            {days.map(({ day, items }) => {
              const dayHeadingId = `${weekLabelId}-${day}`;
              return (
                <section key={day} className="schedule-day" aria-labelledby={dayHeadingId}>
                  <Heading level={headingLevel} className="schedule-day__title" id={dayHeadingId}>
                    <span className="schedule-day__weekday">{weekdayName(day)}</span> <span className="schedule-day__date">{formatCalendarDay(day)}</span>
                  </Heading>
                  {items.length === 0 ? (
                    <p className="muted schedule-day__empty">{m.emptyDay}</p>
                  ) : (
                    <ul className="schedule-day__classes">{items.map(renderClass)}</ul>
                  )}
                </section>
              );
            })}
          </div>
        )}
      </>
    );
  } else if (isPending) {
    body = <Spinner />;
  } else if (isError) {
    body = <LoadError message={m.scheduleLoadError} retrying={isFetching} onRetry={() => void refetch()} />;
  }

  return (
    <div className="schedule">
      {narrow ? (
        <DayStrip days={stripDays(today, day, stripLength)} today={today} selected={day} onSelect={onDay} idBase={weekLabelId} />
      ) : (
        <div className="schedule-nav">
          <button
            type="button"
            className="button button--secondary schedule-nav__button"
            disabled={isCurrentWeek}
            onClick={() => onChange({ monday: addCalendarDays(filters.monday, -7) })}
          >
            <span aria-hidden="true">‹</span> {m.previousWeek}
          </button>
          <p className="schedule-nav__label" id={weekLabelId} aria-live="polite">
            {fill(m.weekOf, { start: formatCalendarDay(filters.monday), end: formatCalendarDay(sunday) })}
          </p>
          <button
            type="button"
            className="button button--secondary schedule-nav__button"
            onClick={() => onChange({ monday: addCalendarDays(filters.monday, 7) })}
          >
            {m.nextWeek} <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
      {/* Below the week's navigation, shown with the classes once their choices are known: nothing on screen moves (layout shift). */}
      <Filters filters={filters} onChange={onChange} showInstructor={!fixedInstructor} choices={choices} />
      {body}
    </div>
  );
}

/** "Now" is taken once per mount: the week shown does not jump at midnight while someone reads it. */
function useMountTime(): Date {
  const [now] = useState(() => new Date());
  return now;
}

/** The week schedule with its week and filters in the URL (shareable links): /calendario and the instructor's page. */
export function UrlWeekSchedule({ headingLevel, instructorId, jsonLd }: { headingLevel: HeadingLevel; instructorId?: number; jsonLd?: boolean }) {
  const tz = configString(useConfig(), 'timezone');
  const now = useMountTime();
  const [filters, update] = useUrlScheduleFilters(now, tz);
  const [day, onDay] = useUrlScheduleDay(now, tz);
  return (
    <WeekSchedule
      filters={filters}
      onChange={update}
      now={now}
      tz={tz}
      headingLevel={headingLevel}
      instructorId={instructorId}
      jsonLd={jsonLd}
      day={day}
      onDay={onDay}
    />
  );
}

/** The landing's strip: today and the next six days; the whole schedule is a link away (/calendario). */
const LANDING_STRIP_DAYS = 7;

/** The week schedule with its state in the component (the landing keeps its URL). */
export function LocalWeekSchedule({ headingLevel }: { headingLevel: HeadingLevel }) {
  const tz = configString(useConfig(), 'timezone');
  const now = useMountTime();
  const [filters, update] = useLocalScheduleFilters(now, tz);
  const [day, onDay] = useLocalScheduleDay(now, tz);
  return (
    <WeekSchedule filters={filters} onChange={update} now={now} tz={tz} headingLevel={headingLevel} day={day} onDay={onDay} stripLength={LANDING_STRIP_DAYS} />
  );
}
