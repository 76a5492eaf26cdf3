import { fill } from '@studio/shared/messages';
import { bookingMessages } from '@studio/shared/messages/booking';
import type { ClassReservation, ClassReservationCreateInput } from '@studio/shared/schemas/class-reservation';
import { compactAnswers, type DynamicField, type DynamicValues, pendingFieldKeys } from '@studio/shared/schemas/dynamic-form';
import { spotMapTotal } from '@studio/shared/schemas/single-class';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import type { AvailableClassDoc } from '../../data/repos/credits-repo';
import { listLotsOfCustomer } from '../../data/repos/credits-repo';
import { getCustomerByUid } from '../../data/repos/customers-repo';
import { findFreeNumbers } from '../../data/repos/number-claims';
import { type ClassReservationDoc, findFreeHolding, getHolding, getReservation } from '../../data/repos/reservations-repo';
import { getSingleClass, type SingleClassDoc } from '../../data/repos/single-classes-repo';
import type { Transaction } from '../../data/store/types';
import type { StoreDeps } from '../../deps';
import { at } from '../../domain/at';
import { AppError, invalidFields } from '../../domain/errors';
import { studioTimezone } from '../credits/expiry';
import { isUnlimited } from '../credits/ledger';
import { checkAnswers, ownFiles } from '../custom-values/check-answers';
import { listLiveFields } from '../custom-values/list-fields';
import { studioWallClock } from '../schedule/calendar';
import { leaveLineOnBooking } from '../waitlist/leave-line-on-booking';
import { newReservation } from './new-reservation';
import { activePenalty, penaltyRefusal } from './penalties';
import { chooseSpots } from './places/guest-spot';
import { reservationNumbers } from './places/reservation-numbers';
import { writeNewReservation } from './places/write-reservation';
import { presentReservations } from './present-reservations';
import { bookingOpensAt, type BookingSettings, bookingSettings, bookingWindowState, lotEndingBefore, lotToSpend, noPayingLot } from './rules';

const b = bookingMessages;

export interface BookingResult {
  /** The reservation this request is about: the customer's own, or the guest's when only the guest was booked. */
  class_reservation: ClassReservation;
  /** Every reservation this request made (own, then guest). */
  class_reservations: ClassReservation[];
}

/** The class may be booked now: it exists, is not cancelled, and the booking window is open. */
function checkBookable(cls: SingleClassDoc | null, settings: BookingSettings, tz: string, now: Date): SingleClassDoc {
  if (!cls) throw new AppError('not-found', 'booking/class-not-found', b.classNotFound);
  if (cls.status === 'cancelled') throw new AppError('conflict', 'booking/class-cancelled', b.classCancelled);
  const window = bookingWindowState(cls.class_date, settings, now);
  if (window === 'started') throw new AppError('conflict', 'booking/class-started', b.alreadyStarted);
  if (window === 'not-open') {
    const opens = studioWallClock(bookingOpensAt(cls.class_date, settings) as Date, tz);
    throw new AppError('conflict', 'booking/not-open', fill(b.notOpenYet, { date: opens.date, time: opens.time }));
  }
  return cls;
}

/**
 * The lots paying for the places asked: the customer's own place from any lot
 * that covers the class (the one that expires first); a guest's from a lot
 * with classes to spend, after the own place is taken from it (an unlimited
 * membership is personal: it does not pay for a guest). Either refusal names
 * the lot's end when one would have paid but ends before the class (ADR 0065).
 */
function payingLots(
  tz: string,
  lots: AvailableClassDoc[],
  cls: SingleClassDoc,
  now: Date,
  self: boolean,
  guest: boolean,
): { own: AvailableClassDoc | null; guest: AvailableClassDoc | null } {
  const own = self ? lotToSpend(lots, cls, now, tz) : null;
  if (self && !own) throw noPayingLot(lotEndingBefore(lots, cls, now, tz), tz, new AppError('precondition', 'booking/no-credits', b.noCredits));
  if (!guest) return { own, guest: null };
  const after = lots
    .filter((lot) => !isUnlimited(lot))
    .map((lot) => (own && lot.available_class_id === own.available_class_id ? { ...lot, available_classes: lot.available_classes - 1 } : lot));
  const forGuest = lotToSpend(after, cls, now, tz);
  if (!forGuest) {
    throw noPayingLot(lotEndingBefore(after, cls, now, tz), tz, new AppError('precondition', 'booking/no-guest-credits', b.noGuestCredits));
  }
  return { own, guest: forGuest };
}

/**
 * The customer has answered every required custom field of 'customer' (the
 * intake 'Completa tu perfil', ADR 0118); if not, 409 naming the questions by
 * label. The answers are saved by PUT /customer/custom_values, not here.
 */
function profileComplete(fields: readonly DynamicField[], values: Readonly<Record<string, unknown>>): void {
  const pending = pendingFieldKeys(fields, values);
  if (pending.length === 0) return;
  const labels = pending.map((key) => fields.find((field) => field.key === key)?.label ?? key);
  throw new AppError('conflict', 'booking/profile-incomplete', fill(b.profileIncomplete, { fields: labels.join(', ') }));
}

/** The answers to the booking questions, checked as the form checks them and compacted (empty answers are not kept); files must be the customer's own. */
async function answersOf(
  deps: StoreDeps,
  tx: Transaction,
  uid: string,
  questions: readonly DynamicField[],
  values: Record<string, unknown> | undefined,
): Promise<DynamicValues | undefined> {
  // Nothing asked and nothing sent: nothing to check. Answers to questions the studio does not ask are refused by the check.
  if (questions.length === 0 && (values === undefined || Object.keys(values).length === 0)) return undefined;
  await checkAnswers('custom_values', questions, values ?? {});
  return ownFiles(deps, tx, uid, 'custom_values', questions, compactAnswers((values ?? {}) as DynamicValues));
}

/**
 * POST /class_reservations {single_class_id, spot?, guest?, custom_values?} (ADR 0060, 0115). One
 * transaction reads the class (never writes it), the customer's own holder
 * documents and lots, and the seats (and spots) it takes; it writes only
 * documents of this booking: seat, spot and holder holdings (created with a
 * precondition, so two customers can never hold one), the reservation, its id
 * claim and the paying lot through the ledger. With `guest`, a second place
 * (seat, spot, credit) for the customer's +1, with or after their own; one
 * guest per customer per class (`guests/{customer_id}`).
 */
export async function bookClass(deps: StoreDeps, identity: VerifiedIdentity, input: ClassReservationCreateInput): Promise<BookingResult> {
  // The booking questions, read once outside the transaction (a retry keeps them): studios change them between rushes, not during one.
  // The profile's questions too ('Completa tu perfil', ADR 0118): a catalogue read outside the transaction, never contended by a rush.
  const [settings, tz, questions, profileFields] = await Promise.all([
    bookingSettings(deps),
    studioTimezone(deps),
    listLiveFields(deps, 'class_reservation'),
    listLiveFields(deps, 'customer'),
  ]);
  const singleClassId = input.single_class_id;
  const wantedSpot = input.spot ?? null;
  const guestName = input.guest?.trim() ?? null;
  if (guestName !== null && !settings.allowGuests) throw new AppError('conflict', 'booking/guests-disabled', b.guestsDisabled);
  const made = await deps.store.runTransaction(async (tx) => {
    const customer = await getCustomerByUid(deps.store, identity.uid, tx);
    if (!customer) throw new AppError('precondition', 'booking/no-customer', b.noCustomer);
    const customerId = customer.customer_id;
    const now = deps.now();
    const cls = checkBookable(await getSingleClass(deps.store, singleClassId, tx), settings, tz, now);
    const penalty = await activePenalty(deps, customerId, now, tx);
    if (penalty) throw penaltyRefusal(penalty, tz);
    const mapSize = spotMapTotal(cls.spot_map);
    if (wantedSpot !== null) {
      if (mapSize === null) throw invalidFields({ spot: b.spotWithoutMap });
      if (wantedSpot > mapSize) throw invalidFields({ spot: fill(b.spotOutOfMap, { spot: wantedSpot }) });
    }
    const holder = await getHolding(deps.store, tx, singleClassId, 'holders', customerId);
    const self = holder === null;
    const guest = guestName !== null;
    if (!self && !guest) throw new AppError('conflict', 'booking/already-booked', b.alreadyBooked);
    if (guest && (await getHolding(deps.store, tx, singleClassId, 'guests', customerId))) {
      throw new AppError('conflict', 'booking/guest-already-booked', b.guestAlreadyBooked);
    }
    if (wantedSpot !== null && (await getHolding(deps.store, tx, singleClassId, 'spots', wantedSpot))) {
      throw new AppError('conflict', 'booking/spot-taken', fill(b.spotTaken, { spot: wantedSpot }));
    }
    // The customer's own place answers the studio's questions (required ones enforced); a +1 added later is not asked again.
    const answers = self ? await answersOf(deps, tx, identity.uid, questions, input.custom_values) : undefined;
    const leaveLine = self ? await leaveLineOnBooking(deps, tx, singleClassId, customerId) : null;
    const lots = await listLotsOfCustomer(deps.store, customerId, tx);
    const seed = `${identity.uid}:${singleClassId}`;
    // Seats first: a full class is the answer for everyone once it fills, whatever their credits.
    const places = (self ? 1 : 0) + (guest ? 1 : 0);
    const seats: number[] = [];
    for (let i = 0; i < places; i++) {
      const seat = await findFreeHolding(deps.store, tx, singleClassId, 'seats', cls.capacity, `${i}:${seed}`, new Set(seats));
      if (seat === null) throw new AppError('precondition', 'booking/class-full', b.classFull);
      seats.push(seat);
    }
    const paying = payingLots(tz, lots, cls, now, self, guest);
    let spots = seats;
    if (mapSize !== null && cls.spot_map !== null) {
      // A +1 added later sits beside the customer's place already booked.
      const hostSpot =
        !self && guest && holder?.class_reservation_id ? ((await getReservation(deps.store, holder.class_reservation_id, tx))?.spot ?? null) : null;
      const chosen = await chooseSpots(
        deps,
        tx,
        { single_class_id: singleClassId, spot_map: cls.spot_map },
        mapSize,
        { self, guest, wanted: wantedSpot, hostSpot },
        seed,
      );
      if (chosen === null) throw new AppError('precondition', 'booking/class-full', b.classFull);
      spots = chosen;
    }
    // Last of the refusals, so a class the customer could not book anyway says so first: the studio's required profile
    // questions, checked on the customer document already read (no new read in the rush). A +1 added later is not asked.
    if (self) profileComplete(profileFields, customer.custom_values ?? {});
    // The last reads: the reservations' numbers.
    const ids = await findFreeNumbers(deps.store, tx, reservationNumbers, places, seed);
    if (ids === null) throw new Error('The reservation number space has no limit; a free number always exists.');

    const docs: ClassReservationDoc[] = [];
    let ownLot = paying.own;
    let guestLot = paying.guest;
    for (let i = 0; i < places; i++) {
      const isGuest = !self || i === 1;
      const id = at(ids, i);
      const paidWith = isGuest ? guestLot : ownLot;
      const doc = newReservation(
        {
          class_reservation_id: id,
          single_class_id: singleClassId,
          customer_id: customerId,
          uid: identity.uid,
          available_class_id: paidWith?.available_class_id ?? null,
          spot: at(spots, i),
          seat: at(seats, i),
          guest: isGuest ? guestName : null,
          custom_values: isGuest ? undefined : answers,
          // Credits granted before their cash was paid: 'Pago en Efectivo Incompleto' until the studio confirms it.
          is_cash: paidWith?.awaiting_payment === true,
          is_paid: paidWith?.awaiting_payment !== true,
          source: 'customer',
        },
        now,
      );
      const written = writeNewReservation(deps, tx, {
        doc: doc as ClassReservationDoc & { seat: number },
        heldSeat: false,
        onMap: mapSize !== null,
        lot: paidWith,
        context: { actor: { uid: identity.uid, role: 'customer' }, reference: { type: 'class_reservation', id } },
      });
      // The same lot may pay both places: the second spend starts from the lot as the first left it.
      if (written && ownLot?.available_class_id === written.available_class_id) ownLot = written;
      if (written && guestLot?.available_class_id === written.available_class_id) guestLot = written;
      docs.push(doc);
    }
    leaveLine?.();
    return docs;
  });
  const dtos = await presentReservations(deps, made, tz);
  return { class_reservation: dtos[0] as ClassReservation, class_reservations: dtos };
}
