import type { Timeline } from '../fake-clock';
import { createDeliveryEngine, type DeliveryMode, PAYPAL_RETRY_SCHEDULE, type RedeliveryOptions } from '../webhook-redelivery';
import type { FakeStore } from './fake-store';
import { eventId, nowIso } from './make-ids';
import type { PayPalEvent } from './paypal-shapes';
import type { WebhookSigner } from './sign-webhooks';

export interface WebhookTarget {
  webhookUrl: string | null;
  autoDeliver: boolean;
  baseUrl: () => string;
  /** Retries of failed deliveries (PayPal's schedule, compressed; ../webhook-redelivery.ts). */
  redelivery?: RedeliveryOptions;
  /** The fake's time: event and delivery times read it. */
  time: Timeline;
}

export interface EventSpec {
  type: string;
  resourceType: string;
  summary: string;
  resource: object;
  /** Orders v2 and Payments v2 resources say so; v1 resources (subscriptions, sales) do not. */
  resourceVersion?: '2.0';
}

export interface WebhookSender {
  /** Records an event for a state change and, when automatic delivery is on, queues it. */
  emit(spec: EventSpec): PayPalEvent;
  /** Sends a recorded event once more (same id and body, new transmission); resolves to the receiver's status, 0 if unreachable. */
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

export function createWebhookSender(store: FakeStore, signer: WebhookSigner, target: WebhookTarget): WebhookSender {
  let auto = target.autoDeliver;
  async function post(event: PayPalEvent, signal: AbortSignal): Promise<number> {
    const attempts = store.deliveries.get(event.id) ?? [];
    store.deliveries.set(event.id, attempts);
    if (!target.webhookUrl) return 0;
    const body = JSON.stringify(event);
    const headers = signer.sign(event.id, body);
    const attempt = { transmission_id: headers['PAYPAL-TRANSMISSION-ID'], at: nowIso(target) };
    try {
      const response = await fetch(target.webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'PayPal/AUHD-214.0-58349013', ...headers },
        body,
        signal,
      });
      await response.arrayBuffer();
      attempts.push({ ...attempt, status: response.status });
      return response.status;
    } catch (error) {
      attempts.push({ ...attempt, status: 0, error: error instanceof Error ? error.message : String(error) });
      return 0;
    }
  }

  // One queue keeps first deliveries in creation order, so a receiver never sees a capture before its order's approval; failures are retried on PayPal's schedule.
  const engine = createDeliveryEngine(post, PAYPAL_RETRY_SCHEDULE, target.redelivery);

  return {
    emit(spec) {
      const id = eventId();
      const event: PayPalEvent = {
        id,
        event_version: '1.0',
        create_time: nowIso(target),
        resource_type: spec.resourceType,
        ...(spec.resourceVersion ? { resource_version: spec.resourceVersion } : {}),
        event_type: spec.type,
        summary: spec.summary,
        // A snapshot: later changes to the resource must not rewrite what the event said.
        resource: structuredClone(spec.resource),
        links: [
          { href: `${target.baseUrl()}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
          { href: `${target.baseUrl()}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
        ],
      };
      store.events.push(event);
      store.eventsById.set(event.id, event);
      store.deliveries.set(event.id, []);
      if (auto && target.webhookUrl) engine.send(event);
      return event;
    },
    deliver(id) {
      const event = store.eventsById.get(id);
      if (!event) return Promise.reject(new Error(`No such event: ${id}`));
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
