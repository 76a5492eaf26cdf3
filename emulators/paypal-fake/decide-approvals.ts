/**
 * What the approval pages show and do: the buyer's decision on an order or a
 * subscription, and where a full-page flow returns to (PayPal's query
 * parameters: `token` and `PayerID` for orders; `subscription_id`,
 * `ba_token` and `token` for subscriptions).
 */
import type { ApprovalParams } from './approval-page';
import { type FakeContext } from './fake-context';
import { getPlan } from './manage-catalog';
import { approveOrder, getOrder } from './manage-orders';
import { approveSubscription, getSubscription, subscriptionOfToken } from './manage-subscriptions';
import type { BillingCycle, Money, PayPalSubscription } from './paypal-shapes';
import { toCents } from './read-fields';

export type Decision = 'approve' | 'cancel';

export interface DecisionResult {
  /** Where a full-page flow goes next; null when the merchant gave no URL. */
  redirect: string | null;
  /** What the SDK stand-in hands to onApprove / onCancel. */
  data: Record<string, string | null>;
}

const UNITS: Record<BillingCycle['frequency']['interval_unit'], [string, string]> = {
  DAY: ['día', 'días'],
  WEEK: ['semana', 'semanas'],
  MONTH: ['mes', 'meses'],
  YEAR: ['año', 'años'],
};

const moneyText = (amount: Money): string =>
  `${new Intl.NumberFormat('es-MX', { style: 'currency', currency: amount.currency_code }).format(toCents(amount.value) / 100)} ${amount.currency_code}`;

function withQuery(url: string | null, params: Record<string, string>): string | null {
  if (!url) return null;
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

function cycleText(cycle: BillingCycle): string {
  const { interval_unit: unit, interval_count: count } = cycle.frequency;
  const every = count === 1 ? `cada ${UNITS[unit][0]}` : `cada ${count} ${UNITS[unit][1]}`;
  const price = cycle.pricing_scheme?.fixed_price;
  const cost = price && toCents(price.value) > 0 ? moneyText(price) : null;
  const times = cycle.total_cycles === 0 ? 'hasta que canceles' : `${cycle.total_cycles} ${cycle.total_cycles === 1 ? 'vez' : 'veces'}`;
  if (cycle.tenure_type === 'TRIAL') return `Prueba${cost ? `: ${cost}` : ' gratis'} ${every}, ${times}`;
  return `${cost ?? 'Gratis'} ${every}, ${times}`;
}

export function orderApproval(context: FakeContext, token: string, parentOrigin: string | null): ApprovalParams {
  const order = getOrder(context, token);
  const lines = order.purchase_units.map((unit) => `${unit.description ?? 'Compra'}: ${moneyText(unit.amount)}`);
  const closedReason = order.status === 'CREATED' ? null : order.status === 'APPROVED' ? 'Este pago ya fue aprobado.' : 'Este pago ya se completó.';
  return { token, decisionPath: '/checkoutnow/decision', parentOrigin, heading: 'Revisa tu pago', lines, closedReason };
}

export function decideOrder(context: FakeContext, token: string, decision: Decision): DecisionResult {
  const order = getOrder(context, token);
  const urls = context.store.orderPrivate.get(order.id);
  if (decision === 'cancel') return { redirect: withQuery(urls?.cancelUrl ?? null, { token: order.id }), data: { orderID: order.id } };
  const payerId = approveOrder(context, order).payer?.payer_id ?? '';
  return {
    redirect: withQuery(urls?.returnUrl ?? null, { token: order.id, PayerID: payerId }),
    data: { orderID: order.id, payerID: payerId, paymentID: null, billingToken: null, paymentSource: 'paypal' },
  };
}

/** The SDK stand-in knows the subscription id; the approve link carries the approval token. Either opens the page. */
function findSubscription(context: FakeContext, token: string): PayPalSubscription {
  return token.startsWith('I-') ? getSubscription(context, token) : subscriptionOfToken(context, token);
}

export function subscriptionApproval(context: FakeContext, token: string, parentOrigin: string | null): ApprovalParams {
  const subscription = findSubscription(context, token);
  const plan = getPlan(context, subscription.plan_id);
  const product = context.store.products.get(plan.product_id);
  const lines = [`${product?.name ?? 'Suscripción'}: ${plan.name}`, ...plan.billing_cycles.map(cycleText)];
  const closedReason = subscription.status === 'APPROVAL_PENDING' ? null : 'Esta suscripción ya fue aprobada o ya no está disponible.';
  return { token, decisionPath: '/webapps/billing/subscriptions/decision', parentOrigin, heading: 'Revisa tu suscripción', lines, closedReason };
}

export function decideSubscription(context: FakeContext, token: string, decision: Decision): DecisionResult {
  const subscription = findSubscription(context, token);
  const details = context.store.subscriptionPrivate.get(subscription.id);
  const approvalToken = details?.approvalToken ?? '';
  const query = { subscription_id: subscription.id, ba_token: approvalToken, token: approvalToken };
  const data = { orderID: approvalToken, subscriptionID: subscription.id, paymentSource: 'paypal' };
  if (decision === 'cancel') return { redirect: withQuery(details?.cancelUrl ?? null, query), data };
  approveSubscription(context, subscription);
  return { redirect: withQuery(details?.returnUrl ?? null, query), data };
}
