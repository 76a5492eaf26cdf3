import { accessMessages } from '@studio/shared/messages/access';
import type { RevokeWhen } from '@studio/shared/schemas/access';
import type { Purchase } from '@studio/shared/types/purchases';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { listLotsOfCustomer } from '../../data/repos/credits-repo';
import { getCustomerByUid } from '../../data/repos/customers-repo';
import { getPurchase, type PurchaseDoc, writePurchase } from '../../data/repos/purchases-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { revokeLot } from '../credits/ledger';
import { lotsAfter, refreshUnlimitedMembership } from '../credits/membership';
import { processorUnavailable } from '../purchases/refund-purchase';
import { toPurchaseDto } from './dto';

/** Why a subscription revoked at the end of its period shows as cancelled (cancel_reason). */
export const REVOKED_AT_PERIOD_END = 'El estudio revocó el acceso al final del periodo pagado.';

const alreadyRevoked = () => new AppError('conflict', 'access/already-revoked', accessMessages.alreadyRevoked);
/** A subscription the processor still bills (or retries): revoking it must stop that. */
const billsAtProcessor = (p: PurchaseDoc) => p.subscription_id !== null && (p.status === 'active' || p.status === 'failed');

/**
 * Stops the subscription at its processor before anything is written here: a
 * failure is a 503 and the purchase stays as it was. 'now' cancels it;
 * 'period_end' lets the period already paid run out with no renewal (Stripe's
 * cancel_at_period_end; PayPal has no such flag, so it is cancelled now, which
 * stops its charges just the same, and the credits already granted last until
 * they expire).
 */
async function stopAtProcessor(deps: Deps, purchase: PurchaseDoc, when: RevokeWhen): Promise<void> {
  const subscriptionId = purchase.subscription_id;
  if (!subscriptionId) return;
  const processor = purchase.checkout_method === 'paypal' ? deps.paypal : deps.cards;
  if (!processor) throw processorUnavailable(new Error(`no processor configured for ${purchase.checkout_method ?? 'admin'}`));
  try {
    if (purchase.checkout_method === 'paypal') await deps.paypal?.cancelSubscription(subscriptionId, 'Acceso revocado por el estudio');
    else await deps.cards?.cancelSubscription(subscriptionId, { atPeriodEnd: when === 'period_end' });
  } catch (error) {
    throw processorUnavailable(error);
  }
}

/**
 * PUT /customer/revokeAccess {purchase_id, when?}. A subscription the
 * processor still bills is stopped there first (docs/payments "Refunds,
 * revokes and disputes"). Then, in one transaction: 'now' (and every
 * purchase that is not such a subscription) makes it 'revoked' with every lot
 * revoked through the ledger (what was left is written off); 'period_end'
 * makes it 'cancelled' and keeps its credits until they expire. A renewal
 * charged after either is refunded automatically (record-renewal.ts). A
 * second revoke is a 409 and writes nothing (ADR 0041).
 */
export async function revokeAccess(
  deps: Deps,
  admin: VerifiedIdentity,
  purchaseId: number,
  when: RevokeWhen = 'now',
): Promise<{ message: string; purchase: Purchase }> {
  const found = await getPurchase(deps.store, purchaseId);
  if (!found) throw new AppError('not-found', 'access/purchase-not-found', accessMessages.purchaseNotFound);
  if (found.status === 'revoked') throw alreadyRevoked();
  const subscription = billsAtProcessor(found);
  const atPeriodEnd = subscription && when === 'period_end';
  if (subscription) await stopAtProcessor(deps, found, when);

  const purchase = await deps.store.runTransaction(async (tx) => {
    const before = await getPurchase(deps.store, purchaseId, tx);
    if (!before) throw new AppError('not-found', 'access/purchase-not-found', accessMessages.purchaseNotFound);
    if (before.status === 'revoked') throw alreadyRevoked();
    const customer = await getCustomerByUid(deps.store, before.uid, tx);
    const lots = await listLotsOfCustomer(deps.store, before.customer_id, tx);
    const now = deps.now();
    if (atPeriodEnd) {
      const after: PurchaseDoc = { ...before, status: 'cancelled', cancelledAt: now, cancel_reason: REVOKED_AT_PERIOD_END, updatedAt: now };
      writePurchase(deps.store, tx, after);
      return after;
    }
    const after: PurchaseDoc = { ...before, status: 'revoked', revokedAt: now, updatedAt: now };
    writePurchase(deps.store, tx, after);
    const context = { actor: { uid: admin.uid, role: 'admin' as const }, reference: { type: 'purchase', id: purchaseId } };
    const revoked = lots.filter((lot) => lot.purchase_id === purchaseId).map((lot) => revokeLot(deps, tx, lot, context));
    if (customer) refreshUnlimitedMembership(deps, tx, customer, lotsAfter(lots, revoked));
    return after;
  });
  const message = !subscription ? accessMessages.accessRevoked : atPeriodEnd ? accessMessages.accessRevokedAtPeriodEnd : accessMessages.accessRevokedNow;
  return { message, purchase: toPurchaseDto(purchase) };
}
