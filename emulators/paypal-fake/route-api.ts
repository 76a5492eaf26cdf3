import { type FakeContext } from './fake-context';
import { createPlan, createProduct, getPlan, getProduct } from './manage-catalog';
import { captureOrder, createOrder, getOrder } from './manage-orders';
import { activateSubscription, cancelSubscription, createSubscription, getSubscription, suspendSubscription } from './manage-subscriptions';
import { invalidRequest, resourceNotFound } from './paypal-errors';
import type { JsonObject } from './read-fields';
import { getCapture, getRefund, refundCapture, refundSale } from './refund-captures';
import type { VerificationClaim } from './sign-webhooks';

export interface ApiCall {
  context: FakeContext;
  body: JsonObject;
  ids: string[];
}

/** A null body is answered 204 No Content. */
export interface ApiResult {
  status: number;
  body: object | null;
}

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handle(call: ApiCall): ApiResult;
}

const route = (method: Route['method'], path: string, handle: Route['handle']): Route => ({
  method,
  pattern: new RegExp(`^${path.replaceAll(':id', '([A-Za-z0-9-]+)')}$`),
  handle,
});
const id = (call: ApiCall) => call.ids[0] ?? '';
const ok = (body: object): ApiResult => ({ status: 200, body });
const created = (body: object): ApiResult => ({ status: 201, body });
const noContent: ApiResult = { status: 204, body: null };

const CLAIM_FIELDS = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'] as const;

function readClaim(body: JsonObject): VerificationClaim {
  for (const field of CLAIM_FIELDS) {
    if (typeof body[field] !== 'string' || body[field] === '')
      throw invalidRequest(`/${field}`, 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
  }
  if (typeof body.webhook_event !== 'object' || body.webhook_event === null) {
    throw invalidRequest('/webhook_event', 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
  }
  return body as unknown as VerificationClaim;
}

function getEvent(context: FakeContext, eventId: string) {
  const event = context.store.eventsById.get(eventId);
  if (!event) throw resourceNotFound(eventId, 'event_id');
  return event;
}

function getSale(context: FakeContext, saleId: string) {
  const sale = context.store.sales.get(saleId);
  if (!sale) throw resourceNotFound(saleId, 'sale_id');
  return sale;
}

const ROUTES: Route[] = [
  route('POST', '/v2/checkout/orders', (call) => created(createOrder(call.context, call.body))),
  route('GET', '/v2/checkout/orders/:id', (call) => ok(getOrder(call.context, id(call)))),
  route('POST', '/v2/checkout/orders/:id/capture', (call) => created(captureOrder(call.context, getOrder(call.context, id(call))))),
  route('GET', '/v2/payments/captures/:id', (call) => ok(getCapture(call.context, id(call)))),
  route('POST', '/v2/payments/captures/:id/refund', (call) => created(refundCapture(call.context, getCapture(call.context, id(call)), call.body))),
  route('GET', '/v2/payments/refunds/:id', (call) => ok(getRefund(call.context, id(call)))),
  route('POST', '/v1/catalogs/products', (call) => created(createProduct(call.context, call.body))),
  route('GET', '/v1/catalogs/products/:id', (call) => ok(getProduct(call.context, id(call)))),
  route('POST', '/v1/billing/plans', (call) => created(createPlan(call.context, call.body))),
  route('GET', '/v1/billing/plans/:id', (call) => ok(getPlan(call.context, id(call)))),
  route('POST', '/v1/billing/subscriptions', (call) => created(createSubscription(call.context, call.body))),
  route('GET', '/v1/billing/subscriptions/:id', (call) => ok(getSubscription(call.context, id(call)))),
  route('POST', '/v1/billing/subscriptions/:id/cancel', (call) => {
    cancelSubscription(call.context, getSubscription(call.context, id(call)), call.body);
    return noContent;
  }),
  route('POST', '/v1/billing/subscriptions/:id/suspend', (call) => {
    suspendSubscription(call.context, getSubscription(call.context, id(call)), call.body);
    return noContent;
  }),
  route('POST', '/v1/billing/subscriptions/:id/activate', (call) => {
    activateSubscription(call.context, getSubscription(call.context, id(call)), call.body);
    return noContent;
  }),
  route('GET', '/v1/payments/sale/:id', (call) => ok(getSale(call.context, id(call)))),
  route('POST', '/v1/payments/sale/:id/refund', (call) => created(refundSale(call.context, getSale(call.context, id(call))))),
  route('POST', '/v1/notifications/verify-webhook-signature', (call) => ok({ verification_status: call.context.signer.verify(readClaim(call.body)) })),
  route('GET', '/v1/notifications/webhooks-events/:id', (call) => ok(getEvent(call.context, id(call)))),
  // PayPal answers a resend at once and delivers later; the delivery shows in /_control/events.
  route('POST', '/v1/notifications/webhooks-events/:id/resend', (call) => {
    const event = getEvent(call.context, id(call));
    void call.context.webhooks.deliver(event.id);
    return { status: 202, body: event };
  }),
];

export function findApiRoute(method: string, path: string): { route: Route; ids: string[] } | null {
  for (const candidate of ROUTES) {
    if (candidate.method !== method) continue;
    const match = candidate.pattern.exec(path);
    if (match) return { route: candidate, ids: match.slice(1) };
  }
  return null;
}

export const routeExists = (path: string): boolean => ROUTES.some((candidate) => candidate.pattern.test(path));
