/**
 * Every successful charge the fake made, as GET /_control/ledger lists it: a
 * simulation checks the processor's money against what the app granted, one
 * entry per charge. `id` is what the app records as the invoice's
 * provider_ref: the PaymentIntent for a one-off payment
 * (handle-card-event.ts), the invoice for a subscription's charge
 * (record-renewal.ts). `kind` is 'renewal' for a subscription_cycle invoice
 * (a trial's end included), else 'payment'. `metadata` is what the app set:
 * the PaymentIntent's, or the subscription's as the invoice carries it.
 */
import { type FakeContext } from './fake-context';
import { disputeOfCharge } from './manage-disputes';

export interface LedgerEntry {
  id: string;
  kind: 'payment' | 'renewal';
  amount_cents: number;
  refunded_cents: number;
  /** A dispute still open, or how it closed; null when the bank never disputed the charge. */
  disputed: 'open' | 'won' | 'lost' | null;
  /** Milliseconds since the epoch (the charge's created). */
  at: number;
  customer: string | null;
  metadata: Record<string, string>;
}

function disputedOf(status: string | undefined): LedgerEntry['disputed'] {
  if (status === undefined) return null;
  return status === 'won' || status === 'lost' ? status : 'open';
}

export function listLedger(context: FakeContext): LedgerEntry[] {
  const { store } = context;
  const entries: LedgerEntry[] = [];
  for (const charge of store.charges.values()) {
    if (charge.status !== 'succeeded') continue;
    const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? '');
    const invoiceId = store.invoiceOfPaymentIntent.get(intentId);
    const invoice = invoiceId === undefined ? undefined : store.invoices.get(invoiceId);
    const dispute = disputeOfCharge(context, charge.id);
    entries.push({
      id: invoice?.id ?? intentId,
      kind: invoice?.billing_reason === 'subscription_cycle' ? 'renewal' : 'payment',
      amount_cents: charge.amount,
      refunded_cents: charge.amount_refunded,
      disputed: disputedOf(dispute?.status),
      at: charge.created * 1000,
      customer: typeof charge.customer === 'string' ? charge.customer : (charge.customer?.id ?? null),
      metadata: { ...(invoice ? invoice.parent?.subscription_details?.metadata : store.paymentIntents.get(intentId)?.metadata) },
    });
  }
  return entries.sort((a, b) => a.at - b.at);
}
