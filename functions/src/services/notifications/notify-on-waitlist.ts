import { fill } from '@studio/shared/messages';
import { notificationsMessages } from '@studio/shared/messages/notifications';
import { getLot } from '../../data/repos/credits-repo';
import { createNotificationOnce, getNotification } from '../../data/repos/notifications-repo';
import { getReservation } from '../../data/repos/reservations-repo';
import { getSingleClass } from '../../data/repos/single-classes-repo';
import type { WaitlistDoc } from '../../data/repos/waitlists-repo';
import type { DocumentChangeEvent } from '../../data/store/types';
import type { StoreDeps } from '../../deps';
import { isUnlimited } from '../credits/ledger';
import { classNoticeFacts, studioDateParts } from './class-notice-facts';

const m = notificationsMessages.waitlistPromoted;

/** One notice per entry: an entry is promoted at most once (ADR 0061), so its id alone says which. */
export const waitlistPromotedNoticeId = (waitlistId: number) => `waitlist-promoted-${waitlistId}`;

/** What paid for the seat, as the notice says it: nothing when no lot did (the reservation is gone or was never paid by one). */
async function paymentSentence(deps: StoreDeps, reservationId: number | null): Promise<string | null> {
  const reservation = reservationId === null ? null : await getReservation(deps.store, reservationId);
  if (!reservation || reservation.available_class_id === null) return null;
  const lot = await getLot(deps.store, reservation.available_class_id);
  return lot && isUnlimited(lot) ? m.unlimited : m.creditSpent;
}

/**
 * The notifyOnWaitlist trigger's handler: an entry that became `promoted`
 * leaves its customer a 'waitlist-promoted' notice (which class, when and
 * where in studio time, and that a credit paid for it). Written here, after
 * the promotion committed, rather than in the promotion's transaction, so a
 * release rush adds no write to it; created only if absent, so a repeated
 * event writes nothing.
 */
export async function notifyOnWaitlistChange(deps: StoreDeps, event: DocumentChangeEvent): Promise<void> {
  const before = event.before?.data() as WaitlistDoc | undefined;
  const w = event.after?.data() as WaitlistDoc | undefined;
  if (!w || w.status !== 'promoted' || before?.status === 'promoted') return;
  const id = waitlistPromotedNoticeId(w.waitlist_id);
  // A cheap check first: a repeated event costs one read, not the whole gathering.
  if (await getNotification(deps.store, id)) return;
  const cls = await getSingleClass(deps.store, w.single_class_id);
  // Classes are cancelled, never deleted; without one there is nothing to describe.
  if (!cls) return;
  const [facts, payment] = await Promise.all([classNoticeFacts(deps, cls), paymentSentence(deps, w.class_reservation_id)]);
  const body = fill(m.body, { class_type: facts.classType, location: facts.location, ...studioDateParts(cls.class_date, facts.tz) });
  await createNotificationOnce(deps.store, {
    notification_id: id,
    customer_id: w.customer_id,
    uid: w.uid,
    type: 'waitlist-promoted',
    title: m.title,
    body: payment ? `${body} ${payment}` : body,
    read: false,
    reference: { type: 'single_class', id: w.single_class_id },
    createdAt: deps.now(),
  });
}
