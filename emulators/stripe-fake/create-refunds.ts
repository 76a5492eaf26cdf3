import { emit, type FakeContext } from './fake-context';
import { newId, nowSeconds } from './make-ids';
import { asString, type FormObject, mergeMetadata } from './parse-form';
import { invalidRequest, optionalInteger, resourceMissing } from './stripe-errors';
import type { FakeCharge, FakeRefund } from './stripe-shapes';

function chargeToRefund(context: FakeContext, params: FormObject): FakeCharge {
  const chargeId = asString(params.charge);
  if (chargeId) {
    const charge = context.store.charges.get(chargeId);
    if (!charge) throw resourceMissing(chargeId, 'charge');
    return charge;
  }
  const intentId = asString(params.payment_intent);
  if (!intentId) throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.');
  const intent = context.store.paymentIntents.get(intentId);
  if (!intent) throw resourceMissing(intentId, 'payment_intent');
  const charge = typeof intent.latest_charge === 'string' ? context.store.charges.get(intent.latest_charge) : undefined;
  if (intent.status !== 'succeeded' || !charge)
    throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, 'payment_intent');
  return charge;
}

/** Refunds settle at once in test mode; the charge carries the running refunded amount. */
export function createRefund(context: FakeContext, params: FormObject): FakeRefund {
  const charge = chargeToRefund(context, params);
  if (charge.status !== 'succeeded') throw invalidRequest(`Charge ${charge.id} has not been captured or has failed.`, 'charge');
  const remaining = charge.amount - charge.amount_refunded;
  const amount = optionalInteger(params.amount, 'amount') ?? remaining;
  if (remaining === 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, 'charge', 'charge_already_refunded');
  if (amount < 1 || amount > remaining) {
    throw invalidRequest(`Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, 'amount', 'amount_too_large');
  }
  const refund: FakeRefund = {
    id: newId('re'),
    object: 'refund',
    amount,
    balance_transaction: newId('txn'),
    charge: charge.id,
    created: nowSeconds(context),
    currency: charge.currency,
    metadata: mergeMetadata({}, params.metadata),
    payment_intent: charge.payment_intent,
    reason: (asString(params.reason) || null) as FakeRefund['reason'],
    receipt_number: null,
    status: 'succeeded',
  };
  context.store.refunds.set(refund.id, refund);
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  emit(context, 'charge.refunded', charge);
  return refund;
}
