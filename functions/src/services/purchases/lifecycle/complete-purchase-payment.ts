import { allocateSpreadIds } from '../../../data/repos/counters-repo';
import type { AvailableClassDoc, LedgerActor } from '../../../data/repos/credits-repo';
import { listLotsOfCustomer } from '../../../data/repos/credits-repo';
import { getCustomerByUid } from '../../../data/repos/customers-repo';
import { createInvoice } from '../../../data/repos/invoices-repo';
import { getPackageBuyer, type PurchaseDoc, writePackageBuyer, writePurchase } from '../../../data/repos/purchases-repo';
import { type ClassReservationDoc, listReservationsOfCustomer, replaceReservation } from '../../../data/repos/reservations-repo';
import type { Transaction } from '../../../data/store/types';
import type { Deps } from '../../../deps';
import { at } from '../../../domain/at';
import { settleLot } from '../../credits/ledger';
import { grantPurchase, planPurchaseGrant } from './grant-purchase';

export interface PurchasePayment {
  /** MXN collected (the processor's amount, or the purchase's total for cash). */
  amount: number;
  /** The processor's payment (a PaymentIntent id); null for cash. */
  providerRef: string | null;
  /** The admin who recorded a cash payment; null for the processor's. */
  recordedBy: string | null;
  actor: LedgerActor;
}

/**
 * The first payment of a pending purchase arrived (cash confirmed by the
 * studio, a card or OXXO payment reported by the processor): inside the
 * caller's transaction, after its own reads, it reads what the grant needs,
 * marks the purchase paid (`active` for a subscription, else `completed`),
 * grants its credits through the ledger, frees the buyer's pending slot and
 * writes the invoice. The one place a purchase's first payment is recorded.
 * Cash whose credits were granted at placement (cash_booking_before_payment)
 * settles them instead: the lots and the reservations made on them stop
 * showing 'Pago en Efectivo Incompleto'; their expiry stays counted from the
 * placement, when the customer started using them.
 */
export async function completePurchasePayment(deps: Deps, tx: Transaction, purchase: PurchaseDoc, payment: PurchasePayment, tz: string): Promise<PurchaseDoc> {
  const customer = await getCustomerByUid(deps.store, purchase.uid, tx);
  if (!customer) throw new Error(`Purchase ${purchase.purchase_id}: its customer ${purchase.uid} is gone`);
  const buyer = await getPackageBuyer(deps.store, purchase.class_package_id, purchase.customer_id, tx);
  const existingLots = await listLotsOfCustomer(deps.store, customer.customer_id, tx);
  // Credits granted when it was placed (cash booking before payment) are settled, not granted again.
  const early = purchase.granted_before_payment === true;
  const unpaidBookings = early ? await listUnpaidBookingsOf(deps, tx, purchase, existingLots) : [];
  const now = deps.now();
  const specs = early ? [] : planPurchaseGrant(purchase, now, tz);
  // The last reads: they claim the ids, so only writes follow.
  const ids = await allocateSpreadIds(deps.store, tx, { available_classes: specs.length, invoices: 1 }, purchase.uid);

  const after: PurchaseDoc = {
    ...purchase,
    status: purchase.class_package.is_subscription ? 'active' : 'completed',
    paid_at: now,
    provider_ref: payment.providerRef ?? purchase.provider_ref ?? null,
    payment_error: null,
    updatedAt: now,
  };
  writePurchase(deps.store, tx, after);
  if (buyer.pending_purchase_id === purchase.purchase_id) writePackageBuyer(deps.store, tx, { ...buyer, pending_purchase_id: null });
  if (early) {
    for (const lot of existingLots) if (lot.purchase_id === purchase.purchase_id) settleLot(deps, tx, lot);
    for (const reservation of unpaidBookings) replaceReservation(deps.store, tx, { ...reservation, is_paid: true, updatedAt: now });
  } else {
    grantPurchase(deps, tx, { purchase: after, customer, existingLots, specs, lotIds: ids.available_classes, paidAt: now, actor: payment.actor });
  }
  createInvoice(deps.store, tx, {
    invoice_id: at(ids.invoices, 0),
    purchase_id: after.purchase_id,
    customer_id: after.customer_id,
    uid: after.uid,
    class_package: after.class_package,
    title: after.title,
    total_payment: payment.amount,
    status: 'completed',
    billing_reason: 'purchase',
    checkout_method: after.checkout_method,
    payment_method: after.payment_method,
    provider_ref: payment.providerRef,
    recorded_by: payment.recordedBy,
    createdAt: now,
  });
  return after;
}

/** The customer's live reservations paid with this purchase's credits and still marked unpaid. */
export async function listUnpaidBookingsOf(
  deps: Deps,
  tx: Transaction,
  purchase: PurchaseDoc,
  customerLots: AvailableClassDoc[],
): Promise<ClassReservationDoc[]> {
  const lotIds = new Set(customerLots.filter((lot) => lot.purchase_id === purchase.purchase_id).map((lot) => lot.available_class_id));
  if (lotIds.size === 0) return [];
  const reservations = await listReservationsOfCustomer(deps.store, purchase.customer_id, tx);
  return reservations.filter((r) => r.available_class_id !== null && lotIds.has(r.available_class_id) && r.is_cash && !r.is_paid && r.deletedAt === null);
}
