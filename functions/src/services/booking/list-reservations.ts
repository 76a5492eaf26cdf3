import { type ClassReservationPage, type ClassReservationsQuery, RESERVATIONS_PAGE_SIZE } from '@studio/shared/schemas/class-reservation';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { listReservationsOfUid } from '../../data/repos/reservations-repo';
import { getSingleClass } from '../../data/repos/single-classes-repo';
import type { StoreDeps } from '../../deps';
import { studioTimezone } from '../credits/expiry';
import { presentReservations } from './present-reservations';
import { allReservationsOrder } from './rules';

/**
 * GET /class_reservations?page&filter: the caller's own reservations, 50 a
 * page. upcoming = active and the class not started, soonest first; past =
 * active and started, latest first; cancelled = deletedAt set, latest class
 * first; all = every one, the classes still to start first (soonest on top,
 * so the next class is the first row), then the started ones, latest first
 * (allReservationsOrder, rules.ts).
 */
export async function listOwnReservations(deps: StoreDeps, identity: VerifiedIdentity, query: ClassReservationsQuery): Promise<ClassReservationPage> {
  const page = query.page ?? 1;
  const filter = query.filter ?? 'all';
  const [all, tz] = await Promise.all([listReservationsOfUid(deps.store, identity.uid), studioTimezone(deps)]);
  const classIds = [...new Set(all.map((r) => r.single_class_id))];
  const classes = await Promise.all(classIds.map((id) => getSingleClass(deps.store, id)));
  const dateOf = new Map(classIds.map((id, i) => [id, classes[i]?.class_date.getTime() ?? 0]));
  const now = deps.now().getTime();
  const when = (r: { single_class_id: number }) => dateOf.get(r.single_class_id) ?? 0;
  const selected = all.filter((r) => {
    if (filter === 'cancelled') return r.deletedAt !== null;
    if (filter === 'upcoming') return r.deletedAt === null && when(r) > now;
    if (filter === 'past') return r.deletedAt === null && when(r) <= now;
    return true;
  });
  selected.sort((a, b) =>
    filter === 'all'
      ? allReservationsOrder({ classStart: when(a), id: a.class_reservation_id }, { classStart: when(b), id: b.class_reservation_id }, now)
      : (filter === 'upcoming' ? when(a) - when(b) : when(b) - when(a)) || a.class_reservation_id - b.class_reservation_id,
  );
  const slice = selected.slice((page - 1) * RESERVATIONS_PAGE_SIZE, page * RESERVATIONS_PAGE_SIZE);
  return { total: selected.length, page, page_size: RESERVATIONS_PAGE_SIZE, class_reservations: await presentReservations(deps, slice, tz) };
}
