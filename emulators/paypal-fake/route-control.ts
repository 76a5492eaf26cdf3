/**
 * Test and local-stack controls under /_control (no auth, JSON bodies):
 * what only the buyer or the passing of time does in real life (approving at
 * PayPal, a billing date) and webhook redelivery.
 */
import { type FakeContext } from './fake-context';
import { resetStore } from './fake-store';
import { approveOrder, getOrder } from './manage-orders';
import { approveSubscription, getSubscription, renewSubscription } from './manage-subscriptions';
import { invalidRequest, resourceNotFound } from './paypal-errors';
import { type JsonObject, oneOfAt } from './read-fields';

export interface ControlReply {
  status: number;
  body: unknown;
}

export async function handleControl(context: FakeContext, method: string, path: string, body: JsonObject): Promise<ControlReply | null> {
  const { store, webhooks } = context;
  const idIn = (pattern: RegExp) => (method === 'POST' ? pattern.exec(path)?.[1] : undefined);
  if (method === 'GET' && path === '/_control/events') {
    return { status: 200, body: { events: store.events.map((event) => ({ ...event, deliveries: store.deliveries.get(event.id) ?? [] })) } };
  }
  const eventId = idIn(/^\/_control\/events\/([A-Za-z0-9-]+)\/deliver$/);
  if (eventId) {
    if (!store.eventsById.has(eventId)) throw resourceNotFound(eventId, 'event_id');
    return { status: 200, body: { id: eventId, status: await webhooks.deliver(eventId) } };
  }
  if (method === 'POST' && path === '/_control/auto-deliver') {
    if (typeof body.on !== 'boolean') throw invalidRequest('/on', 'INVALID_PARAMETER_SYNTAX', 'on must be a boolean.');
    webhooks.setAutoDeliver(body.on);
    return { status: 200, body: { on: body.on } };
  }
  const orderId = idIn(/^\/_control\/orders\/([A-Za-z0-9-]+)\/approve$/);
  if (orderId) return { status: 200, body: approveOrder(context, getOrder(context, orderId)) };
  const approvedId = idIn(/^\/_control\/subscriptions\/([A-Za-z0-9-]+)\/approve$/);
  if (approvedId) return { status: 200, body: approveSubscription(context, getSubscription(context, approvedId)) };
  const renewedId = idIn(/^\/_control\/subscriptions\/([A-Za-z0-9-]+)\/renew$/);
  if (renewedId) {
    const outcome = oneOfAt(body, 'outcome', '', ['paid', 'failed'] as const);
    return { status: 200, body: renewSubscription(context, getSubscription(context, renewedId), outcome) };
  }
  if (method === 'POST' && path === '/_control/reset') {
    await webhooks.idle();
    resetStore(store);
    return { status: 200, body: { reset: true } };
  }
  return null;
}
