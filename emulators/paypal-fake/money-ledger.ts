/**
 * Every successful charge the fake made, as GET /_control/ledger lists it: a
 * simulation checks the processor's money against what the app granted, one
 * entry per charge. `id` is what the app records as the invoice's
 * provider_ref: the capture of an order (handle-paypal-notice.ts), the sale
 * of a subscription's billing (handle-paypal-subscription.ts). `kind` is
 * 'payment' for captures and the sale made at approval, 'renewal' for the
 * sales of later billing dates (a trial's end included). A reversal (a
 * chargeback) shows as disputed 'lost', not as refunded. `metadata` carries
 * the custom_id the app set; `customer` is the buyer's payer id.
 */
import { type FakeContext } from './fake-context';
import { toCents } from './read-fields';

export interface LedgerEntry {
  id: string;
  kind: 'payment' | 'renewal';
  amount_cents: number;
  refunded_cents: number;
  /** PayPal's disputes are not played, only their loss (a reversal): 'lost' or null. */
  disputed: 'open' | 'won' | 'lost' | null;
  /** Milliseconds since the epoch (the capture's or sale's create_time). */
  at: number;
  customer: string | null;
  metadata: Record<string, string>;
}

const customOf = (custom: string | undefined): Record<string, string> => (custom === undefined ? {} : { custom_id: custom });

export function listLedger(context: FakeContext): LedgerEntry[] {
  const { store } = context;
  const entries: LedgerEntry[] = [];
  for (const order of store.orders.values()) {
    for (const unit of order.purchase_units) {
      for (const capture of unit.payments?.captures ?? []) {
        const refunds = (unit.payments?.refunds ?? []).filter((refund) => !store.reversals.has(refund.id));
        entries.push({
          id: capture.id,
          kind: 'payment',
          amount_cents: toCents(capture.amount.value),
          refunded_cents: refunds.reduce((sum, refund) => sum + toCents(refund.amount.value), 0),
          disputed: capture.status === 'REVERSED' ? 'lost' : null,
          at: Date.parse(capture.create_time),
          customer: order.payer?.payer_id ?? null,
          metadata: customOf(capture.custom_id),
        });
      }
    }
  }
  for (const sale of store.sales.values()) {
    const amount = toCents(sale.amount.total);
    entries.push({
      id: sale.id,
      kind: store.saleKinds.get(sale.id) ?? 'renewal',
      amount_cents: amount,
      refunded_cents: sale.state === 'refunded' ? amount : 0,
      disputed: null,
      at: Date.parse(sale.create_time),
      customer: store.subscriptions.get(sale.billing_agreement_id)?.subscriber?.payer_id ?? null,
      metadata: customOf(sale.custom),
    });
  }
  return entries.sort((a, b) => a.at - b.at);
}
