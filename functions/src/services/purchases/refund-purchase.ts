import { checkoutMessages } from '@studio/shared/messages/checkout';
import type { Purchase } from '@studio/shared/types/purchases';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { listLotsOfCustomer } from '../../data/repos/credits-repo';
import { getCustomerByUid } from '../../data/repos/customers-repo';
import { getPurchase, type PurchaseDoc, writePurchase } from '../../data/repos/purchases-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { toPurchaseDto } from '../access/dto';
import { revokeLot } from '../credits/ledger';
import { lotsAfter, refreshUnlimitedMembership } from '../credits/membership';
import { processorDown } from '../payments/start-card-payment';
import { purchaseNotFound } from './purchase-errors';

const m = checkoutMessages;
const notRefundable = () => new AppError('conflict', 'purchases/not-refundable', m.notRefundable);
const refundable = (p: PurchaseDoc) => p.source === 'checkout' && p.paid_at !== null && !p.refunded_at && p.status !== 'revoked';

/**
 * POST /purchases/{id}/refund {reason?} (admin): the first payment goes back
 * to the customer (a card or OXXO payment through the processor, keyed so a
 * retry never refunds twice; cash is handed back at the desk, so only
 * recorded), a subscription stops renewing, and then, in one transaction, the
 * purchase is revoked with its credits (through the ledger, as revokeAccess
 * does) and marked refunded. Renewals already charged are not refunded here.
 */
export async function refundPurchase(
  deps: Deps,
  admin: VerifiedIdentity,
  purchaseId: number,
  reason: string | null | undefined,
): Promise<{ message: string; purchase: Purchase }> {
  const found = await getPurchase(deps.store, purchaseId);
  if (!found) throw purchaseNotFound();
  if (!refundable(found)) throw notRefundable();
  if (found.checkout_method === 'paypal' && found.provider_ref) {
    if (!deps.paypal) throw processorDown(new Error('no PayPal configured'));
    try {
      // A subscription's first payment is a v1 sale (a trial's provider_ref is its subscription: nothing was paid); an order's is a capture.
      if (!found.subscription_id) await deps.paypal.refundCapture(found.provider_ref, `refund-admin-${purchaseId}`);
      else if (found.provider_ref !== found.subscription_id) await deps.paypal.refundSale(found.provider_ref, `refund-admin-${purchaseId}`);
      if (found.subscription_id && found.status === 'active') await deps.paypal.cancelSubscription(found.subscription_id, 'Reembolsada');
    } catch (error) {
      throw processorDown(error);
    }
  }
  const viaProcessor = (found.checkout_method === 'card' || found.checkout_method === 'oxxo') && found.provider_ref && found.total_payment > 0;
  if (viaProcessor || (found.subscription_id && found.checkout_method !== 'paypal')) {
    if (!deps.cards) throw processorDown(new Error('no card processor configured'));
    try {
      if (viaProcessor && found.provider_ref) await deps.cards.refundPayment(found.provider_ref, `refund-admin-${purchaseId}`);
      if (found.subscription_id && found.status === 'active') await deps.cards.cancelSubscription(found.subscription_id);
    } catch (error) {
      throw processorDown(error);
    }
  }
  const purchase = await deps.store.runTransaction(async (tx) => {
    const before = await getPurchase(deps.store, purchaseId, tx);
    if (!before || !refundable(before)) throw notRefundable();
    const customer = await getCustomerByUid(deps.store, before.uid, tx);
    const lots = await listLotsOfCustomer(deps.store, before.customer_id, tx);
    const now = deps.now();
    const after: PurchaseDoc = { ...before, status: 'revoked', revokedAt: now, refunded_at: now, refund_reason: reason?.trim() || null, updatedAt: now };
    writePurchase(deps.store, tx, after);
    const context = { actor: { uid: admin.uid, role: 'admin' as const }, reason: after.refund_reason, reference: { type: 'purchase', id: purchaseId } };
    const revoked = lots.filter((lot) => lot.purchase_id === purchaseId && lot.status !== 'revoked').map((lot) => revokeLot(deps, tx, lot, context));
    if (customer) refreshUnlimitedMembership(deps, tx, customer, lotsAfter(lots, revoked));
    return after;
  });
  return { message: m.refunded, purchase: toPurchaseDto(purchase) };
}
