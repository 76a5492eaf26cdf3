import { spotMapTotal } from '@studio/shared/schemas/single-class';
import { getCustomerById } from '../../data/repos/customers-repo';
import { type ClassReservationDoc, deleteHolding, getHolding, type HoldingDoc, listHeldSeats } from '../../data/repos/reservations-repo';
import { getSingleClass, type SingleClassDoc } from '../../data/repos/single-classes-repo';
import { endWaitlist, getWaitlist, listLine, listWaitingOfCustomer, type WaitlistDoc, type WaitlistEndReason } from '../../data/repos/waitlists-repo';
import type { Transaction } from '../../data/store/types';
import type { StoreDeps } from '../../deps';
import { bookFromWaitlist } from '../booking/book-from-waitlist';
import { recountBooked } from '../booking/count-booked';
import { activePenalty } from '../booking/penalties';
import { type BookingSettings, bookingSettings, classEnd, waitlistClosesAt } from '../booking/rules';
import { studioTimezone } from '../credits/expiry';
import { bookedInAny, overlappingClasses, paymentForClass } from './waitlist-eligibility';

/** What one promotion step did. */
type Step =
  | { kind: 'promoted'; entry: WaitlistDoc; reservation: ClassReservationDoc }
  | { kind: 'skipped'; entry: WaitlistDoc }
  | { kind: 'released'; seats: number }
  | { kind: 'done' };

/** A free spot on the map (lowest first), read in `tx`. */
async function freeSpot(deps: StoreDeps, tx: Transaction, singleClassId: number, mapSize: number): Promise<number | null> {
  const taken = await tx.get(deps.store.collection(`single_classes/${singleClassId}/spots`));
  const held = new Set(taken.docs.map((doc) => Number(doc.get('n'))));
  for (let n = 1; n <= mapSize; n++) if (!held.has(n)) return n;
  return null;
}

/** Why the first in line cannot be booked now, or null if they can. */
async function whyNot(
  deps: StoreDeps,
  tx: Transaction,
  cls: SingleClassDoc,
  entry: WaitlistDoc,
  overlapping: () => Promise<SingleClassDoc[]>,
  now: Date,
  tz: string,
): Promise<WaitlistEndReason | null> {
  if (await getHolding(deps.store, tx, cls.single_class_id, 'holders', entry.customer_id)) return 'already-booked';
  if (await bookedInAny(deps, tx, entry.customer_id, await overlapping())) return 'overlap';
  if (await activePenalty(deps, entry.customer_id, now, tx)) return 'penalty';
  const payment = await paymentForClass(deps, tx, entry.customer_id, cls, now, tz);
  if (!payment.lot) return payment.endingBefore ? 'lot-ends-before-class' : 'no-credits';
  return null;
}

/**
 * One step, one transaction: if a seat is held for the line or free, the
 * first in line is booked into it (or, if they can no longer be, skipped so
 * the next one's turn comes); if nobody is waiting, seats held for the line
 * are freed. The transaction reads the class's seats and line, so two
 * promotions running at once conflict and one retries: a place is handed out
 * exactly once, and the entry's end is written with the booking.
 */
async function promoteOne(
  deps: StoreDeps,
  settings: BookingSettings,
  tz: string,
  singleClassId: number,
  overlapping: () => Promise<SingleClassDoc[]>,
): Promise<Step> {
  return deps.store.runTransaction(async (tx): Promise<Step> => {
    const cls = await getSingleClass(deps.store, singleClassId, tx);
    const now = deps.now();
    if (!cls || cls.status === 'cancelled') return { kind: 'done' };
    const seats = await listHeldSeats(deps.store, tx, singleClassId);
    const heldSeats = seats.filter((s) => s.class_reservation_id === null);
    const release = (): Step => {
      for (const held of heldSeats) deleteHolding(deps.store, tx, singleClassId, 'seats', held.n);
      return heldSeats.length > 0 ? { kind: 'released', seats: heldSeats.length } : { kind: 'done' };
    };
    // Past the cutoff the line is closed (the job tells its members); a seat still held for it is anyone's now.
    if (now.getTime() >= waitlistClosesAt(cls.class_date, settings).getTime()) return release();
    const takenNumbers = new Set(seats.map((s) => s.n));
    const seat: HoldingDoc | null = heldSeats[0] ?? null;
    let free: number | null = null;
    if (!seat) for (let n = 1; n <= cls.capacity && free === null; n++) if (!takenNumbers.has(n)) free = n;
    if (!seat && free === null) return { kind: 'done' };
    const line = await listLine(deps.store, singleClassId, tx);
    const first = line[0];
    if (!first) return release();
    const entry = await getWaitlist(deps.store, first.waitlist_id, tx);
    if (!entry || entry.status !== 'waiting') throw new Error(`Waitlist ${first.waitlist_id} is in line but not waiting.`);
    const reason = await whyNot(deps, tx, cls, entry, overlapping, now, tz);
    if (reason !== null) {
      const skipped: WaitlistDoc = { ...entry, status: 'skipped', end_reason: reason, endedAt: now, updatedAt: now };
      endWaitlist(deps.store, tx, skipped);
      return { kind: 'skipped', entry: skipped };
    }
    const customer = await getCustomerById(deps.store, entry.customer_id, tx);
    const { lot } = await paymentForClass(deps, tx, entry.customer_id, cls, now, tz);
    const mapSize = spotMapTotal(cls.spot_map);
    const seatNumber = seat ? seat.n : (free as number);
    const spot = mapSize === null ? seatNumber : await freeSpot(deps, tx, singleClassId, mapSize);
    if (spot === null) return { kind: 'done' };
    const reservation = await bookFromWaitlist(
      deps,
      tx,
      {
        waitlistId: entry.waitlist_id,
        singleClassId,
        customerId: entry.customer_id,
        uid: customer?.uid ?? entry.uid,
        seat: seatNumber,
        heldSeat: seat !== null,
        spot,
        onMap: mapSize !== null,
        lot,
      },
      now,
    );
    const id = reservation.class_reservation_id;
    const promoted: WaitlistDoc = { ...entry, status: 'promoted', end_reason: null, class_reservation_id: id, endedAt: now, updatedAt: now };
    endWaitlist(deps.store, tx, promoted);
    return { kind: 'promoted', entry: promoted, reservation };
  });
}

/**
 * A promoted customer leaves their other lines for classes at an overlapping
 * time (they cannot attend both). Each entry ends in its own transaction.
 */
async function leaveOverlappingLines(deps: StoreDeps, promoted: WaitlistDoc): Promise<void> {
  const others = (await listWaitingOfCustomer(deps.store, promoted.customer_id)).filter(
    (w) =>
      w.single_class_id !== promoted.single_class_id &&
      w.class_date.getTime() < promoted.class_end.getTime() &&
      w.class_end.getTime() > promoted.class_date.getTime(),
  );
  for (const other of others) {
    await deps.store.runTransaction(async (tx) => {
      const current = await getWaitlist(deps.store, other.waitlist_id, tx);
      if (!current || current.status !== 'waiting') return;
      const now = deps.now();
      endWaitlist(deps.store, tx, { ...current, status: 'left', end_reason: 'overlap', endedAt: now, updatedAt: now });
    });
  }
}

export interface PromotionSummary {
  promoted: number[];
  skipped: number[];
  released: number;
}

/**
 * Hands the class's free and held seats to its line, first in, first out,
 * until no seat or nobody is left (ADR 0061); with nobody left, or past the
 * cutoff, seats held for the line are freed for anyone. Runs from the waitlist
 * triggers (a reservation ended, an entry joined or left, the class
 * changed), deployed and locally alike; running it again, or twice at once,
 * promotes nobody twice. Stops at the cutoff: after it the line is closed by
 * the scheduled job instead.
 */
export async function promoteWaitlist(deps: StoreDeps, singleClassId: number): Promise<PromotionSummary> {
  const summary: PromotionSummary = { promoted: [], skipped: [], released: 0 };
  const cls = await getSingleClass(deps.store, singleClassId);
  if (!cls) return summary;
  const [settings, tz] = await Promise.all([bookingSettings(deps), studioTimezone(deps)]);
  // The classes around this one are read only when someone is about to be booked: most runs (a join to a full class) find no seat and stop.
  let around: Promise<SingleClassDoc[]> | undefined;
  const overlapping = () => (around ??= overlappingClasses(deps, cls));
  // Each step either ends an entry or frees seats, so the line and the seats bound the loop.
  for (;;) {
    const step = await promoteOne(deps, settings, tz, singleClassId, overlapping);
    if (step.kind === 'done') break;
    if (step.kind === 'released') {
      summary.released += step.seats;
      // No reservation changed, so the count trigger will not run: the schedule's spots_left follows here.
      await recountBooked(deps, singleClassId);
      break;
    }
    if (step.kind === 'skipped') summary.skipped.push(step.entry.waitlist_id);
    else {
      summary.promoted.push(step.entry.waitlist_id);
      await leaveOverlappingLines(deps, { ...step.entry, class_date: cls.class_date, class_end: classEnd(cls) });
    }
  }
  return summary;
}
