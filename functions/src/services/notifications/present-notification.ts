import type { Notification } from '@studio/shared/schemas/notification';
import type { NotificationDoc } from '../../data/repos/notifications-repo';

/** A stored notification as its owner sees it: dates as ISO strings, the owner's uid left out. */
export function presentNotification(doc: NotificationDoc): Notification {
  return {
    notification_id: doc.notification_id,
    customer_id: doc.customer_id,
    type: doc.type,
    title: doc.title,
    body: doc.body,
    read: doc.read,
    reference: doc.reference,
    createdAt: doc.createdAt.toISOString(),
    readAt: doc.readAt ? doc.readAt.toISOString() : null,
  };
}
