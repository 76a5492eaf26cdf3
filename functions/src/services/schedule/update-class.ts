import { formatStudioDate, studioWallTimeToInstant } from '@studio/shared/format/dates';
import { scheduleMessages } from '@studio/shared/messages/schedule';
import type { SingleClass, SingleClassUpdateInput } from '@studio/shared/schemas/single-class';
import { deleteHolding, getReservation, type HoldingDoc, listHeldSeats, moveSeat, replaceReservation } from '../../data/repos/reservations-repo';
import { getClassCounts, getSingleClass, listSeriesClassesFrom, replaceSingleClass, type SingleClassDoc } from '../../data/repos/single-classes-repo';
import type { Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';
import { at } from '../../domain/at';
import { AppError, invalidFields } from '../../domain/errors';
import { studioTimezone } from '../credits/expiry';
import { studioWallClock } from './calendar';
import { resolveLayout } from './class-layout';
import { type CheckedReferences, checkReferences } from './class-references';
import { cleanDescription } from './create-class';
import { classNotFound } from './get-class';
import { presentClasses } from './present-classes';

const s = scheduleMessages;

/** One class after the edit; only the fields sent change. */
function applyChange(doc: SingleClassDoc, held: number, input: SingleClassUpdateInput, refs: CheckedReferences, tz: string, now: Date): SingleClassDoc {
  const wall = studioWallClock(doc.class_date, tz);
  const moved = input.date !== undefined || input.start_time !== undefined;
  const typeChanged = input.class_type_id !== undefined && input.class_type_id !== doc.class_type_id;
  const layout = resolveLayout({
    capacity: input.capacity,
    spot_map: input.spot_map,
    classTypeSpotMap: typeChanged ? refs.classTypeSpotMap : undefined,
    // The seats held are the bookings (ADR 0060): the counted `booked` may lag behind them (and seeded reservations hold no seat).
    previous: { ...doc, booked: held },
    label: formatStudioDate(doc.class_date, tz),
  });
  return {
    ...doc,
    class_date: moved ? studioWallTimeToInstant(input.date ?? wall.date, input.start_time ?? wall.time, tz) : doc.class_date,
    duration_minutes: input.duration_minutes ?? doc.duration_minutes,
    capacity: layout.capacity,
    spot_map: layout.spot_map,
    class_type_id: input.class_type_id ?? doc.class_type_id,
    location_id: input.location_id ?? doc.location_id,
    instructor_ids: input.instructor_ids ? [...input.instructor_ids] : doc.instructor_ids,
    tag_ids: input.tag_ids ? [...input.tag_ids] : doc.tag_ids,
    class_category_id: input.class_category_id !== undefined ? input.class_category_id : doc.class_category_id,
    class_package_id: input.class_package_id !== undefined ? input.class_package_id : doc.class_package_id,
    description: input.description !== undefined ? cleanDescription(input.description) : doc.description,
    updatedAt: now,
  };
}

interface SeatMove {
  holding: HoldingDoc;
  to: number;
}

interface SeatPlan {
  moves: SeatMove[];
  /** Seats held for the waitlist that no longer fit: owed to nobody yet, they go first. */
  drops: HoldingDoc[];
}

const bookedSeats = (seats: HoldingDoc[]) => seats.filter((h) => h.class_reservation_id !== null);

/**
 * When capacity drops, seats held above it move to free seats below it
 * (capacity is at least the booked seats, checked by resolveLayout), so new
 * bookings, which only take seats up to the capacity, can never exceed it.
 * Seats held for the waitlist (ADR 0061) are kept only while there is room.
 */
function seatPlan(doc: SingleClassDoc, seats: HoldingDoc[]): SeatPlan {
  const booked = bookedSeats(seats);
  const held = seats.filter((h) => h.class_reservation_id === null).sort((a, b) => a.n - b.n);
  const room = Math.max(0, doc.capacity - booked.length);
  const kept = [...booked, ...held.slice(0, room)];
  const taken = new Set(kept.map((h) => h.n));
  const free: number[] = [];
  for (let n = 1; n <= doc.capacity; n++) if (!taken.has(n)) free.push(n);
  const moves = kept
    .filter((h) => h.n > doc.capacity)
    .sort((a, b) => a.n - b.n)
    .map((holding, i) => ({ holding, to: at(free, i) }));
  return { moves, drops: held.slice(room) };
}

function applySeatMove(deps: Deps, tx: Transaction, move: SeatMove, reservation: ReservationOrNull, now: Date): void {
  moveSeat(deps.store, tx, move.holding, move.to);
  if (reservation) replaceReservation(deps.store, tx, { ...reservation, seat: move.to, updatedAt: now });
}

type ReservationOrNull = Awaited<ReturnType<typeof getReservation>>;

/**
 * PUT /single_class. scope 'single' (default) edits one class; 'following'
 * edits it and every later class of its series that is not cancelled, in one
 * transaction: if any of them refuses the change (capacity below its
 * bookings, a booked spot map), none changes. A new start_time is applied as
 * wall-clock time on each class's own day (ADR 0053).
 */
export async function updateClass(deps: Deps, input: SingleClassUpdateInput): Promise<{ single_class: SingleClass; single_classes?: SingleClass[] }> {
  const tz = await studioTimezone(deps);
  const following = input.scope === 'following';
  const updated = await deps.store.runTransaction(async (tx) => {
    const target = await getSingleClass(deps.store, input.single_class_id, tx);
    if (!target) throw classNotFound();
    if (target.status === 'cancelled') throw new AppError('conflict', 'single_class/cancelled', s.cancelledLocked);
    let targets = [target];
    if (following) {
      if (target.series_id === null) throw invalidFields({ scope: s.notInSeries });
      const later = await listSeriesClassesFrom(deps.store, tx, target.series_id, target.class_date);
      targets = [target, ...later.filter((doc) => doc.single_class_id !== target.single_class_id && doc.status !== 'cancelled')];
    }
    const seats = await Promise.all(targets.map((doc) => listHeldSeats(deps.store, tx, doc.single_class_id)));
    const counts = await getClassCounts(
      deps.store,
      targets.map((doc) => doc.single_class_id),
      tx,
    );
    const refs = await checkReferences(deps, tx, input, target);
    const now = deps.now();
    const booked = (doc: SingleClassDoc, i: number) => Math.max(counts.get(doc.single_class_id)?.booked ?? 0, bookedSeats(seats[i] as HoldingDoc[]).length);
    const after = targets.map((doc, i) => applyChange(doc, booked(doc, i), input, refs, tz, now));
    const plans = after.map((doc, i) => seatPlan(doc, seats[i] as HoldingDoc[]));
    const moves = plans.flatMap((plan) => plan.moves);
    const reservations = await Promise.all(
      moves.map((m) => (m.holding.class_reservation_id === null ? null : getReservation(deps.store, m.holding.class_reservation_id, tx))),
    );
    for (const doc of after) replaceSingleClass(deps.store, tx, doc);
    for (const drop of plans.flatMap((plan) => plan.drops)) deleteHolding(deps.store, tx, drop.single_class_id, 'seats', drop.n);
    moves.forEach((m, i) => applySeatMove(deps, tx, m, reservations[i] ?? null, now));
    return after;
  });
  const dtos = await presentClasses(deps, updated, tz);
  return following ? { single_class: dtos[0] as SingleClass, single_classes: dtos } : { single_class: dtos[0] as SingleClass };
}
