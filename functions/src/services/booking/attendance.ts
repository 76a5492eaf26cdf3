import { fill } from '@studio/shared/messages';
import { bookingMessages } from '@studio/shared/messages/booking';
import { bookingAdminMessages } from '@studio/shared/messages/booking-admin';
import type { AttendanceInput, CheckInInput, RosterReservation } from '@studio/shared/schemas/class-roster';
import { type ClassReservationDoc, getReservation, replaceReservation } from '../../data/repos/reservations-repo';
import { getSingleClass, type SingleClassDoc } from '../../data/repos/single-classes-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { studioTimezone } from '../credits/expiry';
import { studioWallClock } from '../schedule/calendar';
import { reservationIdOfCode } from './check-in-code';
import { presentRoster } from './class-roster';
import { evaluateCustomer, liftForAttendance, penaltySettings } from './penalties';
import { classEnd } from './rules';

const a = bookingAdminMessages;

/** Check-in opens this long before the class starts (people arrive early)… */
export const CHECK_IN_OPENS_BEFORE_MS = 60 * 60_000;
/** …and closes this long after it ends (the front desk catches up after a busy evening). */
export const CHECK_IN_CLOSES_AFTER_END_MS = 12 * 60 * 60_000;

export const checkInOpensAt = (cls: Pick<SingleClassDoc, 'class_date'>) => new Date(cls.class_date.getTime() - CHECK_IN_OPENS_BEFORE_MS);
export const checkInClosesAt = (cls: Pick<SingleClassDoc, 'class_date' | 'duration_minutes'>) =>
  new Date(classEnd(cls).getTime() + CHECK_IN_CLOSES_AFTER_END_MS);

const notInClass = () => new AppError('not-found', 'booking/reservation-not-found', a.reservationNotInClass);

export interface AttendanceResult {
  class_reservation: RosterReservation;
  /** Whether this call changed `attend` (false: it already was so; check-in is idempotent). */
  changed: boolean;
  /** Penalties lifted because a no-show they counted was marked attended. */
  penalties_lifted: number[];
  /** Penalties issued because a correction completed a streak. */
  penalties_issued: number[];
}

type Mode = 'check-in' | 'attendance';

/**
 * Sets `attend` on a reservation of the class, in one transaction with the
 * penalties it corrects: marking attended lifts every unlifted penalty that
 * counted it as a no-show. Check-in is allowed from an hour before the class
 * until 12 h after it ends; attendance from the same opening on, with no end
 * (records are corrected later). After a change on a class that has ended,
 * the customer's streaks are recomputed: a streak that the change completes
 * (or that a lifted penalty's no-shows now form) issues its penalty.
 */
async function markAttendance(deps: Deps, adminUid: string, singleClassId: number, id: number, attend: boolean, mode: Mode): Promise<AttendanceResult> {
  const tz = await studioTimezone(deps);
  const done = await deps.store.runTransaction(async (tx) => {
    const r = await getReservation(deps.store, id, tx);
    if (!r || r.single_class_id !== singleClassId) throw notInClass();
    const cls = await getSingleClass(deps.store, singleClassId, tx);
    if (!cls) throw new AppError('not-found', 'booking/class-not-found', bookingMessages.classNotFound);
    if (r.deletedAt !== null) throw new AppError('conflict', 'booking/reservation-cancelled', a.reservationCancelled);
    const now = deps.now();
    const opens = checkInOpensAt(cls);
    if (now.getTime() < opens.getTime()) {
      const at = studioWallClock(opens, tz);
      throw new AppError('conflict', 'booking/check-in-not-open', fill(mode === 'check-in' ? a.checkInNotOpen : a.attendanceNotOpen, at));
    }
    const closes = checkInClosesAt(cls);
    if (mode === 'check-in' && now.getTime() > closes.getTime()) {
      throw new AppError('conflict', 'booking/check-in-closed', fill(a.checkInClosed, studioWallClock(closes, tz)));
    }
    if (r.attend === attend) return { r, cls, changed: false, lifted: [] as number[], relieved: [] as number[], now };
    const lift = attend ? await liftForAttendance(deps, tx, r, cls.class_date, adminUid, tz, now) : null;
    const updated: ClassReservationDoc = { ...r, attend, updatedAt: now };
    replaceReservation(deps.store, tx, updated);
    lift?.write();
    const lifted = lift?.lifted ?? [];
    return {
      r: updated,
      cls,
      changed: true,
      lifted: lifted.map((x) => x.class_reservation_penalty_id),
      relieved: lifted.flatMap((x) => x.reservation_ids),
      now,
    };
  });
  let issued: number[] = [];
  if (done.changed && classEnd(done.cls).getTime() <= done.now.getTime() && (!attend || done.relieved.length > 0)) {
    const touched = new Set([id, ...done.relieved]);
    const settings = await penaltySettings(deps);
    const made = await evaluateCustomer(deps, done.r.customer_id, settings, done.now, (streak) => streak.some((x) => touched.has(x)));
    issued = made.map((x) => x.class_reservation_penalty_id);
  }
  const [entry] = await presentRoster(deps, [done.r], done.cls.class_date, deps.now());
  return { class_reservation: entry as RosterReservation, changed: done.changed, penalties_lifted: done.lifted, penalties_issued: issued };
}

/** POST /single_class/{id}/check_in {class_reservation_id} or {code} (admin): attended. A code the studio did not make is 404, like an id of another class. */
export async function checkIn(deps: Deps, adminUid: string, singleClassId: number, input: CheckInInput): Promise<AttendanceResult> {
  // The schema lets through exactly one of the two; with neither (never, after it) nothing is found.
  const id = input.code !== undefined ? await reservationIdOfCode(deps, input.code) : (input.class_reservation_id ?? null);
  if (id === null) throw new AppError('not-found', 'booking/reservation-not-found', a.codeNotFound);
  return markAttendance(deps, adminUid, singleClassId, id, true, 'check-in');
}

/** PUT /single_class/{id}/attendance {class_reservation_id, attend} (admin): attended or a no-show. */
export async function setAttendance(deps: Deps, adminUid: string, singleClassId: number, input: AttendanceInput): Promise<AttendanceResult> {
  return markAttendance(deps, adminUid, singleClassId, input.class_reservation_id, input.attend, 'attendance');
}
