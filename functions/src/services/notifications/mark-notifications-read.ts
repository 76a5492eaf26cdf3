import { notificationsMessages } from '@studio/shared/messages/notifications';
import type { NotificationReadAnswer, NotificationsReadAnswer } from '@studio/shared/schemas/notification';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import {
  countUnreadNotificationsOfUid,
  getNotification,
  listUnreadNotificationsOfUid,
  markNotificationRead,
  type NotificationDoc,
} from '../../data/repos/notifications-repo';
import type { StoreDeps } from '../../deps';
import { AppError } from '../../domain/errors';
import { presentNotification } from './present-notification';

const notificationNotFound = () => new AppError('not-found', 'notifications/not-found', notificationsMessages.notFound);

/**
 * PUT /notifications/{id}/read. Someone else's notification is a 404, as an
 * unknown one is (ids are guessable: class and customer numbers). Marking a
 * read one again writes nothing and answers the same.
 */
export async function markOwnNotificationRead(deps: StoreDeps, identity: VerifiedIdentity, id: string): Promise<NotificationReadAnswer> {
  const doc = await deps.store.runTransaction(async (tx): Promise<NotificationDoc> => {
    const found = await getNotification(deps.store, id, tx);
    if (!found || found.uid !== identity.uid) throw notificationNotFound();
    if (found.read) return found;
    const now = deps.now();
    markNotificationRead(deps.store, tx, id, now);
    return { ...found, read: true, readAt: now };
  });
  return { notification: presentNotification(doc), unread: await countUnreadNotificationsOfUid(deps.store, identity.uid) };
}

/**
 * PUT /notifications/read: marks every unread notification of the caller in
 * one transaction (all or none), writing only the unread ones; `marked` says
 * how many. A notification created meanwhile stays unread and is counted.
 */
export async function markAllOwnNotificationsRead(deps: StoreDeps, identity: VerifiedIdentity): Promise<NotificationsReadAnswer> {
  const marked = await deps.store.runTransaction(async (tx) => {
    const unread = await listUnreadNotificationsOfUid(deps.store, identity.uid, tx);
    const now = deps.now();
    for (const doc of unread) markNotificationRead(deps.store, tx, doc.notification_id, now);
    return unread.length;
  });
  return { marked, unread: await countUnreadNotificationsOfUid(deps.store, identity.uid) };
}
