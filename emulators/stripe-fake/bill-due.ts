/**
 * Time passing at Stripe: what falls due by the fake's clock is played in
 * time order, each at its own instant (../fake-clock.ts playDue). A
 * subscription whose period ended is renewed (a trial's end is its first paid
 * invoice; the card decides the outcome) or, when it was to cancel at period
 * end, ends (customer.subscription.deleted); a failed renewal is retried when
 * its next_payment_attempt comes (manage-billing.ts RENEWAL_RETRY_DAYS); an
 * OXXO voucher past its expires_after expires, as the /oxxo control's
 * 'expired' does. Events go through the webhook sender as any other.
 */
import { type BillingCounts, type DueWork, playDue } from '../fake-clock';
import { type FakeContext } from './fake-context';
import { endSubscription, renewSubscription, retryInvoice } from './manage-billing';
import { settleOxxoVoucher } from './manage-payment-intents';
import type { FakeInvoice, FakeSubscription } from './stripe-shapes';

const RENEWING = new Set(['active', 'trialing', 'past_due']);

/** How a charge of an invoice counts: paid, or failed (and the subscription ended if that was the last retry). */
function countInvoice(invoice: FakeInvoice, subscription: FakeSubscription | undefined): Array<keyof BillingCounts> {
  if (invoice.status === 'paid') return ['renewed'];
  return subscription?.status === 'canceled' ? ['failed', 'ended'] : ['failed'];
}

function periodEnds(context: FakeContext, subscription: FakeSubscription, periodEnd: number): Array<keyof BillingCounts> {
  if (subscription.cancel_at_period_end || (subscription.cancel_at !== null && subscription.cancel_at <= periodEnd)) {
    endSubscription(context, subscription, 'cancellation_requested');
    return ['ended'];
  }
  return countInvoice(renewSubscription(context, subscription.id, 'paid'), subscription);
}

function dueWork(context: FakeContext): DueWork[] {
  const { store } = context;
  const work: DueWork[] = [];
  for (const subscription of store.subscriptions.values()) {
    const periodEnd = subscription.items.data[0]?.current_period_end;
    if (!RENEWING.has(subscription.status) || periodEnd === undefined) continue;
    // cancel_at ends it then, at the latest at the period's end.
    const at = subscription.cancel_at !== null && subscription.cancel_at < periodEnd ? subscription.cancel_at : periodEnd;
    work.push({ at: at * 1000, run: () => periodEnds(context, subscription, periodEnd) });
  }
  for (const invoice of store.invoices.values()) {
    if (invoice.status !== 'open' || invoice.next_payment_attempt === null) continue;
    work.push({
      at: invoice.next_payment_attempt * 1000,
      run: () => {
        retryInvoice(context, invoice);
        return countInvoice(invoice, store.subscriptions.get(String(invoice.parent?.subscription_details?.subscription)));
      },
    });
  }
  for (const intent of store.paymentIntents.values()) {
    const voucher = intent.status === 'requires_action' ? intent.next_action?.oxxo_display_details : undefined;
    if (!voucher?.expires_after) continue;
    work.push({
      at: voucher.expires_after * 1000,
      run: () => {
        settleOxxoVoucher(context, intent, 'expired');
        return [];
      },
    });
  }
  return work;
}

/** Plays everything due by the fake's clock; answers what it counted. */
export function billDue(context: FakeContext): BillingCounts {
  return playDue(context.time, () => dueWork(context));
}
