import { fill } from '@studio/shared/messages';
import { bookingMessages } from '@studio/shared/messages/booking';
import { reservationsMessages as m } from '@studio/shared/messages/reservations';
import type { AvailableClass } from '@studio/shared/schemas/access';
import type { ClassReservation } from '@studio/shared/schemas/class-reservation';

/** The cancellation settings the screen reads (customer-area §3); the server applies the same ones (services/booking/rules.ts). */
export interface CancelSettings {
  allowCancel: boolean;
  allowLate: boolean;
  value: number;
  unit: 'days' | 'hours' | 'minutes';
  maxCancels: number | null;
}

const MINUTE = 60_000;
const UNIT_MS = { days: 24 * 60 * MINUTE, hours: 60 * MINUTE, minutes: MINUTE } as const;
/** Check-in closes 12 hours after the class ends (docs/booking "Admin: roster, check-in and attendance"). */
const CHECK_IN_CLOSES_AFTER_END_MS = 12 * 60 * MINUTE;

/** The unit as the spec's warning reads it: singular for 1 ('1 hora'), plural otherwise. */
export function unitLabel(unit: CancelSettings['unit'], n: number): string {
  const u = bookingMessages.units;
  return n === 1 ? { days: u.day, hours: u.hour, minutes: u.minute }[unit] : u[unit];
}

const classStart = (r: ClassReservation) => (r.single_class ? Date.parse(r.single_class.class_date) : null);
const classEnd = (r: ClassReservation) => (r.single_class ? Date.parse(r.single_class.end_date) : null);

/** Whether cancelling now still gives the credit back: cancelling allowed and at least the cancel timeframe before the class. */
export function cancelOnTime(r: ClassReservation, settings: CancelSettings, now: number): boolean {
  const start = classStart(r);
  return settings.allowCancel && (start === null || now <= start - settings.value * UNIT_MS[settings.unit]);
}

/**
 * 'Cancelar Clase' is offered (customer-area §4) when the reservation is not
 * cancelled, its class has not started (the server refuses then), and either
 * the credit would come back or late cancelling is allowed.
 */
export function canCancel(r: ClassReservation, settings: CancelSettings, now: number): boolean {
  if (r.deletedAt !== null) return false;
  const start = classStart(r);
  if (start !== null && now >= start) return false;
  if (r.single_class?.status === 'cancelled') return false;
  return cancelOnTime(r, settings, now) || settings.allowLate;
}

/** The spec's late-cancel warning (§5), or null when the credit comes back. */
export function lateCancelWarning(r: ClassReservation, settings: CancelSettings, now: number): string | null {
  if (cancelOnTime(r, settings, now)) return null;
  return fill(m.lateCancelWarning, { n: settings.value, unit: unitLabel(settings.unit, settings.value) });
}

/** The policy paragraph shown above the list. */
export function cancelPolicyText(settings: CancelSettings): string[] {
  const lines: string[] = [];
  if (settings.allowCancel) {
    lines.push(fill(m.policyOnTime, { n: settings.value, unit: unitLabel(settings.unit, settings.value) }));
    lines.push(settings.allowLate ? m.policyLate : m.policyNoLate);
  } else {
    lines.push(settings.allowLate ? m.policyLateOnly : m.policyNone);
  }
  if ((settings.allowCancel || settings.allowLate) && settings.maxCancels !== null) {
    lines.push(fill(m.policyLimit, { n: settings.maxCancels, times: settings.maxCancels === 1 ? m.limitOne : m.limitMany }));
  }
  return lines;
}

/** 'Calificar Clase' (§4): only for 'Exitosa', with ratings enabled, once. */
export function canRate(r: ClassReservation, ratingEnabled: boolean): boolean {
  return ratingEnabled && r.status === bookingMessages.status.attended && r.class_stars === null;
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

export type CreditBalance = { kind: 'unlimited'; expiration: string | null } | { kind: 'available'; count: number };

/**
 * The balance header (§2): 'Ilimitadas' when a usable, unrestricted unlimited
 * lot exists (as the server derives has_unlimited, docs/credits invariant 8),
 * with the latest expiry (null when one never expires); else 'Disponibles'
 * with the classes left in the usable lots.
 */
export function creditBalance(lots: readonly AvailableClass[]): CreditBalance {
  const usable = lots.filter((lot) => lot.usable && !lot.is_online && lot.status === 'active');
  const unlimited = usable.filter((lot) => lot.unlimited && lot.class_type_id === null && lot.class_types.length === 0);
  if (unlimited.length > 0) {
    const expiration = unlimited.some((lot) => lot.expiration_date === null)
      ? null
      : unlimited.map((lot) => lot.expiration_date as string).reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b));
    return { kind: 'unlimited', expiration };
  }
  return { kind: 'available', count: usable.filter((lot) => !lot.unlimited).reduce((sum, lot) => sum + Math.max(0, lot.available_classes), 0) };
}

/** The coaches of a class as the list shows them: nick name, else name. */
export function coachNames(r: ClassReservation): string {
  return (r.single_class?.class_instructors ?? []).map(({ instructor }) => instructor.nick_name?.trim() || instructor.name).join(', ');
}
