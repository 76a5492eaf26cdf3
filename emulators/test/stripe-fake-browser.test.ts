/**
 * The browser side of the Stripe fake: the /v3/ Stripe.js stand-in (run in a
 * node:vm context with a minimal window) and the pages it frames.
 */
import vm from 'node:vm';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../stripe-fake/fake-stripe';

const SECRET_KEY = 'sk_test_fake_browser';
const PUBLISHABLE_KEY = 'pk_test_fake_browser';
const APP_ORIGIN = 'http://app.test';

let fake: FakeStripe;
let stripe: Stripe;
beforeEach(async () => {
  fake = await startFakeStripe({ port: 0, secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY, webhookUrl: null, webhookSecret: 'whsec_unused' });
  stripe = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
});
afterEach(async () => {
  await fake.close();
});

type Listener = (event: { origin: string; source: unknown; data: unknown }) => void;

interface FakeNode {
  tagName: string;
  src?: string;
  title?: string;
  style: Record<string, string>;
  attributes: Record<string, string>;
  children: FakeNode[];
  parentNode: FakeNode | null;
  contentWindow?: { postMessage(message: unknown, targetOrigin: string): void };
  setAttribute(name: string, value: string): void;
  appendChild(child: FakeNode): FakeNode;
  removeChild(child: FakeNode): FakeNode;
  addEventListener(): void;
  focus(): void;
}

function fakeNode(tagName: string, posted: Array<{ message: unknown; targetOrigin: string }>): FakeNode {
  const node: FakeNode = {
    tagName,
    style: {},
    attributes: {},
    children: [],
    parentNode: null,
    setAttribute(name, value) {
      node.attributes[name] = value;
    },
    appendChild(child) {
      child.parentNode = node;
      node.children.push(child);
      return child;
    },
    removeChild(child) {
      node.children = node.children.filter((one) => one !== child);
      child.parentNode = null;
      return child;
    },
    addEventListener() {},
    focus() {},
  };
  if (tagName === 'iframe') node.contentWindow = { postMessage: (message, targetOrigin) => posted.push({ message, targetOrigin }) };
  return node;
}

/** Runs the served script in a fresh context: it may define nothing but window.Stripe. */
async function loadStandIn() {
  const response = await fetch(new URL('/v3/', fake.url));
  const source = await response.text();
  const listeners: Listener[] = [];
  const posted: Array<{ message: unknown; targetOrigin: string }> = [];
  const body = fakeNode('body', posted);
  const window: Record<string, unknown> = {
    location: { origin: APP_ORIGIN },
    addEventListener: (_type: string, listener: Listener) => listeners.push(listener),
    removeEventListener: (_type: string, listener: Listener) => listeners.splice(listeners.indexOf(listener), 1),
  };
  const document = { body, createElement: (tag: string) => fakeNode(tag, posted), querySelector: (selector: string) => (selector === '#card' ? body : null) };
  const context = vm.createContext({ window, document, fetch, URLSearchParams, console });
  const globalsBefore = new Set(Object.keys(context));
  vm.runInContext(source, context);
  return { response, source, window, context, globalsBefore, listeners, posted, body };
}

type StandIn = {
  elements(): { create(type: string): CardElement };
  createPaymentMethod(data: unknown): Promise<unknown>;
  confirmCardPayment(clientSecret: string, data?: unknown): Promise<{ paymentIntent?: Stripe.PaymentIntent; error?: Record<string, unknown> }>;
  confirmOxxoPayment(clientSecret: string, data: unknown, options: unknown): Promise<{ paymentIntent?: Stripe.PaymentIntent; error?: Record<string, unknown> }>;
  retrievePaymentIntent(clientSecret: string): Promise<{ paymentIntent?: Stripe.PaymentIntent }>;
  handleNextAction(options: {
    clientSecret: string;
  }): Promise<{ paymentIntent?: Stripe.PaymentIntent; setupIntent?: Stripe.SetupIntent; error?: Record<string, unknown> }>;
};
type CardElement = { mount(target: unknown): void; on(type: string, handler: (event: unknown) => void): CardElement; clear(): void };

describe('stripe fake: the Stripe.js stand-in', () => {
  it('is served as JavaScript and defines only window.Stripe', async () => {
    const { response, source, window, context, globalsBefore } = await loadStandIn();
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(() => new Function(source)).not.toThrow();
    expect(typeof window.Stripe).toBe('function');
    expect(Object.keys(context).filter((key) => !globalsBefore.has(key))).toEqual([]);
    expect(Object.keys(window).sort()).toEqual(['Stripe', 'addEventListener', 'location', 'removeEventListener']);
    expect(() => (window.Stripe as (key: string) => unknown)(SECRET_KEY)).toThrow(/publishable key/);
  });

  it('confirms a payment with a saved pm, reads it back and reports declines as {error}', async () => {
    const { window } = await loadStandIn();
    const js = (window.Stripe as (key: string) => StandIn)(PUBLISHABLE_KEY);
    const good = await stripe.paymentMethods.create({ type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' } });
    const intent = await stripe.paymentIntents.create({ amount: 12_300, currency: 'mxn', allowed_payment_method_types: ['card'] });
    const paid = await js.confirmCardPayment(intent.client_secret ?? '', { payment_method: good.id });
    expect(paid.paymentIntent?.status).toBe('succeeded');
    expect((await js.retrievePaymentIntent(intent.client_secret ?? '')).paymentIntent?.id).toBe(intent.id);

    const bad = await stripe.paymentMethods.create({ type: 'card', card: { number: '4000000000009995', exp_month: 12, exp_year: 2040, cvc: '123' } });
    const declinedIntent = await stripe.paymentIntents.create({ amount: 12_300, currency: 'mxn' });
    const declined = await js.confirmCardPayment(declinedIntent.client_secret ?? '', { payment_method: bad.id });
    expect(declined.error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' });
    expect((declined.error?.payment_intent as Stripe.PaymentIntent).id).toBe(declinedIntent.id);
  });

  it('refuses confirmCardPayment on an intent the server confirmed with a saved card, and handleNextAction throws unless it requires_action', async () => {
    const { window } = await loadStandIn();
    const js = (window.Stripe as (key: string) => StandIn)(PUBLISHABLE_KEY);
    const customer = await stripe.customers.create({});
    const card = await stripe.paymentMethods.create({ type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' } });
    await stripe.paymentMethods.attach(card.id, { customer: customer.id });
    const intent = await stripe.paymentIntents.create({ amount: 89_000, currency: 'mxn', customer: customer.id, payment_method: card.id, confirm: true });
    expect(intent.status).toBe('succeeded');
    const confirmed = await js.confirmCardPayment(intent.client_secret ?? '');
    expect(confirmed.error).toMatchObject({ code: 'payment_intent_unexpected_state', payment_intent: { status: 'succeeded' } });
    await expect(js.handleNextAction({ clientSecret: intent.client_secret ?? '' })).rejects.toThrow(/status of succeeded/);
  });

  it('handleNextAction runs the 3-D Secure challenge of a saved card the server confirmed (PaymentIntent and SetupIntent)', async () => {
    const { window, listeners, body } = await loadStandIn();
    const js = (window.Stripe as (key: string) => StandIn)(PUBLISHABLE_KEY);
    const customer = await stripe.customers.create({});
    const card = await stripe.paymentMethods.create({ type: 'card', card: { number: '4000002500003155', exp_month: 12, exp_year: 2040, cvc: '123' } });
    const payment = await stripe.paymentIntents.create({ amount: 89_000, currency: 'mxn', customer: customer.id, payment_method: card.id, confirm: true });
    const setup = await stripe.setupIntents.create({ customer: customer.id, payment_method: card.id, confirm: true });
    for (const intent of [payment, setup]) {
      expect(intent.status).toBe('requires_action');
      const handled = js.handleNextAction({ clientSecret: intent.client_secret ?? '' });
      // The challenge frame opens over the page; the bank's answer comes back as the frame's message.
      let frame: { src?: string; contentWindow?: unknown } | undefined;
      for (let tries = 0; !frame && tries < 200; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        frame = body.children[0]?.children[0]?.children[0];
      }
      expect(frame?.src).toContain(`/3ds/${intent.id}`);
      await fetch(new URL(`/3ds/${intent.id}/authenticate`, fake.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ client_secret: intent.client_secret, outcome: 'complete' }),
      });
      for (const listener of [...listeners])
        listener({ origin: fake.url, source: frame?.contentWindow, data: { channel: 'stripe-fake', type: 'challenge-complete', intent: intent.id } });
      const result = await handled;
      expect(result.error).toBeUndefined();
      expect((result.paymentIntent ?? result.setupIntent)?.status).toBe('succeeded');
    }
  });

  it('confirms OXXO without opening the voucher when handleActions is false', async () => {
    const { window } = await loadStandIn();
    const js = (window.Stripe as (key: string) => StandIn)(PUBLISHABLE_KEY);
    const intent = await stripe.paymentIntents.create({ amount: 9_900, currency: 'mxn', allowed_payment_method_types: ['oxxo'] });
    const result = await js.confirmOxxoPayment(
      intent.client_secret ?? '',
      { payment_method: { billing_details: { name: 'Ana López', email: 'ana@example.com' } } },
      { handleActions: false },
    );
    expect(result.paymentIntent?.status).toBe('requires_action');
    expect(result.paymentIntent?.next_action?.oxxo_display_details?.hosted_voucher_url).toBe(`${fake.url}/vouchers/${intent.id}`);
  });

  it('mounts the card element as a frame from the fake and trusts only that frame at that origin', async () => {
    const { window, listeners, posted, body } = await loadStandIn();
    const js = (window.Stripe as (key: string) => StandIn)(PUBLISHABLE_KEY);
    const card = js.elements().create('card');
    const changes: unknown[] = [];
    card.on('change', (event) => changes.push(event));
    card.mount('#card');
    const frame = body.children[0];
    const src = new URL(frame?.src ?? '');
    expect(src.origin + src.pathname).toBe(`${fake.url}/elements/card`);
    expect(src.searchParams.get('origin')).toBe(APP_ORIGIN);
    expect(src.searchParams.get('key')).toBe(PUBLISHABLE_KEY);
    const elementId = src.searchParams.get('id');

    const change = { channel: 'stripe-fake', elementId, type: 'change', event: { elementType: 'card', empty: false, complete: true, brand: 'visa' } };
    for (const listener of [...listeners]) {
      listener({ origin: 'http://evil.test', source: frame?.contentWindow, data: change });
      listener({ origin: fake.url, source: {}, data: change });
    }
    expect(changes).toEqual([]);
    for (const listener of [...listeners]) listener({ origin: fake.url, source: frame?.contentWindow, data: change });
    expect(changes).toEqual([change.event]);

    card.clear();
    expect(posted).toEqual([{ message: { type: 'clear', channel: 'stripe-fake', elementId }, targetOrigin: fake.url }]);
  });
});

describe('stripe fake: framed and hosted pages', () => {
  it('serves the card frame in Spanish with labelled fields and refuses a frame without a parent origin', async () => {
    const page = await fetch(new URL(`/elements/card?origin=${encodeURIComponent(APP_ORIGIN)}&key=${PUBLISHABLE_KEY}&id=card-1`, fake.url));
    const html = await page.text();
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    for (const label of ['Número de tarjeta', 'Vencimiento (MM/AA)', 'CVC']) expect(html).toContain(`>${label}</label>`);
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('"parentOrigin":"http://app.test"');
    expect((await fetch(new URL('/elements/card?origin=javascript:alert(1)', fake.url))).status).toBe(400);
  });

  it('serves the demo page and escapes what it echoes', async () => {
    const html = await (await fetch(new URL('/_demo?client_secret=%22%3E%3Cscript%3E', fake.url))).text();
    expect(html).toContain('<script src="/v3/"></script>');
    expect(html).not.toContain('"><script>');
  });
});
