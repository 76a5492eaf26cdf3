import { fill } from '@studio/shared/messages';
import { bookingMessages } from '@studio/shared/messages/booking';
import { bookingAdminMessages } from '@studio/shared/messages/booking-admin';
import type { AdminAddReservationInput, RosterReservation } from '@studio/shared/schemas/class-roster';
import { spotMapTotal } from '@studio/shared/schemas/single-class';
import { listLotsOfCustomer } from '../../data/repos/credits-repo';
import { getCustomerById } from '../../data/repos/customers-repo';
import { findFreeNumber } from '../../data/repos/number-claims';
import { type ClassReservationDoc, findFreeHolding, getHolding } from '../../data/repos/reservations-repo';
import { getSingleClass } from '../../data/repos/single-classes-repo';
import type { Deps } from '../../deps';
import { AppError, invalidFields } from '../../domain/errors';
import { studioTimezone } from '../credits/expiry';
import { leaveLineOnBooking } from '../waitlist/leave-line-on-booking';
import { checkInClosesAt } from './attendance';
import { presentRoster } from './class-roster';
import { newReservation } from './new-reservation';
import { reservationNumbers } from './places/reservation-numbers';
import { writeNewReservation } from './places/write-reservation';
import { lotEndingBefore, lotToSpend, noPayingLot } from './rules';

const b = bookingMessages;
const a = bookingAdminMessages;

/**
 * POST /single_class/{id}/reservations {customer_id, spot?, charge?} (admin).
 * The same documents as a customer's booking (write-reservation.ts: seat,
 * spot, holder, id claim, reservation, lot through the ledger), with
 * `source: 'admin'`. The admin is not held to the booking window (a walk-in
 * may be added until check-in closes) nor to penalties, but is to capacity
 * (412 booking/class-full) and to one reservation per customer (409
 * booking/already-booked). A charged add spends a lot valid on the class's
 * date as booking does (412 booking/no-credits or
 * booking/lot-ends-before-class). `charge: false` is a courtesy: no lot is spent
 * (available_class_id null, is_cash false, is_paid true). If the customer
 * was in the class's line, their entry ends as booking would end it.
 */
export async function addCustomerToClass(deps: Deps, adminUid: string, singleClassId: number, input: AdminAddReservationInput): Promise<RosterReservation> {
  const wantedSpot = input.spot ?? null;
  const charge = input.charge ?? true;
  const tz = await studioTimezone(deps);
  const made = await deps.store.runTransaction(async (tx) => {
    const customer = await getCustomerById(deps.store, input.customer_id, tx);
    if (!customer) throw new AppError('not-found', 'booking/customer-not-found', a.customerNotFound);
    const customerId = customer.customer_id;
    const cls = await getSingleClass(deps.store, singleClassId, tx);
    if (!cls) throw new AppError('not-found', 'booking/class-not-found', b.classNotFound);
    if (cls.status === 'cancelled') throw new AppError('conflict', 'booking/class-cancelled', b.classCancelled);
    const now = deps.now();
    if (now.getTime() > checkInClosesAt(cls).getTime()) throw new AppError('conflict', 'booking/class-over', a.classOver);
    const mapSize = spotMapTotal(cls.spot_map);
    if (wantedSpot !== null) {
      if (mapSize === null) throw invalidFields({ spot: b.spotWithoutMap });
      if (wantedSpot > mapSize) throw invalidFields({ spot: fill(b.spotOutOfMap, { spot: wantedSpot }) });
    }
    if (await getHolding(deps.store, tx, singleClassId, 'holders', customerId))
      throw new AppError('conflict', 'booking/already-booked', a.customerAlreadyBooked);
    if (wantedSpot !== null && (await getHolding(deps.store, tx, singleClassId, 'spots', wantedSpot))) {
      throw new AppError('conflict', 'booking/spot-taken', fill(b.spotTaken, { spot: wantedSpot }));
    }
    const leaveLine = await leaveLineOnBooking(deps, tx, singleClassId, customerId);
    const lots = charge ? await listLotsOfCustomer(deps.store, customerId, tx) : [];
    const seed = `admin:${customerId}:${singleClassId}`;
    // Seats first, as booking: a full class is the answer whatever the customer's credits.
    const seat = await findFreeHolding(deps.store, tx, singleClassId, 'seats', cls.capacity, seed);
    if (seat === null) throw new AppError('precondition', 'booking/class-full', b.classFull);
    const lot = charge ? lotToSpend(lots, cls, now, tz) : null;
    if (charge && !lot) {
      const otherwise = new AppError('precondition', 'booking/no-credits', a.customerNoCredits);
      throw noPayingLot(lotEndingBefore(lots, cls, now, tz), tz, otherwise, a.customerLotEndsBeforeClass);
    }
    let spot = mapSize === null ? seat : wantedSpot;
    if (spot === null) {
      spot = await findFreeHolding(deps.store, tx, singleClassId, 'spots', mapSize as number, seed);
      if (spot === null) throw new AppError('precondition', 'booking/class-full', b.classFull);
    }
    // The last read: the reservation's number.
    const id = await findFreeNumber(deps.store, tx, reservationNumbers, seed);
    if (id === null) throw new Error('The reservation number space has no limit; a free number always exists.');
    const doc = newReservation(
      {
        class_reservation_id: id,
        single_class_id: singleClassId,
        customer_id: customerId,
        uid: customer.uid,
        available_class_id: lot?.available_class_id ?? null,
        spot,
        seat,
        guest: null,
        is_cash: false,
        is_paid: true,
        source: 'admin',
      },
      now,
    );
    writeNewReservation(deps, tx, {
      doc: doc as ClassReservationDoc & { seat: number },
      heldSeat: false,
      onMap: mapSize !== null,
      lot,
      context: { actor: { uid: adminUid, role: 'admin' }, reference: { type: 'class_reservation', id } },
    });
    leaveLine?.();
    return { doc, classDate: cls.class_date };
  });
  const [dto] = await presentRoster(deps, [made.doc], made.classDate, deps.now());
  return dto as RosterReservation;
}
