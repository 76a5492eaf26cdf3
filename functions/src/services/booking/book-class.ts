import { fill, messages } from '@studio/shared/messages';
import type { ClassReservation, ClassReservationCreateInput } from '@studio/shared/schemas/class-reservation';
import { spotMapTotal } from '@studio/shared/schemas/single-class';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { listLotsOfCustomer } from '../../data/repos/credits-repo';
import { getCustomerByUid } from '../../data/repos/customers-repo';
import { findFreeNumber, type NumberSpace, takeNumber } from '../../data/repos/number-claims';
import { createHolding, createReservation, findFreeHolding, getHolding } from '../../data/repos/reservations-repo';
import { getSingleClass } from '../../data/repos/single-classes-repo';
import type { Deps } from '../../deps';
import { AppError, invalidFields } from '../../domain/errors';
import { studioTimezone } from '../credits/expiry';
import { changeLot } from '../credits/ledger';
import { studioWallClock } from '../schedule/calendar';
import { newReservation } from './new-reservation';
import { presentReservations } from './present-reservations';
import { bookingOpensAt, bookingSettings, bookingWindowState, lotToSpend } from './rules';

const b = messages.booking;

/**
 * Reservation ids are claimed numbers (ADR 0009), never a shared counter:
 * `class_reservation_numbers/{n}`. The seed's reservations sit below the floor.
 */
export const reservationNumbers: NumberSpace = { collection: 'class_reservation_numbers', floor: 1000, max: null };

/**
 * POST /class_reservations (ADR 0060). One transaction reads the class (never
 * writes it), the customer's own holder document and lots, and the seat (and
 * spot) it takes; it writes only documents of this booking: the seat, spot and
 * holder holdings (tx.create, so two customers can never hold one), the
 * reservation, its id claim and the paying lot through the ledger.
 */
export async function bookClass(deps: Deps, identity: VerifiedIdentity, input: ClassReservationCreateInput): Promise<ClassReservation> {
  const [settings, tz] = await Promise.all([bookingSettings(deps), studioTimezone(deps)]);
  const singleClassId = input.single_class_id;
  const wantedSpot = input.spot ?? null;
  const reservation = await deps.store.runTransaction(async (tx) => {
    const customer = await getCustomerByUid(deps.store, identity.uid, tx);
    if (!customer) throw new AppError('precondition', 'booking/no-customer', b.noCustomer);
    const customerId = customer.customer_id as number;
    const cls = await getSingleClass(deps.store, singleClassId, tx);
    if (!cls) throw new AppError('not-found', 'booking/class-not-found', b.classNotFound);
    if (cls.status === 'cancelled') throw new AppError('conflict', 'booking/class-cancelled', b.classCancelled);
    const now = deps.now();
    const window = bookingWindowState(cls.class_date, settings, now);
    if (window === 'started') throw new AppError('conflict', 'booking/class-started', b.alreadyStarted);
    if (window === 'not-open') {
      const opens = studioWallClock(bookingOpensAt(cls.class_date, settings) as Date, tz);
      throw new AppError('conflict', 'booking/not-open', fill(b.notOpenYet, { date: opens.date, time: opens.time }));
    }
    const mapSize = spotMapTotal(cls.spot_map);
    if (wantedSpot !== null) {
      if (mapSize === null) throw invalidFields({ spot: b.spotWithoutMap });
      if (wantedSpot > mapSize) throw invalidFields({ spot: fill(b.spotOutOfMap, { spot: wantedSpot }) });
    }
    if (await getHolding(deps.store, tx, singleClassId, 'holders', customerId)) throw new AppError('conflict', 'booking/already-booked', b.alreadyBooked);
    if (wantedSpot !== null && (await getHolding(deps.store, tx, singleClassId, 'spots', wantedSpot))) {
      throw new AppError('conflict', 'booking/spot-taken', fill(b.spotTaken, { spot: wantedSpot }));
    }
    const lots = await listLotsOfCustomer(deps.store, customerId, tx);
    const lot = lotToSpend(lots, cls, now);
    const seed = `${identity.uid}:${singleClassId}`;
    const seat = await findFreeHolding(deps.store, tx, singleClassId, 'seats', cls.capacity, seed);
    if (seat === null) throw new AppError('precondition', 'booking/class-full', b.classFull);
    if (!lot) throw new AppError('precondition', 'booking/no-credits', b.noCredits);
    let spot = wantedSpot;
    if (mapSize !== null && spot === null) {
      spot = await findFreeHolding(deps.store, tx, singleClassId, 'spots', mapSize, seed);
      if (spot === null) throw new AppError('precondition', 'booking/class-full', b.classFull);
    }
    if (mapSize === null) spot = seat;
    // The last read: the reservation's number.
    const id = await findFreeNumber(deps.store, tx, reservationNumbers, seed);
    if (id === null) throw new Error('The reservation number space has no limit; a free number always exists.');

    const doc = newReservation(
      {
        class_reservation_id: id,
        single_class_id: singleClassId,
        customer_id: customerId,
        uid: identity.uid,
        available_class_id: lot.available_class_id,
        spot,
        seat,
        guest: null,
        is_cash: false,
        is_paid: true,
        source: 'customer',
      },
      now,
    );
    const holding = { single_class_id: singleClassId, class_reservation_id: id, customer_id: customerId };
    takeNumber(deps.store, tx, reservationNumbers, id, { single_class_id: singleClassId });
    createHolding(deps.store, tx, 'seats', { ...holding, n: seat });
    if (mapSize !== null) createHolding(deps.store, tx, 'spots', { ...holding, n: spot as number });
    createHolding(deps.store, tx, 'holders', { ...holding, n: customerId });
    createReservation(deps.store, tx, doc);
    changeLot(deps, tx, lot, -1, 'book', {
      actor: { uid: identity.uid, role: 'customer' },
      reference: { type: 'class_reservation', id },
    });
    return doc;
  });
  const [dto] = await presentReservations(deps, [reservation], tz);
  return dto as ClassReservation;
}
