import type Stripe from 'stripe';
import { emit, type FakeContext } from './fake-context';
import { newId, nowSeconds } from './make-ids';
import { getCustomer } from './manage-customers';
import { asObject, asString, type FormObject, mergeMetadata } from './parse-form';
import { invalidRequest, requireString, resourceMissing, StripeApiError } from './stripe-errors';
import { apiList, type FakePaymentMethod } from './stripe-shapes';
import { behaviourOf, validateCard } from './test-cards';

export function getPaymentMethod(context: FakeContext, id: string, param = 'id'): FakePaymentMethod {
  const paymentMethod = context.store.paymentMethods.get(id);
  if (!paymentMethod) throw resourceMissing(id, param);
  return paymentMethod;
}

function billingDetails(value: FormObject): Stripe.PaymentMethod.BillingDetails {
  const text = (field: string) => asString(value[field]) || null;
  return { address: null, email: text('email'), name: text('name'), phone: text('phone'), tax_id: null };
}

export function createPaymentMethod(context: FakeContext, params: FormObject): FakePaymentMethod {
  const type = requireString(params.type, 'type');
  const base = {
    object: 'payment_method' as const,
    allow_redisplay: 'unspecified' as const,
    billing_details: billingDetails(asObject(params.billing_details)),
    created: nowSeconds(context),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: mergeMetadata({}, params.metadata),
  };
  let paymentMethod: FakePaymentMethod;
  if (type === 'card') {
    const input = asObject(params.card);
    const card = validateCard(
      {
        number: asString(input.number),
        exp_month: asString(input.exp_month),
        exp_year: asString(input.exp_year),
        cvc: asString(input.cvc),
      },
      // A card expires by the fake's time: a simulated year outlives cards.
      new Date(context.time.now()),
    );
    paymentMethod = {
      ...base,
      id: newId('pm'),
      type: 'card',
      card: {
        brand: card.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'unchecked' },
        country: 'MX',
        display_brand: card.brand,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        fingerprint: card.number.slice(-8),
        funding: 'credit',
        generated_from: null,
        last4: card.last4,
        networks: { available: [card.brand], preferred: null },
        regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
    };
    context.store.cardBehaviours.set(paymentMethod.id, behaviourOf(card.number));
  } else if (type === 'oxxo') {
    const details = paymentMethodDetailsRequired(base.billing_details);
    paymentMethod = { ...base, billing_details: details, id: newId('pm'), type: 'oxxo', oxxo: {} };
  } else {
    throw invalidRequest(`The payment method type "${type}" is not supported by this fake.`, 'type');
  }
  context.store.paymentMethods.set(paymentMethod.id, paymentMethod);
  return paymentMethod;
}

// OXXO vouchers carry the payer's name and e-mail, so Stripe refuses them without both.
function paymentMethodDetailsRequired(details: Stripe.PaymentMethod.BillingDetails): Stripe.PaymentMethod.BillingDetails {
  if (!details.name) throw invalidRequest('Missing required param: billing_details[name].', 'billing_details[name]', 'parameter_missing');
  if (!details.email) throw invalidRequest('Missing required param: billing_details[email].', 'billing_details[email]', 'parameter_missing');
  return details;
}

/** A decline that shows up as soon as the card is saved (Stripe verifies it); 4000000000000341 is the exception by design. */
export function verifyCardForSaving(context: FakeContext, paymentMethod: FakePaymentMethod): void {
  const behaviour = context.store.cardBehaviours.get(paymentMethod.id);
  if (behaviour?.kind !== 'decline' || behaviour.chargeOnly) return;
  throw new StripeApiError(402, {
    type: 'card_error',
    code: behaviour.code,
    ...(behaviour.declineCode ? { decline_code: behaviour.declineCode } : {}),
    message: behaviour.message,
  });
}

export function attachPaymentMethod(context: FakeContext, paymentMethod: FakePaymentMethod, customerId: string, verify = true): FakePaymentMethod {
  getCustomer(context, customerId, 'customer');
  if (paymentMethod.customer === customerId) return paymentMethod;
  if (paymentMethod.customer) throw invalidRequest('The payment method you provided has already been attached to a customer.', 'payment_method');
  if (verify) verifyCardForSaving(context, paymentMethod);
  paymentMethod.customer = customerId;
  emit(context, 'payment_method.attached', paymentMethod);
  return paymentMethod;
}

export function detachPaymentMethod(context: FakeContext, paymentMethod: FakePaymentMethod): FakePaymentMethod {
  if (!paymentMethod.customer)
    throw invalidRequest('The payment method you provided is not attached to a customer so detachment is impossible.', 'payment_method');
  const customer = context.store.customers.get(String(paymentMethod.customer));
  if (customer?.invoice_settings.default_payment_method === paymentMethod.id) customer.invoice_settings.default_payment_method = null;
  paymentMethod.customer = null;
  emit(context, 'payment_method.detached', paymentMethod);
  return paymentMethod;
}

export function listPaymentMethods(context: FakeContext, customerId: string, type: string | undefined, url: string) {
  getCustomer(context, customerId, 'customer');
  const data = [...context.store.paymentMethods.values()]
    .filter((paymentMethod) => paymentMethod.customer === customerId && (!type || paymentMethod.type === type))
    .reverse();
  return apiList(data, url);
}
