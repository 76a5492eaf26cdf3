import type { NotificationList } from '@studio/shared/schemas/notification';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { listNotificationsOfUid } from '../../data/repos/notifications-repo';
import type { StoreDeps } from '../../deps';
import { presentNotification } from './present-notification';

/**
 * GET /notifications: every notification of the caller, newest first (ties by
 * id, so the order is stable). Not paged: a customer gets one per cancelled
 * class they had booked, a handful a year.
 */
export async function listOwnNotifications(deps: StoreDeps, identity: VerifiedIdentity): Promise<NotificationList> {
  const docs = await listNotificationsOfUid(deps.store, identity.uid);
  docs.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.notification_id < b.notification_id ? -1 : 1));
  return { notifications: docs.map(presentNotification), unread: docs.filter((doc) => !doc.read).length };
}
