/**
 * A local stand-in for the Stripe API (the subset this app uses) plus
 * Stripe.js and Stripe's hosted pages, for local runs and tests: Stripe is
 * unreachable from development machines and CI. Point the real SDK at it
 * with `new Stripe(secretKey, { host: '127.0.0.1', port, protocol: 'http' })`
 * and load `<url>/v3/` instead of https://js.stripe.com/v3/.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BillingCounts, createTimeline, type FakeClock } from '../fake-clock';
import type { RedeliveryOptions } from '../webhook-redelivery';
import { billDue } from './bill-due';
import { API_VERSION, createWebhookSender } from './deliver-webhooks';
import { expandObject } from './expand-response';
import { type FakeContext } from './fake-context';
import { createStore } from './fake-store';
import { readBody, sendJson } from './http-replies';
import { randomToken } from './make-ids';
import { registerBillingListeners } from './manage-billing';
import { registerCheckoutListeners } from './manage-checkout-sessions';
import { asStrings, type FormObject, parseForm, parseJson } from './parse-form';
import { type ApiKeyKind, findApiRoute, routeExists } from './route-api';
import { handleControl } from './route-control';
import { serveBrowser } from './serve-browser';
import { StripeApiError } from './stripe-errors';

export interface FakeStripeOptions {
  /** 0 picks any free port. */
  port?: number;
  secretKey: string;
  publishableKey: string;
  webhookUrl: string | null;
  webhookSecret: string;
  /** Deliver each event as it happens (default); tests may turn it off and deliver by hand. */
  autoDeliver?: boolean;
  /** Retries of failed deliveries: Stripe's schedule compressed (default, or FAKE_WEBHOOK_* in the environment); schedule [] turns them off. */
  redelivery?: RedeliveryOptions;
  /** The fake's time (../fake-clock.ts); default: real time plus an offset that POST /_control/clock moves. */
  clock?: FakeClock;
}

export interface FakeStripe {
  url: string;
  port: number;
  /** Plays what fell due by the clock (renewals, retries, period-end cancellations, OXXO expiries), in time order; as POST /_control/clock {}. */
  billDue(): Promise<BillingCounts>;
  close(): Promise<void>;
}

interface ApiReply {
  status: number;
  body: string;
  replayed: boolean;
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key, Stripe-Version',
  'Access-Control-Max-Age': '600',
};

function keyKind(options: FakeStripeOptions, request: IncomingMessage): ApiKeyKind | null {
  const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
  if (match?.[1] === options.secretKey) return 'secret';
  if (match?.[1] === options.publishableKey) return 'publishable';
  return null;
}

function authError(request: IncomingMessage): StripeApiError {
  const key = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const message = key
    ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
    : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
  return new StripeApiError(401, { type: 'invalid_request_error', message });
}

const errorBody = (error: StripeApiError): string => JSON.stringify({ error: { ...error.body.error, request_log_url: null } }, null, 2);

async function answerApi(context: FakeContext, options: FakeStripeOptions, request: IncomingMessage, url: URL, text: string): Promise<ApiReply> {
  try {
    const method = request.method ?? 'GET';
    const params: FormObject = { ...parseForm(url.search.slice(1)), ...parseForm(text) };
    const auth = keyKind(options, request);
    if (!auth) throw authError(request);
    const found = findApiRoute(method, url.pathname);
    if (!found) {
      if (routeExists(url.pathname))
        throw new StripeApiError(405, { type: 'invalid_request_error', message: `Unsupported method ${method} for ${url.pathname}` });
      throw new StripeApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` });
    }
    if (auth === 'publishable' && !found.route.publishable) {
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message: 'This API call cannot be made with a publishable API key. Please use a secret API key.',
      });
    }
    const object = found.route.handle({ context, params, auth, ids: found.ids, path: url.pathname });
    return { status: 200, body: JSON.stringify(expandObject(context.store, object, asStrings(params.expand)), null, 2), replayed: false };
  } catch (error) {
    if (error instanceof StripeApiError) return { status: error.status, body: errorBody(error), replayed: false };
    throw error;
  }
}

/** Same key and path replays the stored answer, declines included, as Stripe does; other params under the same key are refused. */
async function answerIdempotently(context: FakeContext, options: FakeStripeOptions, request: IncomingMessage, url: URL): Promise<ApiReply> {
  const text = await readBody(request);
  const key = request.method === 'POST' ? request.headers['idempotency-key'] : undefined;
  if (typeof key !== 'string' || key === '') return answerApi(context, options, request, url, text);
  const storeKey = `${request.headers.authorization ?? ''} ${url.pathname} ${key}`;
  const fingerprint = createHash('sha256').update(`${url.search}\n${text}`).digest('hex');
  const stored = context.store.idempotency.get(storeKey);
  if (stored?.fingerprint === fingerprint) return { status: stored.status, body: stored.body, replayed: true };
  if (stored) {
    const error = new StripeApiError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    });
    return { status: error.status, body: errorBody(error), replayed: false };
  }
  const reply = await answerApi(context, options, request, url, text);
  // Stripe does not remember requests that never ran: bad keys and server errors.
  if (reply.status !== 401 && reply.status < 500) context.store.idempotency.set(storeKey, { status: reply.status, body: reply.body, fingerprint });
  return reply;
}

export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const store = createStore();
  const time = createTimeline(options.clock);
  const context: FakeContext = {
    store,
    time,
    webhooks: createWebhookSender(store, {
      time,
      webhookUrl: options.webhookUrl,
      webhookSecret: options.webhookSecret,
      autoDeliver: options.autoDeliver ?? true,
      ...(options.redelivery ? { redelivery: options.redelivery } : {}),
    }),
    publishableKey: options.publishableKey,
    baseUrl: '',
    paymentListeners: [],
  };
  registerBillingListeners(context);
  registerCheckoutListeners(context);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', context.baseUrl);
    const requestId = `req_${randomToken(14)}`;
    const isApi = url.pathname.startsWith('/v1/');
    const headers: Record<string, string> = isApi ? { ...CORS_HEADERS, 'Request-Id': requestId, 'Stripe-Version': API_VERSION } : {};
    try {
      if (request.method === 'OPTIONS' && isApi) {
        response.writeHead(204, headers);
        response.end();
        return;
      }
      if (isApi) {
        const reply = await answerIdempotently(context, options, request, url);
        sendJson(response, reply.status, reply.body, reply.replayed ? { ...headers, 'Idempotent-Replayed': 'true' } : headers);
        return;
      }
      if (url.pathname.startsWith('/_control/')) {
        const reply = await handleControl(context, request.method ?? 'GET', url.pathname, parseJson(await readBody(request)));
        if (reply) sendJson(response, reply.status, reply.body);
        else sendJson(response, 404, { error: { type: 'invalid_request_error', message: `Unknown control ${request.method} ${url.pathname}` } });
        return;
      }
      if (await serveBrowser(context, request, response, url)) return;
      sendJson(response, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname}).` } });
    } catch (error) {
      if (error instanceof StripeApiError) {
        sendJson(response, error.status, errorBody(error), headers);
        return;
      }
      const message = error instanceof SyntaxError ? `Invalid JSON body: ${error.message}` : error instanceof Error ? error.message : String(error);
      sendJson(response, error instanceof SyntaxError ? 400 : 500, { error: { type: 'api_error', message } }, headers);
    }
  }

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  context.baseUrl = `http://127.0.0.1:${port}`;
  return {
    url: context.baseUrl,
    port,
    billDue: async () => billDue(context),
    async close() {
      context.webhooks.setAutoDeliver(false);
      context.webhooks.stopRetries();
      await context.webhooks.idle();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
