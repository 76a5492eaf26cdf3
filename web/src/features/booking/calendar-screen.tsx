import { DATE_TIME_FORMAT, formatStudioDate, studioDay } from '@studio/shared/format/dates';
import { stripDays } from '@studio/shared/format/schedule-day';
import {
  addCalendarDays,
  currentWeekStart,
  formatCalendarDay,
  groupByStudioDay,
  isoWeekNumber,
  mondayOf,
  monthName,
  weekdayName,
  weekMonth,
  weekStartOfMonth,
} from '@studio/shared/format/schedule-week';
import { fill } from '@studio/shared/messages';
import { calendarMessages as m } from '@studio/shared/messages/calendar';
import { waitlistMessages } from '@studio/shared/messages/waitlist';
import { waitlistCutoffMinutes } from '@studio/shared/rules/reservation-rules';
import type { SingleClass } from '@studio/shared/schemas/single-class';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CancelReservationModal } from '../../components/cancel-reservation-modal';
import { DayClasses, DayPanel, DayStrip, dayTitle } from '../../components/day-strip';
import { LoadError } from '../../components/load-error';
import { confirmAction } from '../../components/modal-store';
import { Spinner } from '../../components/spinner';
import { showSuccess } from '../../lib/alerts';
import { configBoolean, configNumber, configString, useConfig } from '../../lib/app-config';
import { cancelSettings } from '../../lib/cancel-rules';
import { locationsQuery } from '../../lib/catalogue-queries';
import { balanceQuery, creditBalance } from '../../lib/credit-balance';
import { paths } from '../../lib/paths';
import { weekQuery } from '../../lib/schedule-api';
import { useNarrowScreen, useUrlScheduleDay } from '../../lib/schedule-day';
import { useUrlScheduleFilters } from '../../lib/schedule-filters';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { useSession } from '../../lib/session';
import { BookClassModal, type BookingOutcome, classTitle } from './book-modal/book-class-modal';
import { CreditsModal, FullModal, PenaltyModal, SignInModal, WaitlistModal } from './book-modal/booking-notices';
import { afterPlaceChange, leaveWaitlist, WEEK_REFRESH_MS } from './calendar-api';
import { cardActions, cardState, guestGoingAlong } from './calendar-rules';
import { type CardCommand, ClassCard } from './class-card';
import { rememberPendingBooking, RESUME_AFTER_SIGN_IN_MS, takePendingBooking } from './pending-booking';
import { PromoPopup } from './promo-popup';
import './calendar.css';

/** The public schedule's links open a class here: /mystudio?single_class_id=12 (docs/public-site). */
export const SINGLE_CLASS_PARAM = 'single_class_id';

type Dialog =
  | { kind: 'book' | 'guest' | 'waitlist' | 'sign-in'; id: number }
  | { kind: 'credits'; id: number; guest: boolean }
  | { kind: 'penalty'; message: string }
  | { kind: 'full' }
  | { kind: 'cancel'; c: SingleClass; reservationId: number }
  | null;

/** The clock the cards judge by ("started", the cancel window), moving on each minute. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function idParam(value: string | null): number | null {
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

function Legend() {
  return (
    <ul className="cal-legend" aria-label={m.legend}>
      <li>
        <span className="cal-legend__swatch cal-legend__swatch--available" aria-hidden="true" /> {m.available}
      </li>
      <li>
        <span className="cal-legend__swatch cal-legend__swatch--reserved" aria-hidden="true" /> {m.reserved}
      </li>
      <li>
        <span className="cal-legend__swatch cal-legend__swatch--full" aria-hidden="true" /> {m.noSpots}
      </li>
    </ul>
  );
}

/**
 * Calendario, the customer area's home (customer-area §2, §4): a studio week
 * Monday first, month and week navigation, the legend, the location filter,
 * each day's class cards with their buttons, and every booking modal. Open to
 * visitors too: booking asks them to sign in and then carries on.
 */
export function CalendarScreen({ signInForm, signUpForm }: { signInForm: ReactNode; signUpForm: ReactNode }) {
  const config = useConfig();
  const tz = configString(config, 'timezone');
  const status = useSession((state) => state.status);
  const signedIn = status === 'signed-in';
  // The studio's required questions come first (the complete-information modal covers the calendar): a booking waits for them.
  const infoPending = useSession((state) => (state.customer?.pending_fields?.length ?? 0) > 0);
  const [mountTime] = useState(() => new Date());
  const now = useMinuteClock();
  const [filters, update] = useUrlScheduleFilters(mountTime, tz);
  const [day, selectDay] = useUrlScheduleDay(mountTime, tz);
  // A phone shows one day under the strip, and fetches that day's week.
  const narrow = useNarrowScreen();
  const monday = narrow ? mondayOf(day) : filters.monday;
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  // A class to open: the public schedule's link (/mystudio?single_class_id=12) opens it at once, or asks a visitor to sign in first.
  const linkedClass = idParam(params.get(SINGLE_CLASS_PARAM));
  const [dialog, setDialog] = useState<Dialog>(() => {
    if (linkedClass === null || (signedIn && infoPending)) return null;
    return { kind: signedIn ? 'book' : 'sign-in', id: linkedClass };
  });
  const weekLabelId = useId();

  const week = useServerQuery({
    ...weekQuery({ monday, locationId: filters.locationId, instructorId: null }),
    refetchInterval: WEEK_REFRESH_MS,
  });
  const locationsRead = useServerQuery(locationsQuery);
  const locations = locationsRead.data;
  // The location filter appears above the classes once its choices are known: until then the classes wait too, so nothing shown moves (layout shift).
  const choicesWaiting = locationsRead.isLoading;
  const { data: lots } = useServerQuery({ ...balanceQuery, enabled: signedIn });
  const balance = signedIn && lots ? creditBalance(lots) : null;
  const hasCredits = balance === null ? null : balance.kind === 'unlimited' || balance.count > 0;
  const leave = useServerMutation({
    mutationFn: leaveWaitlist,
    meta: { invalidates: afterPlaceChange },
    onSuccess: () => showSuccess(waitlistMessages.removed),
  });
  // A refusal goes to the global alert (meta.alert), once.

  const settings = cancelSettings(config);
  const guestsEnabled = configBoolean(config, 'allow_class_guests');
  const cutoffMinutes = waitlistCutoffMinutes(config.waitlist_cutoff_minutes);
  const ctx = {
    now,
    signedIn,
    guestsEnabled,
    waitlistEnabled: configBoolean(config, 'waitlist_enabled'),
    waitlistCutoffMinutes: cutoffMinutes,
    settings,
    hasCredits,
    lots: signedIn ? (lots ?? null) : null,
  };

  useEffect(() => {
    if (linkedClass === null) return;
    // A visitor's class waits for the session; the link's parameter is spent.
    if (!signedIn || infoPending) rememberPendingBooking(linkedClass);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(SINGLE_CLASS_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [linkedClass, signedIn, infoPending, setParams]);

  // A booking left to sign in, sign up or buy credits resumes here, after the spec's 1 s pause once signed in.
  useEffect(() => {
    if (!signedIn || infoPending) return;
    const pending = takePendingBooking();
    if (pending === null) return;
    const timer = setTimeout(() => setDialog({ kind: 'book', id: pending }), RESUME_AFTER_SIGN_IN_MS);
    return () => clearTimeout(timer);
  }, [signedIn, infoPending]);

  function onCommand(command: CardCommand) {
    const id = command.c.single_class_id;
    if (!signedIn && (command.kind === 'book' || command.kind === 'waitlist')) {
      rememberPendingBooking(id);
      setDialog({ kind: 'sign-in', id });
      return;
    }
    switch (command.kind) {
      case 'book':
      case 'guest':
      case 'waitlist':
        setDialog({ kind: command.kind, id });
        return;
      case 'buy':
        rememberPendingBooking(id);
        void navigate(paths.myPackages);
        return;
      case 'cancel':
        setDialog({ kind: 'cancel', c: command.c, reservationId: command.reservation.class_reservation_id });
        return;
      case 'leave-waitlist':
        void confirmAction(fill(m.leaveWaitlistConfirm, { class: classTitle(command.c) })).then((confirmed) => {
          if (confirmed) leave.mutate(command.waitlistId);
        });
        return;
    }
  }

  function onOutcome(id: number, outcome: BookingOutcome) {
    if (outcome.kind === 'no-credits') setDialog({ kind: 'credits', id, guest: outcome.guest });
    else if (outcome.kind === 'penalty') setDialog({ kind: 'penalty', message: outcome.message });
    else setDialog(ctx.waitlistEnabled && !outcome.guest ? { kind: 'waitlist', id } : { kind: 'full' });
  }

  const current = currentWeekStart(mountTime, tz);
  const isCurrentWeek = filters.monday <= current;
  const month = weekMonth(filters.monday);
  const goTo = (monday: string) => update({ monday: monday < current ? current : monday });
  const locationOptions = locations ?? [];
  const today = studioDay(new Date(now), tz);

  const mountDay = studioDay(mountTime, tz);
  const strip = stripDays(mountDay, day);
  const renderCard = (c: SingleClass, headingLevel: 3 | 4) => (
    <ClassCard
      key={c.single_class_id}
      c={c}
      tz={tz}
      state={cardState(c)}
      actions={cardActions(c, ctx)}
      started={Date.parse(c.class_date) <= now}
      onCommand={onCommand}
      headingLevel={headingLevel}
    />
  );

  let body: ReactNode;
  if (choicesWaiting) {
    body = <Spinner />;
  } else if (week.data && narrow) {
    const byDay = groupByStudioDay(week.data, (c) => c.class_date, monday, tz);
    body = (
      <DayPanel days={strip} selected={day} onSelect={selectDay} idBase={weekLabelId}>
        <h2 className="visually-hidden">{dayTitle(day, mountDay)}</h2>
        <DayClasses
          key={day}
          items={byDay.find((entry) => entry.day === day)?.items ?? []}
          week={byDay}
          day={day}
          now={now}
          onSelect={selectDay}
          renderItem={(c) => renderCard(c, 3)}
          listClassName="cal-day__classes"
          emptyText={m.emptyDay}
        />
      </DayPanel>
    );
  } else if (week.data) {
    const days = groupByStudioDay(week.data, (c) => c.class_date, filters.monday, tz);
    body = days.every((d) => d.items.length === 0) ? (
      <p className="muted cal__empty">{m.emptyWeek}</p>
    ) : (
      <div className="cal-days">
        {days.map(({ day, items }) => (
          <section key={day} className={`cal-day${day === today ? ' cal-day--today' : ''}`} aria-labelledby={`${weekLabelId}-${day}`}>
            <h3 className="cal-day__title" id={`${weekLabelId}-${day}`}>
              <span className="cal-day__weekday">{weekdayName(day)}</span> <span className="cal-day__date">{formatCalendarDay(day)}</span>
            </h3>
            {items.length === 0 ? (
              <p className="muted cal-day__empty">{m.emptyDay}</p>
            ) : (
              <ul className="cal-day__classes">{items.map((c) => renderCard(c, 4))}</ul>
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
    <section className="cal" aria-labelledby={`${weekLabelId}-title`}>
      <h1 id={`${weekLabelId}-title`} className="cal__title">
        {m.title}
      </h1>
      {!signedIn && status !== 'loading' && (
        <p className="cal__anonymous">
          {m.anonymousHint} <Link to={paths.login}>{m.signIn}</Link>
        </p>
      )}
      {narrow ? (
        <DayStrip days={strip} today={mountDay} selected={day} onSelect={selectDay} idBase={weekLabelId} />
      ) : (
        <>
          <div className="cal-month" role="group" aria-label={m.monthNav}>
            <button
              type="button"
              className="icon-button cal-month__button"
              aria-label={m.previousMonth}
              disabled={isCurrentWeek}
              onClick={() => goTo(weekStartOfMonth(filters.monday, -1))}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <h2 className="cal-month__name">{monthName(month)}</h2>
            <button type="button" className="icon-button cal-month__button" aria-label={m.nextMonth} onClick={() => goTo(weekStartOfMonth(filters.monday, 1))}>
              <span aria-hidden="true">›</span>
            </button>
          </div>
          <div className="cal-week">
            <button
              type="button"
              className="button button--secondary cal-week__button"
              disabled={isCurrentWeek}
              onClick={() => goTo(addCalendarDays(filters.monday, -7))}
            >
              <span aria-hidden="true">‹</span> {m.previousWeek}
            </button>
            <p className="cal-week__label" id={weekLabelId} aria-live="polite">
              <strong>{fill(m.week, { n: isoWeekNumber(filters.monday) })}</strong>{' '}
              <span className="cal-week__range">
                {fill(m.weekRange, { start: formatCalendarDay(filters.monday), end: formatCalendarDay(addCalendarDays(filters.monday, 6)) })}
              </span>
            </p>
            <button type="button" className="button button--secondary cal-week__button" onClick={() => goTo(addCalendarDays(filters.monday, 7))}>
              {m.nextWeek} <span aria-hidden="true">›</span>
            </button>
          </div>
        </>
      )}
      <div className="cal-tools">
        <Legend />
        {locationOptions.length > 1 && (
          <div className="cal-filter">
            <label htmlFor={`${weekLabelId}-location`}>{m.locationFilter}</label>
            <select
              id={`${weekLabelId}-location`}
              className="field__control"
              value={filters.locationId ?? ''}
              onChange={(event) => update({ locationId: event.target.value ? Number(event.target.value) : null })}
            >
              <option value="">{m.allLocations}</option>
              {locationOptions.map((l) => (
                <option key={l.location_id} value={l.location_id}>
                  {l.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {body}
      {signedIn && <PromoPopup image={configString(config, 'promo_popup_image')} tz={tz} />}
      {(dialog?.kind === 'book' || dialog?.kind === 'guest') && (
        <BookClassModal
          key={`${dialog.kind}-${dialog.id}`}
          singleClassId={dialog.id}
          mode={dialog.kind}
          tz={tz}
          guestsEnabled={guestsEnabled}
          lots={ctx.lots}
          onClose={() => setDialog(null)}
          onOutcome={(outcome) => onOutcome(dialog.id, outcome)}
        />
      )}
      {dialog?.kind === 'waitlist' && (
        <WaitlistModal
          singleClassId={dialog.id}
          tz={tz}
          cutoffMinutes={cutoffMinutes}
          onClose={() => setDialog(null)}
          onOutcome={(outcome) => onOutcome(dialog.id, outcome)}
        />
      )}
      {dialog?.kind === 'credits' && <CreditsModal singleClassId={dialog.id} guest={dialog.guest} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'penalty' && (
        <PenaltyModal message={dialog.message} noShows={configNumber(config, 'penalty_no_shows') ?? 3} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'full' && <FullModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'sign-in' && !signedIn && <SignInModal signInForm={signInForm} signUpForm={signUpForm} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'cancel' && (
        <CancelReservationModal
          reservationId={dialog.reservationId}
          classStart={Date.parse(dialog.c.class_date)}
          className={classTitle(dialog.c)}
          dateText={formatStudioDate(dialog.c.class_date, tz, DATE_TIME_FORMAT)}
          settings={settings}
          now={now}
          invalidates={afterPlaceChange}
          guestName={guestGoingAlong(dialog.c, dialog.reservationId)}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}
