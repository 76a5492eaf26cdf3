import { createHash } from 'node:crypto';
import type { PayPalCycle, PayPalGateway } from '../../../data/payments/paypal-gateway';
import { getPayPalPlan, writePayPalPlan } from '../../../data/repos/paypal-plans-repo';
import { getPurchase, type PurchaseDoc, writePurchase } from '../../../data/repos/purchases-repo';
import type { Deps } from '../../../deps';

const UNITS = { day: 'DAY', month: 'MONTH', year: 'YEAR' } as const;

/**
 * A subscription purchase as PayPal billing cycles: a free trial's days
 * first, then the first period at its own price when a first-invoice-only
 * discount made it differ, then the regular price until cancelled. So PayPal
 * charges exactly what the server quoted, with no later price change to make.
 */
export function planCyclesOf(purchase: PurchaseDoc): PayPalCycle[] {
  const pkg = purchase.class_package;
  const unit = UNITS[pkg.subscription_period ?? 'month'] ?? 'MONTH';
  const count = pkg.subscription_interval ?? 1;
  const regular = purchase.renewal_amount ?? purchase.total_payment;
  const cycles: PayPalCycle[] = [];
  let first = purchase.total_payment;
  if (purchase.first_charge_at) {
    cycles.push({ tenure: 'TRIAL', unit: 'DAY', count: purchase.free_trial_length ?? pkg.free_trial_length ?? 1, totalCycles: 1, price: 0 });
    first = purchase.first_charge_amount ?? regular;
  }
  if (first !== regular) cycles.push({ tenure: 'TRIAL', unit, count, totalCycles: 1, price: first });
  cycles.push({ tenure: 'REGULAR', unit, count, totalCycles: 0, price: regular });
  return cycles;
}

export const planKeyOf = (purchase: PurchaseDoc, cycles: PayPalCycle[]): string =>
  `${purchase.class_package_id}-${createHash('sha256').update(JSON.stringify(cycles)).digest('hex').slice(0, 20)}`;

/** The package's plan at these prices: read from paypal_plans, created at PayPal the first time (keyed, so two first buyers get one plan). */
async function ensurePlan(deps: Deps, paypal: PayPalGateway, purchase: PurchaseDoc): Promise<string> {
  const cycles = planCyclesOf(purchase);
  const key = planKeyOf(purchase, cycles);
  const known = await getPayPalPlan(deps.store, key);
  if (known) return known.plan_id;
  const planId = await paypal.createPlan(
    { productId: `PAQUETE-${purchase.class_package_id}`, productName: purchase.title, planName: purchase.title, cycles },
    `plan-${key}`,
  );
  await deps.store.runTransaction(async (tx) => {
    if (!(await getPayPalPlan(deps.store, key, tx)))
      writePayPalPlan(deps.store, tx, { key, plan_id: planId, class_package_id: purchase.class_package_id, createdAt: deps.now() });
  });
  return planId;
}

/**
 * A pending PayPal subscription purchase gets its plan and a subscription
 * awaiting the buyer's approval, created here (custom_id = the purchase), not
 * in the browser: what the buyer approves is what the server quoted, and the
 * notices can be matched to the purchase by the subscription's id. A retry
 * answers the same subscription.
 */
export async function startPayPalSubscription(deps: Deps, paypal: PayPalGateway, purchase: PurchaseDoc): Promise<{ planId: string; subscriptionId: string }> {
  if (purchase.paypal_plan_id && purchase.subscription_id) return { planId: purchase.paypal_plan_id, subscriptionId: purchase.subscription_id };
  const planId = await ensurePlan(deps, paypal, purchase);
  const subscriptionId = await paypal.createSubscription({ planId, purchaseId: purchase.purchase_id, idempotencyKey: `subscription-${purchase.purchase_id}` });
  await deps.store.runTransaction(async (tx) => {
    const current = await getPurchase(deps.store, purchase.purchase_id, tx);
    if (current && !current.subscription_id)
      writePurchase(deps.store, tx, { ...current, paypal_plan_id: planId, subscription_id: subscriptionId, updatedAt: deps.now() });
  });
  return { planId, subscriptionId };
}
