/**
 * Subscriptions v1. A subscription waits for the buyer's approval, then runs
 * through its plan's billing cycles in sequence order: each cycle is charged
 * when it starts (free trial cycles charge nothing). /_control renews it,
 * which is a billing date passing: paid moves to the next cycle, failed
 * leaves the charge outstanding for PayPal's retry.
 */
import { addMonthsKeepingDay } from '../fake-clock';
import { type FakeContext, link } from './fake-context';
import { approvalToken, isoTime, nowIso, saleId, subscriptionId } from './make-ids';
import { getPlan } from './manage-catalog';
import { paypalFeeCents, testBuyer } from './manage-orders';
import { invalidRequest, resourceNotFound, unprocessable } from './paypal-errors';
import type { BillingCycle, BillingInfo, Money, PayPalPlan, PayPalSale, PayPalSubscription, Subscriber, SubscriptionStatus } from './paypal-shapes';
import { type JsonObject, money, objectAt, textAt, toCents } from './read-fields';

export function getSubscription(context: FakeContext, id: string): PayPalSubscription {
  const subscription = context.store.subscriptions.get(id);
  if (!subscription) throw resourceNotFound(id, 'subscription_id');
  return subscription;
}

export function subscriptionOfToken(context: FakeContext, token: string): PayPalSubscription {
  const id = context.store.subscriptionOfToken.get(token);
  if (!id) throw resourceNotFound(token, 'ba_token');
  return getSubscription(context, id);
}

function privateOf(context: FakeContext, subscription: PayPalSubscription) {
  const details = context.store.subscriptionPrivate.get(subscription.id);
  if (!details) throw new Error(`Subscription ${subscription.id} has no private state`);
  return details;
}

function addInterval(time: string, cycle: BillingCycle): string {
  const date = new Date(time);
  const count = cycle.frequency.interval_count;
  const unit = cycle.frequency.interval_unit;
  if (unit === 'DAY') date.setUTCDate(date.getUTCDate() + count);
  else if (unit === 'WEEK') date.setUTCDate(date.getUTCDate() + 7 * count);
  else return isoTime(new Date(addMonthsKeepingDay(date.getTime(), unit === 'MONTH' ? count : 12 * count)));
  return isoTime(date);
}

const priceOf = (plan: PayPalPlan, cycle: BillingCycle): Money => cycle.pricing_scheme?.fixed_price ?? money(currencyOf(plan), 0);
const currencyOf = (plan: PayPalPlan): string => plan.billing_cycles.find((cycle) => cycle.pricing_scheme)?.pricing_scheme?.fixed_price.currency_code ?? 'MXN';

function readSubscriber(body: JsonObject): Subscriber | undefined {
  const subscriber = objectAt(body, 'subscriber', '', false);
  if (!subscriber) return undefined;
  const email = textAt(subscriber, 'email_address', '/subscriber', { required: false, max: 254 });
  const name = objectAt(subscriber, 'name', '/subscriber', false);
  return {
    email_address: email ?? '',
    ...(name
      ? {
          name: {
            given_name: textAt(name, 'given_name', '/subscriber/name', { required: false, max: 140 }) ?? '',
            surname: textAt(name, 'surname', '/subscriber/name', { required: false, max: 140 }) ?? '',
          },
        }
      : {}),
  };
}

function url(body: JsonObject, key: string): string | null {
  const context = objectAt(body, 'application_context', '', false);
  const value = context ? textAt(context, key, '/application_context', { required: false, max: 4000 }) : undefined;
  if (value === undefined) return null;
  if (!/^https?:\/\//.test(value))
    throw invalidRequest(`/application_context/${key}`, 'INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.', value);
  return value;
}

function emitStatus(context: FakeContext, subscription: PayPalSubscription, type: string, summary: string): void {
  context.webhooks.emit({ type, resourceType: 'subscription', summary, resource: subscription });
}

function setStatus(context: FakeContext, subscription: PayPalSubscription, status: SubscriptionStatus, note?: string): void {
  const now = nowIso(context);
  subscription.status = status;
  subscription.status_update_time = now;
  subscription.update_time = now;
  if (note !== undefined) subscription.status_change_note = note;
}

export function createSubscription(context: FakeContext, body: JsonObject): PayPalSubscription {
  const planId = textAt(body, 'plan_id', '', { required: true, max: 50 }) ?? '';
  const plan = context.store.plans.get(planId);
  if (!plan) throw resourceNotFound(planId, 'plan_id');
  if (plan.status !== 'ACTIVE') throw unprocessable('PLAN_STATUS_INVALID', 'Invalid plan status for subscribe action; plan should be active.');
  const now = nowIso(context);
  const startTime = textAt(body, 'start_time', '', { required: false, max: 64 });
  if (startTime !== undefined && Number.isNaN(Date.parse(startTime))) {
    throw invalidRequest('/start_time', 'INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.', startTime);
  }
  const customId = textAt(body, 'custom_id', '', { required: false, max: 127 });
  const subscriber = readSubscriber(body);
  const id = subscriptionId();
  const token = approvalToken();
  const subscription: PayPalSubscription = {
    id,
    plan_id: plan.id,
    status: 'APPROVAL_PENDING',
    status_update_time: now,
    ...(customId === undefined ? {} : { custom_id: customId }),
    quantity: '1',
    start_time: startTime === undefined ? now : isoTime(new Date(startTime)),
    ...(subscriber ? { subscriber } : {}),
    plan_overridden: false,
    create_time: now,
    update_time: now,
    links: [
      link(context, `/webapps/billing/subscriptions?ba_token=${token}`, 'approve'),
      link(context, `/v1/billing/subscriptions/${id}`, 'edit', 'PATCH'),
      link(context, `/v1/billing/subscriptions/${id}`, 'self'),
    ],
  };
  context.store.subscriptions.set(id, subscription);
  context.store.subscriptionPrivate.set(id, { approvalToken: token, returnUrl: url(body, 'return_url'), cancelUrl: url(body, 'cancel_url'), cycleIndex: 0 });
  context.store.subscriptionOfToken.set(token, id);
  emitStatus(context, subscription, 'BILLING.SUBSCRIPTION.CREATED', 'Subscription created');
  return subscription;
}

function recordSale(context: FakeContext, subscription: PayPalSubscription, price: Money, kind: 'payment' | 'renewal'): void {
  const id = saleId();
  const now = nowIso(context);
  const total = price.value;
  const sale: PayPalSale = {
    id,
    state: 'completed',
    amount: { total, currency: price.currency_code, details: { subtotal: total } },
    payment_mode: 'INSTANT_TRANSFER',
    protection_eligibility: 'ELIGIBLE',
    transaction_fee: { value: money(price.currency_code, Math.min(toCents(total), paypalFeeCents(toCents(total)))).value, currency: price.currency_code },
    billing_agreement_id: subscription.id,
    ...(subscription.custom_id === undefined ? {} : { custom: subscription.custom_id }),
    create_time: now,
    update_time: now,
    links: [link(context, `/v1/payments/sale/${id}`, 'self'), link(context, `/v1/payments/sale/${id}/refund`, 'refund', 'POST')],
  };
  context.store.sales.set(id, sale);
  context.store.saleKinds.set(id, kind);
  context.webhooks.emit({
    type: 'PAYMENT.SALE.COMPLETED',
    resourceType: 'sale',
    summary: `Payment completed for ${total} ${price.currency_code}`,
    resource: sale,
  });
}

/**
 * Starts a cycle whose charge went through: counts it, records the payment and schedules the next billing.
 * Answers the amount charged (null for a free cycle) so the caller can emit the sale after its own event.
 */
function startCycle(context: FakeContext, subscription: PayPalSubscription, plan: PayPalPlan, index: number, from: string): Money | null {
  const cycle = plan.billing_cycles[index];
  const info = subscription.billing_info;
  const execution = info?.cycle_executions[index];
  if (!cycle || !info || !execution) throw new Error(`Subscription ${subscription.id} has no billing cycle ${index}`);
  privateOf(context, subscription).cycleIndex = index;
  execution.cycles_completed += 1;
  execution.cycles_remaining = cycle.total_cycles === 0 ? 0 : cycle.total_cycles - execution.cycles_completed;
  const price = priceOf(plan, cycle);
  info.next_billing_time = addInterval(from, cycle);
  info.failed_payments_count = 0;
  info.outstanding_balance = money(price.currency_code, 0);
  delete info.last_failed_payment;
  subscription.update_time = nowIso(context);
  if (toCents(price.value) === 0) return null;
  info.last_payment = { amount: { ...price }, time: nowIso(context) };
  return price;
}

/** The buyer approved at PayPal: PayPal activates the subscription and charges its first cycle. */
export function approveSubscription(context: FakeContext, subscription: PayPalSubscription): PayPalSubscription {
  if (subscription.status !== 'APPROVAL_PENDING') {
    throw unprocessable('SUBSCRIPTION_STATUS_INVALID', `Invalid subscription status for approve action; subscription status is ${subscription.status}.`);
  }
  const plan = getPlan(context, subscription.plan_id);
  const buyer = testBuyer(subscription.subscriber?.email_address || undefined);
  subscription.subscriber = {
    ...subscription.subscriber,
    email_address: buyer.email_address,
    payer_id: buyer.payer_id,
    name: subscription.subscriber?.name ?? buyer.name,
  };
  subscription.billing_info = {
    outstanding_balance: money(currencyOf(plan), 0),
    cycle_executions: plan.billing_cycles.map((cycle) => ({
      tenure_type: cycle.tenure_type,
      sequence: cycle.sequence,
      cycles_completed: 0,
      cycles_remaining: cycle.total_cycles,
      current_pricing_scheme_version: 1,
      total_cycles: cycle.total_cycles,
    })),
    failed_payments_count: 0,
  } satisfies BillingInfo;
  subscription.links = subscription.links.filter((one) => one.rel !== 'approve');
  setStatus(context, subscription, 'ACTIVE');
  const charged = startCycle(context, subscription, plan, 0, nowIso(context));
  emitStatus(context, subscription, 'BILLING.SUBSCRIPTION.ACTIVATED', 'Subscription activated');
  if (charged) recordSale(context, subscription, charged, 'payment');
  return subscription;
}

/** A billing date passes. */
export function renewSubscription(context: FakeContext, subscription: PayPalSubscription, outcome: 'paid' | 'failed'): PayPalSubscription {
  if (subscription.status !== 'ACTIVE') {
    throw unprocessable('SUBSCRIPTION_STATUS_INVALID', `Only an ACTIVE subscription is billed; this one is ${subscription.status}.`);
  }
  const plan = getPlan(context, subscription.plan_id);
  const info = subscription.billing_info;
  const current = privateOf(context, subscription).cycleIndex;
  const cycle = plan.billing_cycles[current];
  const execution = info?.cycle_executions[current];
  if (!info || !cycle || !execution) throw new Error(`Subscription ${subscription.id} has no billing state`);
  const finished = cycle.total_cycles !== 0 && execution.cycles_completed >= cycle.total_cycles;
  const next = finished ? current + 1 : current;
  const nextCycle = plan.billing_cycles[next];
  if (!nextCycle) {
    setStatus(context, subscription, 'EXPIRED');
    delete info.next_billing_time;
    emitStatus(context, subscription, 'BILLING.SUBSCRIPTION.EXPIRED', 'Subscription expired');
    return subscription;
  }
  const due = info.next_billing_time ?? nowIso(context);
  if (outcome === 'paid') {
    const charged = startCycle(context, subscription, plan, next, due);
    if (charged) recordSale(context, subscription, charged, 'renewal');
    return subscription;
  }
  const price = priceOf(plan, nextCycle);
  const now = nowIso(context);
  info.failed_payments_count += 1;
  info.outstanding_balance = { ...price };
  // PayPal retries a failed charge five days later.
  info.last_failed_payment = {
    amount: { ...price },
    time: now,
    reason_code: 'PAYMENT_DENIED',
    next_payment_retry_time: isoTime(new Date(context.time.now() + 5 * 86_400_000)),
  };
  subscription.update_time = now;
  emitStatus(context, subscription, 'BILLING.SUBSCRIPTION.PAYMENT.FAILED', 'Subscription payment failed');
  const threshold = plan.payment_preferences.payment_failure_threshold;
  if (threshold > 0 && info.failed_payments_count >= threshold) {
    setStatus(context, subscription, 'SUSPENDED', 'Payment failure threshold reached');
    emitStatus(context, subscription, 'BILLING.SUBSCRIPTION.SUSPENDED', 'Subscription suspended');
  }
  return subscription;
}

function reasonOf(body: JsonObject): string {
  return textAt(body, 'reason', '', { required: true, max: 128 }) ?? '';
}

export function cancelSubscription(context: FakeContext, subscription: PayPalSubscription, body: JsonObject): void {
  const reason = reasonOf(body);
  if (subscription.status !== 'ACTIVE' && subscription.status !== 'SUSPENDED') {
    throw unprocessable('SUBSCRIPTION_STATUS_INVALID', 'Invalid subscription status for cancel action; subscription status should be active or suspended.');
  }
  setStatus(context, subscription, 'CANCELLED', reason);
  if (subscription.billing_info) delete subscription.billing_info.next_billing_time;
  emitStatus(context, subscription, 'BILLING.SUBSCRIPTION.CANCELLED', 'Subscription cancelled');
}

export function suspendSubscription(context: FakeContext, subscription: PayPalSubscription, body: JsonObject): void {
  const reason = reasonOf(body);
  if (subscription.status !== 'ACTIVE') {
    throw unprocessable('SUBSCRIPTION_STATUS_INVALID', 'Invalid subscription status for suspend action; subscription status should be active.');
  }
  setStatus(context, subscription, 'SUSPENDED', reason);
  emitStatus(context, subscription, 'BILLING.SUBSCRIPTION.SUSPENDED', 'Subscription suspended');
}

/** Re-activating a suspended subscription; PayPal reports it as its own event type, not as ACTIVATED. */
export function activateSubscription(context: FakeContext, subscription: PayPalSubscription, body: JsonObject): void {
  const reason = textAt(body, 'reason', '', { required: false, max: 128 });
  if (subscription.status !== 'SUSPENDED') {
    throw unprocessable('SUBSCRIPTION_STATUS_INVALID', 'Invalid subscription status for activate action; subscription status should be suspended.');
  }
  setStatus(context, subscription, 'ACTIVE', reason);
  emitStatus(context, subscription, 'BILLING.SUBSCRIPTION.RE-ACTIVATED', 'Subscription re-activated');
}
