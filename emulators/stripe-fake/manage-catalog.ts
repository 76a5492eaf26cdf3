import type Stripe from 'stripe';
import { type FakeContext } from './fake-context';
import { newId, nowSeconds } from './make-ids';
import { asObject, asString, type FormObject, mergeMetadata } from './parse-form';
import { invalidRequest, optionalBoolean, optionalInteger, requireInteger, requireString, resourceMissing } from './stripe-errors';
import type { FakePrice, FakeProduct } from './stripe-shapes';

const INTERVALS = new Set(['day', 'week', 'month', 'year']);

export function createProduct(context: FakeContext, params: FormObject): FakeProduct {
  const now = nowSeconds(context);
  const product: FakeProduct = {
    id: asString(params.id) || newId('prod'),
    object: 'product',
    active: optionalBoolean(params.active, 'active') ?? true,
    created: now,
    description: asString(params.description) || null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: mergeMetadata({}, params.metadata),
    name: requireString(params.name, 'name'),
    package_dimensions: null,
    shippable: null,
    tax_details: null,
    type: 'service',
    updated: now,
    url: null,
  };
  context.store.products.set(product.id, product);
  return product;
}

function parseRecurring(value: FormObject, param: string): Stripe.Price.Recurring | null {
  if (Object.keys(value).length === 0) return null;
  const interval = requireString(value.interval, `${param}[interval]`);
  if (!INTERVALS.has(interval)) throw invalidRequest(`Invalid ${param}[interval]: must be one of day, week, month, or year`, `${param}[interval]`);
  return {
    interval: interval as Stripe.Price.Recurring.Interval,
    interval_count: optionalInteger(value.interval_count, `${param}[interval_count]`) ?? 1,
    meter: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

/** Creates a price from `POST /v1/prices` params or from an inline `price_data` (where `product_data` may name a new product). */
export function createPrice(context: FakeContext, params: FormObject, param = ''): FakePrice {
  const name = (field: string) => (param ? `${param}[${field}]` : field);
  let productId = asString(params.product);
  if (!productId) {
    const productData = asObject(params.product_data);
    if (Object.keys(productData).length === 0) throw invalidRequest(`Missing required param: ${name('product')}.`, name('product'), 'parameter_missing');
    productId = createProduct(context, productData).id;
  } else if (!context.store.products.has(productId)) throw resourceMissing(productId, name('product'));
  const recurring = parseRecurring(asObject(params.recurring), name('recurring'));
  const price: FakePrice = {
    id: newId('price'),
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: nowSeconds(context),
    currency: requireString(params.currency, name('currency')).toLowerCase(),
    custom_unit_amount: null,
    livemode: false,
    lookup_key: asString(params.lookup_key) || null,
    metadata: mergeMetadata({}, params.metadata),
    nickname: asString(params.nickname) || null,
    product: productId,
    recurring,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: requireInteger(params.unit_amount, name('unit_amount')),
    unit_amount_decimal: null,
  };
  context.store.prices.set(price.id, price);
  return price;
}

export function getPrice(context: FakeContext, id: string, param = 'price'): FakePrice {
  const price = context.store.prices.get(id);
  if (!price) throw resourceMissing(id, param);
  return price;
}

export function getProduct(context: FakeContext, id: string): FakeProduct {
  const product = context.store.products.get(id);
  if (!product) throw resourceMissing(id);
  return product;
}

/** The legacy `plan` view Stripe still puts on subscription items. */
export function planOf(price: FakePrice): Stripe.Plan {
  const recurring = price.recurring ?? { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' };
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: null,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}
