/**
 * What browsers load from the fake: the Stripe.js stand-in, its frames, the
 * hosted checkout and voucher pages, and the small JSON endpoints those
 * pages call (guarded by the intent's client secret or the session id).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cardFramePage } from './card-frame-page';
import { challengePage } from './challenge-page';
import { checkoutPage, moneyText } from './checkout-page';
import { demoPage } from './demo-page';
import { type FakeContext } from './fake-context';
import { readBody, sendJson, sendText } from './http-replies';
import { completeCheckout, getSession, startCheckout } from './manage-checkout-sessions';
import { authenticatePaymentIntent, checkClientSecret, getPaymentIntent } from './manage-payment-intents';
import { authenticateSetupIntent, getSetupIntent } from './manage-setup-intents';
import { asString, type FormObject, parseForm, parseJson } from './parse-form';
import { invalidRequest, resourceMissing } from './stripe-errors';
import { stripeJsScript } from './stripe-js-script';
import { voucherPage } from './voucher-page';

const HTML = 'text/html; charset=utf-8';

function parentOriginOf(url: URL): string {
  const origin = url.searchParams.get('origin') ?? '';
  try {
    if (new URL(origin).origin === origin) return origin;
  } catch {
    // Falls through to the error below.
  }
  throw invalidRequest('origin must be the origin of the page embedding the frame.', 'origin');
}

async function bodyOf(request: IncomingMessage): Promise<FormObject> {
  const text = await readBody(request);
  return (request.headers['content-type'] ?? '').includes('application/json') ? parseJson(text) : parseForm(text);
}

function authenticate(context: FakeContext, id: string, body: FormObject): object {
  const outcome = asString(body.outcome);
  if (outcome !== 'complete' && outcome !== 'fail') throw invalidRequest('outcome must be complete or fail', 'outcome');
  if (id.startsWith('seti_')) {
    const intent = getSetupIntent(context, id);
    checkClientSecret(intent, asString(body.client_secret));
    return authenticateSetupIntent(context, intent, outcome);
  }
  const intent = getPaymentIntent(context, id);
  checkClientSecret(intent, asString(body.client_secret));
  return authenticatePaymentIntent(context, intent, outcome);
}

export async function serveBrowser(context: FakeContext, request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
  const method = request.method ?? 'GET';
  const path = url.pathname;
  const idIn = (pattern: RegExp) => pattern.exec(path)?.[1];

  if (method === 'GET' && (path === '/v3' || path === '/v3/')) {
    sendText(response, 200, 'application/javascript; charset=utf-8', stripeJsScript(context.baseUrl), { 'Access-Control-Allow-Origin': '*' });
    return true;
  }
  if (method === 'GET' && path === '/elements/card') {
    const page = cardFramePage({
      parentOrigin: parentOriginOf(url),
      publishableKey: url.searchParams.get('key') ?? '',
      elementId: url.searchParams.get('id') ?? '',
    });
    sendText(response, 200, HTML, page);
    return true;
  }
  const challengeId = idIn(/^\/3ds\/([A-Za-z0-9_]+)$/);
  if (method === 'GET' && challengeId) {
    const clientSecret = url.searchParams.get('client_secret') ?? '';
    const intent = challengeId.startsWith('seti_') ? getSetupIntent(context, challengeId) : getPaymentIntent(context, challengeId);
    checkClientSecret(intent, clientSecret);
    const amountText = 'amount' in intent ? moneyText(intent.amount, intent.currency) : null;
    sendText(response, 200, HTML, challengePage({ intentId: challengeId, clientSecret, parentOrigin: parentOriginOf(url), amountText }));
    return true;
  }
  const authenticateId = idIn(/^\/3ds\/([A-Za-z0-9_]+)\/authenticate$/);
  if (method === 'POST' && authenticateId) {
    sendJson(response, 200, authenticate(context, authenticateId, await bodyOf(request)), { 'Access-Control-Allow-Origin': '*' });
    return true;
  }
  const voucherId = idIn(/^\/vouchers\/([A-Za-z0-9_]+)$/);
  if (method === 'GET' && voucherId) {
    const intent = getPaymentIntent(context, voucherId);
    const details = intent.next_action?.oxxo_display_details;
    const paymentMethod = typeof intent.payment_method === 'string' ? context.store.paymentMethods.get(intent.payment_method) : undefined;
    if (!paymentMethod || paymentMethod.type !== 'oxxo') throw resourceMissing(voucherId);
    sendText(
      response,
      200,
      HTML,
      voucherPage({
        number: details?.number ?? '',
        amountText: moneyText(intent.amount, intent.currency),
        expiresAt: details?.expires_after ?? intent.created,
        name: paymentMethod.billing_details.name,
        status: intent.status,
      }),
    );
    return true;
  }
  const sessionId = idIn(/^\/pay\/([A-Za-z0-9_]+)$/);
  if (method === 'GET' && sessionId) {
    const session = getSession(context, sessionId);
    const details = context.store.sessionPrivate.get(sessionId);
    sendText(
      response,
      200,
      HTML,
      checkoutPage(session, details?.lines ?? [], context.publishableKey, session.mode === 'subscription' ? (details?.trialPeriodDays ?? null) : null),
    );
    return true;
  }
  const startId = idIn(/^\/pay\/([A-Za-z0-9_]+)\/start$/);
  if (method === 'POST' && startId) {
    const body = await bodyOf(request);
    sendJson(response, 200, startCheckout(context, startId, asString(body.method) === 'oxxo' ? 'oxxo' : 'card'));
    return true;
  }
  const completeId = idIn(/^\/pay\/([A-Za-z0-9_]+)\/complete$/);
  if (method === 'POST' && completeId) {
    sendJson(response, 200, { redirect: completeCheckout(context, completeId) });
    return true;
  }
  if (method === 'GET' && path === '/_demo') {
    sendText(response, 200, HTML, demoPage(context.publishableKey, url.searchParams.get('client_secret') ?? ''));
    return true;
  }
  return false;
}
