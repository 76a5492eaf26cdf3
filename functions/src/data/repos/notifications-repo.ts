import type { NotificationType } from '@studio/shared/schemas/notification';
import { typedCollection } from '../store/typed-collection';
import { type DocumentStore, StoreError, type Transaction } from '../store/types';
import { readDoc, readQuery } from './read';

/**
 * notifications/{notification_id}: a message for one customer, shown in the
 * customer area. The id is derived from what it is about
 * (`class-cancelled-<single_class_id>-<customer_id>`,
 * `class-moved-<single_class_id>-<customer_id>-<new start ms>`,
 * `waitlist-promoted-<waitlist_id>`), so a retried or resumed job or trigger
 * finds it instead of writing a second one.
 */
export interface NotificationDoc {
  notification_id: string;
  customer_id: number;
  uid: string;
  type: NotificationType;
  title: string;
  body: string;
  read: boolean;
  reference: { type: string; id: number | string };
  createdAt: Date;
  /** When its owner marked it read; absent on notifications written before the field existed. */
  readAt?: Date | null;
}

const notifications = (store: DocumentStore) => typedCollection<NotificationDoc>(store, 'notifications');
const notificationRef = (store: DocumentStore, id: string) => notifications(store).doc(id);

/** Which of these notifications already exist. */
export async function existingNotificationIds(store: DocumentStore, tx: Transaction, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const snaps = await tx.getAll(...ids.map((id) => notificationRef(store, id)));
  return new Set(ids.filter((_, index) => snaps[index]?.exists));
}

export function createNotification(store: DocumentStore, tx: Transaction, doc: NotificationDoc): void {
  tx.create(notificationRef(store, doc.notification_id), { ...doc });
}

/**
 * Writes the notification unless one with its id exists, in a transaction of
 * its own (triggers, off the booking path): read and create with its
 * precondition, so two deliveries racing each other write it once. Answers
 * whether this call wrote it.
 */
export async function createNotificationOnce(store: DocumentStore, doc: NotificationDoc): Promise<boolean> {
  try {
    return await store.runTransaction(async (tx) => {
      if ((await tx.get(notificationRef(store, doc.notification_id))).exists) return false;
      createNotification(store, tx, doc);
      return true;
    });
  } catch (error) {
    // The precondition lost to a concurrent writer: that writer wrote it.
    if (error instanceof StoreError && error.code === 'already-exists') return false;
    throw error;
  }
}

export async function getNotification(store: DocumentStore, id: string, tx?: Transaction): Promise<NotificationDoc | null> {
  const snap = await readDoc(notificationRef(store, id), tx);
  return snap.data() ?? null;
}

/** Every notification of one customer (one equality, no composite index; the caller sorts: a customer has few). */
export async function listNotificationsOfUid(store: DocumentStore, uid: string, tx?: Transaction): Promise<NotificationDoc[]> {
  const result = await readQuery(notifications(store).where('uid', '==', uid), tx);
  return result.docs.map((doc) => doc.data());
}

/** The customer's unread notifications (two equalities: no composite index). */
export async function listUnreadNotificationsOfUid(store: DocumentStore, uid: string, tx?: Transaction): Promise<NotificationDoc[]> {
  const result = await readQuery(notifications(store).where('uid', '==', uid).where('read', '==', false), tx);
  return result.docs.map((doc) => doc.data());
}

/** How many unread notifications the customer has (an aggregation: no documents read). */
export async function countUnreadNotificationsOfUid(store: DocumentStore, uid: string): Promise<number> {
  return notifications(store).where('uid', '==', uid).where('read', '==', false).count();
}

export function markNotificationRead(store: DocumentStore, tx: Transaction, id: string, at: Date): void {
  tx.update(notificationRef(store, id), { read: true, readAt: at });
}
