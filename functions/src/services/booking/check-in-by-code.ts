import { bookingMessages } from '@studio/shared/messages/booking';
import { bookingAdminMessages } from '@studio/shared/messages/booking-admin';
import type { CheckInByCodeResult, CheckInCodeInput, CheckInLookup, RosterReservation } from '@studio/shared/schemas/class-roster';
import { getCatalogueDocs } from '../../data/repos/catalogue-repo';
import { type ClassReservationDoc, getReservation } from '../../data/repos/reservations-repo';
import { getSingleClass, type SingleClassDoc } from '../../data/repos/single-classes-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { checkIn, checkInClosesAt, checkInOpensAt } from './attendance';
import { reservationIdOfCode } from './check-in-code';
import { presentRoster } from './class-roster';
import { classEnd } from './rules';

// The same code as a forged one: an admin learns nothing about which ids exist.
const codeUnknown = () => new AppError('not-found', 'booking/reservation-not-found', bookingAdminMessages.codeUnknown);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The reservation a code names; 404 for a code the studio did not make (or whose reservation is gone). Two document reads: the key and the reservation. */
async function reservationOfCode(deps: Deps, code: string): Promise<ClassReservationDoc> {
  const id = await reservationIdOfCode(deps, code);
  if (id === null) throw codeUnknown();
  const r = await getReservation(deps.store, id);
  if (!r) throw codeUnknown();
  return r;
}

async function classOf(deps: Deps, r: ClassReservationDoc): Promise<SingleClassDoc> {
  const cls = await getSingleClass(deps.store, r.single_class_id);
  if (!cls) throw new AppError('not-found', 'booking/class-not-found', bookingMessages.classNotFound);
  return cls;
}

/** The desk's summary: the roster entry (customer joined) and the class with its catalogue names, one batched read per catalogue collection. */
async function summarize(deps: Deps, entry: RosterReservation, cls: SingleClassDoc, now: Date): Promise<CheckInLookup> {
  const [types, locations, instructors] = await Promise.all([
    getCatalogueDocs(deps.store, 'class_types', [cls.class_type_id]),
    getCatalogueDocs(deps.store, 'locations', [cls.location_id]),
    getCatalogueDocs(deps.store, 'instructors', cls.instructor_ids),
  ]);
  const type = types.get(cls.class_type_id);
  const location = locations.get(cls.location_id);
  const opens = checkInOpensAt(cls);
  const closes = checkInClosesAt(cls);
  return {
    class_reservation_id: entry.class_reservation_id,
    code_valid: true,
    customer: entry.customer,
    custom_values: entry.custom_values,
    single_class: {
      single_class_id: cls.single_class_id,
      class_date: cls.class_date.toISOString(),
      end_date: classEnd(cls).toISOString(),
      status: cls.status,
      class_type: type ? { class_type_id: cls.class_type_id, name: text(type.name) } : null,
      location: location ? { location_id: cls.location_id, name: text(location.name) } : null,
      // A coach deleted from the catalogue is left out, as the schedule does.
      instructors: cls.instructor_ids.flatMap((id) => {
        const doc = instructors.get(id);
        return doc ? [{ instructor_id: id, name: text(doc.nick_name).trim() || text(doc.name) }] : [];
      }),
    },
    spot: entry.spot,
    guest: entry.guest,
    status: entry.status,
    attend: entry.attend,
    cancelled: entry.deletedAt !== null,
    // Both instants included, as the check-in itself (attendance.ts).
    check_in_open: now.getTime() >= opens.getTime() && now.getTime() <= closes.getTime(),
    check_in_opens_at: opens.toISOString(),
    check_in_closes_at: closes.toISOString(),
  };
}

/**
 * GET /check_in/{code} (admin): which customer, which class and spot, and
 * whether already checked in, from the code alone. A handful of document
 * reads (key, reservation, class, customer, three catalogue records), no
 * queries.
 */
export async function lookUpCheckIn(deps: Deps, code: string): Promise<CheckInLookup> {
  const r = await reservationOfCode(deps, code);
  const now = deps.now();
  const cls = await classOf(deps, r);
  const [entry] = await presentRoster(deps, [r], cls.class_date, now);
  return summarize(deps, entry as RosterReservation, cls, now);
}

/**
 * POST /check_in {code} (admin): the desk's check-in. The class is the code's
 * reservation's, and the check-in is the one of POST /single_class/{id}/check_in
 * (window, cancelled reservations, penalties lifted, idempotent): no rule is
 * repeated here.
 */
export async function checkInByCode(deps: Deps, adminUid: string, input: CheckInCodeInput): Promise<CheckInByCodeResult> {
  const r = await reservationOfCode(deps, input.code);
  const result = await checkIn(deps, adminUid, r.single_class_id, { class_reservation_id: r.class_reservation_id });
  const cls = await classOf(deps, r);
  return { ...(await summarize(deps, result.class_reservation, cls, deps.now())), ...result };
}
