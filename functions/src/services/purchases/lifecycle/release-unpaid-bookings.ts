import { getLot, listLotsOfPurchase } from '../../../data/repos/credits-repo';
import { getPurchase, listPurchasesToRelease, writePurchase } from '../../../data/repos/purchases-repo';
import { getReservation, listReservationsOfCustomer } from '../../../data/repos/reservations-repo';
import { getSingleClass } from '../../../data/repos/single-classes-repo';
import { anyoneWaiting } from '../../../data/repos/waitlists-repo';
import type { StoreDeps } from '../../../deps';
import { endReservation } from '../../booking/end-reservation';

/**
 * A cash purchase booked on before payment ended unpaid (rejected, lapsed,
 * cancelled): the classes still to come that its credits booked are
 * cancelled ('cash-unpaid'; the seat freed, or held for the waitlist), one
 * transaction each as every cancel is, and then the purchase's
 * `reservations_to_release` is cleared. Classes already given stay on
 * record. Safe to run again: the lapse job finishes what an interrupted run
 * left. Returns how many reservations it cancelled.
 */
export async function releaseUnpaidBookings(deps: StoreDeps, purchaseId: number): Promise<number> {
  const purchase = await getPurchase(deps.store, purchaseId);
  if (!purchase?.reservations_to_release) return 0;
  const lotIds = new Set((await listLotsOfPurchase(deps.store, purchaseId)).map((lot) => lot.available_class_id));
  const booked = (await listReservationsOfCustomer(deps.store, purchase.customer_id)).filter(
    (r) => r.deletedAt === null && r.available_class_id !== null && lotIds.has(r.available_class_id),
  );
  let cancelled = 0;
  for (const reservation of booked) {
    const cls = await getSingleClass(deps.store, reservation.single_class_id);
    if (!cls || cls.class_date.getTime() <= deps.now().getTime()) continue;
    // A plain read, as every cancel: if stale, the waitlist trigger frees a held seat nobody waits for, or promotes into a freed one.
    const holdForWaitlist = await anyoneWaiting(deps.store, reservation.single_class_id);
    const ended = await deps.store.runTransaction(async (tx) => {
      const current = await getReservation(deps.store, reservation.class_reservation_id, tx);
      if (!current || current.deletedAt !== null) return false;
      const lot = current.available_class_id === null ? null : await getLot(deps.store, current.available_class_id, tx);
      await endReservation(deps, tx, current, {
        reason: 'cash-unpaid',
        lot,
        creditBack: false,
        countCancel: false,
        holdForWaitlist,
        context: { actor: { uid: null, role: 'system' }, reason: 'cash-unpaid', reference: { type: 'class_reservation', id: current.class_reservation_id } },
        now: deps.now(),
      });
      return true;
    });
    if (ended) cancelled++;
  }
  await deps.store.runTransaction(async (tx) => {
    const current = await getPurchase(deps.store, purchaseId, tx);
    if (current?.reservations_to_release) writePurchase(deps.store, tx, { ...current, reservations_to_release: false, updatedAt: deps.now() });
  });
  return cancelled;
}

/** The lapse job's sweep: purchases whose release was interrupted. */
export async function releaseLeftoverBookings(deps: StoreDeps): Promise<number> {
  let cancelled = 0;
  for (const purchase of await listPurchasesToRelease(deps.store, 50)) cancelled += await releaseUnpaidBookings(deps, purchase.purchase_id);
  return cancelled;
}
