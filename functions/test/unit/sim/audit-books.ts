/**
 * The books of a simulated studio, checked against the processor's own
 * record of the money (issue 23's figures): every charge granted once, no
 * charge after a subscription ended, no booking paid by a lot that was not
 * valid on the class's date, the ledger matching every lot, no half-done
 * class cancellation; plus the money per studio month.
 */
import { studioDay } from '@studio/shared/format/dates';
import type { AvailableClassDoc } from '../../../src/data/repos/credits-repo';
import type { PurchaseDoc } from '../../../src/data/repos/purchases-repo';
import type { ClassReservationDoc } from '../../../src/data/repos/reservations-repo';
import type { SingleClassDoc } from '../../../src/data/repos/single-classes-repo';
import type { DocumentStore } from '../../../src/data/store/types';
import { ledgerMismatches } from '../schedule/schedule-fixtures';
import type { SimCharge } from './sim-processor';

export interface BooksReport {
  charges: number;
  grants: number;
  /** Processor charges kept (not refunded) that granted nothing. */
  chargesWithoutGrant: string[];
  /** Charges granted more than once. */
  chargesGrantedTwice: string[];
  /** Card invoices no processor charge stands behind. */
  grantsWithoutCharge: string[];
  /** Renewal charges kept after the purchase was cancelled, revoked or refunded. */
  chargesAfterEnd: string[];
  /** Active bookings paid by a lot that ends before the class. */
  bookingsOnInvalidLots: string[];
  ledgerMismatches: string[];
  /** Cancelled classes with reservations still active. */
  halfDoneCancellations: string[];
  /** MXN kept per studio month (charges minus refunds), by the processor's record. */
  moneyPerMonth: Record<string, number>;
}

const all = async <T>(store: DocumentStore, collection: string) => (await store.collection(collection).get()).docs.map((d) => d.data() as unknown as T);

export async function auditBooks(store: DocumentStore, charges: readonly SimCharge[], tz: string): Promise<BooksReport> {
  const invoices = await all<{ provider_ref: string | null; status: string; checkout_method: string | null }>(store, 'invoices');
  const purchases = new Map((await all<PurchaseDoc>(store, 'purchases')).map((p) => [p.purchase_id, p]));
  const lots = new Map((await all<AvailableClassDoc>(store, 'available_classes')).map((l) => [l.available_class_id, l]));
  const classes = new Map((await all<SingleClassDoc>(store, 'single_classes')).map((c) => [c.single_class_id, c]));
  const reservations = await all<ClassReservationDoc>(store, 'class_reservations');
  const customers = await all<{ customer_id: number }>(store, 'customers');

  const grantsOf = new Map<string, number>();
  for (const invoice of invoices) {
    if (invoice.status !== 'completed' || !invoice.provider_ref) continue;
    grantsOf.set(invoice.provider_ref, (grantsOf.get(invoice.provider_ref) ?? 0) + 1);
  }
  const chargeIds = new Set(charges.map((c) => c.id));
  const kept = (c: SimCharge) => c.refundedCents < c.amountCents;
  const endOf = (p: PurchaseDoc | undefined) => {
    if (!p) return null;
    const ends = [p.cancelledAt, p.refunded_at].filter((d): d is Date => d instanceof Date);
    if (p.status === 'revoked' && ends.length === 0) ends.push(p.updatedAt);
    return ends.length > 0 ? new Date(Math.min(...ends.map((d) => d.getTime()))) : null;
  };

  const moneyPerMonth: Record<string, number> = {};
  for (const c of charges) {
    const month = studioDay(c.at, tz).slice(0, 7);
    moneyPerMonth[month] = (moneyPerMonth[month] ?? 0) + (c.amountCents - c.refundedCents) / 100;
  }
  const mismatches: string[] = [];
  for (const c of customers) mismatches.push(...(await ledgerMismatches(store, c.customer_id)).map((m) => `customer ${c.customer_id}: ${m}`));

  return {
    charges: charges.length,
    grants: [...grantsOf.values()].reduce((a, b) => a + b, 0),
    chargesWithoutGrant: charges.filter((c) => kept(c) && !grantsOf.has(c.id)).map((c) => `${c.id} (purchase ${c.purchaseId})`),
    chargesGrantedTwice: [...grantsOf.entries()].filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`),
    grantsWithoutCharge: invoices
      .filter(
        (i) =>
          i.status === 'completed' &&
          (i.checkout_method === 'card' || i.checkout_method === 'oxxo' || i.checkout_method === 'paypal') &&
          i.provider_ref &&
          !chargeIds.has(i.provider_ref),
      )
      .map((i) => String(i.provider_ref)),
    chargesAfterEnd: charges
      .filter((c) => {
        const end = endOf(purchases.get(c.purchaseId));
        return c.kind === 'renewal' && kept(c) && end !== null && c.at.getTime() > end.getTime();
      })
      .map((c) => `${c.id} (purchase ${c.purchaseId})`),
    bookingsOnInvalidLots: reservations
      .filter((r) => {
        if (r.deletedAt || r.available_class_id === null) return false;
        const lot = lots.get(r.available_class_id);
        const cls = classes.get(r.single_class_id);
        return Boolean(lot?.expiration_date && cls && lot.expiration_date.getTime() < cls.class_date.getTime());
      })
      .map((r) => `reservation ${r.class_reservation_id} (lot ${r.available_class_id}, class ${r.single_class_id})`),
    ledgerMismatches: mismatches,
    halfDoneCancellations: [...classes.values()]
      .filter((c) => c.status === 'cancelled' && reservations.some((r) => r.single_class_id === c.single_class_id && !r.deletedAt))
      .map((c) => `class ${c.single_class_id}`),
    moneyPerMonth,
  };
}
