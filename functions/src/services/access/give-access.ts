import { messages } from '@studio/shared/messages';
import { accessMessages } from '@studio/shared/messages/access';
import type { AvailableClass, GiveAccessInput } from '@studio/shared/schemas/access';
import type { Purchase } from '@studio/shared/types/purchases';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { getRecord, type PaymentMethodDoc } from '../../data/repos/catalogue-repo';
import { getClassPackage } from '../../data/repos/class-packages-repo';
import { allocateSpreadIds } from '../../data/repos/counters-repo';
import { listLotsOfCustomer } from '../../data/repos/credits-repo';
import { getCustomerById } from '../../data/repos/customers-repo';
import { createPurchase } from '../../data/repos/purchases-repo';
import type { Deps } from '../../deps';
import { at } from '../../domain/at';
import { AppError } from '../../domain/errors';
import { studioTimezone } from '../credits/expiry';
import { grantLot } from '../credits/ledger';
import { lotsAfter, refreshUnlimitedMembership } from '../credits/membership';
import type { IdempotencyGuard } from '../idempotency';
import { toAvailableClassDto, toPurchaseDto } from './dto';
import { adminPurchase, lotFromSpec, planGrant } from './grant-plan';

export interface GrantResult {
  message: string;
  purchase: Purchase;
  available_classes: AvailableClass[];
}

export const customerNotFound = () => new AppError('not-found', 'customer/not-found', messages.customer.notFound);

export const packageArchived = () => new AppError('conflict', 'access/package-archived', accessMessages.packageArchived);

/** A grant's answer status: the route sends it, and a key's record replays it. */
export const GRANT_STATUS = 201;

/**
 * POST /customer/giveAccess: one transaction writes the purchase, its lots,
 * one ledger entry per lot and the customer's derived unlimited fields, and,
 * with an idempotency key, the answer a retry gets (so a retry never grants
 * twice). An archived package is refused (it is gone from the catalogue);
 * an inactive one may still be given.
 */
export async function giveAccess(deps: Deps, admin: VerifiedIdentity, input: GiveAccessInput, guard: IdempotencyGuard | null = null): Promise<GrantResult> {
  const tz = await studioTimezone(deps);
  const isGift = input.is_gift ?? false;
  return deps.store.runTransaction(async (tx) => {
    await guard?.hold(tx);
    const customer = await getCustomerById(deps.store, input.customer_id, tx);
    if (!customer) throw customerNotFound();
    const pkg = await getClassPackage(deps.store, input.class_package_id, tx);
    if (!pkg) throw new AppError('not-found', 'access/package-not-found', accessMessages.packageNotFound);
    if (pkg.archivedAt) throw packageArchived();
    let paymentMethod: { id: number; name: string } | null = null;
    if (input.payment_method_id !== undefined && input.payment_method_id !== null) {
      const method = await getRecord<PaymentMethodDoc>(deps.store, 'payment_methods', input.payment_method_id, tx);
      if (!method || method.deletedAt) throw new AppError('not-found', 'access/payment-method-not-found', accessMessages.paymentMethodNotFound);
      paymentMethod = { id: input.payment_method_id, name: method.name };
    }
    const existing = await listLotsOfCustomer(deps.store, customer.customer_id, tx);
    const now = deps.now();
    const specs = planGrant(pkg, input.package_days, now, tz);
    const ids = await allocateSpreadIds(deps.store, tx, { purchases: 1, available_classes: specs.length }, customer.uid);

    const purchase = adminPurchase({
      purchaseId: at(ids.purchases, 0),
      customer,
      pkg,
      packageDays: input.package_days ?? null,
      isGift,
      bill: input.bill ?? false,
      paymentMethod,
      grantedBy: admin.uid,
      now,
    });
    createPurchase(deps.store, tx, purchase);
    const context = { actor: { uid: admin.uid, role: 'admin' as const }, reference: { type: 'purchase', id: purchase.purchase_id } };
    const lots = specs.map((spec, i) => grantLot(deps, tx, lotFromSpec(spec, at(ids.available_classes, i), customer, purchase, now), context));
    refreshUnlimitedMembership(deps, tx, customer, lotsAfter(existing, lots));
    const result: GrantResult = {
      message: accessMessages.accessGranted,
      purchase: toPurchaseDto(purchase),
      available_classes: lots.map((lot) => toAvailableClassDto(lot, tz, now)),
    };
    guard?.record(tx, { status: GRANT_STATUS, body: result });
    return result;
  });
}
