import { studioDaysBetween } from '@studio/shared/format/dates';
import { allocateSpreadIds } from '../../../data/repos/counters-repo';
import type { LedgerActor } from '../../../data/repos/credits-repo';
import { listLotsOfCustomer } from '../../../data/repos/credits-repo';
import { getCustomerByUid } from '../../../data/repos/customers-repo';
import { getPackageBuyer, type PurchaseDoc, writePackageBuyer, writePurchase } from '../../../data/repos/purchases-repo';
import type { Transaction } from '../../../data/store/types';
import type { Deps } from '../../../deps';
import { planGrant } from '../../access/grant-plan';
import { grantPurchase } from './grant-purchase';

/** Whether the purchase is a free trial waiting for its processor to say the trial began. */
export const awaitsTrialStart = (purchase: PurchaseDoc): boolean =>
  purchase.class_package.is_trial && Boolean(purchase.first_charge_at) && purchase.status === 'pending' && purchase.holds_place !== false;

/**
 * A free trial begins (Stripe kept the card; PayPal's subscription was
 * approved): inside the caller's transaction, after its own reads, the
 * purchase becomes active and the trial's credits are granted until the end
 * of the studio day of its first charge. Nothing was charged, so no invoice.
 * The one place a trial starts, whatever the processor.
 */
export async function startFreeTrial(
  deps: Deps,
  tx: Transaction,
  purchase: PurchaseDoc,
  start: { providerRef: string; actor: LedgerActor },
  tz: string,
): Promise<PurchaseDoc> {
  if (!purchase.first_charge_at) throw new Error(`Purchase ${purchase.purchase_id} is not a free trial`);
  const customer = await getCustomerByUid(deps.store, purchase.uid, tx);
  if (!customer) throw new Error(`Purchase ${purchase.purchase_id}: its customer ${purchase.uid} is gone`);
  const buyer = await getPackageBuyer(deps.store, purchase.class_package_id, purchase.customer_id, tx);
  const existingLots = await listLotsOfCustomer(deps.store, customer.customer_id, tx);
  const now = deps.now();
  const specs = planGrant(purchase.class_package, studioDaysBetween(now, purchase.first_charge_at, tz), now, tz);
  const ids = await allocateSpreadIds(deps.store, tx, { available_classes: specs.length }, purchase.uid);
  const after: PurchaseDoc = { ...purchase, status: 'active', provider_ref: start.providerRef, payment_error: null, updatedAt: now };
  writePurchase(deps.store, tx, after);
  if (buyer.pending_purchase_id === purchase.purchase_id) writePackageBuyer(deps.store, tx, { ...buyer, pending_purchase_id: null });
  grantPurchase(deps, tx, { purchase: after, customer, existingLots, specs, lotIds: ids.available_classes, paidAt: now, actor: start.actor });
  return after;
}
