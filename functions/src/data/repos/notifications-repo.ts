import type { DocumentStore, Transaction } from '../store/types';

export type NotificationType = 'class-cancelled';

/**
 * notifications/{notification_id}: a message for one customer, shown in the
 * customer area. The id is derived from what it is about
 * (`class-cancelled-<single_class_id>-<customer_id>`), so a retried or resumed
 * job finds it instead of writing a second one.
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
}

const notificationRef = (store: DocumentStore, id: string) => store.doc(`notifications/${id}`);

/** Which of these notifications already exist. */
export async function existingNotificationIds(store: DocumentStore, tx: Transaction, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const snaps = await tx.getAll(...ids.map((id) => notificationRef(store, id)));
  return new Set(ids.filter((_, index) => snaps[index]?.exists));
}

export function createNotification(store: DocumentStore, tx: Transaction, doc: NotificationDoc): void {
  tx.create(notificationRef(store, doc.notification_id), { ...doc });
}
