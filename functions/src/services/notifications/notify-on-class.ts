import { fill } from '@studio/shared/messages';
import { notificationsMessages } from '@studio/shared/messages/notifications';
import { createNotificationOnce } from '../../data/repos/notifications-repo';
import { listActiveReservationsOfClass } from '../../data/repos/reservations-repo';
import type { SingleClassDoc } from '../../data/repos/single-classes-repo';
import type { DocumentChangeEvent } from '../../data/store/types';
import type { StoreDeps } from '../../deps';
import { classNoticeFacts, studioDateParts } from './class-notice-facts';

const m = notificationsMessages.classMoved;

/** One notice per customer per move: the new start is part of the id, so a retry finds it and a second move makes another. */
export const classMovedNoticeId = (singleClassId: number, customerId: number, start: Date) => `class-moved-${singleClassId}-${customerId}-${start.getTime()}`;

/**
 * The notifyOnClass trigger's handler: when a scheduled class's start
 * (`class_date`) changes, each customer with an active reservation in it
 * gets one 'class-moved' notice (one, however many guests they booked),
 * saying the new and the old day and time in studio time. Other edits, and
 * cancelled classes (their customers get the cancellation notice), write
 * nothing. Notices are created only if absent, so a repeated event writes
 * nothing twice.
 */
export async function notifyOnClassChange(deps: StoreDeps, event: DocumentChangeEvent): Promise<void> {
  const before = event.before?.data() as SingleClassDoc | undefined;
  const cls = event.after?.data() as SingleClassDoc | undefined;
  if (!before || !cls || cls.status !== 'scheduled' || before.class_date.getTime() === cls.class_date.getTime()) return;
  // Correcting the date of a class that has already happened is not news to anyone.
  if (cls.class_date.getTime() <= event.time.getTime()) return;
  const active = await listActiveReservationsOfClass(deps.store, cls.single_class_id);
  // Only those booked when it moved: a retry after someone booked the new time must not tell them it moved.
  const customers = new Map(active.filter((r) => r.createdAt.getTime() <= event.time.getTime()).map((r) => [r.customer_id, r.uid]));
  if (customers.size === 0) return;
  const facts = await classNoticeFacts(deps, cls);
  const now = studioDateParts(cls.class_date, facts.tz);
  const old = studioDateParts(before.class_date, facts.tz);
  const body = fill(m.body, { class_type: facts.classType, location: facts.location, ...now, old_date: old.date, old_time: old.time });
  for (const [customerId, uid] of customers) {
    await createNotificationOnce(deps.store, {
      notification_id: classMovedNoticeId(cls.single_class_id, customerId, cls.class_date),
      customer_id: customerId,
      uid,
      type: 'class-moved',
      title: m.title,
      body,
      read: false,
      reference: { type: 'single_class', id: cls.single_class_id },
      createdAt: deps.now(),
    });
  }
}
