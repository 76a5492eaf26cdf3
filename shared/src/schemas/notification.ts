import { type InferType, object, string } from 'yup';
import { messages } from '../messages';
import { notificationsMessages } from '../messages/notifications';
import type { Wire } from '../types/wire';
import { unknownFields } from './fields';

const v = messages.validation;

/** Notification ids are derived from what they are about (`class-cancelled-12-3`, `waitlist-promoted-7`): letters, digits, `-` and `_`. */
export const NOTIFICATION_ID_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;

/** The path of PUT /api/notifications/{notification_id}/read, checked before any lookup (a `/` would be another path). */
export const notificationParamsSchema = object({
  notification_id: string().typeError(v.mustBeText).required(v.required).matches(NOTIFICATION_ID_PATTERN, notificationsMessages.idFormat),
})
  .noUnknown(unknownFields)
  .strict();
export type NotificationParams = InferType<typeof notificationParamsSchema>;

/** The PUT bodies carry nothing: an empty object (or no body) only. */
export const emptyBodySchema = object({}).noUnknown(unknownFields).strict();

/** What a notification is about: a class the studio cancelled or moved while the customer was booked, or a seat won from a waitlist. */
export type NotificationType = 'class-cancelled' | 'class-moved' | 'waitlist-promoted';

/** What is stored and shown alike (the stored document adds the owner's uid). */
export interface NotificationFields {
  notification_id: string;
  customer_id: number;
  type: NotificationType;
  title: string;
  body: string;
  read: boolean;
  /** What it is about, e.g. { type: 'single_class', id: 12 }. */
  reference: { type: string; id: number | string };
  createdAt: Date;
  /** When its owner marked it read; null while unread (and on ones read before the field existed). */
  readAt: Date | null;
}

export type Notification = Wire<NotificationFields>;

/** GET /api/notifications: the caller's own, newest first, and how many are unread. */
export interface NotificationList {
  notifications: Notification[];
  unread: number;
}

/** PUT /api/notifications/{id}/read. */
export interface NotificationReadAnswer {
  notification: Notification;
  unread: number;
}

/** PUT /api/notifications/read: how many this call marked (0 when all were read already). */
export interface NotificationsReadAnswer {
  marked: number;
  unread: number;
}

/** GET /api/calendar/feed and POST /api/calendar/feed/rotate. */
export interface CalendarFeedAnswer {
  url: string;
  webcal_url: string;
}
