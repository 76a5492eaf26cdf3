/**
 * Time passing at PayPal: each ACTIVE subscription whose billing date came
 * (next_billing_time, or the retry of a failed charge) is billed in time
 * order, each at its own instant (../fake-clock.ts playDue), by the same
 * renewSubscription as the /renew control: the next cycle is charged (the
 * buyer's PayPal pays: failures are played with /renew {outcome: failed}),
 * a free trial cycle charges nothing, and a plan whose cycles are all done
 * expires. A cancelled or suspended subscription is not billed (PayPal
 * cancels at once, announced when it happens).
 */
import { type BillingCounts, type DueWork, playDue } from '../fake-clock';
import { type FakeContext } from './fake-context';
import { renewSubscription } from './manage-subscriptions';
import type { PayPalSubscription } from './paypal-shapes';

function billingDateCame(context: FakeContext, subscription: PayPalSubscription): Array<keyof BillingCounts> {
  const sales = context.store.sales.size;
  renewSubscription(context, subscription, 'paid');
  if (subscription.status === 'EXPIRED') return ['ended'];
  return context.store.sales.size > sales ? ['renewed'] : [];
}

function dueWork(context: FakeContext): DueWork[] {
  const work: DueWork[] = [];
  for (const subscription of context.store.subscriptions.values()) {
    const info = subscription.billing_info;
    const due = info?.last_failed_payment?.next_payment_retry_time ?? info?.next_billing_time;
    if (subscription.status !== 'ACTIVE' || due === undefined) continue;
    work.push({ at: Date.parse(due), run: () => billingDateCame(context, subscription) });
  }
  return work;
}

/** Plays every billing date that came by the fake's clock; answers what it counted. */
export function billDue(context: FakeContext): BillingCounts {
  return playDue(context.time, () => dueWork(context));
}
