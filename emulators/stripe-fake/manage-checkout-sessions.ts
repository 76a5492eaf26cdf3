/**
 * Checkout sessions. The hosted page (/pay/:id) drives a session in two
 * steps: `startCheckout` creates what the browser must confirm (a
 * PaymentIntent, a subscription's first-invoice PaymentIntent, or a
 * SetupIntent for a trial), then `completeCheckout` checks that it went
 * through and completes the session.
 */
import { emit, type FakeContext } from './fake-context';
import { newId, nowSeconds } from './make-ids';
import { createSubscription } from './manage-billing';
import { createPrice, getPrice } from './manage-catalog';
import { createCustomer, getCustomer } from './manage-customers';
import { createPaymentIntent } from './manage-payment-intents';
import { createSetupIntent } from './manage-setup-intents';
import { allowedTypesOf, asList, asObject, asString, type FormObject, mergeMetadata } from './parse-form';
import { invalidRequest, optionalInteger, requireString, resourceMissing } from './stripe-errors';
import type { FakeCheckoutSession, SessionLine } from './stripe-shapes';

const SESSION_LIFETIME = 24 * 3600;

export function getSession(context: FakeContext, id: string): FakeCheckoutSession {
  const session = context.store.sessions.get(id);
  if (!session) throw resourceMissing(id);
  return session;
}

function sessionLines(context: FakeContext, params: FormObject): SessionLine[] {
  const items = asList(params.line_items);
  if (items.length === 0) throw invalidRequest('Missing required param: line_items.', 'line_items', 'parameter_missing');
  return items.map((raw, index) => {
    const item = asObject(raw);
    const priceId = asString(item.price);
    const price = priceId
      ? getPrice(context, priceId, `line_items[${index}][price]`)
      : createPrice(context, asObject(item.price_data), `line_items[${index}][price_data]`);
    const product = context.store.products.get(String(price.product));
    return { price, quantity: optionalInteger(item.quantity, `line_items[${index}][quantity]`) ?? 1, description: product?.name ?? 'Producto' };
  });
}

export function createSession(context: FakeContext, params: FormObject): FakeCheckoutSession {
  const mode = requireString(params.mode, 'mode');
  if (mode !== 'payment' && mode !== 'subscription') throw invalidRequest(`Invalid mode: ${mode} (this fake supports payment and subscription)`, 'mode');
  const lines = sessionLines(context, params);
  if (mode === 'subscription' && lines.some((line) => !line.price.recurring)) {
    throw invalidRequest('You must provide at least one recurring price in `subscription` mode when using prices.', 'line_items');
  }
  const customer = asString(params.customer) || null;
  if (customer) getCustomer(context, customer, 'customer');
  const total = lines.reduce((sum, line) => sum + (line.price.unit_amount ?? 0) * line.quantity, 0);
  const types = allowedTypesOf(params);
  const subscriptionData = asObject(params.subscription_data);
  const id = newId('cs_test');
  const now = nowSeconds(context);
  const session: FakeCheckoutSession = {
    id,
    object: 'checkout.session',
    allowed_payment_method_types: types.length > 0 ? types : null,
    allow_promotion_codes: null,
    amount_subtotal: total,
    amount_total: total,
    cancel_url: asString(params.cancel_url) || null,
    client_reference_id: asString(params.client_reference_id) || null,
    client_secret: null,
    created: now,
    currency: lines[0]?.price.currency ?? null,
    customer,
    customer_details: null,
    customer_email: asString(params.customer_email) || null,
    expires_at: now + SESSION_LIFETIME,
    invoice: null,
    livemode: false,
    locale: 'es',
    metadata: mergeMetadata({}, params.metadata),
    mode,
    payment_intent: null,
    payment_method_types: types.length > 0 ? types : ['card'],
    payment_status: 'unpaid',
    setup_intent: null,
    status: 'open',
    subscription: null,
    success_url: asString(params.success_url) || null,
    ui_mode: 'hosted',
    url: `${context.baseUrl}/pay/${id}`,
  };
  context.store.sessions.set(id, session);
  context.store.sessionPrivate.set(id, {
    lines,
    trialPeriodDays: optionalInteger(subscriptionData.trial_period_days, 'subscription_data[trial_period_days]') ?? null,
    subscriptionMetadata: mergeMetadata({}, subscriptionData.metadata),
    paymentIntentMetadata: mergeMetadata({}, asObject(params.payment_intent_data).metadata),
    oxxoExpiresAfterDays:
      optionalInteger(asObject(asObject(params.payment_method_options).oxxo).expires_after_days, 'payment_method_options[oxxo][expires_after_days]') ?? 3,
  });
  return session;
}

function openSession(context: FakeContext, id: string): FakeCheckoutSession {
  const session = getSession(context, id);
  if (session.status !== 'open') throw invalidRequest(`This Checkout Session is ${session.status}.`);
  return session;
}

function sessionCustomer(context: FakeContext, session: FakeCheckoutSession): string {
  if (typeof session.customer === 'string') return session.customer;
  const customer = createCustomer(context, session.customer_email ? { email: session.customer_email } : {});
  session.customer = customer.id;
  return customer.id;
}

export interface CheckoutStart {
  kind: 'payment' | 'setup';
  clientSecret: string;
}

/** What the hosted page must confirm in the browser for this session. */
export function startCheckout(context: FakeContext, id: string, method: 'card' | 'oxxo'): CheckoutStart {
  const session = openSession(context, id);
  const details = context.store.sessionPrivate.get(id);
  if (!details) throw resourceMissing(id);
  if (!session.payment_method_types.includes(method)) throw invalidRequest(`This Checkout Session does not accept ${method}.`, 'payment_method_types');
  if (session.mode === 'payment') {
    const current = typeof session.payment_intent === 'string' ? context.store.paymentIntents.get(session.payment_intent) : undefined;
    if (current && ['requires_payment_method', 'requires_confirmation'].includes(current.status) && current.client_secret) {
      return { kind: 'payment', clientSecret: current.client_secret };
    }
    const intent = createPaymentIntent(context, {
      amount: String(session.amount_total ?? 0),
      currency: session.currency ?? 'mxn',
      allowed_payment_method_types: session.payment_method_types,
      metadata: details.paymentIntentMetadata,
      payment_method_options: { oxxo: { expires_after_days: String(details.oxxoExpiresAfterDays) } },
      ...(typeof session.customer === 'string' ? { customer: session.customer } : {}),
    });
    session.payment_intent = intent.id;
    context.store.sessionOfIntent.set(intent.id, id);
    return { kind: 'payment', clientSecret: intent.client_secret ?? '' };
  }
  const customer = sessionCustomer(context, session);
  if (details.trialPeriodDays) {
    const intent = createSetupIntent(context, { customer, usage: 'off_session' });
    session.setup_intent = intent.id;
    return { kind: 'setup', clientSecret: intent.client_secret ?? '' };
  }
  const subscription = createSubscription(context, {
    customer,
    items: details.lines.map((line) => ({ price: line.price.id, quantity: String(line.quantity) })),
    payment_behavior: 'default_incomplete',
    metadata: details.subscriptionMetadata,
  });
  session.subscription = subscription.id;
  session.invoice = typeof subscription.latest_invoice === 'string' ? subscription.latest_invoice : null;
  const invoicePayment = [...context.store.invoiceOfPaymentIntent].find(([, invoiceId]) => invoiceId === session.invoice)?.[0];
  const intent = invoicePayment ? context.store.paymentIntents.get(invoicePayment) : undefined;
  if (!intent?.client_secret) throw invalidRequest('The subscription has no payment to confirm.');
  return { kind: 'payment', clientSecret: intent.client_secret };
}

function complete(context: FakeContext, session: FakeCheckoutSession, paymentStatus: FakeCheckoutSession['payment_status']): void {
  const customer = typeof session.customer === 'string' ? context.store.customers.get(session.customer) : undefined;
  session.status = 'complete';
  session.payment_status = paymentStatus;
  session.customer_details = {
    address: null,
    business_name: null,
    email: customer?.email ?? session.customer_email,
    individual_name: null,
    name: customer?.name ?? null,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
  emit(context, 'checkout.session.completed', session);
}

/** Completes the session once its browser step went through; answers where the page goes next. */
export function completeCheckout(context: FakeContext, id: string): string {
  const session = openSession(context, id);
  const details = context.store.sessionPrivate.get(id);
  if (session.mode === 'payment') {
    const intent = typeof session.payment_intent === 'string' ? context.store.paymentIntents.get(session.payment_intent) : undefined;
    if (intent?.status === 'succeeded') complete(context, session, 'paid');
    else if (intent?.status === 'requires_action' && intent.next_action?.type === 'oxxo_display_details') complete(context, session, 'unpaid');
    else throw invalidRequest('The payment for this Checkout Session has not gone through yet.');
  } else if (details?.trialPeriodDays) {
    const intent = typeof session.setup_intent === 'string' ? context.store.setupIntents.get(session.setup_intent) : undefined;
    if (intent?.status !== 'succeeded' || typeof intent.payment_method !== 'string')
      throw invalidRequest('The card for this Checkout Session has not been saved yet.');
    const subscription = createSubscription(context, {
      customer: sessionCustomer(context, session),
      items: details.lines.map((line) => ({ price: line.price.id, quantity: String(line.quantity) })),
      default_payment_method: intent.payment_method,
      trial_period_days: String(details.trialPeriodDays),
      metadata: details.subscriptionMetadata,
    });
    session.subscription = subscription.id;
    session.invoice = typeof subscription.latest_invoice === 'string' ? subscription.latest_invoice : null;
    complete(context, session, 'no_payment_required');
  } else {
    const subscription = typeof session.subscription === 'string' ? context.store.subscriptions.get(session.subscription) : undefined;
    if (subscription?.status !== 'active') throw invalidRequest('The first payment of this subscription has not gone through yet.');
    complete(context, session, 'paid');
  }
  return (session.success_url ?? context.baseUrl).replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}

/** OXXO sessions complete unpaid; the voucher's later outcome is announced as an async payment event. */
export function registerCheckoutListeners(context: FakeContext): void {
  context.paymentListeners.push((intent, outcome) => {
    const sessionId = context.store.sessionOfIntent.get(intent.id);
    const session = sessionId ? context.store.sessions.get(sessionId) : undefined;
    if (!session || session.status !== 'complete' || session.payment_status !== 'unpaid') return;
    if (outcome === 'succeeded') {
      session.payment_status = 'paid';
      emit(context, 'checkout.session.async_payment_succeeded', session);
    } else if (outcome === 'failed' || outcome === 'canceled') {
      emit(context, 'checkout.session.async_payment_failed', session);
    }
  });
}
