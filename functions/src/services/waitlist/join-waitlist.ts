import { fill, messages } from '@studio/shared/messages';
import { bookingMessages } from '@studio/shared/messages/booking';
import { waitlistMessages } from '@studio/shared/messages/waitlist';
import type { Waitlist, WaitlistCreateInput, WaitlistUpdateInput } from '@studio/shared/schemas/waitlist';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { type CustomerDoc, getCustomerById, getCustomerByUid } from '../../data/repos/customers-repo';
import { findFreeNumber, type NumberSpace, takeNumber } from '../../data/repos/number-claims';
import { getHolding } from '../../data/repos/reservations-repo';
import { getSingleClass, type SingleClassDoc } from '../../data/repos/single-classes-repo';
import { createWaitlist, getWaiting, getWaitlist, rejoinWaitlist, type WaitlistDoc } from '../../data/repos/waitlists-repo';
import type { Transaction } from '../../data/store/types';
import type { StoreDeps } from '../../deps';
import { AppError } from '../../domain/errors';
import { activePenalty, penaltyRefusal } from '../booking/penalties';
import { bookingOpensAt, type BookingSettings, bookingSettings, bookingWindowState, classEnd, noPayingLot, waitlistClosesAt } from '../booking/rules';
import { studioTimezone } from '../credits/expiry';
import { studioWallClock } from '../schedule/calendar';
import { presentWaitlists } from './present-waitlists';
import { paymentForClass } from './waitlist-eligibility';

const w = waitlistMessages;
const b = bookingMessages;

/** Waitlist ids are claimed numbers (ADR 0009): a rush of joins never shares a counter. */
export const waitlistNumbers: NumberSpace = { collection: 'waitlist_numbers', floor: 0, max: null };

export const waitlistNotFound = () => new AppError('not-found', 'waitlist/not-found', w.notFound);

/** Who is joining: the caller, or (an admin only) the customer named. */
async function customerFor(deps: StoreDeps, identity: VerifiedIdentity, customerId: number | undefined, tx: Transaction): Promise<CustomerDoc> {
  const self = await getCustomerByUid(deps.store, identity.uid, tx);
  if (customerId !== undefined && customerId !== self?.customer_id) {
    if (!identity.admin) throw new AppError('forbidden', 'waitlist/not-yourself', w.notYourself);
    const other = await getCustomerById(deps.store, customerId, tx);
    if (!other) throw new AppError('not-found', 'waitlist/customer-not-found', messages.http.notFound);
    return other;
  }
  if (!self) throw new AppError('precondition', 'booking/no-customer', b.noCustomer);
  return self;
}

/**
 * What joining (or re-joining) a line needs, read in `tx`: the line open
 * (waitlist_enabled, the class scheduled and before its cutoff), the class
 * full (its seats, including seats held for the line, read plainly: a seat
 * freed meanwhile is handed to the line by the promotion trigger anyway),
 * not booked there already, and a lot that could pay for it (valid on the
 * class's date, ADR 0065).
 */
async function checkCanJoin(
  deps: StoreDeps,
  tx: Transaction,
  settings: BookingSettings,
  tz: string,
  cls: SingleClassDoc | null,
  customerId: number,
  now: Date,
): Promise<SingleClassDoc> {
  if (!settings.waitlistEnabled) throw new AppError('conflict', 'waitlist/disabled', w.disabled);
  if (!cls) throw new AppError('not-found', 'booking/class-not-found', b.classNotFound);
  if (cls.status === 'cancelled') throw new AppError('conflict', 'waitlist/class-cancelled', w.classCancelled);
  if (now.getTime() >= waitlistClosesAt(cls.class_date, settings).getTime()) throw new AppError('conflict', 'waitlist/closed', w.closed);
  if (bookingWindowState(cls.class_date, settings, now) === 'not-open') {
    // Before the class's release nobody can be booked, so nobody can be first in line either.
    const opens = studioWallClock(bookingOpensAt(cls.class_date, settings) as Date, tz);
    throw new AppError('conflict', 'waitlist/not-open', fill(b.notOpenYet, { date: opens.date, time: opens.time }));
  }
  if (await getHolding(deps.store, tx, cls.single_class_id, 'holders', customerId)) throw new AppError('conflict', 'waitlist/already-booked', w.alreadyBooked);
  if (await getWaiting(deps.store, cls.single_class_id, customerId, tx)) throw new AppError('conflict', 'waitlist/already-waiting', w.alreadyWaiting);
  const seats = await deps.store.collection(`single_classes/${cls.single_class_id}/seats`).get();
  if (seats.size < cls.capacity) throw new AppError('conflict', 'waitlist/not-full', w.notFull);
  const penalty = await activePenalty(deps, customerId, now, tx);
  if (penalty) throw penaltyRefusal(penalty, tz);
  const payment = await paymentForClass(deps, tx, customerId, cls, now, tz);
  if (!payment.lot) throw noPayingLot(payment.endingBefore, tz, new AppError('precondition', 'booking/no-credits', b.noCredits));
  return cls;
}

/**
 * POST /waitlist: get in line for a full class (ADR 0061). Writes only this
 * customer's documents: the entry, their place in the class's line
 * (`waiting/{customer_id}`, created with a precondition) and the id claim.
 * First in, first out: the line is ordered by the moment of joining.
 */
export async function joinWaitlist(deps: StoreDeps, identity: VerifiedIdentity, input: WaitlistCreateInput): Promise<Waitlist> {
  const [settings, tz] = await Promise.all([bookingSettings(deps), studioTimezone(deps)]);
  const entry = await deps.store.runTransaction(async (tx) => {
    const customer = await customerFor(deps, identity, input.customer_id, tx);
    const customerId = customer.customer_id;
    const now = deps.now();
    const cls = await checkCanJoin(deps, tx, settings, tz, await getSingleClass(deps.store, input.single_class_id, tx), customerId, now);
    const id = await findFreeNumber(deps.store, tx, waitlistNumbers, `${customer.uid}:${cls.single_class_id}`);
    if (id === null) throw new Error('The waitlist number space has no limit; a free number always exists.');
    const doc: WaitlistDoc = {
      waitlist_id: id,
      single_class_id: cls.single_class_id,
      customer_id: customerId,
      uid: customer.uid,
      status: 'waiting',
      end_reason: null,
      class_reservation_id: null,
      class_date: cls.class_date,
      class_end: classEnd(cls),
      joinedAt: now,
      endedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    takeNumber(deps.store, tx, waitlistNumbers, id, { single_class_id: cls.single_class_id });
    createWaitlist(deps.store, tx, doc);
    return doc;
  });
  const [dto] = await presentWaitlists(deps, [entry], tz);
  return dto as Waitlist;
}

/**
 * PUT /waitlist: an entry still waiting is answered as it is; one the
 * customer left (or an admin removed) goes back in line, at its back, if the
 * line is still open and the class full. Promoted, skipped and closed
 * entries are history: 409.
 */
export async function rejoinWaitlistEntry(deps: StoreDeps, identity: VerifiedIdentity, input: WaitlistUpdateInput): Promise<Waitlist> {
  const [settings, tz] = await Promise.all([bookingSettings(deps), studioTimezone(deps)]);
  const entry = await deps.store.runTransaction(async (tx) => {
    const current = await getWaitlist(deps.store, input.waitlist_id, tx);
    if (!current || (current.uid !== identity.uid && !identity.admin)) throw waitlistNotFound();
    if (current.status === 'waiting') return current;
    if (current.status !== 'left' && current.status !== 'removed') throw new AppError('conflict', 'waitlist/ended', w.cannotRejoin);
    const now = deps.now();
    const cls = await checkCanJoin(deps, tx, settings, tz, await getSingleClass(deps.store, current.single_class_id, tx), current.customer_id, now);
    const doc: WaitlistDoc = {
      ...current,
      status: 'waiting',
      end_reason: null,
      class_date: cls.class_date,
      class_end: classEnd(cls),
      joinedAt: now,
      endedAt: null,
      updatedAt: now,
    };
    rejoinWaitlist(deps.store, tx, doc);
    return doc;
  });
  const [dto] = await presentWaitlists(deps, [entry], tz);
  return dto as Waitlist;
}
