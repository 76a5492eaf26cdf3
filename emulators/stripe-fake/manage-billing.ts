/**
 * Subscriptions and their invoices. An invoice is paid by a PaymentIntent
 * (linked in store.invoiceOfPaymentIntent); the intent's outcome, reported
 * through context.paymentListeners, settles the invoice and moves the
 * subscription's status. A failed renewal is retried on RENEWAL_RETRY_DAYS
 * (billDue, ./bill-due.ts, plays the retries when the fake's clock reaches
 * them) and the subscription is canceled when the last retry fails.
 */
import type Stripe from 'stripe';
import { addMonthsKeepingDay } from '../fake-clock';
import { emit, type FakeContext } from './fake-context';
import { newId, nowSeconds } from './make-ids';
import { createPrice, getPrice, planOf } from './manage-catalog';
import { getCustomer } from './manage-customers';
import { attemptCard, createPaymentIntent } from './manage-payment-intents';
import { getPaymentMethod } from './manage-payment-methods';
import { asList, asObject, asString, type FormObject, mergeMetadata } from './parse-form';
import { invalidRequest, optionalBoolean, optionalInteger, resourceMissing, StripeApiError } from './stripe-errors';
import { apiList, type FakeInvoice, type FakeInvoiceLine, type FakePaymentIntent, type FakeSubscription, type FakeSubscriptionItem } from './stripe-shapes';

const DAY = 86_400;

/**
 * Stripe's retries of a failed renewal, compressed. Stripe retries a failed
 * subscription payment on its own (Smart Retries' recommended default: 8 tries
 * within 2 weeks; or a custom schedule of retries some days after the previous
 * attempt) and, when all fail, does what the account's setting says, whose
 * default is to cancel the subscription. The fake makes 3 retries, 3, 5 and 7
 * days after the previous attempt (the last on day 15), and cancels the
 * subscription (cancellation_details.reason 'payment_failed') when the last one
 * fails. Every attempt is charged to the payment method the subscription has at
 * that time (subscription's default, else the customer's).
 */
export const RENEWAL_RETRY_DAYS = [3, 5, 7] as const;

/** `count` intervals after `start` (seconds); months and years keep the day, or the month's last day (fake-clock.ts). */
function addInterval(start: number, interval: string, count: number): number {
  if (interval === 'day') return start + count * DAY;
  if (interval === 'week') return start + count * 7 * DAY;
  return Math.floor(addMonthsKeepingDay(start * 1000, interval === 'month' ? count : 12 * count) / 1000);
}

/** The first of the anchor's anniversaries after `after`: each counted from the anchor, as Stripe does (31 Jan → 28 Feb → 31 Mar). */
function nextAnniversary(anchor: number, interval: string, count: number, after: number): number {
  for (let k = 1; ; k++) {
    const at = addInterval(anchor, interval, k * count);
    if (at > after) return at;
  }
}

export function getSubscription(context: FakeContext, id: string): FakeSubscription {
  const subscription = context.store.subscriptions.get(id);
  if (!subscription) throw resourceMissing(id);
  return subscription;
}

export function getInvoice(context: FakeContext, id: string): FakeInvoice {
  const invoice = context.store.invoices.get(id);
  if (!invoice) throw resourceMissing(id);
  return invoice;
}

export function listInvoices(context: FakeContext, filters: { subscription?: string; customer?: string; status?: string }, url: string) {
  const data = [...context.store.invoices.values()]
    .filter(
      (invoice) =>
        (!filters.subscription || invoice.parent?.subscription_details?.subscription === filters.subscription) &&
        (!filters.customer || invoice.customer === filters.customer) &&
        (!filters.status || invoice.status === filters.status),
    )
    .reverse();
  return apiList(data, url);
}

/**
 * `period` is the invoice's own period as Stripe sets it: the creation instant for a first invoice, the
 * period just ended for a cycle invoice (its lines cover the period starting now).
 */
function createInvoice(
  context: FakeContext,
  subscription: FakeSubscription,
  reason: 'subscription_create' | 'subscription_cycle',
  free: boolean,
  period: { start: number; end: number },
): FakeInvoice {
  const id = newId('in');
  const now = nowSeconds(context);
  const lines: FakeInvoiceLine[] = subscription.items.data.map((item) => {
    const amount = free ? 0 : (item.price.unit_amount ?? 0) * (item.quantity ?? 1);
    const productName = context.store.products.get(String(item.price.product))?.name ?? 'Plan';
    return {
      id: newId('il'),
      object: 'line_item',
      amount,
      currency: subscription.currency,
      description: free ? `Trial period for ${productName}` : `${item.quantity ?? 1} × ${productName}`,
      discountable: true,
      discounts: [],
      invoice: id,
      livemode: false,
      metadata: { ...subscription.metadata },
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: false,
          proration_details: { credited_items: null },
          subscription: subscription.id,
          subscription_item: item.id,
        },
      },
      period: { start: item.current_period_start, end: item.current_period_end },
      pricing: { type: 'price_details', price_details: { price: item.price.id, product: String(item.price.product) }, unit_amount_decimal: null },
      quantity: item.quantity ?? 1,
      subscription: subscription.id,
      subtotal: amount,
    };
  });
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const customer = getCustomer(context, String(subscription.customer));
  const invoice: FakeInvoice = {
    id,
    object: 'invoice',
    amount_due: total,
    amount_paid: 0,
    amount_remaining: total,
    attempt_count: 0,
    attempted: false,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created: now,
    currency: subscription.currency,
    customer: customer.id,
    customer_email: customer.email,
    default_payment_method: null,
    description: null,
    hosted_invoice_url: null,
    lines: apiList(lines, `/v1/invoices/${id}/lines`),
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `FAKE-${String(context.store.invoices.size + 1).padStart(4, '0')}`,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
    },
    period_end: period.end,
    period_start: period.start,
    status: 'open',
    status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    total,
  };
  context.store.invoices.set(id, invoice);
  context.store.invoiceIncludables.set(id, { confirmation_secret: null, payments: apiList([], `/v1/invoice_payments?invoice=${id}`) });
  subscription.latest_invoice = id;
  return invoice;
}

function markPaid(context: FakeContext, invoice: FakeInvoice): void {
  const now = nowSeconds(context);
  Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0 } satisfies Partial<FakeInvoice>);
  invoice.status_transitions.paid_at = now;
  for (const payment of context.store.invoiceIncludables.get(invoice.id)?.payments.data ?? []) {
    Object.assign(payment, { status: 'paid', amount_paid: payment.amount_requested });
    payment.status_transitions.paid_at = now;
  }
  emit(context, 'invoice.paid', invoice);
}

/** Opens the PaymentIntent that pays an invoice; the browser confirms it through invoice.confirmation_secret. */
function openInvoicePayment(context: FakeContext, invoice: FakeInvoice): FakePaymentIntent {
  const intent = createPaymentIntent(context, {
    amount: String(invoice.amount_due),
    currency: invoice.currency,
    customer: String(invoice.customer),
    description: invoice.billing_reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
    setup_future_usage: 'off_session',
  });
  context.store.invoiceOfPaymentIntent.set(intent.id, invoice.id);
  const includables = context.store.invoiceIncludables.get(invoice.id);
  if (includables && intent.client_secret) {
    includables.confirmation_secret = { type: 'payment_intent', client_secret: intent.client_secret };
    includables.payments.data.push({
      id: newId('inpay'),
      object: 'invoice_payment',
      amount_paid: null,
      amount_requested: invoice.amount_due,
      created: nowSeconds(context),
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: intent.id },
      status: 'open',
      status_transitions: { canceled_at: null, paid_at: null },
    });
  }
  return intent;
}

function setStatus(context: FakeContext, subscription: FakeSubscription, status: Stripe.Subscription.Status, announce: boolean): void {
  const changed = subscription.status !== status;
  subscription.status = status;
  if (announce || changed) emit(context, 'customer.subscription.updated', subscription);
}

/**
 * Charges an invoice with a saved card, as Stripe does for automatic collection (no customer present):
 * a new PaymentIntent for a first attempt, the invoice's own one again for a retry.
 */
function collectInvoice(
  context: FakeContext,
  invoice: FakeInvoice,
  paymentMethodId: string | null,
  forceFailure: boolean,
  intent: FakePaymentIntent = openInvoicePayment(context, invoice),
): void {
  if (!paymentMethodId) {
    invoiceAttemptFailed(context, invoice);
    return;
  }
  const paymentMethod = getPaymentMethod(context, paymentMethodId, 'default_payment_method');
  intent.payment_method = paymentMethod.id;
  try {
    attemptCard(
      context,
      intent,
      paymentMethod,
      true,
      forceFailure ? { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' } : undefined,
    );
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
  }
}

const subscriptionOf = (context: FakeContext, invoice: FakeInvoice): FakeSubscription | undefined =>
  context.store.subscriptions.get(String(invoice.parent?.subscription_details?.subscription));

/** Where Stripe charges a subscription's invoices: its default payment method, else its customer's. */
function paymentMethodOf(context: FakeContext, subscription: FakeSubscription): string | null {
  const customer = getCustomer(context, String(subscription.customer));
  return (subscription.default_payment_method as string | null) ?? (customer.invoice_settings.default_payment_method as string | null);
}

/**
 * A failed attempt at an invoice. A renewal (subscription_cycle) puts the subscription past_due and is
 * retried on RENEWAL_RETRY_DAYS (next_payment_attempt); when the last retry fails, the subscription is canceled.
 */
function invoiceAttemptFailed(context: FakeContext, invoice: FakeInvoice): void {
  invoice.attempted = true;
  invoice.attempt_count += 1;
  const subscription = subscriptionOf(context, invoice);
  const renewal = invoice.billing_reason === 'subscription_cycle' && subscription !== undefined && subscription.status !== 'canceled';
  const retryInDays = renewal ? RENEWAL_RETRY_DAYS[invoice.attempt_count - 1] : undefined;
  invoice.next_payment_attempt = retryInDays === undefined ? null : nowSeconds(context) + retryInDays * DAY;
  emit(context, 'invoice.payment_failed', invoice);
  if (!renewal) return;
  if (retryInDays === undefined) endSubscription(context, subscription, 'payment_failed');
  else setStatus(context, subscription, 'past_due', true);
}

/** Keeps invoices and subscriptions in step with the PaymentIntents that pay them. */
export function registerBillingListeners(context: FakeContext): void {
  context.paymentListeners.push((intent, outcome) => {
    const invoiceId = context.store.invoiceOfPaymentIntent.get(intent.id);
    const invoice = invoiceId ? context.store.invoices.get(invoiceId) : undefined;
    if (!invoice || invoice.status !== 'open') return;
    const subscription = subscriptionOf(context, invoice);
    if (outcome === 'succeeded') {
      invoice.attempted = true;
      invoice.attempt_count += 1;
      markPaid(context, invoice);
      if (subscription) {
        if (!subscription.default_payment_method && typeof intent.payment_method === 'string') subscription.default_payment_method = intent.payment_method;
        setStatus(context, subscription, 'active', invoice.billing_reason === 'subscription_cycle');
      }
    } else if (outcome === 'failed') {
      invoiceAttemptFailed(context, invoice);
    }
  });
}

function subscriptionItems(
  context: FakeContext,
  params: FormObject,
  subscriptionId: string,
  periodStart: number,
  periodEnd: (price: Stripe.Price.Recurring) => number,
) {
  const items = asList(params.items);
  if (items.length === 0) throw invalidRequest('Missing required param: items.', 'items', 'parameter_missing');
  return items.map((raw, index): FakeSubscriptionItem => {
    const item = asObject(raw);
    const priceId = asString(item.price);
    const price = priceId
      ? getPrice(context, priceId, `items[${index}][price]`)
      : createPrice(context, asObject(item.price_data), `items[${index}][price_data]`);
    if (!price.recurring)
      throw invalidRequest(
        `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
        `items[${index}][price]`,
      );
    return {
      id: newId('si'),
      object: 'subscription_item',
      created: nowSeconds(context),
      current_period_start: periodStart,
      current_period_end: periodEnd(price.recurring),
      discounts: [],
      metadata: mergeMetadata({}, item.metadata),
      plan: planOf(price),
      price: price as Stripe.Price,
      quantity: optionalInteger(item.quantity, `items[${index}][quantity]`) ?? 1,
      subscription: subscriptionId,
      tax_rates: [],
    };
  });
}

function trialEndOf(params: FormObject, now: number): number | null {
  const trialEnd = asString(params.trial_end);
  if (trialEnd === 'now') return null;
  if (trialEnd) {
    const value = optionalInteger(trialEnd, 'trial_end') ?? 0;
    if (value <= now) throw invalidRequest('Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end');
    return value;
  }
  const days = optionalInteger(params.trial_period_days, 'trial_period_days');
  return days ? now + days * DAY : null;
}

export function createSubscription(context: FakeContext, params: FormObject): FakeSubscription {
  const customer = getCustomer(context, asString(params.customer) ?? '', 'customer');
  const behaviour = asString(params.payment_behavior) || 'allow_incomplete';
  const now = nowSeconds(context);
  const trialEnd = trialEndOf(params, now);
  const id = newId('sub');
  const items = subscriptionItems(context, params, id, now, (recurring) => trialEnd ?? addInterval(now, recurring.interval, recurring.interval_count));
  const defaultPaymentMethod = asString(params.default_payment_method) || null;
  if (defaultPaymentMethod) {
    const paymentMethod = getPaymentMethod(context, defaultPaymentMethod, 'default_payment_method');
    if (paymentMethod.customer !== customer.id) {
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${defaultPaymentMethod}. The payment method must be attached to the customer.`,
        'default_payment_method',
      );
    }
  }
  const subscription: FakeSubscription = {
    id,
    object: 'subscription',
    billing_cycle_anchor: items[0]?.current_period_end ?? now,
    cancel_at: null,
    cancel_at_period_end: optionalBoolean(params.cancel_at_period_end, 'cancel_at_period_end') ?? false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: items[0]?.price.currency ?? 'mxn',
    customer: customer.id,
    days_until_due: null,
    default_payment_method: defaultPaymentMethod,
    description: asString(params.description) || null,
    discounts: [],
    ended_at: null,
    items: apiList(items, `/v1/subscription_items?subscription=${id}`),
    latest_invoice: null,
    livemode: false,
    metadata: mergeMetadata({}, params.metadata),
    pending_setup_intent: null,
    start_date: now,
    status: trialEnd ? 'trialing' : 'incomplete',
    test_clock: customer.test_clock ?? null,
    trial_end: trialEnd,
    trial_start: trialEnd ? now : null,
  };
  subscription.billing_cycle_anchor = trialEnd ?? now;
  context.store.subscriptions.set(id, subscription);
  const invoice = createInvoice(context, subscription, 'subscription_create', trialEnd !== null, { start: now, end: now });
  emit(context, 'customer.subscription.created', subscription);
  if (trialEnd !== null || invoice.amount_due === 0) {
    markPaid(context, invoice);
    if (!trialEnd) setStatus(context, subscription, 'active', false);
    return subscription;
  }
  const paymentMethod = defaultPaymentMethod ?? (customer.invoice_settings.default_payment_method as string | null);
  if (behaviour === 'default_incomplete') {
    openInvoicePayment(context, invoice);
    return subscription;
  }
  if (!paymentMethod) {
    throw invalidRequest(
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
      undefined,
      'resource_missing',
    );
  }
  collectInvoice(context, invoice, paymentMethod, false);
  if (behaviour === 'error_if_incomplete' && subscription.status !== 'active') {
    const intent = [...context.store.invoiceOfPaymentIntent].find(([, invoiceId]) => invoiceId === invoice.id)?.[0];
    const error = intent ? context.store.paymentIntents.get(intent)?.last_payment_error : null;
    throw new StripeApiError(402, {
      type: 'card_error',
      code: error?.code ?? 'card_declined',
      decline_code: error?.decline_code,
      message: error?.message ?? 'Your card was declined.',
    });
  }
  return subscription;
}

export function updateSubscription(context: FakeContext, id: string, params: FormObject): FakeSubscription {
  const subscription = getSubscription(context, id);
  if (subscription.status === 'canceled') throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.', undefined);
  const cancelAtPeriodEnd = optionalBoolean(params.cancel_at_period_end, 'cancel_at_period_end');
  if (cancelAtPeriodEnd !== undefined) {
    subscription.cancel_at_period_end = cancelAtPeriodEnd;
    subscription.cancel_at = cancelAtPeriodEnd ? (subscription.items.data[0]?.current_period_end ?? null) : null;
    subscription.canceled_at = cancelAtPeriodEnd ? nowSeconds(context) : null;
  }
  const defaultPaymentMethod = asString(params.default_payment_method);
  if (defaultPaymentMethod !== undefined) {
    if (defaultPaymentMethod) getPaymentMethod(context, defaultPaymentMethod, 'default_payment_method');
    subscription.default_payment_method = defaultPaymentMethod || null;
  }
  if (params.metadata !== undefined) subscription.metadata = mergeMetadata(subscription.metadata, params.metadata);
  // A new price for an existing item (items[0][id] + price or price_data): takes effect from the next invoice, as with proration_behavior 'none'.
  for (const [index, raw] of asList(params.items ?? []).entries()) {
    const change = asObject(raw);
    const item = subscription.items.data.find((candidate) => candidate.id === asString(change.id));
    if (!item) throw invalidRequest(`No such subscription item: '${asString(change.id) ?? ''}'`, `items[${index}][id]`, 'resource_missing');
    const priceId = asString(change.price);
    const price = priceId
      ? getPrice(context, priceId, `items[${index}][price]`)
      : createPrice(context, asObject(change.price_data), `items[${index}][price_data]`);
    Object.assign(item, { price: price as Stripe.Price, plan: planOf(price) });
  }
  emit(context, 'customer.subscription.updated', subscription);
  return subscription;
}

/**
 * The subscription ends: at once (DELETE, reason cancellation_requested), at the end of its period
 * (cancel_at_period_end, billDue) or when the last retry of a renewal failed (payment_failed). As at
 * Stripe, its open invoices are no longer collected automatically.
 */
export function endSubscription(context: FakeContext, subscription: FakeSubscription, reason: 'cancellation_requested' | 'payment_failed'): void {
  const now = nowSeconds(context);
  Object.assign(subscription, { status: 'canceled', canceled_at: subscription.canceled_at ?? now, ended_at: now } satisfies Partial<FakeSubscription>);
  subscription.cancellation_details = { comment: null, feedback: null, feedback_option: null, ...subscription.cancellation_details, reason };
  for (const invoice of context.store.invoices.values()) {
    if (invoice.status === 'open' && subscriptionOf(context, invoice) === subscription) invoice.next_payment_attempt = null;
  }
  emit(context, 'customer.subscription.deleted', subscription);
}

export function cancelSubscription(context: FakeContext, id: string): FakeSubscription {
  const subscription = getSubscription(context, id);
  if (subscription.status === 'canceled') throw invalidRequest(`No such subscription: '${id}'`, 'id', 'resource_missing');
  endSubscription(context, subscription, 'cancellation_requested');
  return subscription;
}

/**
 * The next billing cycle (or the end of a trial) bills the subscription's saved card: billDue when the period
 * ends, or the /renew control. 'paid' lets the card decide (a declining test card still fails); 'failed' forces a decline.
 */
export function renewSubscription(context: FakeContext, id: string, outcome: 'paid' | 'failed'): FakeInvoice {
  const subscription = getSubscription(context, id);
  if (!['active', 'trialing', 'past_due'].includes(subscription.status)) {
    throw invalidRequest(`Only an active, trialing or past_due subscription renews; this one is ${subscription.status}.`);
  }
  const ended = {
    start: subscription.items.data[0]?.current_period_start ?? nowSeconds(context),
    end: subscription.items.data[0]?.current_period_end ?? nowSeconds(context),
  };
  for (const item of subscription.items.data) {
    const recurring = item.price.recurring ?? { interval: 'month', interval_count: 1 };
    item.current_period_start = item.current_period_end;
    item.current_period_end = nextAnniversary(subscription.billing_cycle_anchor, recurring.interval, recurring.interval_count, item.current_period_start);
  }
  const invoice = createInvoice(context, subscription, 'subscription_cycle', false, ended);
  collectInvoice(context, invoice, paymentMethodOf(context, subscription), outcome === 'failed');
  return invoice;
}

/** A retry of a failed renewal, when its next_payment_attempt comes (billDue): the invoice's PaymentIntent charged again. */
export function retryInvoice(context: FakeContext, invoice: FakeInvoice): void {
  const subscription = subscriptionOf(context, invoice);
  invoice.next_payment_attempt = null;
  if (invoice.status !== 'open' || !subscription) return;
  const intentId = [...context.store.invoiceOfPaymentIntent].findLast(([, invoiceId]) => invoiceId === invoice.id)?.[0];
  const intent = intentId ? context.store.paymentIntents.get(intentId) : undefined;
  collectInvoice(context, invoice, paymentMethodOf(context, subscription), false, intent);
}
