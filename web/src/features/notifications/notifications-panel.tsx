import { DATE_FORMAT, formatStudioDate, TIME_FORMAT } from '@studio/shared/format/dates';
import { fill } from '@studio/shared/messages';
import { notificationsMessages } from '@studio/shared/messages/notifications';
import type { Notification } from '@studio/shared/schemas/notification';
import { useId, useRef, useState } from 'react';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { configString, useConfig } from '../../lib/app-config';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { afterMarking, markAllNotificationsRead, markNotificationRead, notificationsQuery } from './notifications-api';
import './notifications.css';

const m = notificationsMessages.panel;
const CREATED_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;

function NotificationItem({ notice, timezone, marking, onMark }: { notice: Notification; timezone: string; marking: boolean; onMark: (id: string) => void }) {
  const unread = !notice.read;
  return (
    <li className={unread ? 'notification notification--unread' : 'notification'}>
      <div className="notification__head">
        {/* Unread is said in words too, not only by the border and weight. */}
        {unread && <span className="notification__new">{m.unreadMark}</span>}
        <h3 className="notification__title">{notice.title}</h3>
      </div>
      <p className="notification__body">{notice.body}</p>
      <p className="notification__date muted">
        <time dateTime={notice.createdAt}>{formatStudioDate(notice.createdAt, timezone, CREATED_FORMAT)}</time>
      </p>
      {unread && (
        <button
          type="button"
          className="button button--secondary"
          disabled={marking}
          aria-busy={marking}
          aria-label={fill(m.markReadOf, { title: notice.title })}
          onClick={() => onMark(notice.notification_id)}
        >
          {m.markRead}
        </button>
      )}
    </li>
  );
}

/**
 * The customer's notifications (docs/customer-area "Notifications"): the
 * unread count, each notice newest first with its studio-time date, marking
 * one or all read. Titled 'Notificaciones' so it is not confused with the
 * public announcements page (/avisos). A failed mark goes to the global alert
 * with the server's message; a failed read is shown in place with a retry.
 */
export function NotificationsPanel() {
  const timezone = configString(useConfig(), 'timezone');
  const { data, isPending, isError, isFetching, refetch } = useServerQuery(notificationsQuery);
  const markOne = useServerMutation({ mutationFn: markNotificationRead, meta: { invalidates: afterMarking } });
  const markAll = useServerMutation({ mutationFn: markAllNotificationsRead, meta: { invalidates: afterMarking } });
  const [status, setStatus] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  async function mark(run: () => Promise<unknown>, done: string) {
    setStatus('');
    try {
      await run();
      setStatus(done);
      // The pressed button went away with the unread state: keyboard users continue from the title.
      headingRef.current?.focus();
    } catch {
      // The server's message is already in the global alert.
    }
  }

  let body;
  if (data) {
    body =
      data.notifications.length === 0 ? (
        <p className="muted">{m.empty}</p>
      ) : (
        <>
          <div className="notifications__bar">
            <p className="notifications__count">{data.unread === 0 ? m.allRead : data.unread === 1 ? m.unreadOne : fill(m.unread, { n: data.unread })}</p>
            {data.unread > 0 && (
              <button
                type="button"
                className="button"
                disabled={markAll.isPending}
                aria-busy={markAll.isPending}
                onClick={() => void mark(() => markAll.mutateAsync(), m.markedAll)}
              >
                {m.markAllRead}
              </button>
            )}
          </div>
          <ul className="notifications__list" aria-labelledby={titleId}>
            {data.notifications.map((notice) => (
              <NotificationItem
                key={notice.notification_id}
                notice={notice}
                timezone={timezone}
                marking={markOne.isPending && markOne.variables === notice.notification_id}
                onMark={(id) => void mark(() => markOne.mutateAsync(id), m.markedOne)}
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
    <section className="notifications" aria-labelledby={titleId}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1}>
        {m.title}
      </h2>
      {body}
      <p role="status" className="visually-hidden">
        {status}
      </p>
    </section>
  );
}
