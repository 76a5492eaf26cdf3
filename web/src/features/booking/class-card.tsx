import { lotEndsBeforeClassText } from '@studio/shared/format/lot-end';
import { studioClockTime, weekdayName } from '@studio/shared/format/schedule-week';
import { fill } from '@studio/shared/messages';
import { calendarMessages as m } from '@studio/shared/messages/calendar';
import type { MyClassReservation, SingleClass } from '@studio/shared/schemas/single-class';
import { useId } from 'react';
import { personName, spotsText } from '../../lib/class-format';
import { classTitle } from './book-modal/book-class-modal';
import type { CardActions, CardState } from './calendar-rules';

export type CardCommand =
  | { kind: 'book' | 'waitlist' | 'guest' | 'buy'; c: SingleClass }
  | { kind: 'cancel'; c: SingleClass; reservation: MyClassReservation }
  | { kind: 'leave-waitlist'; c: SingleClass; waitlistId: number };

const STATE_LABEL: Record<CardState, string> = { reserved: m.reserved, full: m.noSpots, available: m.available };

/**
 * One class of the week (§2): type, location, description, time, instructor
 * badges, spots badge, tags and the buttons the rules allow. Its state is
 * written as well as coloured (legend words), so colour is never the only cue.
 */
export function ClassCard({
  c,
  tz,
  state,
  actions,
  started,
  onCommand,
  headingLevel = 4,
}: {
  c: SingleClass;
  tz: string;
  state: CardState;
  actions: CardActions;
  started: boolean;
  onCommand: (command: CardCommand) => void;
  /** 4 under the week's day headings; 3 on a phone, under the one day's. */
  headingLevel?: 3 | 4;
}) {
  const titleId = useId();
  const Title = `h${headingLevel}` as const;
  const name = classTitle(c);
  const time = studioClockTime(c.class_date, tz);
  const mine = c.my_reservations ?? [];
  const own = mine.find((r) => r.guest === null);
  const guest = mine.find((r) => r.guest !== null);
  const cancelled = c.status === 'cancelled';
  const coaches = c.class_instructors.map(({ instructor }) => instructor.nick_name?.trim() || personName(instructor)).filter(Boolean);
  const label = { class: name, day: weekdayName(c.date), time };
  const hasActions = actions.book || actions.buy || actions.waitlist || actions.waiting || actions.cancelOwn || actions.cancelGuest || actions.guest;

  return (
    <li className={`cal-class cal-class--${state}${started || cancelled ? ' cal-class--past' : ''}`} aria-labelledby={titleId}>
      <p className="cal-class__time">
        <time dateTime={c.class_date}>{time}</time>
      </p>
      <Title className="cal-class__name" id={titleId}>
        {name}
      </Title>
      {c.location && <p className="cal-class__meta">{c.location.name}</p>}
      {c.description && <p className="cal-class__description">{c.description}</p>}
      {coaches.length > 0 && (
        <ul className="cal-class__badges" aria-label={m.coachesLabel}>
          {coaches.map((coach) => (
            <li key={coach} className="cal-badge">
              {coach}
            </li>
          ))}
        </ul>
      )}
      <p className="cal-class__status">
        {cancelled ? (
          <span className="cal-badge cal-badge--muted">{m.cancelledClass}</span>
        ) : started ? (
          <span className="cal-badge cal-badge--muted">{m.started}</span>
        ) : (
          <>
            <span className={`cal-badge cal-badge--state cal-badge--${state}`}>
              {state === 'reserved' && mine.length > 1 ? fill(m.reservedCount, { n: mine.length }) : STATE_LABEL[state]}
            </span>{' '}
            {state === 'available' && <span className="cal-badge">{spotsText(c.spots_left)}</span>}
            {state === 'full' && <span className="cal-badge">{spotsText(0)}</span>}
          </>
        )}
      </p>
      {own && own.spot !== null && <p className="cal-class__mine">{fill(m.yourSpot, { spot: own.spot })}</p>}
      {guest && <p className="cal-class__mine">{fill(m.guestOf, { name: guest.guest ?? '' })}</p>}
      {actions.waiting && <p className="cal-class__mine">{fill(m.waitlistPosition, { n: actions.waiting.position })}</p>}
      {actions.lotEnds && <p className="cal-class__notice">{lotEndsBeforeClassText(actions.lotEnds, tz)}</p>}
      {c.tags.length > 0 && (
        <ul className="cal-class__tags">
          {c.tags.map((tag) => (
            <li key={tag.tag_id} className="cal-tag">
              <span className="cal-tag__dot" style={{ background: tag.color ?? undefined }} aria-hidden="true" />
              {tag.name}
            </li>
          ))}
        </ul>
      )}
      {hasActions && (
        <div className="cal-class__actions" role="group" aria-label={fill(m.actions, label)}>
          {actions.book && (
            <button type="button" className="button" onClick={() => onCommand({ kind: 'book', c })}>
              {m.book}
            </button>
          )}
          {actions.buy && (
            <button type="button" className="button" onClick={() => onCommand({ kind: 'buy', c })}>
              {m.buy}
            </button>
          )}
          {actions.waitlist && (
            <button type="button" className="button button--secondary" onClick={() => onCommand({ kind: 'waitlist', c })}>
              {m.waitlist}
            </button>
          )}
          {actions.waiting && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => onCommand({ kind: 'leave-waitlist', c, waitlistId: actions.waiting?.waitlist_id ?? 0 })}
            >
              {m.leaveWaitlist}
            </button>
          )}
          {actions.guest && (
            <button
              type="button"
              className="button button--secondary"
              aria-label={fill(m.guestLabel, { class: name })}
              onClick={() => onCommand({ kind: 'guest', c })}
            >
              {m.guest}
            </button>
          )}
          {actions.cancelOwn && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => actions.cancelOwn && onCommand({ kind: 'cancel', c, reservation: actions.cancelOwn })}
            >
              {m.cancel}
            </button>
          )}
          {actions.cancelGuest && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => actions.cancelGuest && onCommand({ kind: 'cancel', c, reservation: actions.cancelGuest })}
            >
              {m.cancelGuest}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
