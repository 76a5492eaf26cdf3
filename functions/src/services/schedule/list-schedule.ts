import { studioDay, studioWallTimeToInstant } from '@studio/shared/format/dates';
import { fill } from '@studio/shared/messages';
import { scheduleMessages } from '@studio/shared/messages/schedule';
import { SCHEDULE_MAX_DAYS, type ScheduleQuery, type SingleClass } from '@studio/shared/schemas/single-class';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { listSingleClassesBetween } from '../../data/repos/single-classes-repo';
import type { Deps } from '../../deps';
import { invalidFields } from '../../domain/errors';
import { studioTimezone } from '../credits/expiry';
import { addDays, daysFromTo } from './calendar';
import { myPlacesInClasses } from './my-places';
import { presentClasses } from './present-classes';

const s = scheduleMessages;
/** A week when the caller names no end. */
const DEFAULT_WINDOW_DAYS = 7;

/**
 * GET /single_class: classes starting on the studio calendar days
 * start_date..end_date (inclusive, at most SCHEDULE_MAX_DAYS), in start order.
 * Cancelled classes are left out unless include_cancelled (ADR 0052).
 * A signed-in caller also gets, per class, their own reservations and their
 * place in its waitlist (my-places.ts: two queries for the whole window).
 */
export async function listSchedule(deps: Deps, query: ScheduleQuery, identity?: VerifiedIdentity): Promise<SingleClass[]> {
  const tz = await studioTimezone(deps);
  const start = query.start_date ?? (query.end_date ? addDays(query.end_date, 1 - DEFAULT_WINDOW_DAYS) : studioDay(deps.now(), tz));
  const end = query.end_date ?? addDays(start, DEFAULT_WINDOW_DAYS - 1);
  const days = daysFromTo(start, end) + 1;
  if (days < 1) throw invalidFields({ end_date: s.endBeforeStart });
  if (days > SCHEDULE_MAX_DAYS) throw invalidFields({ end_date: fill(s.windowTooLong, { n: SCHEDULE_MAX_DAYS }) });
  const docs = await listSingleClassesBetween(deps.store, {
    from: studioWallTimeToInstant(start, '00:00', tz),
    to: studioWallTimeToInstant(addDays(end, 1), '00:00', tz),
    instructorId: query.instructor_id,
    locationId: query.location_id,
  });
  const visible = query.include_cancelled === true ? docs : docs.filter((doc) => doc.status !== 'cancelled');
  const [classes, mine] = await Promise.all([presentClasses(deps, visible, tz), myPlacesInClasses(deps, identity, visible)]);
  return mine === null ? classes : classes.map((c) => ({ ...c, ...(mine.get(c.single_class_id) ?? { my_reservations: [], my_waitlist: null }) }));
}
