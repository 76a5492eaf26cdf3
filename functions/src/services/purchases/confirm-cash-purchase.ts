import { checkoutMessages } from '@studio/shared/messages/checkout';
import type { Purchase } from '@studio/shared/types/purchases';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { allocateSpreadIds } from '../../data/repos/counters-repo';
import { listLotsOfCustomer } from '../../data/repos/credits-repo';
import { getCustomerByUid } from '../../data/repos/customers-repo';
import { createInvoice } from '../../data/repos/invoices-repo';
import { getPackageBuyer, getPurchase, type PurchaseDoc, writePackageBuyer, writePurchase } from '../../data/repos/purchases-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { toPurchaseDto } from '../access/dto';
import { grantPurchase, planPurchaseGrant } from '../checkout/grant-purchase';
import { studioTimezone } from '../credits/expiry';
import { purchaseNotFound } from './purchase-errors';

export const notPendingCash = () => new AppError('conflict', 'purchases/not-pending', checkoutMessages.notPending);

/** A pending cash purchase, read in the transaction that ends it; anything else is a 409 (already confirmed, rejected, lapsed). */
export function assertPendingCash(purchase: PurchaseDoc | null): PurchaseDoc {
  if (!purchase) throw purchaseNotFound();
  if (purchase.status !== 'pending' || purchase.checkout_method !== 'cash') throw notPendingCash();
  return purchase;
}

/**
 * PUT /purchases/{id}/confirm (admin): the cash arrived. One transaction
 * marks the purchase completed, grants its credits (counted from now) with
 * their ledger entries and records the invoice; a second confirm is a 409,
 * so the credits are granted once.
 */
export async function confirmCashPurchase(deps: Deps, admin: VerifiedIdentity, purchaseId: number): Promise<{ message: string; purchase: Purchase }> {
  const tz = await studioTimezone(deps);
  const purchase = await deps.store.runTransaction(async (tx) => {
    const before = assertPendingCash(await getPurchase(deps.store, purchaseId, tx));
    const customer = await getCustomerByUid(deps.store, before.uid, tx);
    if (!customer) throw purchaseNotFound();
    const buyer = await getPackageBuyer(deps.store, before.class_package_id, before.customer_id, tx);
    const existingLots = await listLotsOfCustomer(deps.store, customer.customer_id, tx);
    const now = deps.now();
    const specs = planPurchaseGrant(before, now, tz);
    const ids = await allocateSpreadIds(deps.store, tx, { available_classes: specs.length, invoices: 1 }, before.uid);

    const after: PurchaseDoc = { ...before, status: 'completed', paid_at: now, updatedAt: now };
    writePurchase(deps.store, tx, after);
    if (buyer.pending_purchase_id === before.purchase_id) writePackageBuyer(deps.store, tx, { ...buyer, pending_purchase_id: null });
    grantPurchase(deps, tx, {
      purchase: after,
      customer,
      existingLots,
      specs,
      lotIds: ids.available_classes,
      paidAt: now,
      actor: { uid: admin.uid, role: 'admin' },
    });
    createInvoice(deps.store, tx, {
      invoice_id: ids.invoices[0] as number,
      purchase_id: after.purchase_id,
      customer_id: after.customer_id,
      uid: after.uid,
      class_package: after.class_package,
      title: after.title,
      total_payment: after.total_payment,
      status: 'completed',
      billing_reason: 'purchase',
      checkout_method: 'cash',
      payment_method: after.payment_method,
      provider_ref: null,
      recorded_by: admin.uid,
      createdAt: now,
    });
    return after;
  });
  return { message: checkoutMessages.cashConfirmed, purchase: toPurchaseDto(purchase) };
}
