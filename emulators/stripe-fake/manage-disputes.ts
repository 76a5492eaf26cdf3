/**
 * Disputes (chargebacks), which only a cardholder's bank starts: made through
 * the control endpoints. Opening one announces charge.dispute.created;
 * closing it won or lost announces charge.dispute.closed, as Stripe does.
 * Disputes carry no metadata of their own: a receiver finds its purchase by
 * the payment (payment_intent).
 */
import type Stripe from 'stripe';
import { emit, type FakeContext } from './fake-context';
import { newId, nowSeconds } from './make-ids';
import { invalidRequest, resourceMissing } from './stripe-errors';

export type FakeDispute = Pick<
  Stripe.Dispute,
  'id' | 'object' | 'amount' | 'charge' | 'created' | 'currency' | 'is_charge_refundable' | 'livemode' | 'metadata' | 'payment_intent' | 'reason' | 'status'
>;

/** The fake's disputes, by id (kept beside the store, emptied with it by the control reset). */
const disputesOf = new WeakMap<FakeContext, Map<string, FakeDispute>>();

function disputes(context: FakeContext): Map<string, FakeDispute> {
  let map = disputesOf.get(context);
  if (!map) {
    map = new Map();
    disputesOf.set(context, map);
  }
  return map;
}

/** The buyer's bank disputes the whole of a PaymentIntent's successful charge. */
export function openDispute(context: FakeContext, intentId: string, reason = 'fraudulent'): FakeDispute {
  const intent = context.store.paymentIntents.get(intentId);
  if (!intent) throw resourceMissing(intentId, 'payment_intent');
  const charge = typeof intent.latest_charge === 'string' ? context.store.charges.get(intent.latest_charge) : undefined;
  if (!charge || charge.status !== 'succeeded') throw invalidRequest(`This PaymentIntent (${intentId}) has no successful charge to dispute.`, 'payment_intent');
  if (charge.disputed) throw invalidRequest(`Charge ${charge.id} is already disputed.`, 'charge');
  const dispute: FakeDispute = {
    id: newId('dp'),
    object: 'dispute',
    amount: charge.amount - charge.amount_refunded,
    charge: charge.id,
    created: nowSeconds(context),
    currency: charge.currency,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: intent.id,
    reason: reason as Stripe.Dispute['reason'],
    status: 'needs_response',
  };
  charge.disputed = true;
  disputes(context).set(dispute.id, dispute);
  emit(context, 'charge.dispute.created', dispute);
  return dispute;
}

export function closeDispute(context: FakeContext, disputeId: string, outcome: 'won' | 'lost'): FakeDispute {
  const dispute = disputes(context).get(disputeId);
  if (!dispute) throw resourceMissing(disputeId, 'dispute');
  if (dispute.status === 'won' || dispute.status === 'lost') throw invalidRequest(`Dispute ${disputeId} is already closed (${dispute.status}).`, 'dispute');
  dispute.status = outcome;
  emit(context, 'charge.dispute.closed', dispute);
  return dispute;
}

/** The dispute of a charge, if its bank disputed it (the ledger's `disputed`). */
export function disputeOfCharge(context: FakeContext, chargeId: string): FakeDispute | undefined {
  return [...disputes(context).values()].find((dispute) => dispute.charge === chargeId);
}

export function forgetDisputes(context: FakeContext): void {
  disputesOf.delete(context);
}
