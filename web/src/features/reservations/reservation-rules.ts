import { bookingMessages } from '@studio/shared/messages/booking';
import { rateOpen } from '@studio/shared/rules/reservation-rules';
import type { ClassReservation } from '@studio/shared/schemas/class-reservation';
import { canCancelPlace, type CancelSettings, lateCancelWarning as lateCancelWarningAt } from '../../lib/cancel-rules';

const classStart = (r: ClassReservation) => (r.single_class ? Date.parse(r.single_class.class_date) : null);
const classEnd = (r: ClassReservation) => (r.single_class ? Date.parse(r.single_class.end_date) : null);

const MINUTE = 60_000;
/** Check-in closes 12 hours after the class ends (docs/booking "Admin: roster, check-in and attendance"). */
const CHECK_IN_CLOSES_AFTER_END_MS = 12 * 60 * MINUTE;

/** 'Cancelar Clase' (§4) for a reservation of the list: the shared rule (lib/cancel-rules.ts) on its class. */
export function canCancel(r: ClassReservation, settings: CancelSettings, now: number): boolean {
  return canCancelPlace(
    { cancelled: r.deletedAt !== null, attended: r.attend, classStart: classStart(r), classCancelled: r.single_class?.status === 'cancelled' },
    settings,
    now,
  );
}

/** The spec's late-cancel warning (§5) for a reservation, or null when the credit comes back. */
export function lateCancelWarning(r: ClassReservation, settings: CancelSettings, now: number): string | null {
  return lateCancelWarningAt(classStart(r), settings, now);
}

/** 'Calificar Clase' (§4): only for 'Exitosa', with ratings enabled, once, and only once the class has ended (rateOpen, as the server). */
export function canRate(r: ClassReservation, ratingEnabled: boolean, now: number): boolean {
  return (
    ratingEnabled && r.status === bookingMessages.status.attended && r.class_stars === null && rateOpen({ attended: r.attend, classEnd: classEnd(r) }, now)
  );
}

/** The 'Código de Acceso' QR is useful while the reservation can be checked in: active, not attended, until check-in closes. */
export function canShowAccessCode(r: ClassReservation, qrEnabled: boolean, now: number): boolean {
  if (!qrEnabled || r.access_code === null || r.deletedAt !== null || r.attend) return false;
  const end = classEnd(r);
  return end === null || now <= end + CHECK_IN_CLOSES_AFTER_END_MS;
}

/** What the QR encodes: the admin's reservation page with the check-in code (spec §9), on this site. */
export function accessCodeUrl(origin: string, r: Pick<ClassReservation, 'class_reservation_id' | 'access_code'>): string {
  return `${origin.replace(/\/+$/, '')}/admin/reservaciones/${r.class_reservation_id}?code=${encodeURIComponent(r.access_code ?? '')}`;
}

/** 'Agregar a mi calendario': active reservations of scheduled classes that have not ended. */
export function canAddToCalendar(r: ClassReservation, now: number): boolean {
  const end = classEnd(r);
  return r.deletedAt === null && r.single_class?.status === 'scheduled' && end !== null && now < end;
}

/** The coaches of a class as the list shows them: nick name, else name. */
export function coachNames(r: ClassReservation): string {
  return (r.single_class?.class_instructors ?? []).map(({ instructor }) => instructor.nick_name?.trim() || instructor.name).join(', ');
}

/**
 * The customer's +1 place in the same class that would go along when they
 * cancel their own (active, not checked in), among the reservations on the
 * screen; null for a guest's own place or when there is none.
 */
export function guestPlaceOf(r: ClassReservation, shown: readonly ClassReservation[]): ClassReservation | null {
  if (r.guest !== null) return null;
  return shown.find((x) => x.single_class_id === r.single_class_id && x.guest !== null && x.deletedAt === null && !x.attend) ?? null;
}
