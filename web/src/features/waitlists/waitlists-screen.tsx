import { DATE_TIME_FORMAT, formatStudioDate } from '@studio/shared/format/dates';
import { fill, messages } from '@studio/shared/messages';
import { waitlistMessages } from '@studio/shared/messages/waitlist';
import { waitlistsMessages as m } from '@studio/shared/messages/waitlists';
import type { Waitlist } from '@studio/shared/schemas/waitlist';
import { useRef } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-error';
import { confirmAction } from '../../components/modal-store';
import { Spinner } from '../../components/spinner';
import { showSuccess } from '../../lib/alerts';
import { configString, useConfig } from '../../lib/app-config';
import { paths } from '../../lib/paths';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { leaveWaitlist, waitlistsKeys, waitlistsQuery } from './waitlists-api';
import './waitlists.css';

const c = m.columns;

function positionText(position: number | null): string {
  if (position === null) return m.positionPending;
  return position === 1 ? m.positionFirst : fill(m.position, { position });
}

function className(entry: Waitlist): string {
  return entry.single_class?.class_type?.name ?? m.unknownClass;
}

function classDate(entry: Waitlist, timezone: string): string {
  return entry.single_class ? formatStudioDate(entry.single_class.class_date, timezone, DATE_TIME_FORMAT) : '';
}

function WaitlistItem({ entry, timezone, leaving, onLeave }: { entry: Waitlist; timezone: string; leaving: boolean; onLeave: (entry: Waitlist) => void }) {
  const cls = entry.single_class;
  const name = className(entry);
  const date = classDate(entry, timezone);
  return (
    <li className="waitlist-entry">
      <h2 className="waitlist-entry__title">{name}</h2>
      {cls?.status === 'cancelled' && <p className="waitlist-entry__cancelled">{m.classCancelled}</p>}
      <dl className="waitlist-entry__facts">
        <div>
          <dt>{c.date}</dt>
          <dd>{cls ? <time dateTime={cls.class_date}>{date}</time> : '—'}</dd>
        </div>
        <div>
          <dt>{c.location}</dt>
          <dd>{cls?.location?.name ?? m.unknownLocation}</dd>
        </div>
        <div>
          <dt>{c.position}</dt>
          {/* Polite live region: the new place is read out only when a refresh changes it. */}
          <dd className="waitlist-entry__position" aria-live="polite">
            {positionText(entry.position)}
          </dd>
        </div>
      </dl>
      <button
        type="button"
        className="button button--secondary"
        disabled={leaving}
        aria-busy={leaving}
        aria-label={fill(m.leaveOf, { name, date })}
        onClick={() => onLeave(entry)}
      >
        {m.leave}
      </button>
    </li>
  );
}

/**
 * /mystudio/waitlists, Mis Listas de Espera (customer-area §2, §4, §7): the
 * classes the customer waits for, soonest first, with their place in line
 * read again every 15 s while the screen is visible, and a way to leave a
 * line after the 'Precaución' confirmation ('Eliminada de lista de espera.').
 * A failed leave goes to the global alert with the server's message (§8).
 */
export function WaitlistsScreen() {
  const timezone = configString(useConfig(), 'timezone');
  const { data, isPending, isError, isFetching, refetch } = useServerQuery(waitlistsQuery);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const leave = useServerMutation({ mutationFn: leaveWaitlist, meta: { invalidates: [waitlistsKeys.all, waitlistsKeys.schedule] } });

  async function onLeave(entry: Waitlist) {
    const confirmed = await confirmAction(fill(m.leaveQuestion, { name: className(entry), date: classDate(entry, timezone) }));
    if (!confirmed) return;
    try {
      await leave.mutateAsync(entry.waitlist_id);
      showSuccess(waitlistMessages.removed);
      // The focused button went away with its entry: keyboard users continue from the title.
      headingRef.current?.focus();
    } catch {
      // The server's message is already in the global alert (meta.alert).
    }
  }

  let body;
  if (data) {
    body =
      data.length === 0 ? (
        <div className="waitlists__empty">
          <p className="muted">{m.empty}</p>
          <Link className="button" to={paths.myStudio}>
            {m.goToCalendar}
          </Link>
        </div>
      ) : (
        <>
          <p className="muted">{m.intro}</p>
          <ul className="waitlists__list" aria-label={m.listLabel}>
            {data.map((entry) => (
              <WaitlistItem
                key={entry.waitlist_id}
                entry={entry}
                timezone={timezone}
                leaving={leave.isPending && leave.variables === entry.waitlist_id}
                onLeave={(chosen) => void onLeave(chosen)}
              />
            ))}
          </ul>
        </>
      );
  } else if (isPending) {
    body = <Spinner />;
  } else if (isError) {
    body = <LoadError message={m.loadError} retrying={isFetching} onRetry={() => void refetch()} />;
  }

  return (
    <section className="screen waitlists">
      <h1 ref={headingRef} tabIndex={-1}>
        {messages.screens.waitlistsTitle}
      </h1>
      {body}
    </section>
  );
}
