import { checkoutMessages } from '@studio/shared/messages/checkout';
import type { Purchase } from '@studio/shared/types/purchases';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { getPurchase, type PurchaseDoc } from '../../data/repos/purchases-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { toPurchaseDto } from '../access/dto';
import { studioTimezone } from '../credits/expiry';
import { completePurchasePayment } from './lifecycle/complete-purchase-payment';
import { purchaseNotFound } from './lifecycle/purchase-errors';

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
    return completePurchasePayment(
      deps,
      tx,
      before,
      { amount: before.total_payment, providerRef: null, recordedBy: admin.uid, actor: { uid: admin.uid, role: 'admin' } },
      tz,
    );
  });
  return { message: checkoutMessages.cashConfirmed, purchase: toPurchaseDto(purchase) };
}
