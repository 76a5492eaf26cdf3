import type Stripe from 'stripe';
import { emit, type FakeContext } from './fake-context';
import { clientSecretFor, newId, nowSeconds } from './make-ids';
import { getCustomer } from './manage-customers';
import { attachPaymentMethod, getPaymentMethod, verifyCardForSaving } from './manage-payment-methods';
import { allowedTypesOf, asString, type FormObject, mergeMetadata } from './parse-form';
import { invalidRequest, optionalBoolean, resourceMissing, StripeApiError, unexpectedState } from './stripe-errors';
import type { FakePaymentMethod, FakeSetupIntent } from './stripe-shapes';

export function getSetupIntent(context: FakeContext, id: string): FakeSetupIntent {
  const intent = context.store.setupIntents.get(id);
  if (!intent) throw resourceMissing(id);
  return intent;
}

export function createSetupIntent(context: FakeContext, params: FormObject): FakeSetupIntent {
  const customer = asString(params.customer) || null;
  if (customer) getCustomer(context, customer, 'customer');
  const types = allowedTypesOf(params);
  const paymentMethod = asString(params.payment_method) || null;
  if (paymentMethod) getPaymentMethod(context, paymentMethod, 'payment_method');
  const usage = asString(params.usage) || 'off_session';
  if (usage !== 'off_session' && usage !== 'on_session') throw invalidRequest(`Invalid usage: ${usage}`, 'usage');
  const id = newId('seti');
  const intent: FakeSetupIntent = {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: types.length > 0 ? (types as Stripe.SetupIntent.AllowedPaymentMethodType[]) : null,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: clientSecretFor(id),
    created: nowSeconds(context),
    customer,
    description: asString(params.description) || null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: mergeMetadata({}, params.metadata),
    next_action: null,
    on_behalf_of: null,
    payment_method: paymentMethod,
    payment_method_options: {},
    payment_method_types: types.length > 0 ? types : ['card'],
    single_use_mandate: null,
    status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
    usage,
  };
  context.store.setupIntents.set(id, intent);
  if (optionalBoolean(params.confirm, 'confirm')) return confirmSetupIntent(context, intent, params);
  return intent;
}

function succeed(context: FakeContext, intent: FakeSetupIntent, paymentMethod: FakePaymentMethod): FakeSetupIntent {
  Object.assign(intent, {
    status: 'succeeded',
    payment_method: paymentMethod.id,
    next_action: null,
    last_setup_error: null,
  } satisfies Partial<FakeSetupIntent>);
  if (typeof intent.customer === 'string') attachPaymentMethod(context, paymentMethod, intent.customer, false);
  emit(context, 'setup_intent.succeeded', intent);
  return intent;
}

function fail(context: FakeContext, intent: FakeSetupIntent, paymentMethod: FakePaymentMethod, error: Record<string, unknown>): StripeApiError {
  Object.assign(intent, {
    status: 'requires_payment_method',
    payment_method: null,
    next_action: null,
    last_setup_error: { ...error, payment_method: structuredClone(paymentMethod) } as Stripe.SetupIntent.LastSetupError,
  } satisfies Partial<FakeSetupIntent>);
  emit(context, 'setup_intent.setup_failed', intent);
  return new StripeApiError(402, { ...error, setup_intent: structuredClone(intent) });
}

export function confirmSetupIntent(context: FakeContext, intent: FakeSetupIntent, params: FormObject): FakeSetupIntent {
  if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
    throw unexpectedState(`You cannot confirm this SetupIntent because it has a status of ${intent.status}.`);
  }
  const id = asString(params.payment_method) || (typeof intent.payment_method === 'string' ? intent.payment_method : null);
  if (!id)
    throw invalidRequest("You cannot confirm this SetupIntent because it's missing a payment method.", 'payment_method', 'setup_intent_unexpected_state');
  const paymentMethod = getPaymentMethod(context, id, 'payment_method');
  if (!intent.payment_method_types.includes(paymentMethod.type)) {
    throw invalidRequest(`The PaymentMethod provided (${paymentMethod.type}) is not allowed for this SetupIntent.`, 'payment_method');
  }
  try {
    verifyCardForSaving(context, paymentMethod);
  } catch (error) {
    if (error instanceof StripeApiError) throw fail(context, intent, paymentMethod, error.body.error);
    throw error;
  }
  if (context.store.cardBehaviours.get(paymentMethod.id)?.kind === 'three_d_secure') {
    Object.assign(intent, {
      status: 'requires_action',
      payment_method: paymentMethod.id,
      next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} },
    } satisfies Partial<FakeSetupIntent>);
    return intent;
  }
  return succeed(context, intent, paymentMethod);
}

export function authenticateSetupIntent(context: FakeContext, intent: FakeSetupIntent, outcome: 'complete' | 'fail'): FakeSetupIntent {
  if (intent.status !== 'requires_action' || typeof intent.payment_method !== 'string') {
    throw unexpectedState(`This SetupIntent does not await authentication: its status is ${intent.status}.`);
  }
  const paymentMethod = getPaymentMethod(context, intent.payment_method, 'payment_method');
  if (outcome === 'complete') return succeed(context, intent, paymentMethod);
  fail(context, intent, paymentMethod, {
    type: 'card_error',
    code: 'setup_intent_authentication_failure',
    message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  });
  return intent;
}

export function cancelSetupIntent(context: FakeContext, intent: FakeSetupIntent, reason: string | undefined): FakeSetupIntent {
  if (intent.status === 'succeeded' || intent.status === 'canceled') {
    throw invalidRequest(`You cannot cancel this SetupIntent because it has a status of ${intent.status}.`, undefined, 'setup_intent_unexpected_state');
  }
  Object.assign(intent, {
    status: 'canceled',
    cancellation_reason: (reason || 'requested_by_customer') as Stripe.SetupIntent.CancellationReason,
    next_action: null,
  } satisfies Partial<FakeSetupIntent>);
  emit(context, 'setup_intent.canceled', intent);
  return intent;
}
