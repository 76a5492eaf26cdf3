import type { MyClassReservation, MyWaitlistPlace } from '@studio/shared/schemas/single-class';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { getCustomerByUid } from '../../data/repos/customers-repo';
import { type ClassReservationDoc, listReservationsOfUid } from '../../data/repos/reservations-repo';
import type { SingleClassDoc } from '../../data/repos/single-classes-repo';
import { getWaiting, listWaitingOfCustomer, placeInLine, type WaitingDoc } from '../../data/repos/waitlists-repo';
import type { Deps } from '../../deps';
import { reservationStatus } from '../booking/rules';

/** What a signed-in caller sees of their own place in a class. Never anyone else's identity. */
export interface MyPlaces {
  my_reservations: MyClassReservation[];
  my_waitlist: MyWaitlistPlace | null;
}

const nothing = (): MyPlaces => ({ my_reservations: [], my_waitlist: null });

/** Their own reservation first, then their guest's; by id within each. */
const ownFirst = (a: ClassReservationDoc, b: ClassReservationDoc) =>
  Number(a.guest !== null) - Number(b.guest !== null) || a.class_reservation_id - b.class_reservation_id;

function reservationsView(mine: readonly ClassReservationDoc[], classDate: Date, now: Date): MyClassReservation[] {
  return [...mine].sort(ownFirst).map((r) => ({
    class_reservation_id: r.class_reservation_id,
    spot: r.spot,
    guest: r.guest,
    status: reservationStatus(r, classDate, now),
    attend: r.attend,
  }));
}

/** The customer's place in a class's line, or null if they are not in it (counted: placeInLine). */
async function positionInLine(deps: Deps, singleClassId: number, entry: Pick<WaitingDoc, 'waitlist_id' | 'joinedAt'>): Promise<MyWaitlistPlace | null> {
  const position = await placeInLine(deps.store, singleClassId, entry);
  return position === null ? null : { waitlist_id: entry.waitlist_id, position };
}

/**
 * For GET /single_class: the caller's places in every class of the window,
 * kept cheap: ONE query of the caller's reservations (by uid) narrowed to the
 * window's classes in memory, ONE query of their waiting entries, and their
 * place (counted) only in the classes they wait in. Anonymous callers: null
 * (the list carries no personal fields at all).
 */
export async function myPlacesInClasses(
  deps: Deps,
  identity: VerifiedIdentity | undefined,
  classes: readonly SingleClassDoc[],
): Promise<Map<number, MyPlaces> | null> {
  if (!identity) return null;
  const places = new Map<number, MyPlaces>(classes.map((c) => [c.single_class_id, nothing()]));
  if (classes.length === 0) return places;
  const [reservations, customer] = await Promise.all([listReservationsOfUid(deps.store, identity.uid), getCustomerByUid(deps.store, identity.uid)]);
  const dates = new Map(classes.map((c) => [c.single_class_id, c.class_date]));
  const now = deps.now();
  const byClass = new Map<number, ClassReservationDoc[]>();
  for (const r of reservations) {
    if (r.deletedAt !== null || !dates.has(r.single_class_id)) continue;
    byClass.set(r.single_class_id, [...(byClass.get(r.single_class_id) ?? []), r]);
  }
  for (const [classId, mine] of byClass) (places.get(classId) as MyPlaces).my_reservations = reservationsView(mine, dates.get(classId) as Date, now);

  const customerId = typeof customer?.customer_id === 'number' ? customer.customer_id : null;
  if (customerId === null) return places;
  const waiting = (await listWaitingOfCustomer(deps.store, customerId)).filter((w) => dates.has(w.single_class_id));
  const positions = await Promise.all(waiting.map((w) => positionInLine(deps, w.single_class_id, w)));
  waiting.forEach((w, i) => {
    (places.get(w.single_class_id) as MyPlaces).my_waitlist = positions[i] ?? null;
  });
  return places;
}

/**
 * For GET /single_class/single/{id}: the caller's places in one class, from
 * the class's active reservations (already read for its spots) and their
 * place in its line. Anonymous callers: null.
 */
export async function myPlacesInClass(
  deps: Deps,
  identity: VerifiedIdentity | undefined,
  cls: SingleClassDoc,
  activeReservations: readonly ClassReservationDoc[],
): Promise<MyPlaces | null> {
  if (!identity) return null;
  const mine = activeReservations.filter((r) => r.uid === identity.uid);
  const places: MyPlaces = { my_reservations: reservationsView(mine, cls.class_date, deps.now()), my_waitlist: null };
  const customer = await getCustomerByUid(deps.store, identity.uid);
  const customerId = typeof customer?.customer_id === 'number' ? customer.customer_id : null;
  if (customerId === null) return places;
  const waiting = await getWaiting(deps.store, cls.single_class_id, customerId);
  if (waiting) places.my_waitlist = await positionInLine(deps, cls.single_class_id, waiting);
  return places;
}
