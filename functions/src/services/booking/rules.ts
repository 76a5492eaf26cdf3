import { appConfigDefinitions } from '@studio/shared/config/app-config';
import { lotEndsBeforeClassText } from '@studio/shared/format/lot-end';
import { bookingMessages } from '@studio/shared/messages/booking';
import { cancelDeadlineMs, type CancelUnit, waitlistClosesAtMs, waitlistCutoffMinutes } from '@studio/shared/rules/reservation-rules';
import { type AllowedTimeWindow, startsWithin } from '@studio/shared/schemas/allowed-times';
import type { ReservationStatus } from '@studio/shared/schemas/class-reservation';
import { getStoredConfig } from '../../data/repos/app-config-repo';
import type { AvailableClassDoc } from '../../data/repos/credits-repo';
import type { ClassReservationDoc } from '../../data/repos/reservations-repo';
import type { SingleClassDoc } from '../../data/repos/single-classes-repo';
import type { StoreDeps } from '../../deps';
import { AppError } from '../../domain/errors';
import { byExpiry, canPayClassAt, isUsable, isValidAt } from '../credits/balance';
import { isoWeekday, studioWallClock } from '../schedule/calendar';

/** The booking and cancellation settings (appconfig), stored values over the defaults. */
export interface BookingSettings {
  reservationHours: number;
  reservationMinutes: number;
  allowCancel: boolean;
  allowCancelAfterThreshold: boolean;
  cancelValue: number;
  cancelUnit: CancelUnit;
  maxCancelsPerLot: number | null;
  allowGuests: boolean;
  waitlistEnabled: boolean;
  /** Minutes before the class when its waitlist stops promoting and closes. */
  waitlistCutoffMinutes: number;
}

const numberOr = (value: unknown, fallback: number | null) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const boolOr = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

export async function bookingSettings(deps: StoreDeps): Promise<BookingSettings> {
  const stored = await getStoredConfig(deps.store);
  const d = appConfigDefinitions;
  const unit = stored.cancel_timeframe_unit;
  return {
    reservationHours: numberOr(stored.reservation_timeframe_hours, d.reservation_timeframe_hours.default) ?? 0,
    reservationMinutes: numberOr(stored.reservation_timeframe_minutes, d.reservation_timeframe_minutes.default) ?? 0,
    allowCancel: boolOr(stored.allow_cancel_reservations, d.allow_cancel_reservations.default),
    allowCancelAfterThreshold: boolOr(stored.allow_cancel_after_treshold, d.allow_cancel_after_treshold.default),
    cancelValue: numberOr(stored.cancel_timeframe_value, d.cancel_timeframe_value.default) ?? 0,
    cancelUnit: unit === 'days' || unit === 'hours' || unit === 'minutes' ? unit : (d.cancel_timeframe_unit.default as 'hours'),
    maxCancelsPerLot: numberOr(stored.max_cancels_per_available_class, null),
    allowGuests: boolOr(stored.allow_class_guests, d.allow_class_guests.default),
    waitlistEnabled: boolOr(stored.waitlist_enabled, d.waitlist_enabled.default),
    waitlistCutoffMinutes: waitlistCutoffMinutes(stored.waitlist_cutoff_minutes),
  };
}

const MINUTE = 60_000;

/**
 * When booking opens: reservation_timeframe_hours/minutes before the class
 * (both 0 = no opening limit: the class can be booked as soon as it is
 * scheduled). It closes when the class starts.
 */
export function bookingOpensAt(classDate: Date, settings: Pick<BookingSettings, 'reservationHours' | 'reservationMinutes'>): Date | null {
  const minutes = settings.reservationHours * 60 + settings.reservationMinutes;
  return minutes > 0 ? new Date(classDate.getTime() - minutes * MINUTE) : null;
}

export type WindowState = 'not-open' | 'open' | 'started';

/** Open from bookingOpensAt (inclusive) until the class starts (exclusive). */
export function bookingWindowState(classDate: Date, settings: Pick<BookingSettings, 'reservationHours' | 'reservationMinutes'>, now: Date): WindowState {
  if (now.getTime() >= classDate.getTime()) return 'started';
  const opens = bookingOpensAt(classDate, settings);
  return opens !== null && now.getTime() < opens.getTime() ? 'not-open' : 'open';
}

/** When a class ends. */
export const classEnd = (cls: Pick<SingleClassDoc, 'class_date' | 'duration_minutes'>) => new Date(cls.class_date.getTime() + cls.duration_minutes * MINUTE);

/** When a class's waitlist stops promoting and closes: waitlist_cutoff_minutes before it starts. */
export const waitlistClosesAt = (classDate: Date, settings: Pick<BookingSettings, 'waitlistCutoffMinutes'>) =>
  new Date(waitlistClosesAtMs(classDate.getTime(), settings.waitlistCutoffMinutes));

/** The last instant a cancellation returns the credit: cancel_timeframe before the class. */
export const cancelDeadline = (classDate: Date, settings: Pick<BookingSettings, 'cancelValue' | 'cancelUnit'>) =>
  new Date(cancelDeadlineMs(classDate.getTime(), settings.cancelValue, settings.cancelUnit));

type CoveredClass = Pick<SingleClassDoc, 'class_type_id' | 'class_package_id' | 'class_date'>;

/**
 * The lot's own restrictions admit the class: in person, its class-type
 * restriction (if any) covering the class, the class's package (if any), and
 * its allowed times (if any) containing the class's start in the studio's time.
 */
function admitsClass(lot: AvailableClassDoc, cls: CoveredClass, tz: string): boolean {
  if (lot.is_online) return false;
  if (Array.isArray(lot.allowed_times) && lot.allowed_times.length > 0) {
    const wall = studioWallClock(cls.class_date, tz);
    if (!startsWithin(lot.allowed_times as AllowedTimeWindow[], isoWeekday(wall.date), wall.time)) return false;
  }
  if (lot.class_type_id !== null && lot.class_type_id !== cls.class_type_id) return false;
  if (Array.isArray(lot.class_types) && lot.class_types.length > 0 && !lot.class_types.includes(cls.class_type_id)) return false;
  if (cls.class_package_id !== null && lot.class_package_id !== cls.class_package_id) return false;
  return true;
}

/**
 * Whether the lot may pay for the class (ADR 0065): usable now and still
 * valid when the class starts (canPayClassAt), and its restrictions admit
 * the class. Every path that spends a lot on a class (booking, the guest's
 * place, waitlist join and promotion, the admin's charged add) asks here.
 */
export function lotCovers(lot: AvailableClassDoc, cls: CoveredClass, now: Date, tz: string): boolean {
  return canPayClassAt(lot, now, cls.class_date) && admitsClass(lot, cls, tz);
}

/** The lot a booking spends: among those that cover the class, the one that expires first (ADR 0060). */
export function lotToSpend(lots: AvailableClassDoc[], cls: CoveredClass, now: Date, tz: string): AvailableClassDoc | null {
  return lots.filter((lot) => lotCovers(lot, cls, now, tz)).sort(byExpiry)[0] ?? null;
}

/**
 * Among lots that would pay for the class but end before it starts, the one
 * that lasts longest (the refusal names its last day); null when none. Asked
 * only once lotToSpend found nothing.
 */
export function lotEndingBefore(lots: AvailableClassDoc[], cls: CoveredClass, now: Date, tz: string): AvailableClassDoc | null {
  const ending = lots.filter((lot) => isUsable(lot, now) && !isValidAt(lot, cls.class_date) && admitsClass(lot, cls, tz));
  return ending.sort(byExpiry).at(-1) ?? null;
}

/**
 * The 412 for a place nothing pays: 'booking/lot-ends-before-class' naming
 * the lot's last studio day when a lot would have paid but ends before the
 * class ('Tu paquete vence el 4 dic, antes de esta clase.'), else `otherwise`.
 */
export function noPayingLot(endingBefore: AvailableClassDoc | null, tz: string, otherwise: AppError, text?: string): AppError {
  if (!endingBefore?.expiration_date) return otherwise;
  return new AppError('precondition', 'booking/lot-ends-before-class', lotEndsBeforeClassText(endingBefore.expiration_date, tz, text));
}

/**
 * The order of 'Todas' in Mis Reservaciones: classes still to start first,
 * the soonest on top (the next class is the first row), then those that have
 * started, the latest first. Cancelled places sit where their class falls.
 * Ties (a place and its guest's) by reservation id.
 */
export function allReservationsOrder(a: { classStart: number; id: number }, b: { classStart: number; id: number }, now: number): number {
  const aUpcoming = a.classStart > now;
  const bUpcoming = b.classStart > now;
  if (aUpcoming !== bUpcoming) return aUpcoming ? -1 : 1;
  return (aUpcoming ? a.classStart - b.classStart : b.classStart - a.classStart) || a.id - b.id;
}

const s = bookingMessages.status;

/** The spec's display status, checked in its order (§4). */
export function reservationStatus(
  r: Pick<ClassReservationDoc, 'deletedAt' | 'is_cash' | 'is_paid' | 'attend'>,
  classDate: Date | null,
  now: Date,
): ReservationStatus {
  if (r.deletedAt) return s.cancelled;
  if (r.is_cash && !r.is_paid) return s.cashUnpaid;
  if (!r.attend && classDate !== null && classDate.getTime() < now.getTime()) return s.noShow;
  if (r.attend) return s.attended;
  return s.upcoming;
}
