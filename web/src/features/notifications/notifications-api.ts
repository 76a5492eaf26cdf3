import type { NotificationList, NotificationReadAnswer, NotificationsReadAnswer } from '@studio/shared/schemas/notification';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

/** Query keys: one list, read by the panel and the menu badge alike, so marking refreshes both. */
export const notificationsKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationsKeys.all, 'list'] as const,
};

/** GET /notifications: the caller's own, newest first, with the unread count. Shown in place (the badge hides on failure). */
export const notificationsQuery = queryOptions({
  queryKey: notificationsKeys.list(),
  queryFn: ({ signal }) => api.get<NotificationList>('/notifications', { signal }),
  meta: { alert: false, private: true },
});

/** PUT /notifications/{id}/read. The body carries nothing (the server refuses any field). */
export function markNotificationRead(notificationId: string): Promise<NotificationReadAnswer> {
  return api.put<NotificationReadAnswer>(`/notifications/${encodeURIComponent(notificationId)}/read`, {});
}

/** PUT /notifications/read: every unread one of the caller. */
export function markAllNotificationsRead(): Promise<NotificationsReadAnswer> {
  return api.put<NotificationsReadAnswer>('/notifications/read', {});
}

/** What marking changes: the list and, with it, the badge's count. */
export const afterMarking = [notificationsKeys.all] as const;
