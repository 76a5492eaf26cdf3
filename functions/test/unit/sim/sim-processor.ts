/**
 * A card processor for the simulated studio (studio-month.test.ts): it
 * keeps the money it moved (charges, refunds) and bills subscriptions on the
 * simulation's clock, and tells the API through Stripe-shaped events that
 * arrive as Stripe's do at their worst: late, twice, out of order, and
 * (payments only) never, which the reconciling job must make up for.
 */
import type { CardGateway, PaymentLookup, RenewalsRequest } from '../../../src/data/payments/card-gateway';
import { cardGatewayDouble, savedCard, stripeEvent } from '../purchases/card-gateway-double';

export interface SimCharge {
  /** The processor's payment (pi_…) or renewal invoice (in_…): what our invoices name as provider_ref. */
  id: string;
  purchaseId: number;
  amountCents: number;
  at: Date;
  kind: 'payment' | 'renewal';
  refundedCents: number;
}

interface Intent {
  id: string;
  kind: 'payment' | 'setup';
  purchaseId: number | null;
  amountCents: number;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  paymentMethod: string | null;
}

interface Subscription {
  id: string;
  request: RenewalsRequest;
  nextAt: Date;
  active: boolean;
  cycles: number;
}

export interface QueuedEvent {
  body: Record<string, unknown>;
  /** Delivered once the clock reaches it. */
  at: Date;
  /** The kind of the event, for the fault rules. */
  type: string;
}

export const SIM_WEBHOOK_SECRET = 'whsec_sim_local';

export class SimProcessor {
  readonly charges: SimCharge[] = [];
  readonly queue: QueuedEvent[] = [];
  readonly intents = new Map<string, Intent>();
  readonly subscriptions = new Map<string, Subscription>();
  private seq = 0;
  /** startRenewals calls that fail next (the processor down right after a grant). */
  failRenewals = 0;

  private readonly now: () => Date;
  /** Decides each event's fate: how many deliveries (0 = lost) and how late (ms). */
  private readonly fate: (type: string) => { copies: number; delayMs: number };

  constructor(now: () => Date, fate: (type: string) => { copies: number; delayMs: number }) {
    this.now = now;
    this.fate = fate;
  }

  private emit(type: string, object: Record<string, unknown>): void {
    const body = stripeEvent(type, object, { created: this.now(), id: `evt_sim_${++this.seq}` });
    const { copies, delayMs } = this.fate(type);
    for (let i = 0; i < copies; i++) this.queue.push({ body, at: new Date(this.now().getTime() + delayMs * (i + 1)), type });
  }

  private charge(id: string, purchaseId: number, amountCents: number, kind: SimCharge['kind']): void {
    this.charges.push({ id, purchaseId, amountCents, at: this.now(), kind, refundedCents: 0 });
  }

  /** The customer's browser completes the card field (or 3-D Secure): the payment succeeds. */
  pay(intentId: string, paymentMethod: string): void {
    const intent = this.intents.get(intentId);
    if (!intent || intent.status !== 'requires_payment_method') return;
    intent.status = 'succeeded';
    intent.paymentMethod = paymentMethod;
    const metadata = { purchase_id: String(intent.purchaseId) };
    if (intent.kind === 'setup') {
      this.emit('setup_intent.succeeded', { id: intent.id, object: 'setup_intent', status: 'succeeded', payment_method: paymentMethod, metadata });
      return;
    }
    this.charge(intent.id, intent.purchaseId as number, intent.amountCents, 'payment');
    this.emit('payment_intent.succeeded', {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amountCents,
      amount_received: intent.amountCents,
      currency: 'mxn',
      payment_method: paymentMethod,
      metadata,
    });
  }

  /** Bills every subscription due by now, as Stripe's clock would. */
  billDue(): void {
    for (const sub of this.subscriptions.values()) {
      while (sub.active && sub.nextAt.getTime() <= this.now().getTime()) {
        const invoiceId = `in_${sub.id}_${++sub.cycles}`;
        const { purchaseId, amountCents } = sub.request;
        this.charge(invoiceId, purchaseId, amountCents, 'renewal');
        this.emit('invoice.paid', {
          id: invoiceId,
          object: 'invoice',
          billing_reason: 'subscription_cycle',
          amount_due: amountCents,
          amount_paid: amountCents,
          parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: { purchase_id: String(purchaseId) } } },
        });
        sub.nextAt = addPeriod(sub.nextAt, sub.request.period, sub.request.interval);
      }
    }
  }

  /** Events due by now, taken off the queue in the order they fall due. */
  takeDue(): QueuedEvent[] {
    const now = this.now().getTime();
    const due = this.queue.filter((e) => e.at.getTime() <= now).sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const e of due) this.queue.splice(this.queue.indexOf(e), 1);
    return due;
  }

  /** Stripe delivers a failed event again later (its schedule, compressed to hours). */
  redeliver(event: QueuedEvent, delayMs: number): void {
    this.queue.push({ ...event, at: new Date(this.now().getTime() + delayMs) });
  }

  gateway(): CardGateway {
    const owners = new Map<string, string | null>();
    return cardGatewayDouble(
      {
        createPayment: async (request) => {
          const id = `pi_${request.idempotencyKey}`;
          let intent = this.intents.get(id);
          if (!intent) {
            intent = {
              id,
              kind: 'payment',
              purchaseId: request.purchaseId,
              amountCents: request.amountCents,
              status: 'requires_payment_method',
              paymentMethod: null,
            };
            this.intents.set(id, intent);
          }
          // A saved card is confirmed by the server: charged at once.
          if (request.savedCardId) this.pay(id, request.savedCardId);
          return { id, clientSecret: `${id}_secret_sim`, status: intent.status };
        },
        createCardSetup: async (request) => {
          const id = `seti_${request.idempotencyKey}`;
          if (!this.intents.has(id))
            this.intents.set(id, { id, kind: 'setup', purchaseId: request.purchaseId, amountCents: 0, status: 'requires_payment_method', paymentMethod: null });
          return { id, clientSecret: `${id}_secret_sim`, status: 'requires_payment_method' };
        },
        startRenewals: async (request) => {
          if (this.failRenewals > 0) {
            this.failRenewals--;
            throw new Error('processor unavailable');
          }
          const id = `sub_${request.idempotencyKey}`;
          if (!this.subscriptions.has(id)) this.subscriptions.set(id, { id, request, nextAt: request.firstRenewalAt, active: true, cycles: 0 });
          return id;
        },
        changeRenewalPrice: async (subscriptionId, amountCents) => {
          const sub = this.subscriptions.get(subscriptionId);
          if (sub) sub.request = { ...sub.request, amountCents };
        },
        cancelSubscription: async (subscriptionId) => {
          const sub = this.subscriptions.get(subscriptionId);
          if (!sub?.active) return;
          sub.active = false;
          this.emit('customer.subscription.deleted', { id: sub.id, object: 'subscription', metadata: { purchase_id: String(sub.request.purchaseId) } });
        },
        refundPayment: async (paymentId) => {
          const charge = this.charges.find((c) => c.id === paymentId);
          if (!charge || charge.refundedCents >= charge.amountCents) return;
          charge.refundedCents = charge.amountCents;
          this.emit('charge.refunded', {
            id: `ch_${paymentId}`,
            object: 'charge',
            payment_intent: paymentId,
            amount: charge.amountCents,
            amount_refunded: charge.amountCents,
            refunded: true,
            metadata: { purchase_id: String(charge.purchaseId) },
          });
        },
        cancelPayment: async (ref) => {
          const intent = this.intents.get(ref);
          if (intent?.status === 'requires_payment_method') intent.status = 'canceled';
          return intent?.status ?? 'canceled';
        },
        subscriptionCard: async (subscriptionId) => this.subscriptions.get(subscriptionId)?.request.paymentMethodId ?? null,
        changeSubscriptionCard: async (subscriptionId, cardId) => {
          const sub = this.subscriptions.get(subscriptionId);
          if (sub) sub.request = { ...sub.request, paymentMethodId: cardId };
        },
        lookUpPayment: async (ref): Promise<PaymentLookup | null> => {
          const intent = this.intents.get(ref);
          if (!intent) return null;
          return {
            kind: intent.kind,
            status: intent.status,
            declined: false,
            amountCents: intent.amountCents,
            paymentMethodId: intent.paymentMethod,
            purchaseId: intent.purchaseId,
          };
        },
        createCheckoutSession: async () => {
          throw new Error('The simulation pays with the card field');
        },
        listCards: async (customerId) => [...owners.entries()].filter(([, owner]) => owner === customerId).map(([id, owner]) => savedCard(id, owner)),
        getCard: async (id) => (owners.has(id) ? savedCard(id, owners.get(id) ?? null) : null),
        attachCard: async (id, customerId) => {
          owners.set(id, customerId);
          return savedCard(id, customerId);
        },
        detachCard: async (id) => {
          owners.set(id, null);
        },
      },
      SIM_WEBHOOK_SECRET,
    );
  }
}

function addPeriod(from: Date, period: RenewalsRequest['period'], interval: number): Date {
  const d = new Date(from);
  if (period === 'day') d.setUTCDate(d.getUTCDate() + interval);
  else if (period === 'month') d.setUTCMonth(d.getUTCMonth() + interval);
  else d.setUTCFullYear(d.getUTCFullYear() + interval);
  return d;
}
