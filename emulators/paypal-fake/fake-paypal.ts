/**
 * A local stand-in for PayPal's REST API (the subset this app uses: OAuth,
 * Orders v2, Payments v2 refunds, Catalog products, Subscriptions v1, webhook
 * verification) plus the JavaScript SDK's Buttons and PayPal's approval
 * pages, for local runs and tests: PayPal is unreachable from development
 * machines and CI. Point the server's PayPal base URL at `url` and load
 * `<url>/sdk/js?client-id=…` instead of https://www.paypal.com/sdk/js.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BillingCounts, createTimeline, type FakeClock } from '../fake-clock';
import { readBody, sendJson } from '../stripe-fake/http-replies';
import type { RedeliveryOptions } from '../webhook-redelivery';
import { billDue } from './bill-due';
import { createWebhookSender } from './deliver-webhooks';
import { type FakeContext } from './fake-context';
import { createStore } from './fake-store';
import { takeFault } from './inject-faults';
import { createTokenIssuer, type TokenIssuer } from './issue-tokens';
import { debugId } from './make-ids';
import { PayPalApiError } from './paypal-errors';
import { parseJsonBody } from './read-fields';
import { findApiRoute, routeExists } from './route-api';
import { handleControl } from './route-control';
import { serveBrowser } from './serve-browser';
import { CERT_PATH, createWebhookSigner } from './sign-webhooks';

export interface FakePayPalOptions {
  /** 0 picks any free port. */
  port?: number;
  clientId: string;
  clientSecret: string;
  webhookUrl: string | null;
  /** The id PayPal gave the webhook subscription; verification requires it. */
  webhookId: string;
  /** Deliver each event as it happens (default); tests may turn it off and deliver by hand. */
  autoDeliver?: boolean;
  /** Retries of failed deliveries: PayPal's schedule compressed (default, or FAKE_WEBHOOK_* in the environment); schedule [] turns them off. */
  redelivery?: RedeliveryOptions;
  /** The fake's time (../fake-clock.ts); default: real time plus an offset that POST /_control/clock moves. */
  clock?: FakeClock;
}

export interface FakePayPal {
  url: string;
  port: number;
  /** Bills the subscriptions whose billing date came by the clock, in time order; as POST /_control/clock {}. */
  billDue(): Promise<BillingCounts>;
  close(): Promise<void>;
}

interface ApiReply {
  status: number;
  body: string;
}

const errorReply = (error: PayPalApiError): ApiReply => ({ status: error.status, body: JSON.stringify(error.body) });

async function answerApi(context: FakeContext, tokens: TokenIssuer, request: IncomingMessage, url: URL, text: string): Promise<ApiReply> {
  try {
    const method = request.method ?? 'GET';
    tokens.check(request.headers.authorization);
    const fault = takeFault(context.store, method, url.pathname);
    if (fault) throw fault;
    const found = findApiRoute(method, url.pathname);
    if (!found) {
      if (routeExists(url.pathname))
        throw new PayPalApiError(405, 'METHOD_NOT_SUPPORTED', `The server does not implement the requested HTTP method ${method}.`);
      throw new PayPalApiError(404, 'NOT_FOUND', `The specified resource does not exist: ${method} ${url.pathname}.`);
    }
    const result = found.route.handle({ context, body: method === 'POST' ? parseJsonBody(text) : {}, ids: found.ids });
    return { status: result.status, body: result.body === null ? '' : JSON.stringify(result.body) };
  } catch (error) {
    if (error instanceof PayPalApiError) return errorReply(error);
    throw error;
  }
}

/**
 * PayPal-Request-Id makes a POST safe to retry: the same id on the same path answers what the first call answered
 * (PayPal does not compare bodies). Calls that never ran (bad token, server errors) are not remembered.
 */
async function answerIdempotently(context: FakeContext, tokens: TokenIssuer, request: IncomingMessage, url: URL): Promise<ApiReply> {
  const text = await readBody(request);
  const requestId = request.method === 'POST' ? request.headers['paypal-request-id'] : undefined;
  if (typeof requestId !== 'string' || requestId === '') return answerApi(context, tokens, request, url, text);
  const key = createHash('sha256').update(`${url.pathname}\n${requestId}`).digest('hex');
  const stored = context.store.idempotency.get(key);
  if (stored) return stored;
  const reply = await answerApi(context, tokens, request, url, text);
  if (reply.status !== 401 && reply.status < 500) context.store.idempotency.set(key, reply);
  return reply;
}

function send(response: ServerResponse, reply: ApiReply, headers: Record<string, string>): void {
  if (reply.status === 204) {
    response.writeHead(204, { 'Cache-Control': 'no-store', ...headers });
    response.end();
  } else sendJson(response, reply.status, reply.body, headers);
}

export async function startFakePayPal(options: FakePayPalOptions): Promise<FakePayPal> {
  const store = createStore();
  let baseUrl = '';
  const time = createTimeline(options.clock);
  const signer = createWebhookSigner(store, { webhookId: options.webhookId, certUrl: () => `${baseUrl}${CERT_PATH}`, time });
  const context: FakeContext = {
    store,
    time,
    signer,
    webhooks: createWebhookSender(store, signer, {
      time,
      webhookUrl: options.webhookUrl,
      autoDeliver: options.autoDeliver ?? true,
      baseUrl: () => baseUrl,
      ...(options.redelivery ? { redelivery: options.redelivery } : {}),
    }),
    baseUrl: '',
    clientId: options.clientId,
  };
  const tokens = createTokenIssuer(options.clientId, options.clientSecret);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', context.baseUrl);
    const headers = { 'Paypal-Debug-Id': debugId() };
    try {
      if (request.method === 'POST' && url.pathname === '/v1/oauth2/token') {
        const reply = tokens.issue(request.headers.authorization, await readBody(request));
        sendJson(response, reply.status, reply.body, headers);
        return;
      }
      if (/^\/v[12]\//.test(url.pathname)) {
        send(response, await answerIdempotently(context, tokens, request, url), headers);
        return;
      }
      if (url.pathname.startsWith('/_control/')) {
        const reply = await handleControl(context, request.method ?? 'GET', url.pathname, parseJsonBody(await readBody(request)));
        if (reply) sendJson(response, reply.status, reply.body);
        else sendJson(response, 404, { name: 'NOT_FOUND', message: `Unknown control ${request.method} ${url.pathname}` });
        return;
      }
      if (await serveBrowser(context, request, response, url)) return;
      sendJson(response, 404, { name: 'NOT_FOUND', message: `The specified resource does not exist: ${request.method} ${url.pathname}.` });
    } catch (error) {
      if (error instanceof PayPalApiError) {
        sendJson(response, error.status, error.body, headers);
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      sendJson(response, 500, { name: 'INTERNAL_SERVER_ERROR', message, debug_id: headers['Paypal-Debug-Id'] }, headers);
    }
  }

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  context.baseUrl = baseUrl;
  return {
    url: baseUrl,
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
