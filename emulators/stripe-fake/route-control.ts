/**
 * Test and local-stack controls under /_control (no auth, JSON bodies):
 * things only the outside world does in real life (paying an OXXO voucher,
 * a billing cycle passing, time passing, a refund made in the Dashboard, a
 * dispute) and webhook redelivery.
 */
import { readClockTarget } from '../fake-clock';
import { billDue } from './bill-due';
import { createRefund } from './create-refunds';
import { type FakeContext } from './fake-context';
import { resetStore } from './fake-store';
import { renewSubscription } from './manage-billing';
import { closeDispute, forgetDisputes, openDispute } from './manage-disputes';
import { getPaymentIntent, settleOxxoVoucher } from './manage-payment-intents';
import { listLedger } from './money-ledger';
import type { FormObject } from './parse-form';
import { invalidRequest, resourceMissing } from './stripe-errors';

export interface ControlReply {
  status: number;
  body: unknown;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], param: string): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw invalidRequest(`${param} must be one of: ${allowed.join(', ')}`, param);
}

export async function handleControl(context: FakeContext, method: string, path: string, body: FormObject): Promise<ControlReply | null> {
  const { store, webhooks } = context;
  if (method === 'GET' && path === '/_control/events') {
    return { status: 200, body: { data: store.events.map((event) => ({ ...event, deliveries: store.deliveries.get(event.id) ?? [] })) } };
  }
  const deliver = /^\/_control\/events\/([A-Za-z0-9_]+)\/deliver$/.exec(path);
  if (method === 'POST' && deliver) {
    const eventId = deliver[1] ?? '';
    if (!store.eventsById.has(eventId)) throw resourceMissing(eventId);
    return { status: 200, body: { id: eventId, status: await webhooks.deliver(eventId) } };
  }
  if (method === 'POST' && path === '/_control/auto-deliver') {
    if (typeof body.on !== 'boolean') throw invalidRequest('on must be a boolean', 'on');
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
      if (body[flag] !== undefined && typeof body[flag] !== 'boolean') throw invalidRequest(`${flag} must be a boolean`, flag);
    }
    const mode = webhooks.setMode({
      ...(typeof body.duplicate === 'boolean' ? { duplicate: body.duplicate } : {}),
      ...(typeof body.out_of_order === 'boolean' ? { outOfOrder: body.out_of_order } : {}),
    });
    return { status: 200, body: { duplicate: mode.duplicate, out_of_order: mode.outOfOrder } };
  }
  // A refund made in the Dashboard: the same refund the API makes (charge.refunded follows), with no idempotency key of ours.
  const refunded = /^\/_control\/payment_intents\/([A-Za-z0-9_]+)\/refund$/.exec(path);
  if (method === 'POST' && refunded) {
    const params: FormObject = { payment_intent: refunded[1] ?? '' };
    if (body.amount !== undefined) params.amount = String(body.amount);
    return { status: 200, body: createRefund(context, params) };
  }
  const disputed = /^\/_control\/payment_intents\/([A-Za-z0-9_]+)\/dispute$/.exec(path);
  if (method === 'POST' && disputed) return { status: 200, body: openDispute(context, disputed[1] ?? '') };
  const closed = /^\/_control\/disputes\/([A-Za-z0-9_]+)\/close$/.exec(path);
  if (method === 'POST' && closed)
    return { status: 200, body: closeDispute(context, closed[1] ?? '', oneOf(body.outcome, ['won', 'lost'] as const, 'outcome')) };
  const oxxo = /^\/_control\/payment_intents\/([A-Za-z0-9_]+)\/oxxo$/.exec(path);
  if (method === 'POST' && oxxo) {
    const intent = getPaymentIntent(context, oxxo[1] ?? '');
    return { status: 200, body: settleOxxoVoucher(context, intent, oneOf(body.outcome, ['paid', 'expired'] as const, 'outcome')) };
  }
  // Every successful charge, with what was refunded or disputed of it (money-ledger.ts).
  if (method === 'GET' && path === '/_control/ledger') return { status: 200, body: { data: listLedger(context) } };
  // The fake's time (docs/local-stack/README.md): GET reads it; POST {to?} moves it (ms, never back) and bills what fell due.
  if (path === '/_control/clock' && method === 'GET') return { status: 200, body: { now: context.time.now(), settable: Boolean(context.time.clock.set) } };
  if (path === '/_control/clock' && method === 'POST') {
    const target = readClockTarget(context.time.clock, body.to);
    if ('error' in target) throw invalidRequest(target.error, 'to');
    if (target.to !== null) context.time.clock.set?.(target.to);
    return { status: 200, body: { now: context.time.now(), ...billDue(context) } };
  }
  const renew = /^\/_control\/subscriptions\/([A-Za-z0-9_]+)\/renew$/.exec(path);
  if (method === 'POST' && renew) {
    const invoice = renewSubscription(context, renew[1] ?? '', oneOf(body.outcome, ['paid', 'failed'] as const, 'outcome'));
    return { status: 200, body: { invoice: context.store.invoices.get(invoice.id), subscription: context.store.subscriptions.get(renew[1] ?? '') } };
  }
  if (method === 'POST' && path === '/_control/reset') {
    await webhooks.idle();
    webhooks.stopRetries();
    resetStore(store);
    forgetDisputes(context);
    return { status: 200, body: { reset: true } };
  }
  return null;
}
