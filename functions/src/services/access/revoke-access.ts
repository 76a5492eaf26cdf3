import { accessMessages } from '@studio/shared/messages/access';
import type { Purchase } from '@studio/shared/types/purchases';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { listLotsOfCustomer } from '../../data/repos/credits-repo';
import { getCustomerByUid } from '../../data/repos/customers-repo';
import { getPurchase, type PurchaseDoc, writePurchase } from '../../data/repos/purchases-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { revokeLot } from '../credits/ledger';
import { lotsAfter, refreshUnlimitedMembership } from '../credits/membership';
import { toPurchaseDto } from './dto';

/**
 * PUT /customer/revokeAccess: the purchase becomes 'revoked' and every lot of
 * it is revoked through the ledger (what was left is written off), in one
 * transaction. A second revoke is a 409 and writes nothing (ADR 0041).
 */
export async function revokeAccess(deps: Deps, admin: VerifiedIdentity, purchaseId: number): Promise<{ message: string; purchase: Purchase }> {
  const purchase = await deps.store.runTransaction(async (tx) => {
    const before = await getPurchase(deps.store, purchaseId, tx);
    if (!before) throw new AppError('not-found', 'access/purchase-not-found', accessMessages.purchaseNotFound);
    if (before.status === 'revoked') throw new AppError('conflict', 'access/already-revoked', accessMessages.alreadyRevoked);
    const customer = await getCustomerByUid(deps.store, before.uid, tx);
    const lots = await listLotsOfCustomer(deps.store, before.customer_id, tx);

    const now = deps.now();
    const after: PurchaseDoc = { ...before, status: 'revoked', revokedAt: now, updatedAt: now };
    writePurchase(deps.store, tx, after);
    const context = { actor: { uid: admin.uid, role: 'admin' as const }, reference: { type: 'purchase', id: purchaseId } };
    const revoked = lots.filter((lot) => lot.purchase_id === purchaseId).map((lot) => revokeLot(deps, tx, lot, context));
    if (customer) refreshUnlimitedMembership(deps, tx, customer, lotsAfter(lots, revoked));
    return after;
  });
  return { message: accessMessages.accessRevoked, purchase: toPurchaseDto(purchase) };
}
