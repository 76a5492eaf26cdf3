import { scheduleMessages } from '@studio/shared/messages/schedule';
import { type SingleClass, spotMapTotal } from '@studio/shared/schemas/single-class';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { type ClassReservationDoc, countSeatsTaken, listActiveReservationsOfClass } from '../../data/repos/reservations-repo';
import { getSingleClass, type SingleClassDoc } from '../../data/repos/single-classes-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { studioTimezone } from '../credits/expiry';
import { myPlacesInClass } from './my-places';
import { presentClasses } from './present-classes';

export const classNotFound = () => new AppError('not-found', 'single_class/not-found', scheduleMessages.notFound);

/**
 * The spots of the map a booking could still take: not held by an active
 * reservation; none when the class is cancelled or its active reservations
 * fill its capacity; null without a map. (A seat held for the waitlist is not
 * counted here: booking may still answer 412 class-full.)
 */
export function freeSpots(doc: SingleClassDoc, reservations: readonly ClassReservationDoc[], seatsTaken: number): number[] | null {
  const total = spotMapTotal(doc.spot_map);
  if (total === null) return null;
  // Seats, not reservations, say whether anyone can still book: a seat held for the waitlist is taken (ADR 0061).
  if (doc.status === 'cancelled' || Math.max(reservations.length, seatsTaken) >= doc.capacity) return [];
  const taken = new Set(reservations.map((r) => r.spot));
  const free: number[] = [];
  for (let n = 1; n <= total; n++) if (!taken.has(n)) free.push(n);
  return free;
}

/**
 * GET /single_class/single/{id}, cancelled or not (a notification may link
 * to it). Adds the taken spots for the spot map, without who took them, and
 * the free ones (`free_spots`). A signed-in caller also gets their own
 * reservations in it and their place in its waitlist (my-places.ts).
 */
export async function getClass(deps: Deps, singleClassId: number, identity?: VerifiedIdentity): Promise<SingleClass> {
  const [doc, tz] = await Promise.all([getSingleClass(deps.store, singleClassId), studioTimezone(deps)]);
  if (!doc) throw classNotFound();
  const [reservations, seatsTaken] = await Promise.all([listActiveReservationsOfClass(deps.store, singleClassId), countSeatsTaken(deps.store, singleClassId)]);
  const spots = reservations.map((r) => r.spot).sort((a, b) => (a ?? Infinity) - (b ?? Infinity));
  const [[dto], mine] = await Promise.all([presentClasses(deps, [doc], tz), myPlacesInClass(deps, identity, doc, reservations)]);
  return {
    ...(dto as SingleClass),
    class_reservations: spots.map((spot) => ({ spot })),
    free_spots: freeSpots(doc, reservations, seatsTaken),
    ...(mine ?? {}),
  };
}
