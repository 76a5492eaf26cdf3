import { createRefund } from './create-refunds';
import { type FakeContext } from './fake-context';
import { cancelSubscription, createSubscription, getInvoice, getSubscription, listInvoices, updateSubscription } from './manage-billing';
import { createPrice, createProduct, getPrice, getProduct } from './manage-catalog';
import { createSession, getSession } from './manage-checkout-sessions';
import { createCustomer, getCustomer, updateCustomer } from './manage-customers';
import { cancelPaymentIntent, checkClientSecret, confirmPaymentIntent, createPaymentIntent, getPaymentIntent } from './manage-payment-intents';
import { attachPaymentMethod, createPaymentMethod, detachPaymentMethod, getPaymentMethod, listPaymentMethods } from './manage-payment-methods';
import { cancelSetupIntent, confirmSetupIntent, createSetupIntent, getSetupIntent } from './manage-setup-intents';
import { advanceTestClock, createTestClock, deleteTestClock, getTestClock, listTestClocks } from './manage-test-clocks';
import { asString, type FormObject } from './parse-form';
import { requireString, resourceMissing } from './stripe-errors';

export type ApiKeyKind = 'secret' | 'publishable';

export interface ApiCall {
  context: FakeContext;
  params: FormObject;
  auth: ApiKeyKind;
  ids: string[];
  path: string;
}

interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  /** Stripe.js calls these with the publishable key (and a client secret where an intent is involved). */
  publishable?: boolean;
  handle(call: ApiCall): object;
}

const ID = '([A-Za-z0-9_]+)';
const route = (method: Route['method'], path: string, handle: Route['handle'], publishable = false): Route => ({
  method,
  pattern: new RegExp(`^${path.replaceAll(':id', ID)}$`),
  handle,
  publishable,
});
const id = (call: ApiCall, index = 0) => call.ids[index] ?? '';

function withClientSecret<T extends { id: string; client_secret: string | null }>(call: ApiCall, intent: T): T {
  if (call.auth === 'publishable') checkClientSecret(intent, asString(call.params.client_secret));
  return intent;
}

const ROUTES: Route[] = [
  route('POST', '/v1/customers', (call) => createCustomer(call.context, call.params)),
  route('GET', '/v1/customers/:id', (call) => getCustomer(call.context, id(call))),
  route('POST', '/v1/customers/:id', (call) => updateCustomer(call.context, id(call), call.params)),
  route('GET', '/v1/customers/:id/payment_methods', (call) => listPaymentMethods(call.context, id(call), asString(call.params.type), call.path)),
  route('POST', '/v1/products', (call) => createProduct(call.context, call.params)),
  route('GET', '/v1/products/:id', (call) => getProduct(call.context, id(call))),
  route('POST', '/v1/prices', (call) => createPrice(call.context, call.params)),
  route('GET', '/v1/prices/:id', (call) => getPrice(call.context, id(call), 'id')),
  route('POST', '/v1/payment_methods', (call) => createPaymentMethod(call.context, call.params), true),
  route('GET', '/v1/payment_methods', (call) =>
    listPaymentMethods(call.context, requireString(call.params.customer, 'customer'), asString(call.params.type), call.path),
  ),
  route('GET', '/v1/payment_methods/:id', (call) => getPaymentMethod(call.context, id(call))),
  route('POST', '/v1/payment_methods/:id/attach', (call) =>
    attachPaymentMethod(call.context, getPaymentMethod(call.context, id(call)), requireString(call.params.customer, 'customer')),
  ),
  route('POST', '/v1/payment_methods/:id/detach', (call) => detachPaymentMethod(call.context, getPaymentMethod(call.context, id(call)))),
  route('POST', '/v1/payment_intents', (call) => createPaymentIntent(call.context, call.params)),
  route('GET', '/v1/payment_intents/:id', (call) => withClientSecret(call, getPaymentIntent(call.context, id(call))), true),
  route(
    'POST',
    '/v1/payment_intents/:id/confirm',
    (call) => confirmPaymentIntent(call.context, withClientSecret(call, getPaymentIntent(call.context, id(call))), call.params),
    true,
  ),
  route('POST', '/v1/payment_intents/:id/cancel', (call) =>
    cancelPaymentIntent(call.context, getPaymentIntent(call.context, id(call)), asString(call.params.cancellation_reason)),
  ),
  route('POST', '/v1/setup_intents', (call) => createSetupIntent(call.context, call.params)),
  route('GET', '/v1/setup_intents/:id', (call) => withClientSecret(call, getSetupIntent(call.context, id(call))), true),
  route(
    'POST',
    '/v1/setup_intents/:id/confirm',
    (call) => confirmSetupIntent(call.context, withClientSecret(call, getSetupIntent(call.context, id(call))), call.params),
    true,
  ),
  route('POST', '/v1/setup_intents/:id/cancel', (call) =>
    cancelSetupIntent(call.context, getSetupIntent(call.context, id(call)), asString(call.params.cancellation_reason)),
  ),
  route('POST', '/v1/checkout/sessions', (call) => createSession(call.context, call.params)),
  route('GET', '/v1/checkout/sessions/:id', (call) => getSession(call.context, id(call))),
  route('POST', '/v1/subscriptions', (call) => createSubscription(call.context, call.params)),
  route('GET', '/v1/subscriptions/:id', (call) => getSubscription(call.context, id(call))),
  route('POST', '/v1/subscriptions/:id', (call) => updateSubscription(call.context, id(call), call.params)),
  route('DELETE', '/v1/subscriptions/:id', (call) => cancelSubscription(call.context, id(call))),
  route('GET', '/v1/invoices', (call) =>
    listInvoices(
      call.context,
      { subscription: asString(call.params.subscription), customer: asString(call.params.customer), status: asString(call.params.status) },
      call.path,
    ),
  ),
  route('GET', '/v1/invoices/:id', (call) => getInvoice(call.context, id(call))),
  route('POST', '/v1/refunds', (call) => createRefund(call.context, call.params)),
  route('GET', '/v1/refunds/:id', (call) => {
    const refund = call.context.store.refunds.get(id(call));
    if (!refund) throw resourceMissing(id(call));
    return refund;
  }),
  route('GET', '/v1/charges/:id', (call) => {
    const charge = call.context.store.charges.get(id(call));
    if (!charge) throw resourceMissing(id(call));
    return charge;
  }),
  route('POST', '/v1/test_helpers/test_clocks', (call) => createTestClock(call.context, call.params)),
  route('GET', '/v1/test_helpers/test_clocks', (call) => listTestClocks(call.context, call.path)),
  route('GET', '/v1/test_helpers/test_clocks/:id', (call) => getTestClock(call.context, id(call))),
  route('DELETE', '/v1/test_helpers/test_clocks/:id', (call) => deleteTestClock(call.context, id(call))),
  route('POST', '/v1/test_helpers/test_clocks/:id/advance', (call) => advanceTestClock(call.context, id(call), call.params)),
  route('GET', '/v1/events/:id', (call) => {
    const event = call.context.store.eventsById.get(id(call));
    if (!event) throw resourceMissing(id(call));
    return event;
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
