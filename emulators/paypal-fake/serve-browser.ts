/**
 * What browsers load from the fake: the SDK stand-in, the approval pages
 * (framed by the stand-in or opened from the approve link), the decisions
 * those pages post, the certificate URL webhooks name, and the demo.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson, sendText } from '../stripe-fake/http-replies';
import { approvalPage, type ApprovalParams } from './approval-page';
import { decideOrder, decideSubscription, type Decision, type DecisionResult, orderApproval, subscriptionApproval } from './decide-approvals';
import { demoPage } from './demo-page';
import { type FakeContext } from './fake-context';
import { createOrder } from './manage-orders';
import { invalidRequest } from './paypal-errors';
import { paypalJsScript } from './paypal-js-script';
import { oneOfAt, parseJsonBody, textAt } from './read-fields';
import { CERT_PATH } from './sign-webhooks';

const HTML = 'text/html; charset=utf-8';
const JAVASCRIPT = 'application/javascript; charset=utf-8';

/** Not a certificate: the fake signs with an HMAC, so verification goes through verify-webhook-signature. */
const FAKE_CERT = `-----BEGIN CERTIFICATE-----
${Buffer.from('paypal-fake: not a real certificate. Verify deliveries with POST /v1/notifications/verify-webhook-signature.').toString('base64')}
-----END CERTIFICATE-----
`;

/** The SDK's query, checked as the real SDK checks it: a wrong client id or an unsupported combination is a load error. */
function sdkProblem(context: FakeContext, url: URL): string | null {
  const query = url.searchParams;
  if (query.get('client-id') !== context.clientId) return `SDK Validation error: 'Invalid query value for client-id: ${query.get('client-id') ?? ''}'`;
  if (!/^[A-Z]{3}$/.test(query.get('currency') ?? 'USD')) return "SDK Validation error: 'Invalid query value for currency'";
  const intent = query.get('intent') ?? 'capture';
  if (intent !== 'capture' && intent !== 'subscription')
    return `SDK Validation error: 'Invalid query value for intent: ${intent}' (the fake supports capture and subscription)`;
  const vault = query.get('vault') ?? 'false';
  if (vault !== 'true' && vault !== 'false') return "SDK Validation error: 'Invalid query value for vault'";
  if (intent === 'subscription' && vault !== 'true') return "SDK Validation error: 'intent=subscription requires vault=true'";
  return null;
}

/** A framed page names its parent's origin; the page talks to that origin only and only it may frame the page. */
function parentOriginOf(url: URL): string | null {
  const origin = url.searchParams.get('origin');
  if (origin === null) return null;
  try {
    if (new URL(origin).origin === origin && /^https?:$/.test(new URL(origin).protocol)) return origin;
  } catch {
    // Falls through to the error below.
  }
  throw invalidRequest('/origin', 'INVALID_PARAMETER_VALUE', 'origin must be the origin of the page embedding the approval.', origin);
}

function sendApproval(response: ServerResponse, params: ApprovalParams): void {
  const ancestors = params.parentOrigin ?? "'none'";
  sendText(response, 200, HTML, approvalPage(params), { 'Content-Security-Policy': `frame-ancestors ${ancestors}` });
}

/**
 * Decisions are JSON only: a cross-site form cannot send that content type without a CORS preflight, which the
 * fake never grants, so no other site can approve for the buyer.
 */
async function readDecision(request: IncomingMessage): Promise<{ token: string; decision: Decision }> {
  if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
    throw invalidRequest('/', 'INVALID_CONTENT_TYPE', 'Decisions are sent as application/json.');
  }
  const body = parseJsonBody(await readBody(request));
  return { token: textAt(body, 'token', '', { required: true, max: 64 }) ?? '', decision: oneOfAt(body, 'decision', '', ['approve', 'cancel'] as const) };
}

export async function serveBrowser(context: FakeContext, request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
  const method = request.method ?? 'GET';
  const path = url.pathname;
  const route = `${method} ${path}`;
  const answerDecision = (result: DecisionResult) => sendJson(response, 200, result);

  if (route === 'GET /sdk/js') {
    const problem = sdkProblem(context, url);
    if (problem) sendText(response, 400, JAVASCRIPT, `throw new Error(${JSON.stringify(problem)});\n`);
    else {
      const intent = url.searchParams.get('intent') === 'subscription' ? 'subscription' : 'capture';
      sendText(response, 200, JAVASCRIPT, paypalJsScript({ fakeOrigin: context.baseUrl, intent }), { 'Access-Control-Allow-Origin': '*' });
    }
    return true;
  }
  if (route === 'GET /checkoutnow') {
    sendApproval(response, orderApproval(context, url.searchParams.get('token') ?? '', parentOriginOf(url)));
    return true;
  }
  if (route === 'POST /checkoutnow/decision') {
    const { token, decision } = await readDecision(request);
    answerDecision(decideOrder(context, token, decision));
    return true;
  }
  if (route === 'GET /webapps/billing/subscriptions') {
    const token = url.searchParams.get('ba_token') ?? url.searchParams.get('subscription_id') ?? '';
    sendApproval(response, subscriptionApproval(context, token, parentOriginOf(url)));
    return true;
  }
  if (route === 'POST /webapps/billing/subscriptions/decision') {
    const { token, decision } = await readDecision(request);
    answerDecision(decideSubscription(context, token, decision));
    return true;
  }
  if (route === `GET ${CERT_PATH}`) {
    sendText(response, 200, 'application/x-pem-file', FAKE_CERT);
    return true;
  }
  if (route === 'GET /_demo') {
    sendText(response, 200, HTML, demoPage(context.clientId));
    return true;
  }
  if (route === 'POST /_demo/orders') {
    const body = parseJsonBody(await readBody(request));
    const value = typeof body.value === 'string' ? body.value : '1700.00';
    const order = createOrder(context, {
      intent: 'CAPTURE',
      purchase_units: [{ description: 'Orden de prueba (demo)', amount: { currency_code: 'MXN', value } }],
    });
    sendJson(response, 201, order);
    return true;
  }
  return false;
}
