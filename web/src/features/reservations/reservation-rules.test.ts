import { describe, expect, it } from 'vitest';
import { makeLot } from '../../../test/catalogue-fixtures';
import { cancelPolicyText, type CancelSettings } from '../../lib/cancel-rules';
import { creditBalance } from '../../lib/credit-balance';
import { accessCodeUrl, canAddToCalendar, canCancel, canRate, canShowAccessCode, guestPlaceOf, lateCancelWarning } from './reservation-rules';
import { makeReservation } from './reservation-test-data';

const settings: CancelSettings = { allowCancel: true, allowLate: true, value: 12, unit: 'hours', maxCancels: null };
// The fixture's class starts 2026-11-19T01:30Z.
const start = Date.parse('2026-11-19T01:30:00.000Z');
const HOUR = 3_600_000;
// …and ends at 02:20Z.
const end = Date.parse('2026-11-19T02:20:00.000Z');

describe('reservation rules', () => {
  it('offers cancelling before the window with the credit back, and inside it only with late cancel, warning in the spec words', () => {
    const r = makeReservation();
    expect(canCancel(r, settings, start - 13 * HOUR)).toBe(true);
    expect(lateCancelWarning(r, settings, start - 13 * HOUR)).toBeNull();
    expect(canCancel(r, settings, start - 2 * HOUR)).toBe(true);
    expect(lateCancelWarning(r, settings, start - 2 * HOUR)).toBe(
      'Debido a que faltan menos de 12 horas para tu clase, tu crédito para reservar clase no se te regresará.',
    );
    expect(lateCancelWarning(r, { ...settings, value: 1, unit: 'days' }, start - 2 * HOUR)).toContain('menos de 1 día para');
    expect(canCancel(r, { ...settings, allowLate: false }, start - 2 * HOUR)).toBe(false);
    expect(canCancel(r, settings, start + 1)).toBe(false);
    expect(canCancel(makeReservation({ deletedAt: '2026-11-12T00:00:00.000Z', status: 'Cancelada' }), settings, start - 20 * HOUR)).toBe(false);
  });

  it('states the policy and the cancel limit', () => {
    expect(cancelPolicyText({ ...settings, maxCancels: 2 })).toEqual([
      'Puedes cancelar tu reservación hasta 12 horas antes de tu clase y se te regresará tu crédito.',
      'Si cancelas después, tu crédito no se te regresará.',
      'Puedes cancelar como máximo 2 reservaciones con cada paquete.',
    ]);
    expect(cancelPolicyText({ ...settings, allowCancel: false, allowLate: false, maxCancels: 2 })).toEqual(['El estudio no permite cancelar reservaciones.']);
  });

  it('rates only an attended class, once, with ratings on', () => {
    const attended = makeReservation({ attend: true, status: 'Exitosa' });
    expect(canRate(attended, true, end)).toBe(true);
    expect(canRate(attended, false, end)).toBe(false);
    expect(canRate({ ...attended, class_stars: 4, coach_stars: 5 }, true, end)).toBe(false);
    expect(canRate(makeReservation({ status: 'No Asistí' }), true, end)).toBe(false);
  });

  it('rates only once the class has ended: not when checked in before it, nor while it is going on', () => {
    const attended = makeReservation({ attend: true, status: 'Exitosa' });
    expect(canRate(attended, true, start - HOUR)).toBe(false);
    expect(canRate(attended, true, start + 1)).toBe(false);
    expect(canRate(attended, true, end - 1)).toBe(false);
    expect(canRate(attended, true, end)).toBe(true);
  });

  it("finds the +1's place that would go along with the customer's own: active, not checked in, same class", () => {
    const own = makeReservation();
    const guest = makeReservation({ class_reservation_id: 1203, guest: 'Luis' });
    expect(guestPlaceOf(own, [own, guest])).toBe(guest);
    expect(guestPlaceOf(guest, [own, guest])).toBeNull();
    expect(guestPlaceOf(own, [own, { ...guest, attend: true }])).toBeNull();
    expect(guestPlaceOf(own, [own, { ...guest, deletedAt: '2026-11-12T00:00:00.000Z' }])).toBeNull();
    expect(guestPlaceOf(own, [own, { ...guest, single_class_id: 9 }])).toBeNull();
  });

  it('never offers cancelling a checked-in place, even with the credit still coming back', () => {
    const checkedIn = makeReservation({ attend: true, status: 'Exitosa' });
    expect(canCancel(makeReservation(), settings, start - 13 * HOUR)).toBe(true);
    expect(canCancel(checkedIn, settings, start - 13 * HOUR)).toBe(false);
    expect(canCancel(checkedIn, settings, start - 2 * HOUR)).toBe(false);
    // Cash not paid yet hides the attendance behind its status; the flag still counts.
    expect(canCancel({ ...checkedIn, is_cash: true, is_paid: false, status: 'Pago en Efectivo Incompleto' }, settings, start - HOUR)).toBe(false);
  });

  it('shows the access code while check-in can happen and encodes the admin reservation page', () => {
    const r = makeReservation();
    expect(canShowAccessCode(r, true, start)).toBe(true);
    expect(canShowAccessCode(r, false, start)).toBe(false);
    expect(canShowAccessCode(r, true, start + 14 * HOUR)).toBe(false);
    expect(canShowAccessCode({ ...r, access_code: null }, true, start)).toBe(false);
    expect(accessCodeUrl('https://estudio.mx/', r)).toBe('https://estudio.mx/admin/reservaciones/1201?code=R1201-a1b2c3');
  });

  it('adds to the calendar only active reservations of classes that have not ended', () => {
    expect(canAddToCalendar(makeReservation(), start)).toBe(true);
    expect(canAddToCalendar(makeReservation(), start + 2 * HOUR)).toBe(false);
    expect(canAddToCalendar(makeReservation({ deletedAt: '2026-11-12T00:00:00.000Z' }), start - HOUR)).toBe(false);
  });

  it("reads the balance as 'Ilimitadas' with the latest expiry or 'Disponibles' with the count", () => {
    expect(creditBalance([makeLot(), makeLot({ available_class_id: 41, available_classes: 2 })])).toEqual({ kind: 'available', count: 6 });
    expect(creditBalance([])).toEqual({ kind: 'available', count: 0 });
    expect(
      creditBalance([
        makeLot(),
        makeLot({ unlimited: true, available_classes: -1, expiration_date: '2027-01-31T05:59:59.999Z' }),
        makeLot({ unlimited: true, available_classes: -1, expiration_date: '2026-12-15T05:59:59.999Z' }),
      ]),
    ).toEqual({ kind: 'unlimited', expiration: '2027-01-31T05:59:59.999Z' });
    // An unlimited lot restricted to one class type is not the membership.
    expect(creditBalance([makeLot({ unlimited: true, available_classes: -1, class_type_id: 3 })])).toEqual({ kind: 'available', count: 0 });
  });
});
