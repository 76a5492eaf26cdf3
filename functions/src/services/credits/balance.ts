import type { AvailableClassDoc } from '../../data/repos/credits-repo';
import { isUnlimited } from './ledger';

/** Lots expire at the end of a studio calendar day (an instant stored on the lot); null never expires. */
export const isExpired = (lot: AvailableClassDoc, now: Date) => lot.expiration_date !== null && lot.expiration_date.getTime() < now.getTime();

/** Not revoked and not expired. */
export const isLive = (lot: AvailableClassDoc, now: Date) => lot.status === 'active' && !isExpired(lot, now);

/** Can pay for something now: live, and unlimited or with classes left. */
export const isUsable = (lot: AvailableClassDoc, now: Date) => isLive(lot, now) && (isUnlimited(lot) || lot.available_classes > 0);

/**
 * Still valid at `at` (a class's start): not expired by then. Lots expire at
 * the last millisecond of a studio day, so a lot ending 4 Dec covers a class
 * at 20:00 that day and not one at 07:00 on the 5th (ADR 0065).
 */
export const isValidAt = (lot: AvailableClassDoc, at: Date) => !isExpired(lot, at);

/**
 * The one rule for paying a class (ADR 0065): usable now (not revoked, not
 * expired, classes left or unlimited) and still valid when the class starts.
 */
export const canPayClassAt = (lot: AvailableClassDoc, now: Date, classStart: Date) => isUsable(lot, now) && isValidAt(lot, classStart);

/** Live finite in-person lots with classes left: what removeClasses may take from and what "Disponibles" counts. */
export const isSpendable = (lot: AvailableClassDoc, now: Date) => isUsable(lot, now) && !lot.is_online && !isUnlimited(lot);

const expiryTime = (lot: AvailableClassDoc) => lot.expiration_date?.getTime() ?? Number.POSITIVE_INFINITY;

/** Earliest expiry first (no expiry last), then the oldest lot. */
export const byExpiry = (a: AvailableClassDoc, b: AvailableClassDoc) => expiryTime(a) - expiryTime(b) || a.available_class_id - b.available_class_id;

/** Spendable lots in the order credits are taken. */
export const spendingOrder = (lots: AvailableClassDoc[], now: Date) => lots.filter((lot) => isSpendable(lot, now)).sort(byExpiry);

export const spendableClasses = (lots: AvailableClassDoc[], now: Date) => spendingOrder(lots, now).reduce((sum, lot) => sum + lot.available_classes, 0);

/** Sum of every finite lot's count, revoked and expired included: what the ledger's deltas must add up to. */
export const finiteLotsTotal = (lots: AvailableClassDoc[]) => lots.filter((lot) => !isUnlimited(lot)).reduce((sum, lot) => sum + lot.available_classes, 0);

export interface MembershipWindow {
  active: boolean;
  /** Latest expiry among the live lots that grant it; null when one never expires (or none is active). */
  expiration: Date | null;
}

function windowOf(lots: AvailableClassDoc[]): MembershipWindow {
  if (lots.length === 0) return { active: false, expiration: null };
  if (lots.some((lot) => lot.expiration_date === null)) return { active: true, expiration: null };
  return { active: true, expiration: new Date(Math.max(...lots.map((lot) => (lot.expiration_date as Date).getTime()))) };
}

/** Unlimited in-person classes: a live unlimited lot not restricted to one class type. */
export const unlimitedWindow = (lots: AvailableClassDoc[], now: Date) =>
  windowOf(lots.filter((lot) => isLive(lot, now) && isUnlimited(lot) && !lot.is_online && lot.class_type_id === null));

/** On-demand videos: a live online lot. */
export const onlineWindow = (lots: AvailableClassDoc[], now: Date) => windowOf(lots.filter((lot) => isLive(lot, now) && lot.is_online));
