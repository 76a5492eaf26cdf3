/**
 * The reservation rules both sides keep (docs/booking "What a customer may
 * still do with a reservation"): the API refuses by them
 * (functions/src/services/booking), the web hides the buttons by them, so a
 * button is never shown that the server would refuse for these reasons.
 * Instants are epoch milliseconds; no calendar day is involved.
 */

import { appConfigDefinitions } from '../config/app-config';

const MINUTE_MS = 60_000;

/** The units of the studio's cancel timeframe (cancel_timeframe_unit). */
export type CancelUnit = 'days' | 'hours' | 'minutes';

const UNIT_MS: Readonly<Record<CancelUnit, number>> = { days: 24 * 60 * MINUTE_MS, hours: 60 * MINUTE_MS, minutes: MINUTE_MS };

/**
 * The last instant a cancellation still gives the credit back: the studio's
 * cancel timeframe (cancel_timeframe_value and _unit) before the class. The
 * API charges a late cancel after it; the web warns after it.
 */
export function cancelDeadlineMs(classStart: number, value: number, unit: CancelUnit): number {
  return classStart - value * UNIT_MS[unit];
}

/**
 * The waitlist cutoff as both sides read the setting: whole minutes, never
 * negative; the documented default (120) when unset or not a number.
 */
export function waitlistCutoffMinutes(stored: unknown): number {
  const value = typeof stored === 'number' && Number.isFinite(stored) ? stored : Number(appConfigDefinitions.waitlist_cutoff_minutes.default);
  return Math.max(0, value);
}

/** When a class's waitlist stops taking people and promoting them: the cutoff before the class starts. */
export function waitlistClosesAtMs(classStart: number, cutoffMinutes: number): number {
  return classStart - cutoffMinutes * MINUTE_MS;
}

/** Why a customer can no longer cancel a place, or null when these rules allow it (the cancel window and settings still apply). */
export type CancelBlock = 'checked-in' | 'class-started' | null;

/**
 * A checked-in place is no longer cancellable: the roster, attendance and
 * no-show counts already hold it (check-in opens 60 minutes before the class).
 * Nor is any place once the class has started. Check-in is named first: it is
 * the reason the customer needs to hear when both hold.
 */
export function cancelBlock(place: { attended: boolean; classStart: number | null }, now: number): CancelBlock {
  if (place.attended) return 'checked-in';
  if (place.classStart !== null && now >= place.classStart) return 'class-started';
  return null;
}

/**
 * A place may be rated once its class has ended (not while it is going on)
 * and only if the customer attended it. A class whose end is unknown (its
 * record gone) is judged by attendance alone.
 */
export function rateOpen(place: { attended: boolean; classEnd: number | null }, now: number): boolean {
  return place.attended && (place.classEnd === null || now >= place.classEnd);
}
