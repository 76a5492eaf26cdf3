import { fill } from '@studio/shared/messages';
import { bookingMessages } from '@studio/shared/messages/booking';
import { reservationsMessages as m } from '@studio/shared/messages/reservations';
import { cancelBlock, cancelDeadlineMs, type CancelUnit } from '@studio/shared/rules/reservation-rules';
import { type AppConfig, configBoolean, configNumber, configString } from './app-config';

/**
 * The customer's cancel rules (customer-area §4–§5), shared by Mis Reservaciones
 * and the calendar; the deadline is the server's own (shared/src/rules/reservation-rules.ts).
 */
export interface CancelSettings {
  allowCancel: boolean;
  allowLate: boolean;
  value: number;
  unit: CancelUnit;
  maxCancels: number | null;
}

export function cancelSettings(config: AppConfig): CancelSettings {
  const unit = configString(config, 'cancel_timeframe_unit');
  return {
    allowCancel: configBoolean(config, 'allow_cancel_reservations'),
    allowLate: configBoolean(config, 'allow_cancel_after_treshold'),
    value: configNumber(config, 'cancel_timeframe_value') ?? 0,
    unit: unit === 'days' || unit === 'minutes' ? unit : 'hours',
    maxCancels: configNumber(config, 'max_cancels_per_available_class'),
  };
}

/** The unit as the spec's warning reads it: singular for 1 ('1 hora'), plural otherwise. */
export function unitLabel(unit: CancelSettings['unit'], n: number): string {
  const u = bookingMessages.units;
  return n === 1 ? { days: u.day, hours: u.hour, minutes: u.minute }[unit] : u[unit];
}

/** Whether cancelling now still gives the credit back: cancelling allowed and at least the cancel timeframe before the class (null: start unknown). */
export function cancelOnTime(classStart: number | null, settings: CancelSettings, now: number): boolean {
  return settings.allowCancel && (classStart === null || now <= cancelDeadlineMs(classStart, settings.value, settings.unit));
}

/**
 * 'Cancelar' is offered (§4) for an active place in a class that is not
 * cancelled, not checked in and not started (cancelBlock: the server refuses
 * then), when either the credit would come back or late cancelling is allowed.
 */
export function canCancelPlace(
  place: { cancelled: boolean; attended: boolean; classStart: number | null; classCancelled: boolean },
  settings: CancelSettings,
  now: number,
): boolean {
  if (place.cancelled || place.classCancelled) return false;
  if (cancelBlock(place, now) !== null) return false;
  return cancelOnTime(place.classStart, settings, now) || settings.allowLate;
}

/** The spec's late-cancel warning (§5), or null when the credit comes back. */
export function lateCancelWarning(classStart: number | null, settings: CancelSettings, now: number): string | null {
  if (cancelOnTime(classStart, settings, now)) return null;
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
