import type { AvailableClassDoc } from '../../data/repos/credits-repo';
import { listLotsOfCustomer } from '../../data/repos/credits-repo';
import { getHolding } from '../../data/repos/reservations-repo';
import { listSingleClassesBetween, type SingleClassDoc } from '../../data/repos/single-classes-repo';
import type { Transaction } from '../../data/store/types';
import type { StoreDeps } from '../../deps';
import { classEnd, lotEndingBefore, lotToSpend } from '../booking/rules';

/** The longest a class can last (the schedule's limit is 600 minutes): how far back an overlapping class can start. */
const LONGEST_CLASS_MS = 12 * 60 * 60_000;

/**
 * Classes other than `cls` whose time overlaps it and that are not cancelled.
 * A plain read of the schedule around it (classes are not written by
 * bookings, so this conflicts with nothing).
 */
export async function overlappingClasses(deps: StoreDeps, cls: SingleClassDoc): Promise<SingleClassDoc[]> {
  const end = classEnd(cls);
  const around = await listSingleClassesBetween(deps.store, { from: new Date(cls.class_date.getTime() - LONGEST_CLASS_MS), to: end });
  return around.filter(
    (other) =>
      other.single_class_id !== cls.single_class_id &&
      other.status !== 'cancelled' &&
      other.class_date.getTime() < end.getTime() &&
      classEnd(other).getTime() > cls.class_date.getTime(),
  );
}

/** Whether the customer holds a reservation of their own in any of `classes`, read in `tx` (their holder documents). */
export async function bookedInAny(deps: StoreDeps, tx: Transaction, customerId: number, classes: readonly SingleClassDoc[]): Promise<boolean> {
  const held = await Promise.all(classes.map((c) => getHolding(deps.store, tx, c.single_class_id, 'holders', customerId)));
  return held.some((h) => h !== null);
}

/**
 * The lot a promotion (or a join) would spend, the same choice as booking:
 * the one that expires first among those that cover the class (valid on its
 * date, ADR 0065); when none does, the lot that would have paid but ends
 * before the class, so the refusal or the skip can say so.
 */
export async function paymentForClass(
  deps: StoreDeps,
  tx: Transaction,
  customerId: number,
  cls: SingleClassDoc,
  now: Date,
  tz: string,
): Promise<{ lot: AvailableClassDoc | null; endingBefore: AvailableClassDoc | null }> {
  const lots = await listLotsOfCustomer(deps.store, customerId, tx);
  const lot = lotToSpend(lots, cls, now, tz);
  return { lot, endingBefore: lot ? null : lotEndingBefore(lots, cls, now, tz) };
}
