import Stripe from 'stripe';
import type { Timeline } from '../fake-clock';
import { createDeliveryEngine, type DeliveryMode, type RedeliveryOptions, STRIPE_RETRY_SCHEDULE } from '../webhook-redelivery';
import type { FakeStore } from './fake-store';
import { newId, nowSeconds } from './make-ids';
import type { FakeEvent } from './stripe-shapes';

export const API_VERSION = '2026-10-28.endive';

export interface WebhookTarget {
  webhookUrl: string | null;
  webhookSecret: string;
  autoDeliver: boolean;
  /** Retries of failed deliveries (Stripe's schedule, compressed; ../webhook-redelivery.ts). */
  redelivery?: RedeliveryOptions;
  /** The fake's time: event and delivery times read it (the signature's timestamp stays real time: the receiver checks it against its own clock). */
  time: Timeline;
}

export interface WebhookSender {
  /** Records an event for a state change and, when automatic delivery is on, queues it. */
  emit(type: string, object: object): FakeEvent;
  /** Sends a recorded event once more (same id and payload, fresh signature); resolves to the receiver's status. */
  deliver(eventId: string): Promise<number>;
  setAutoDeliver(on: boolean): void;
  /** Duplicate or out-of-order delivery, when a test asks for it (control endpoint). */
  setMode(mode: Partial<DeliveryMode>): DeliveryMode;
  /** Resolves once every queued delivery has been attempted. */
  idle(): Promise<void>;
  /** Resolves once no retry is waiting either. */
  settled(): Promise<void>;
  /** Drops the retries still waiting (a reset). */
  stopRetries(): void;
}

export function createWebhookSender(store: FakeStore, target: WebhookTarget): WebhookSender {
  let auto = target.autoDeliver;
  async function post(event: FakeEvent, signal: AbortSignal): Promise<number> {
    const attempts = store.deliveries.get(event.id) ?? [];
    store.deliveries.set(event.id, attempts);
    if (!target.webhookUrl) return 0;
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: target.webhookSecret });
    try {
      const response = await fetch(target.webhookUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': signature,
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal,
      });
      await response.arrayBuffer();
      attempts.push({ status: response.status, at: nowSeconds(target) });
      return response.status;
    } catch (error) {
      attempts.push({ status: 0, at: nowSeconds(target), error: error instanceof Error ? error.message : String(error) });
      return 0;
    }
  }

  // One queue keeps first deliveries in creation order, which is at least per-object order; failures are retried on Stripe's schedule.
  const engine = createDeliveryEngine(post, STRIPE_RETRY_SCHEDULE, target.redelivery);

  return {
    emit(type, object) {
      const event: FakeEvent = {
        id: newId('evt'),
        object: 'event',
        api_version: API_VERSION,
        created: nowSeconds(target),
        livemode: false,
        type,
        // A snapshot: later changes to the object must not rewrite what the event said.
        data: { object: structuredClone(object) },
        pending_webhooks: target.webhookUrl ? 1 : 0,
        request: { id: null, idempotency_key: null },
      };
      store.events.push(event);
      store.eventsById.set(event.id, event);
      store.deliveries.set(event.id, []);
      if (auto && target.webhookUrl) engine.send(event);
      return event;
    },
    deliver(eventId) {
      const event = store.eventsById.get(eventId);
      if (!event) return Promise.reject(new Error(`No such event: ${eventId}`));
      return engine.resend(event);
    },
    setAutoDeliver(on) {
      auto = on;
    },
    setMode: engine.setMode,
    idle: engine.idle,
    settled: engine.settled,
    stopRetries: engine.stop,
  };
}
