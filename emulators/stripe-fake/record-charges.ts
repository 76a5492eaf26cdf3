import type Stripe from 'stripe';
import { type FakeContext } from './fake-context';
import { newId, nowSeconds } from './make-ids';
import type { FakeCharge, FakePaymentIntent, FakePaymentMethod } from './stripe-shapes';

export interface ChargeFailure {
  type?: 'card_error' | 'invalid_request_error';
  code: string;
  declineCode?: string;
  message: string;
}

function methodDetails(paymentMethod: FakePaymentMethod): Stripe.Charge.PaymentMethodDetails {
  if (paymentMethod.type === 'oxxo') return { type: 'oxxo', oxxo: { number: null } } as Stripe.Charge.PaymentMethodDetails;
  const card = paymentMethod.card;
  // Only the fields a server reads back; the full card details type lists dozens of network-specific ones.
  return {
    type: 'card',
    card: {
      brand: card?.brand ?? null,
      country: card?.country ?? null,
      exp_month: card?.exp_month ?? 0,
      exp_year: card?.exp_year ?? 0,
      funding: card?.funding ?? null,
      last4: card?.last4 ?? null,
      network: card?.brand ?? null,
      three_d_secure: null,
    },
  } as Stripe.Charge.PaymentMethodDetails;
}

/** Every attempt leaves a charge (failed ones too), as Stripe's `latest_charge` points at it. */
export function recordCharge(context: FakeContext, intent: FakePaymentIntent, paymentMethod: FakePaymentMethod, failure?: ChargeFailure): FakeCharge {
  const charge: FakeCharge = {
    id: newId('ch'),
    object: 'charge',
    amount: intent.amount,
    amount_captured: failure ? 0 : intent.amount,
    amount_refunded: 0,
    balance_transaction: failure ? null : newId('txn'),
    billing_details: { ...paymentMethod.billing_details },
    captured: !failure,
    created: nowSeconds(context),
    currency: intent.currency,
    customer: typeof intent.customer === 'string' ? intent.customer : null,
    description: intent.description,
    disputed: false,
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    livemode: false,
    metadata: { ...intent.metadata },
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: failure ? 'declined_by_network' : 'approved_by_network',
      reason: failure?.declineCode ?? null,
      risk_level: failure?.declineCode === 'fraudulent' ? 'highest' : 'normal',
      seller_message: failure ? 'The bank did not return any further details with this decline.' : 'Payment complete.',
      type: failure ? 'issuer_declined' : 'authorized',
    },
    paid: !failure,
    payment_intent: intent.id,
    payment_method: paymentMethod.id,
    payment_method_details: methodDetails(paymentMethod),
    receipt_email: intent.receipt_email,
    receipt_url: null,
    refunded: false,
    status: failure ? 'failed' : 'succeeded',
  };
  context.store.charges.set(charge.id, charge);
  return charge;
}
