/**
 * The payment processors of the demo history (history.ts, ADR 0120): a card
 * processor (Stripe's part) and PayPal, in the services' own interfaces, that
 * never refuse. Every payment succeeds, every PayPal order is approved, and a
 * subscription's renewals are charged on the processor's anniversaries until
 * it is cancelled; the history hands their notices to the webhooks' own
 * services. Their ids are `…_demo_…` / `DEMO-…`: the fakes of a running stack
 * never saw them (ADR 0120).
 */
import { dayjs } from '@studio/shared/format/dates';
import type { CardEvent, CardGateway, PaymentLookup } from '../../functions/src/data/payments/card-gateway';
import { PayPalError, type PayPalGateway, translatePayPalEvent } from '../../functions/src/data/payments/paypal-gateway';

/** Only the calls the history makes: any other would be a bug here, so it says so. */
function only<T extends object>(name: string, known: Partial<T>): T {
  return new Proxy(known as T, {
    get(target, prop) {
      const value = target[prop as keyof T];
      if (value === undefined && typeof prop === 'string' && prop !== 'then') throw new Error(`The demo history's ${name} does not do ${prop}.`);
      return value;
    },
  });
}

interface DemoSubscription {
  id: string;
  purchaseId: number;
  amountCents: number;
  period: 'day' | 'month' | 'year';
  interval: number;
  firstRenewalAt: Date;
  /** Renewals charged so far. */
  charged: number;
  cancelled: boolean;
}

type RenewalPaid = Extract<CardEvent, { kind: 'renewal-paid' }>;

export interface DemoCards {
  gateway: CardGateway;
  /** The renewals due by `now` of the subscriptions still running, charged now: each as the webhook's event of its paid invoice. */
  chargeDueRenewals(now: number): RenewalPaid[];
  /** When the running subscriptions' next renewals fall due, from `from` (inclusive) to `to` (exclusive). */
  renewalTimes(from: number, to: number): number[];
  /** The processor's notice that the cancelled subscription of purchase `purchaseId` ended (Stripe's customer.subscription.deleted). */
  endedEvent(purchaseId: number): CardEvent | null;
}

/**
 * The card processor: card and OXXO payments succeed and it answers the
 * reconciling job's look-up with that (the card it names keeps a
 * subscription's renewals); renewals are charged on the anniversaries of the
 * first one, as Stripe bills them (chargeAnniversaryAfter), until the
 * subscription is cancelled.
 */
export function demoCardProcessor(): DemoCards {
  const payments = new Map<string, PaymentLookup>();
  const subscriptions = new Map<string, DemoSubscription>();
  const chargeAt = (s: DemoSubscription, index: number) =>
    dayjs
      .utc(s.firstRenewalAt)
      .add(index * s.interval, s.period)
      .valueOf();
  const gateway = only<CardGateway>('card processor', {
    createCustomer: async (request) => `cus_demo_${request.customerId}`,
    createPayment: async (request) => {
      const id = `pi_demo_${request.purchaseId}`;
      payments.set(id, {
        kind: 'payment',
        status: 'succeeded',
        declined: false,
        amountCents: request.amountCents,
        paymentMethodId: request.method === 'card' ? `pm_demo_${request.processorCustomerId}` : null,
        purchaseId: request.purchaseId,
      });
      return { id, clientSecret: `${id}_secret_demo`, status: 'requires_payment_method' };
    },
    lookUpPayment: async (id) => payments.get(id) ?? null,
    startRenewals: async (request) => {
      const id = `sub_demo_${request.purchaseId}`;
      if (!subscriptions.has(id)) {
        subscriptions.set(id, {
          id,
          purchaseId: request.purchaseId,
          amountCents: request.amountCents,
          period: request.period,
          interval: request.interval,
          firstRenewalAt: request.firstRenewalAt,
          charged: 0,
          cancelled: false,
        });
      }
      return id;
    },
    cancelSubscription: async (id) => {
      const subscription = subscriptions.get(id);
      if (subscription) subscription.cancelled = true;
    },
    // The history's notices are the processor's own: already in the services' terms, nothing to verify.
    readEvent: (rawBody) => JSON.parse(rawBody.toString('utf8')) as CardEvent,
  });
  return {
    gateway,
    chargeDueRenewals(now) {
      const events: RenewalPaid[] = [];
      for (const s of subscriptions.values()) {
        while (!s.cancelled && chargeAt(s, s.charged) <= now) {
          s.charged += 1;
          const invoiceId = `in_demo_${s.purchaseId}_${s.charged}`;
          events.push({
            kind: 'renewal-paid',
            eventId: `evt_demo_${invoiceId}`,
            invoiceId,
            subscriptionId: s.id,
            purchaseId: s.purchaseId,
            amountCents: s.amountCents,
          });
        }
      }
      return events;
    },
    renewalTimes(from, to) {
      const times: number[] = [];
      for (const s of subscriptions.values()) {
        if (s.cancelled) continue;
        for (let index = s.charged; chargeAt(s, index) < to; index += 1) if (chargeAt(s, index) >= from) times.push(chargeAt(s, index));
      }
      return times;
    },
    endedEvent(purchaseId) {
      const s = subscriptions.get(`sub_demo_${purchaseId}`);
      if (!s?.cancelled) return null;
      return { kind: 'subscription-ended', eventId: `evt_demo_${s.id}_deleted`, subscriptionId: s.id, purchaseId: s.purchaseId };
    },
  };
}

export interface DemoPayPal {
  gateway: PayPalGateway;
  /** PayPal's notice of an order's completed capture (PAYMENT.CAPTURE.COMPLETED), as its webhook posts it; null before the capture. */
  captureNotice(orderId: string): Record<string, unknown> | null;
}

/** PayPal: every order is approved by its buyer and captured; its notices are PayPal's own shapes, read by the gateway's translation. */
export function demoPayPalProcessor(): DemoPayPal {
  const orders = new Map<string, { purchaseId: number; amount: number; captureId: string | null }>();
  const gateway = only<PayPalGateway>('PayPal', {
    clientId: 'demo',
    createOrder: async (request) => {
      const id = `DEMO-ORDER-${request.purchaseId}`;
      if (!orders.has(id)) orders.set(id, { purchaseId: request.purchaseId, amount: request.amount, captureId: null });
      return id;
    },
    captureOrder: async (orderId) => {
      const order = orders.get(orderId);
      if (!order) throw new PayPalError(404, 'RESOURCE_NOT_FOUND', `The demo PayPal has no order ${orderId}`);
      order.captureId ??= `DEMO-CAPTURE-${order.purchaseId}`;
      return { status: 'COMPLETED', purchaseId: order.purchaseId };
    },
    // Its own notices: genuine by construction, translated as PayPal's are.
    readNotice: async (_headers, body) => translatePayPalEvent(body as Record<string, unknown>),
  });
  return {
    gateway,
    captureNotice(orderId) {
      const order = orders.get(orderId);
      if (!order?.captureId) return null;
      return {
        id: `WH-DEMO-${order.captureId}`,
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource: { id: order.captureId, custom_id: String(order.purchaseId), amount: { currency_code: 'MXN', value: order.amount.toFixed(2) } },
      };
    },
  };
}
