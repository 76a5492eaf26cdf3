import { appConfigDefinitions } from '@studio/shared/config/app-config';
import { fill } from '@studio/shared/messages';
import { mailMessages } from '@studio/shared/messages/mail';
import { notificationsMessages } from '@studio/shared/messages/notifications';
import { getStoredConfig } from '../../data/repos/app-config-repo';
import { getCalendarFeed, getCalendarFeedOwner } from '../../data/repos/calendar-feeds-repo';
import { getCatalogueDocs } from '../../data/repos/catalogue-repo';
import { listReservationsOfUid } from '../../data/repos/reservations-repo';
import { getSingleClass, type SingleClassDoc } from '../../data/repos/single-classes-repo';
import type { Deps, StoreDeps } from '../../deps';
import { AppError } from '../../domain/errors';
import { reservationEventUid } from '../mail/booking-mail';
import { type FeedEvent, feedIcs } from './feed-ics';
import { FEED_TOKEN_PATTERN, hashFeedToken } from './feed-token';

/** `web.projectId` names the events' UIDs, as GCLOUD_PROJECT does for the booking e-mails (reservationEventUid). */
export type FeedDeps = StoreDeps & Pick<Deps, 'web'>;

/** Unknown, malformed and replaced tokens look the same: whoever holds no live URL learns nothing. */
const feedNotFound = () => new AppError('not-found', 'calendar-feed/not-found', notificationsMessages.feedNotFound);

const textOr = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback);
const classEnd = (cls: SingleClassDoc) => new Date(cls.class_date.getTime() + cls.duration_minutes * 60_000);

/** The customer behind a live token, or null. */
async function ownerOf(deps: StoreDeps, token: string): Promise<string | null> {
  if (!FEED_TOKEN_PATTERN.test(token)) return null;
  const hash = hashFeedToken(token);
  const uid = await getCalendarFeedOwner(deps.store, hash);
  if (!uid) return null;
  // A lookup must match its feed's current token: a stale one (written by hand, or left by a failed clean-up) opens nothing.
  const feed = await getCalendarFeed(deps.store, uid);
  return feed?.token_hash === hash ? uid : null;
}

/**
 * GET /calendar/{token}.ics: the customer's active reservations whose class
 * is still scheduled and has not ended, soonest first, as a calendar to
 * subscribe to. Each event is the booking e-mail's (same UID, title, place
 * and description), so a class added from the e-mail and from the feed is
 * one event.
 */
export async function renderCalendarFeed(deps: FeedDeps, token: string): Promise<string> {
  const uid = await ownerOf(deps, token);
  if (!uid) throw feedNotFound();
  const [reservations, config] = await Promise.all([listReservationsOfUid(deps.store, uid), getStoredConfig(deps.store)]);
  const active = reservations.filter((r) => r.deletedAt === null);
  const classIds = [...new Set(active.map((r) => r.single_class_id))];
  const loaded = await Promise.all(classIds.map((id) => getSingleClass(deps.store, id)));
  const now = deps.now();
  const classes = new Map(
    loaded.flatMap((cls): Array<[number, SingleClassDoc]> => (cls && cls.status !== 'cancelled' && classEnd(cls) > now ? [[cls.single_class_id, cls]] : [])),
  );
  const upcoming = active.filter((r) => classes.has(r.single_class_id));
  const [types, locations] = await Promise.all([
    getCatalogueDocs(deps.store, 'class_types', [...new Set([...classes.values()].map((cls) => cls.class_type_id))]),
    getCatalogueDocs(deps.store, 'locations', [...new Set([...classes.values()].map((cls) => cls.location_id))]),
  ]);
  const studio = textOr(config.business_name, String(appConfigDefinitions.business_name.default));
  const events = upcoming.map((r): FeedEvent & { id: number } => {
    const cls = classes.get(r.single_class_id) as SingleClassDoc;
    const location = locations.get(cls.location_id);
    const values = {
      studio,
      class_type: textOr(types.get(cls.class_type_id)?.name, mailMessages.fallbackClassType),
      guest: r.guest ?? '',
      id: r.class_reservation_id,
    };
    const place = [textOr(location?.name, ''), textOr(location?.address, '')].filter(Boolean).join(', ');
    return {
      id: r.class_reservation_id,
      uid: reservationEventUid(r.class_reservation_id, deps.web.projectId),
      start: cls.class_date,
      end: classEnd(cls),
      summary: fill(r.guest ? mailMessages.calendar.guestSummary : mailMessages.calendar.summary, values),
      location: place || null,
      description: fill(mailMessages.calendar.description, values),
    };
  });
  events.sort((a, b) => a.start.getTime() - b.start.getTime() || a.id - b.id);
  return feedIcs({
    name: fill(notificationsMessages.feedName, { studio }),
    description: fill(notificationsMessages.feedDescription, { studio }),
    product: studio,
    stamp: now,
    events,
  });
}
