/**
 * Test and local-stack controls under /_control (no auth, JSON bodies):
 * what only the buyer, the merchant's dashboard or the passing of time does in
 * real life (approving at PayPal, a refund made in PayPal's site, a
 * chargeback, a billing date, time passing), webhook redelivery, and errors
 * injected into the API's next answers (PayPal's negative testing).
 */
import { readClockTarget } from '../fake-clock';
import { billDue } from './bill-due';
import { type FakeContext } from './fake-context';
import { resetStore } from './fake-store';
import { readFault } from './inject-faults';
import { approveOrder, getOrder } from './manage-orders';
import { approveSubscription, getSubscription, renewSubscription } from './manage-subscriptions';
import { listLedger } from './money-ledger';
import { invalidRequest, resourceNotFound } from './paypal-errors';
import { type JsonObject, oneOfAt } from './read-fields';
import { getCapture, refundCapture, reverseCapture } from './refund-captures';

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
  // Waits until every delivery was attempted and no retry is waiting (tests, instead of polling).
  if (method === 'POST' && path === '/_control/settle') {
    await webhooks.settled();
    return { status: 200, body: { settled: true } };
  }
  if (method === 'POST' && path === '/_control/delivery-mode') {
    for (const flag of ['duplicate', 'out_of_order'] as const) {
      if (body[flag] !== undefined && typeof body[flag] !== 'boolean')
        throw invalidRequest(`/${flag}`, 'INVALID_PARAMETER_SYNTAX', `${flag} must be a boolean.`);
    }
    const mode = webhooks.setMode({
      ...(typeof body.duplicate === 'boolean' ? { duplicate: body.duplicate } : {}),
      ...(typeof body.out_of_order === 'boolean' ? { outOfOrder: body.out_of_order } : {}),
    });
    return { status: 200, body: { duplicate: mode.duplicate, out_of_order: mode.outOfOrder } };
  }
  // The next calls to an API path answer PayPal's error instead (inject-faults.ts).
  if (method === 'POST' && path === '/_control/faults') {
    const fault = readFault(body);
    context.store.faults.push(fault);
    return { status: 200, body: fault };
  }
  // A refund made in PayPal's site: the same refund the API makes (body as the API's: {amount?: {currency_code, value}}).
  const refundedId = idIn(/^\/_control\/captures\/([A-Za-z0-9-]+)\/refund$/);
  if (refundedId) return { status: 200, body: refundCapture(context, getCapture(context, refundedId), body) };
  const reversedId = idIn(/^\/_control\/captures\/([A-Za-z0-9-]+)\/reverse$/);
  if (reversedId) return { status: 200, body: reverseCapture(context, getCapture(context, reversedId)) };
  const orderId = idIn(/^\/_control\/orders\/([A-Za-z0-9-]+)\/approve$/);
  if (orderId) return { status: 200, body: approveOrder(context, getOrder(context, orderId)) };
  const approvedId = idIn(/^\/_control\/subscriptions\/([A-Za-z0-9-]+)\/approve$/);
  if (approvedId) return { status: 200, body: approveSubscription(context, getSubscription(context, approvedId)) };
  const renewedId = idIn(/^\/_control\/subscriptions\/([A-Za-z0-9-]+)\/renew$/);
  if (renewedId) {
    const outcome = oneOfAt(body, 'outcome', '', ['paid', 'failed'] as const);
    return { status: 200, body: renewSubscription(context, getSubscription(context, renewedId), outcome) };
  }
  // Every successful charge, with what was refunded or reversed of it (money-ledger.ts).
  if (method === 'GET' && path === '/_control/ledger') return { status: 200, body: { data: listLedger(context) } };
  // The fake's time (docs/local-stack/README.md): GET reads it; POST {to?} moves it (ms, never back) and bills what fell due.
  if (path === '/_control/clock' && method === 'GET') return { status: 200, body: { now: context.time.now(), settable: Boolean(context.time.clock.set) } };
  if (path === '/_control/clock' && method === 'POST') {
    const target = readClockTarget(context.time.clock, body.to);
    if ('error' in target) throw invalidRequest('/to', 'INVALID_PARAMETER_VALUE', target.error);
    if (target.to !== null) context.time.clock.set?.(target.to);
    return { status: 200, body: { now: context.time.now(), ...billDue(context) } };
  }
  if (method === 'POST' && path === '/_control/reset') {
    await webhooks.idle();
    webhooks.stopRetries();
    resetStore(store);
    return { status: 200, body: { reset: true } };
  }
  return null;
}
