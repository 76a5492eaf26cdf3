import { fill } from '@studio/shared/messages';
import { notificationsMessages as m } from '@studio/shared/messages/notifications';
import { useServerQuery } from '../../lib/server-data';
import { notificationsQuery } from './notifications-api';
import './notifications.css';

/**
 * The unread count beside the menu's notifications link: the number shown,
 * the words read out ('2 notificaciones sin leer'). Nothing at 0, while
 * loading, or when the read failed (the panel says that in place).
 */
export function UnreadNotificationsCount() {
  const { data } = useServerQuery(notificationsQuery);
  const unread = data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span className="notifications-badge">
      <span aria-hidden="true">{unread}</span>
      <span className="visually-hidden">{unread === 1 ? m.badgeLabelOne : fill(m.badgeLabel, { n: unread })}</span>
    </span>
  );
}
