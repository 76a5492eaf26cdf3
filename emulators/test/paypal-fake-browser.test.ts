/**
 * The browser side of the PayPal fake: the /sdk/js stand-in (run in a
 * node:vm context with a minimal window and document) and the approval pages,
 * both framed and as the full-page approve link.
 */
import vm from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakePayPal, startFakePayPal } from '../paypal-fake/fake-paypal';

const CLIENT_ID = 'fake-browser-client';
const CLIENT_SECRET = 'fake-browser-secret';
const APP_ORIGIN = 'http://app.test';

type Json = Record<string, unknown>;

let fake: FakePayPal;
let token: string;
beforeEach(async () => {
  fake = await startFakePayPal({ port: 0, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, webhookUrl: null, webhookId: 'WH-UNUSED' });
  const response = await fetch(new URL('/v1/oauth2/token', fake.url), {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}` },
    body: 'grant_type=client_credentials',
  });
  token = ((await response.json()) as { access_token: string }).access_token;
});
afterEach(async () => {
  await fake.close();
});

async function api(method: string, path: string, body?: unknown): Promise<Json> {
  const response = await fetch(new URL(path, fake.url), {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Json;
}

const order = (returnUrls = true) =>
  api('POST', '/v2/checkout/orders', {
    intent: 'CAPTURE',
    purchase_units: [{ custom_id: 'purchase:9', description: 'Clase suelta', amount: { currency_code: 'MXN', value: '250.00' } }],
    ...(returnUrls ? { application_context: { return_url: 'https://app.test/pp/ok?step=2', cancel_url: 'https://app.test/pp/cancel' } } : {}),
  });

async function subscription(): Promise<Json> {
  const product = await api('POST', '/v1/catalogs/products', { name: 'Membresía', type: 'SERVICE' });
  const plan = await api('POST', '/v1/billing/plans', {
    product_id: product.id,
    name: 'Mensual',
    billing_cycles: [
      {
        frequency: { interval_unit: 'MONTH', interval_count: 1 },
        tenure_type: 'REGULAR',
        sequence: 1,
        total_cycles: 0,
        pricing_scheme: { fixed_price: { value: '899.00', currency_code: 'MXN' } },
      },
    ],
  });
  return api('POST', '/v1/billing/subscriptions', {
    plan_id: plan.id,
    custom_id: 'member:3',
    application_context: { return_url: 'https://app.test/sub/ok', cancel_url: 'https://app.test/sub/cancel' },
  });
}

type Listener = (event: unknown) => void;
type Posted = { message: unknown; targetOrigin: string };

interface FakeNode {
  tagName: string;
  type?: string;
  src?: string;
  title?: string;
  textContent?: string;
  disabled?: boolean;
  inert?: boolean;
  attributes: Record<string, string>;
  children: FakeNode[];
  parentNode: FakeNode | null;
  listeners: Record<string, Listener[]>;
  contentWindow?: { postMessage(message: unknown, targetOrigin: string): void };
  setAttribute(name: string, value: string): void;
  appendChild(child: FakeNode): FakeNode;
  removeChild(child: FakeNode): FakeNode;
  addEventListener(type: string, listener: Listener): void;
  focus(): void;
}

function fakeNode(tagName: string, posted: Posted[]): FakeNode {
  const node: FakeNode = {
    tagName,
    attributes: {},
    children: [],
    parentNode: null,
    listeners: {},
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
    addEventListener(type, listener) {
      (node.listeners[type] ??= []).push(listener);
    },
    focus() {},
  };
  if (tagName === 'iframe') node.contentWindow = { postMessage: (message, targetOrigin) => posted.push({ message, targetOrigin }) };
  return node;
}

function find(node: FakeNode, tagName: string): FakeNode | undefined {
  if (node.tagName === tagName) return node;
  for (const child of node.children) {
    const found = find(child, tagName);
    if (found) return found;
  }
  return undefined;
}

/** Lets pending promise callbacks (the stand-in's and the fetches') run. */
const flush = () => new Promise((resolve) => setImmediate(resolve));

/** Runs the served script in a fresh context: it may define nothing but window.paypal. */
async function loadSdk(query = `client-id=${CLIENT_ID}&currency=MXN&intent=capture`) {
  const response = await fetch(new URL(`/sdk/js?${query}`, fake.url));
  const source = await response.text();
  const listeners: Listener[] = [];
  const posted: Posted[] = [];
  const body = fakeNode('body', posted);
  const container = fakeNode('div', posted);
  body.appendChild(container);
  const errors: unknown[] = [];
  const window: Record<string, unknown> = {
    location: { origin: APP_ORIGIN },
    console: { error: (error: unknown) => errors.push(error) },
    addEventListener: (_type: string, listener: Listener) => listeners.push(listener),
    removeEventListener: (_type: string, listener: Listener) => listeners.splice(listeners.indexOf(listener), 1),
  };
  const document = {
    body,
    activeElement: null,
    createElement: (tag: string) => fakeNode(tag, posted),
    querySelector: (selector: string) => (selector === '#paypal-button' ? container : null),
  };
  const context = vm.createContext({ window, document, URLSearchParams, Promise, Error, Array, Math, Number, String, JSON });
  const globalsBefore = new Set(Object.keys(context));
  vm.runInContext(source, context);
  const deliver = (origin: string, source: unknown, data: unknown) => [...listeners].forEach((listener) => listener({ origin, source, data }));
  return { response, source, window, context, globalsBefore, listeners, posted, body, container, errors, deliver };
}

interface ButtonsApi {
  render(target: unknown): Promise<void>;
  isEligible(): boolean;
  close(): Promise<void>;
}
type PayPalGlobal = { Buttons(options: Json): ButtonsApi; FUNDING: Json };

describe('paypal fake: the JS SDK stand-in', () => {
  it('is served as JavaScript and defines only window.paypal', async () => {
    const { response, source, window, context, globalsBefore } = await loadSdk();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(() => new Function(source)).not.toThrow();
    expect(Object.keys(context).filter((key) => !globalsBefore.has(key))).toEqual([]);
    expect(Object.keys(window).sort()).toEqual(['addEventListener', 'console', 'location', 'paypal', 'removeEventListener']);
    const paypal = window.paypal as PayPalGlobal;
    expect(typeof paypal.Buttons).toBe('function');
    expect(paypal.Buttons({ createOrder: () => 'x', onApprove: () => undefined }).isEligible()).toBe(true);
  });

  it('refuses to load with a wrong client id or intent=subscription without vault', async () => {
    const wrong = await fetch(new URL('/sdk/js?client-id=someone-else&currency=MXN', fake.url));
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('client-id');
    expect((await fetch(new URL(`/sdk/js?client-id=${CLIENT_ID}&intent=subscription`, fake.url))).status).toBe(400);
    expect((await fetch(new URL(`/sdk/js?client-id=${CLIENT_ID}&intent=subscription&vault=true`, fake.url))).status).toBe(200);
  });

  it('renders a button that opens the approval frame and reports the approval from the fake only', async () => {
    const created = await order();
    const { window, container, body, posted, deliver } = await loadSdk();
    const calls: Array<[string, unknown]> = [];
    const buttons = (window.paypal as PayPalGlobal).Buttons({
      createOrder: async () => created.id,
      onApprove: (data: unknown) => void calls.push(['approve', data]),
      onCancel: (data: unknown) => void calls.push(['cancel', data]),
      onError: (error: unknown) => void calls.push(['error', error]),
    });
    await buttons.render('#paypal-button');
    const button = container.children[0];
    expect(button).toMatchObject({ tagName: 'button', type: 'button', textContent: 'Pagar con PayPal' });
    expect(button?.attributes.style).toContain('min-width:0');

    button?.listeners.click?.[0]?.({});
    await flush();
    expect(button?.disabled).toBe(true);
    const overlay = body.children[1];
    expect(container.inert).toBe(true);
    const dialog = overlay?.children[0];
    expect(dialog?.attributes).toMatchObject({ role: 'dialog', 'aria-modal': 'true' });
    const frame = find(body, 'iframe');
    const src = new URL(frame?.src ?? '');
    expect(src.origin + src.pathname).toBe(`${fake.url}/checkoutnow`);
    expect(src.searchParams.get('token')).toBe(created.id);
    expect(src.searchParams.get('origin')).toBe(APP_ORIGIN);

    const approved = { channel: 'paypal-fake', type: 'approved', token: created.id, data: { orderID: created.id, payerID: 'PAYER1' } };
    deliver('http://evil.test', frame?.contentWindow, approved);
    deliver(fake.url, {}, approved);
    deliver(fake.url, frame?.contentWindow, { ...approved, token: 'OTHER' });
    await flush();
    expect(calls).toEqual([]);
    deliver(fake.url, frame?.contentWindow, approved);
    await flush();
    expect(calls).toEqual([['approve', { orderID: created.id, payerID: 'PAYER1' }]]);
    expect(body.children).toHaveLength(1);
    expect(container.inert).toBe(false);
    expect(button?.disabled).toBe(false);
    expect(posted).toEqual([]);
  });

  it('cancels on Escape: directly before the frame is ready, through the frame once it listens', async () => {
    const created = await order();
    const { window, container, body, posted, deliver } = await loadSdk();
    const cancels: unknown[] = [];
    const buttons = (window.paypal as PayPalGlobal).Buttons({
      createOrder: () => created.id,
      onApprove: () => undefined,
      onCancel: (data: unknown) => void cancels.push(data),
    });
    await buttons.render(container);
    const escape = (overlay: FakeNode | undefined) => overlay?.listeners.keydown?.[0]?.({ key: 'Escape', preventDefault() {} });

    container.children[0]?.listeners.click?.[0]?.({});
    await flush();
    escape(body.children[1]);
    await flush();
    expect(cancels).toEqual([{ orderID: created.id }]);
    expect(body.children).toHaveLength(1);

    container.children[0]?.listeners.click?.[0]?.({});
    await flush();
    const frame = find(body, 'iframe');
    deliver(fake.url, frame?.contentWindow, { channel: 'paypal-fake', type: 'ready', token: created.id });
    escape(body.children[1]);
    expect(posted).toEqual([{ message: { channel: 'paypal-fake', type: 'cancel', token: created.id }, targetOrigin: fake.url }]);
    expect(cancels).toHaveLength(1);
    deliver(fake.url, frame?.contentWindow, { channel: 'paypal-fake', type: 'cancelled', token: created.id, data: { orderID: created.id } });
    await flush();
    expect(cancels).toHaveLength(2);
    expect(body.children).toHaveLength(1);
  });

  it('opens subscriptions by id, and reports bad setups to onError or as a rejected render', async () => {
    const created = await subscription();
    const { window, body } = await loadSdk(`client-id=${CLIENT_ID}&currency=MXN&intent=subscription&vault=true`);
    const paypal = window.paypal as PayPalGlobal;
    await expect(paypal.Buttons({ createOrder: () => 'x', onApprove: () => undefined }).render('#paypal-button')).rejects.toThrow(/createSubscription/);
    await expect(paypal.Buttons({ createSubscription: () => 'x', onApprove: () => undefined }).render('#missing')).rejects.toThrow(/contenedor/);

    const errors: unknown[] = [];
    const broken = paypal.Buttons({
      createSubscription: async () => undefined,
      onApprove: () => undefined,
      onError: (error: unknown) => void errors.push(error),
    });
    await broken.render('#paypal-button');
    const container = body.children[0];
    container?.children[0]?.listeners.click?.[0]?.({});
    await flush();
    expect(String(errors[0])).toMatch(/id de la suscripción/);
    await broken.close();
    expect(container?.children).toHaveLength(0);

    const working = paypal.Buttons({
      createSubscription: () => created.id,
      onApprove: () => undefined,
      style: { label: 'subscribe', shape: 'pill', color: 'blue' },
    });
    await working.render('#paypal-button');
    expect(container?.children[0]?.textContent).toBe('Suscribirme con PayPal');
    container?.children[0]?.listeners.click?.[0]?.({});
    await flush();
    const src = new URL(find(body, 'iframe')?.src ?? '');
    expect(src.pathname).toBe('/webapps/billing/subscriptions');
    expect(src.searchParams.get('subscription_id')).toBe(created.id);
    await working.close();
    expect(body.children).toHaveLength(1);
  });
});

const decide = (path: string, body: unknown, contentType = 'application/json') =>
  fetch(new URL(path, fake.url), { method: 'POST', headers: { 'Content-Type': contentType }, body: JSON.stringify(body) });

describe('paypal fake: approval pages', () => {
  it('serves the approve link as an accessible Spanish page that cannot be framed', async () => {
    const created = await order();
    const href = (created.links as Array<{ rel: string; href: string }>).find((one) => one.rel === 'approve')?.href ?? '';
    const page = await fetch(href);
    const html = await page.text();
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('name="viewport"');
    expect(html).toContain('>Aprobar pago</button>');
    expect(html).toContain('>Cancelar</button>');
    expect(html).toContain('role="status"');
    expect(html).toContain('Clase suelta: $250.00 MXN');
  });

  it('approves an order and returns to return_url with token and PayerID; cancel goes to cancel_url', async () => {
    const created = await order();
    const id = String(created.id);
    expect((await decide('/checkoutnow/decision', { token: id, decision: 'approve' }, 'text/plain')).status).toBe(400);
    const cancelled = (await (await decide('/checkoutnow/decision', { token: id, decision: 'cancel' })).json()) as Json;
    expect(cancelled.redirect).toBe(`https://app.test/pp/cancel?token=${id}`);
    expect((await api('GET', `/v2/checkout/orders/${id}`)).status).toBe('CREATED');

    const approved = (await (await decide('/checkoutnow/decision', { token: id, decision: 'approve' })).json()) as { redirect: string; data: Json };
    const back = new URL(approved.redirect);
    expect(back.origin + back.pathname).toBe('https://app.test/pp/ok');
    expect(back.searchParams.get('step')).toBe('2');
    expect(back.searchParams.get('token')).toBe(id);
    const read = await api('GET', `/v2/checkout/orders/${id}`);
    expect(read.status).toBe('APPROVED');
    expect(back.searchParams.get('PayerID')).toBe((read.payer as Json).payer_id);
    expect(approved.data).toMatchObject({ orderID: id, payerID: (read.payer as Json).payer_id });
    expect(await (await fetch(new URL(`/checkoutnow?token=${id}`, fake.url))).text()).not.toContain('id="approve"');

    const plain = await order(false);
    const noUrls = (await (await decide('/checkoutnow/decision', { token: plain.id, decision: 'approve' })).json()) as Json;
    expect(noUrls.redirect).toBeNull();
  });

  it('frames only for the named origin and refuses an origin that is not one', async () => {
    const created = await order();
    const framed = await fetch(new URL(`/checkoutnow?token=${String(created.id)}&origin=${encodeURIComponent(APP_ORIGIN)}`, fake.url));
    expect(framed.headers.get('content-security-policy')).toBe(`frame-ancestors ${APP_ORIGIN}`);
    expect(await framed.text()).toContain('"parentOrigin":"http://app.test"');
    expect((await fetch(new URL(`/checkoutnow?token=${String(created.id)}&origin=javascript:alert(1)`, fake.url))).status).toBe(400);
    expect((await fetch(new URL('/checkoutnow?token=NOPE', fake.url))).status).toBe(404);
  });

  it('approves a subscription from its approve link: it activates and returns with subscription_id and ba_token', async () => {
    const created = await subscription();
    const href = (created.links as Array<{ rel: string; href: string }>).find((one) => one.rel === 'approve')?.href ?? '';
    const baToken = new URL(href).searchParams.get('ba_token') ?? '';
    const html = await (await fetch(href)).text();
    expect(html).toContain('Membresía: Mensual');
    expect(html).toContain('$899.00 MXN cada mes, hasta que canceles');
    const approved = (await (await decide('/webapps/billing/subscriptions/decision', { token: baToken, decision: 'approve' })).json()) as {
      redirect: string;
      data: Json;
    };
    const back = new URL(approved.redirect);
    expect(back.searchParams.get('subscription_id')).toBe(created.id);
    expect(back.searchParams.get('ba_token')).toBe(baToken);
    expect(approved.data).toEqual({ orderID: baToken, subscriptionID: created.id, paymentSource: 'paypal' });
    expect((await api('GET', `/v1/billing/subscriptions/${String(created.id)}`)).status).toBe('ACTIVE');
    const again = await decide('/webapps/billing/subscriptions/decision', { token: baToken, decision: 'approve' });
    expect(again.status).toBe(422);
  });

  it('runs framed: says ready to the parent origin, records the decision, reports it there, and obeys only that parent', async () => {
    const created = await order();
    const id = String(created.id);
    const html = await (await fetch(new URL(`/checkoutnow?token=${id}&origin=${encodeURIComponent(APP_ORIGIN)}`, fake.url))).text();
    const config = /<script type="application\/json" id="config">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].at(-1)?.[1] ?? '';
    const posted: Posted[] = [];
    let reported: () => void = () => undefined;
    const decisionReported = new Promise<void>((resolve) => (reported = resolve));
    const parent = {
      postMessage(message: unknown, targetOrigin: string) {
        posted.push({ message, targetOrigin });
        if ((message as Json).type !== 'ready') reported();
      },
    };
    const nodes: Record<string, FakeNode> = {
      config: fakeNode('script', posted),
      status: fakeNode('p', posted),
      approve: fakeNode('button', posted),
      cancel: fakeNode('button', posted),
    };
    (nodes.config as FakeNode).textContent = config;
    const listeners: Listener[] = [];
    const window = { parent, location: { assign: () => undefined }, addEventListener: (_type: string, listener: Listener) => listeners.push(listener) };
    const document = {
      getElementById: (name: string) => nodes[name] ?? null,
      querySelectorAll: () => [nodes.approve, nodes.cancel],
      addEventListener: () => undefined,
    };
    const pageFetch = (path: string, init: RequestInit) => fetch(new URL(path, fake.url), init);
    vm.runInContext(script, vm.createContext({ window, document, fetch: pageFetch, JSON, Array, Error }));
    expect(posted).toEqual([{ message: { type: 'ready', channel: 'paypal-fake', token: id }, targetOrigin: APP_ORIGIN }]);

    const cancel = { channel: 'paypal-fake', type: 'cancel', token: id };
    listeners.forEach((listener) => listener({ source: parent, origin: 'http://evil.test', data: cancel }));
    listeners.forEach((listener) => listener({ source: {}, origin: APP_ORIGIN, data: cancel }));
    nodes.approve?.listeners.click?.[0]?.({});
    await decisionReported;
    const read = await api('GET', `/v2/checkout/orders/${id}`);
    expect(read.status).toBe('APPROVED');
    expect(posted[1]).toEqual({
      message: {
        type: 'approved',
        channel: 'paypal-fake',
        token: id,
        data: { orderID: id, payerID: (read.payer as Json).payer_id, paymentID: null, billingToken: null, paymentSource: 'paypal' },
      },
      targetOrigin: APP_ORIGIN,
    });
    expect(nodes.approve?.disabled).toBe(true);
  });

  it('serves the demo page with the SDK for the configured client id', async () => {
    const html = await (await fetch(new URL('/_demo', fake.url))).text();
    expect(html).toContain(`<script src="/sdk/js?client-id=${CLIENT_ID}&amp;currency=MXN&amp;intent=capture"></script>`);
    const demo = await fetch(new URL('/_demo/orders', fake.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"value":"99.50"}',
    });
    expect(demo.status).toBe(201);
    expect(await demo.json()).toMatchObject({ status: 'CREATED', purchase_units: [{ amount: { value: '99.50' } }] });
  });
});
