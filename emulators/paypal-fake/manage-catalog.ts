/** Catalog products and billing plans (Subscriptions v1): what a subscription is for and how it bills. */
import { type FakeContext, link } from './fake-context';
import { nowIso, planId, productId } from './make-ids';
import { invalidRequest, resourceNotFound } from './paypal-errors';
import type { BillingCycle, IntervalUnit, PaymentPreferences, PayPalPlan, PayPalProduct } from './paypal-shapes';
import { integerAt, type JsonObject, listAt, moneyAt, objectAt, oneOfAt, textAt } from './read-fields';

const INTERVAL_UNITS = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
/** PayPal's longest allowed cycle per unit: one year. */
const MAX_INTERVAL: Record<IntervalUnit, number> = { DAY: 365, WEEK: 52, MONTH: 12, YEAR: 1 };

export function getProduct(context: FakeContext, id: string): PayPalProduct {
  const product = context.store.products.get(id);
  if (!product) throw resourceNotFound(id, 'product_id');
  return product;
}

export function getPlan(context: FakeContext, id: string): PayPalPlan {
  const plan = context.store.plans.get(id);
  if (!plan) throw resourceNotFound(id, 'plan_id');
  return plan;
}

export function createProduct(context: FakeContext, body: JsonObject): PayPalProduct {
  const id = textAt(body, 'id', '', { required: false, max: 50 }) ?? productId();
  if (context.store.products.has(id)) throw invalidRequest('/id', 'DUPLICATE_RESOURCE_IDENTIFIER', 'A resource with this id already exists.', id);
  const now = nowIso(context);
  const description = textAt(body, 'description', '', { required: false, max: 256 });
  const category = textAt(body, 'category', '', { required: false, max: 256 });
  const product: PayPalProduct = {
    id,
    name: textAt(body, 'name', '', { required: true, max: 127 }) ?? '',
    ...(description === undefined ? {} : { description }),
    type: oneOfAt(body, 'type', '', ['PHYSICAL', 'DIGITAL', 'SERVICE'] as const, 'PHYSICAL'),
    ...(category === undefined ? {} : { category }),
    create_time: now,
    update_time: now,
    links: [link(context, `/v1/catalogs/products/${id}`, 'self')],
  };
  context.store.products.set(id, product);
  return product;
}

function readCycle(cycle: JsonObject, index: number, now: string): BillingCycle {
  const pointer = `/billing_cycles/${index}`;
  const frequency = objectAt(cycle, 'frequency', pointer, true) ?? {};
  const unit = oneOfAt(frequency, 'interval_unit', `${pointer}/frequency`, INTERVAL_UNITS);
  const count = integerAt(frequency, 'interval_count', `${pointer}/frequency`, { min: 1, max: MAX_INTERVAL[unit], fallback: 1 });
  const tenure = oneOfAt(cycle, 'tenure_type', pointer, ['TRIAL', 'REGULAR'] as const);
  const scheme = objectAt(cycle, 'pricing_scheme', pointer, tenure === 'REGULAR');
  const price = scheme ? moneyAt(scheme, 'fixed_price', `${pointer}/pricing_scheme`, { required: true, allowZero: tenure === 'TRIAL' }) : undefined;
  return {
    frequency: { interval_unit: unit, interval_count: count },
    tenure_type: tenure,
    sequence: integerAt(cycle, 'sequence', pointer, { min: 1, max: 99 }),
    total_cycles: integerAt(cycle, 'total_cycles', pointer, { min: tenure === 'TRIAL' ? 1 : 0, max: 999, fallback: 1 }),
    ...(price ? { pricing_scheme: { version: 1, fixed_price: price, create_time: now, update_time: now } } : {}),
  };
}

function readPreferences(body: JsonObject): PaymentPreferences {
  const preferences = objectAt(body, 'payment_preferences', '', false) ?? {};
  const pointer = '/payment_preferences';
  const setupFee = moneyAt(preferences, 'setup_fee', pointer, { required: false, allowZero: true });
  const autoBill = preferences.auto_bill_outstanding;
  return {
    auto_bill_outstanding: typeof autoBill === 'boolean' ? autoBill : true,
    setup_fee_failure_action: oneOfAt(preferences, 'setup_fee_failure_action', pointer, ['CONTINUE', 'CANCEL'] as const, 'CANCEL'),
    payment_failure_threshold: integerAt(preferences, 'payment_failure_threshold', pointer, { min: 0, max: 999, fallback: 0 }),
    ...(setupFee ? { setup_fee: setupFee } : {}),
  };
}

/** PayPal's rules for cycles: unique sequences, up to two trials, exactly one regular cycle, trials first, one currency. */
function checkCycles(cycles: BillingCycle[]): void {
  const invalid = (description: string) => invalidRequest('/billing_cycles', 'INVALID_PARAMETER_VALUE', description);
  if (cycles.length === 0 || cycles.length > 3) throw invalid('A plan has one regular billing cycle and up to two trial cycles.');
  if (new Set(cycles.map((cycle) => cycle.sequence)).size !== cycles.length) throw invalid('Billing cycle sequences must be unique.');
  const ordered = [...cycles].sort((a, b) => a.sequence - b.sequence);
  if (ordered.filter((cycle) => cycle.tenure_type === 'REGULAR').length !== 1 || ordered.at(-1)?.tenure_type !== 'REGULAR') {
    throw invalid('Exactly one REGULAR billing cycle is required, after the TRIAL cycles.');
  }
  const currencies = new Set(cycles.flatMap((cycle) => (cycle.pricing_scheme ? [cycle.pricing_scheme.fixed_price.currency_code] : [])));
  if (currencies.size > 1) throw invalidRequest('/billing_cycles', 'CURRENCY_MISMATCH', 'All billing cycles must be in the same currency.');
}

export function createPlan(context: FakeContext, body: JsonObject): PayPalPlan {
  const product = textAt(body, 'product_id', '', { required: true, max: 50 }) ?? '';
  if (!context.store.products.has(product)) throw invalidRequest('/product_id', 'INVALID_PARAMETER_VALUE', 'The specified product does not exist.', product);
  const now = nowIso(context);
  const cycles = listAt(body, 'billing_cycles', '').map((cycle, index) => readCycle(cycle, index, now));
  checkCycles(cycles);
  const id = planId();
  const description = textAt(body, 'description', '', { required: false, max: 127 });
  const plan: PayPalPlan = {
    id,
    product_id: product,
    name: textAt(body, 'name', '', { required: true, max: 127 }) ?? '',
    ...(description === undefined ? {} : { description }),
    status: oneOfAt(body, 'status', '', ['CREATED', 'INACTIVE', 'ACTIVE'] as const, 'ACTIVE'),
    usage_type: 'LICENSED',
    billing_cycles: cycles.sort((a, b) => a.sequence - b.sequence),
    payment_preferences: readPreferences(body),
    quantity_supported: false,
    create_time: now,
    update_time: now,
    links: [link(context, `/v1/billing/plans/${id}`, 'self')],
  };
  context.store.plans.set(id, plan);
  return plan;
}
