import type { FakeStore } from './fake-store';
import { eventId, isoTime } from './make-ids';
import type { PayPalEvent } from './paypal-shapes';
import type { WebhookSigner } from './sign-webhooks';

export interface WebhookTarget {
  webhookUrl: string | null;
  autoDeliver: boolean;
  baseUrl: () => string;
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
  /** Resolves once every queued delivery has been attempted. */
  idle(): Promise<void>;
}

export function createWebhookSender(store: FakeStore, signer: WebhookSigner, target: WebhookTarget): WebhookSender {
  let auto = target.autoDeliver;
  // One queue keeps deliveries in creation order, so a receiver never sees a capture before its order's approval.
  let queue: Promise<unknown> = Promise.resolve();

  async function post(event: PayPalEvent): Promise<number> {
    const attempts = store.deliveries.get(event.id) ?? [];
    store.deliveries.set(event.id, attempts);
    if (!target.webhookUrl) return 0;
    const body = JSON.stringify(event);
    const headers = signer.sign(event.id, body);
    const attempt = { transmission_id: headers['PAYPAL-TRANSMISSION-ID'], at: isoTime() };
    try {
      const response = await fetch(target.webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'PayPal/AUHD-214.0-58349013', ...headers },
        body,
      });
      await response.arrayBuffer();
      attempts.push({ ...attempt, status: response.status });
      return response.status;
    } catch (error) {
      attempts.push({ ...attempt, status: 0, error: error instanceof Error ? error.message : String(error) });
      return 0;
    }
  }

  function enqueue(event: PayPalEvent): Promise<number> {
    const result = queue.then(() => post(event));
    queue = result.catch(() => undefined);
    return result;
  }

  return {
    emit(spec) {
      const id = eventId();
      const event: PayPalEvent = {
        id,
        event_version: '1.0',
        create_time: isoTime(),
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
      if (auto && target.webhookUrl) void enqueue(event);
      return event;
    },
    deliver(id) {
      const event = store.eventsById.get(id);
      if (!event) return Promise.reject(new Error(`No such event: ${id}`));
      return enqueue(event);
    },
    setAutoDeliver(on) {
      auto = on;
    },
    async idle() {
      await queue;
    },
  };
}
