import type Stripe from 'stripe';
import { emit, type FakeContext, type IntentOutcome } from './fake-context';
import { clientSecretFor, newId, nowSeconds, randomDigits } from './make-ids';
import { getCustomer } from './manage-customers';
import { attachPaymentMethod, createPaymentMethod, getPaymentMethod } from './manage-payment-methods';
import { allowedTypesOf, asObject, asString, type FormObject, mergeMetadata } from './parse-form';
import { type ChargeFailure, recordCharge } from './record-charges';
import {
  invalidRequest,
  optionalBoolean,
  optionalInteger,
  requireInteger,
  requireString,
  resourceMissing,
  StripeApiError,
  unexpectedState,
} from './stripe-errors';
import type { FakePaymentIntent, FakePaymentMethod } from './stripe-shapes';

const SUPPORTED_TYPES = new Set(['card', 'oxxo']);
const DEFAULT_OXXO_DAYS = 3;
const AUTHENTICATION_FAILURE: ChargeFailure = {
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};
const AUTHENTICATION_REQUIRED: ChargeFailure = {
  code: 'authentication_required',
  declineCode: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

export function getPaymentIntent(context: FakeContext, id: string): FakePaymentIntent {
  const intent = context.store.paymentIntents.get(id);
  if (!intent) throw resourceMissing(id);
  return intent;
}

/** Publishable-key calls prove they may touch an intent by its client secret, as with Stripe.js. */
export function checkClientSecret(intent: { id: string; client_secret: string | null }, clientSecret: string | undefined): void {
  if (!clientSecret || clientSecret !== intent.client_secret) {
    throw invalidRequest(
      `The client_secret provided does not match the client_secret associated with the ${intent.id.startsWith('seti_') ? 'SetupIntent' : 'PaymentIntent'}.`,
      'client_secret',
    );
  }
}

function oxxoDays(params: FormObject): number | undefined {
  return optionalInteger(asObject(asObject(params.payment_method_options).oxxo).expires_after_days, 'payment_method_options[oxxo][expires_after_days]');
}

function setupFutureUsage(value: string | undefined): Stripe.PaymentIntent.SetupFutureUsage | null | undefined {
  if (value === undefined) return undefined;
  if (value === '') return null;
  if (value !== 'off_session' && value !== 'on_session') throw invalidRequest(`Invalid setup_future_usage: ${value}`, 'setup_future_usage');
  return value;
}

export function createPaymentIntent(context: FakeContext, params: FormObject): FakePaymentIntent {
  const automatic = optionalBoolean(asObject(params.automatic_payment_methods).enabled, 'automatic_payment_methods[enabled]') ?? false;
  const types = allowedTypesOf(params);
  const paymentMethodTypes = types.length > 0 ? types : automatic ? ['card', 'oxxo'] : ['card'];
  for (const type of paymentMethodTypes) {
    if (!SUPPORTED_TYPES.has(type)) throw invalidRequest(`The payment method type provided: ${type} is invalid.`, 'allowed_payment_method_types');
  }
  const customer = asString(params.customer) || null;
  if (customer) getCustomer(context, customer, 'customer');
  const paymentMethod = asString(params.payment_method) || null;
  if (paymentMethod) getPaymentMethod(context, paymentMethod, 'payment_method');
  const amount = requireInteger(params.amount, 'amount');
  if (amount < 1) throw invalidRequest('This value must be greater than or equal to 1.', 'amount');
  const id = newId('pi');
  const intent: FakePaymentIntent = {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: types.length > 0 ? (types as Stripe.PaymentIntent.AllowedPaymentMethodType[]) : null,
    amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: automatic ? { allow_redirects: 'always', enabled: true } : null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: clientSecretFor(id),
    confirmation_method: 'automatic',
    created: nowSeconds(context),
    currency: requireString(params.currency, 'currency').toLowerCase(),
    customer,
    description: asString(params.description) || null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: mergeMetadata({}, params.metadata),
    next_action: null,
    on_behalf_of: null,
    payment_method: paymentMethod,
    payment_method_options: paymentMethodTypes.includes('oxxo') ? { oxxo: { expires_after_days: oxxoDays(params) ?? DEFAULT_OXXO_DAYS } } : {},
    payment_method_types: paymentMethodTypes,
    processing: null,
    receipt_email: asString(params.receipt_email) || null,
    review: null,
    setup_future_usage: setupFutureUsage(asString(params.setup_future_usage)) ?? null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
    transfer_group: null,
  };
  context.store.paymentIntents.set(id, intent);
  if (optionalBoolean(params.confirm, 'confirm')) return confirmPaymentIntent(context, intent, params);
  return intent;
}

function notify(context: FakeContext, intent: FakePaymentIntent, outcome: IntentOutcome): void {
  for (const listener of context.paymentListeners) listener(intent, outcome);
}

function succeed(context: FakeContext, intent: FakePaymentIntent, paymentMethod: FakePaymentMethod): FakePaymentIntent {
  const charge = recordCharge(context, intent, paymentMethod);
  Object.assign(intent, {
    status: 'succeeded',
    amount_received: intent.amount,
    latest_charge: charge.id,
    payment_method: paymentMethod.id,
    next_action: null,
    last_payment_error: null,
  } satisfies Partial<FakePaymentIntent>);
  // As at Stripe, a payment keeps its card for the customer only when asked to (setup_future_usage): never by merely paying.
  const customer = typeof intent.customer === 'string' ? intent.customer : null;
  if (paymentMethod.type === 'card' && customer && intent.setup_future_usage && !paymentMethod.customer)
    attachPaymentMethod(context, paymentMethod, customer, false);
  emit(context, 'payment_intent.succeeded', intent);
  notify(context, intent, 'succeeded');
  return intent;
}

/** Puts the intent back to requires_payment_method and returns the 402 the confirm call answers with. */
function fail(context: FakeContext, intent: FakePaymentIntent, paymentMethod: FakePaymentMethod, failure: ChargeFailure, withCharge = true): StripeApiError {
  const charge = withCharge ? recordCharge(context, intent, paymentMethod, failure) : null;
  const error = {
    type: failure.type ?? 'card_error',
    code: failure.code,
    ...(failure.declineCode ? { decline_code: failure.declineCode } : {}),
    message: failure.message,
    ...(charge ? { charge: charge.id } : {}),
    doc_url: `https://stripe.com/docs/error-codes/${failure.code.replace(/_/g, '-')}`,
    payment_method: structuredClone(paymentMethod) as Stripe.PaymentMethod,
  };
  Object.assign(intent, {
    status: 'requires_payment_method',
    last_payment_error: error as Stripe.PaymentIntent.LastPaymentError,
    latest_charge: charge ? charge.id : intent.latest_charge,
    payment_method: null,
    next_action: null,
  } satisfies Partial<FakePaymentIntent>);
  emit(context, 'payment_intent.payment_failed', intent);
  notify(context, intent, 'failed');
  return new StripeApiError(402, { ...error, payment_intent: structuredClone(intent) });
}

function requireAction(context: FakeContext, intent: FakePaymentIntent, paymentMethod: FakePaymentMethod, nextAction: Stripe.PaymentIntent.NextAction) {
  Object.assign(intent, {
    status: 'requires_action',
    payment_method: paymentMethod.id,
    next_action: nextAction,
    last_payment_error: null,
  } satisfies Partial<FakePaymentIntent>);
  emit(context, 'payment_intent.requires_action', intent);
  notify(context, intent, 'requires_action');
  return intent;
}

export function attemptCard(
  context: FakeContext,
  intent: FakePaymentIntent,
  paymentMethod: FakePaymentMethod,
  offSession: boolean,
  forcedFailure?: ChargeFailure,
) {
  const behaviour = context.store.cardBehaviours.get(paymentMethod.id) ?? { kind: 'approve' };
  if (forcedFailure) throw fail(context, intent, paymentMethod, forcedFailure);
  if (behaviour.kind === 'decline') throw fail(context, intent, paymentMethod, behaviour);
  if (behaviour.kind === 'three_d_secure') {
    if (!offSession) return requireAction(context, intent, paymentMethod, { type: 'use_stripe_sdk', use_stripe_sdk: {} });
    // A saved 4000002500003155 was authenticated when it was set up; 4000002760003184 always asks again.
    if (behaviour.offSession === 'require' || !paymentMethod.customer) throw fail(context, intent, paymentMethod, AUTHENTICATION_REQUIRED);
  }
  return succeed(context, intent, paymentMethod);
}

function issueOxxoVoucher(context: FakeContext, intent: FakePaymentIntent, paymentMethod: FakePaymentMethod, days: number) {
  return requireAction(context, intent, paymentMethod, {
    type: 'oxxo_display_details',
    oxxo_display_details: {
      expires_after: nowSeconds(context) + days * 86_400,
      hosted_voucher_url: `${context.baseUrl}/vouchers/${intent.id}`,
      number: randomDigits(16),
    },
  });
}

function resolvePaymentMethod(context: FakeContext, intent: FakePaymentIntent, params: FormObject): FakePaymentMethod {
  const data = asObject(params.payment_method_data);
  if (Object.keys(data).length > 0) return createPaymentMethod(context, data);
  const id = asString(params.payment_method) || (typeof intent.payment_method === 'string' ? intent.payment_method : null);
  if (!id) {
    throw invalidRequest(
      "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with a payment method, you can pass `payment_method`.",
      'payment_method',
      'payment_intent_unexpected_state',
    );
  }
  return getPaymentMethod(context, id, 'payment_method');
}

/**
 * Stripe's refusal to confirm an intent that is past confirming (succeeded,
 * processing, canceled): with a payment method it is the update that is
 * refused, without one the confirmation. Like Stripe, the error carries the
 * intent, so a browser can see it had already succeeded.
 */
function notConfirmable(intent: FakePaymentIntent, params: FormObject): StripeApiError {
  const changesMethod = Boolean(asString(params.payment_method)) || Object.keys(asObject(params.payment_method_data)).length > 0;
  const message = changesMethod
    ? `This PaymentIntent's payment_method could not be updated because it has a status of ${intent.status}.`
    : intent.status === 'succeeded'
      ? 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.'
      : `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`;
  return new StripeApiError(400, { ...unexpectedState(message).body.error, payment_intent: structuredClone(intent) });
}

export function confirmPaymentIntent(context: FakeContext, intent: FakePaymentIntent, params: FormObject): FakePaymentIntent {
  if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) throw notConfirmable(intent, params);
  const paymentMethod = resolvePaymentMethod(context, intent, params);
  if (!intent.payment_method_types.includes(paymentMethod.type)) {
    throw invalidRequest(`The PaymentMethod provided (${paymentMethod.type}) is not allowed for this PaymentIntent.`, 'payment_method');
  }
  if (paymentMethod.customer && intent.customer && paymentMethod.customer !== intent.customer) {
    throw invalidRequest('The provided PaymentMethod belongs to a different Customer.', 'payment_method');
  }
  const usage = setupFutureUsage(asString(params.setup_future_usage));
  if (usage !== undefined) intent.setup_future_usage = usage;
  const receiptEmail = asString(params.receipt_email);
  if (receiptEmail) intent.receipt_email = receiptEmail;
  if (paymentMethod.type === 'oxxo') {
    const days = oxxoDays(params) ?? intent.payment_method_options?.oxxo?.expires_after_days ?? DEFAULT_OXXO_DAYS;
    return issueOxxoVoucher(context, intent, paymentMethod, days);
  }
  const offSession = params.off_session !== undefined && params.off_session !== 'false' && params.off_session !== '';
  return attemptCard(context, intent, paymentMethod, offSession);
}

export function cancelPaymentIntent(context: FakeContext, intent: FakePaymentIntent, reason: string | undefined): FakePaymentIntent {
  if (intent.status === 'succeeded' || intent.status === 'canceled') {
    throw unexpectedState(
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
    );
  }
  Object.assign(intent, {
    status: 'canceled',
    canceled_at: nowSeconds(context),
    cancellation_reason: (reason || 'requested_by_customer') as Stripe.PaymentIntent.CancellationReason,
    next_action: null,
  } satisfies Partial<FakePaymentIntent>);
  emit(context, 'payment_intent.canceled', intent);
  notify(context, intent, 'canceled');
  return intent;
}

/** The 3-D Secure challenge's answer. Failing it answers 200: the confirm call already returned, the browser reads the intent back. */
export function authenticatePaymentIntent(context: FakeContext, intent: FakePaymentIntent, outcome: 'complete' | 'fail'): FakePaymentIntent {
  if (intent.status !== 'requires_action' || intent.next_action?.type !== 'use_stripe_sdk' || typeof intent.payment_method !== 'string') {
    throw unexpectedState(`This PaymentIntent does not await authentication: its status is ${intent.status}.`);
  }
  const paymentMethod = getPaymentMethod(context, intent.payment_method, 'payment_method');
  if (outcome === 'complete') return succeed(context, intent, paymentMethod);
  fail(context, intent, paymentMethod, AUTHENTICATION_FAILURE, false);
  return intent;
}

/** Test control: the customer pays the OXXO voucher at a store, or lets it expire. */
export function settleOxxoVoucher(context: FakeContext, intent: FakePaymentIntent, outcome: 'paid' | 'expired'): FakePaymentIntent {
  if (intent.status !== 'requires_action' || intent.next_action?.type !== 'oxxo_display_details' || typeof intent.payment_method !== 'string') {
    throw unexpectedState(`This PaymentIntent has no open OXXO voucher: its status is ${intent.status}.`);
  }
  const paymentMethod = getPaymentMethod(context, intent.payment_method, 'payment_method');
  if (outcome === 'paid') return succeed(context, intent, paymentMethod);
  const expiry: ChargeFailure = {
    type: 'invalid_request_error',
    code: 'payment_intent_payment_attempt_expired',
    message: 'The OXXO voucher expired before it was paid.',
  };
  fail(context, intent, paymentMethod, expiry, false);
  return intent;
}
