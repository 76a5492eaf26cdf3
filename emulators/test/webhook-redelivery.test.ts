/**
 * Both fakes deliver webhooks as the processors do at their worst
 * (emulators/webhook-redelivery.ts): a failed or timed-out delivery is sent
 * again on the processor's schedule (compressed here so three days take
 * milliseconds), and on request every event comes twice or pairs come in
 * reverse order; the control endpoints make a dashboard refund, a dispute and
 * a PayPal reversal.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakePayPal } from '../paypal-fake/fake-paypal';
import { startFakeStripe } from '../stripe-fake/fake-stripe';
import { PAYPAL_RETRY_SCHEDULE, STRIPE_RETRY_SCHEDULE } from '../webhook-redelivery';

type Json = Record<string, unknown>;
/** Three days of schedule in a few milliseconds. */
const FAST = 1e-7;

interface Receiver {
  url: string;
  /** Event ids in arrival order (every attempt, failed ones too). */
  arrivals: Array<{ id: string; type: string; answered: number }>;
  close(): Promise<void>;
}

/** A webhook endpoint whose answer to each arrival is decided by `answer` (a status, or 'hang' to never answer in time). */
async function receiver(answer: (attempt: number, event: Json) => number | 'hang'): Promise<Receiver> {
  const arrivals: Receiver['arrivals'] = [];
  const hanging: Array<() => void> = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
      const status = answer(arrivals.filter((a) => a.id === event.id).length + 1, event);
      arrivals.push({ id: String(event.id), type: String(event.type ?? event.event_type), answered: status === 'hang' ? 0 : status });
      if (status === 'hang') hanging.push(() => response.writeHead(200).end());
      else response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrivals,
    async close() {
      for (const finish of hanging) finish();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const post = async (base: string, path: string, body: unknown = {}) => {
  const response = await fetch(new URL(path, base), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Json };
};

async function stripeWith(hook: Receiver, redelivery: { schedule?: number[]; timeoutMs?: number } = {}) {
  const fake = await startFakeStripe({
    port: 0,
    secretKey: 'sk_test_retries',
    publishableKey: 'pk_test_retries',
    webhookUrl: hook.url,
    webhookSecret: 'whsec_retries',
    redelivery: { timeScale: FAST, ...redelivery },
  });
  closers.push(() => fake.close());
  const stripe = new Stripe('sk_test_retries', { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
  const paidIntent = async (amount = 170_000) => {
    const method = await stripe.paymentMethods.create({ type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' } });
    return stripe.paymentIntents.create({ amount, currency: 'mxn', payment_method: method.id, confirm: true, metadata: { purchase_id: '42' } });
  };
  return { fake, stripe, paidIntent, control: (path: string, body?: unknown) => post(fake.url, path, body), settle: () => post(fake.url, '/_control/settle') };
}

describe('Stripe fake: redelivery', () => {
  it('the schedule is exponential and ends within three days', () => {
    expect(STRIPE_RETRY_SCHEDULE.reduce((sum, s) => sum + s, 0)).toBeLessThanOrEqual(3 * 86_400);
    expect(STRIPE_RETRY_SCHEDULE.slice(0, 4)).toEqual([60, 120, 240, 480]);
  });

  it('sends a failed delivery again until the endpoint takes it, then stops', async () => {
    const hook = await receiver((attempt) => (attempt <= 2 ? 500 : 200));
    closers.push(() => hook.close());
    const s = await stripeWith(hook);
    const intent = await s.paidIntent();
    await s.settle();
    const succeeded = hook.arrivals.filter((a) => a.type === 'payment_intent.succeeded');
    expect(succeeded.map((a) => a.answered)).toEqual([500, 500, 200]);
    const events = (await fetch(new URL('/_control/events', s.fake.url)).then((r) => r.json())) as { data: Array<Json & { deliveries: Json[] }> };
    const event = events.data.find((e) => e.type === 'payment_intent.succeeded' && (e.data as Json & { object: Json }).object.id === intent.id);
    expect(event?.deliveries.map((d) => d.status)).toEqual([500, 500, 200]);
  });

  it('counts an endpoint that does not answer in time as failed, and gives up when the schedule ends', async () => {
    const hook = await receiver((attempt, event) => (event.type !== 'payment_intent.succeeded' ? 200 : attempt === 1 ? 'hang' : 503));
    closers.push(() => hook.close());
    const s = await stripeWith(hook, { schedule: [60, 120, 240], timeoutMs: 50 });
    await s.paidIntent();
    await s.settle();
    expect(hook.arrivals.filter((a) => a.type === 'payment_intent.succeeded').map((a) => a.answered)).toEqual([0, 503, 503, 503]);
  });

  it('delivers every event twice, or each pair newest first, when asked', async () => {
    const hook = await receiver(() => 200);
    closers.push(() => hook.close());
    const s = await stripeWith(hook);
    expect((await s.control('/_control/delivery-mode', { duplicate: true })).body).toEqual({ duplicate: true, out_of_order: false });
    await s.paidIntent();
    await s.settle();
    const emitted = async () =>
      ((await fetch(new URL('/_control/events', s.fake.url)).then((r) => r.json())) as { data: Array<{ id: string }> }).data.map((e) => e.id);
    const first = await emitted();
    expect(first.length).toBeGreaterThan(0);
    expect(hook.arrivals.map((a) => a.id)).toEqual(first.flatMap((id) => [id, id]));

    hook.arrivals.length = 0;
    await s.control('/_control/delivery-mode', { duplicate: false, out_of_order: true });
    await s.paidIntent(100_000);
    await s.paidIntent(200_000);
    await s.settle();
    const second = (await emitted()).slice(first.length);
    const swapped = second.flatMap((id, i) => (i % 2 === 1 ? [id, second[i - 1] as string] : i === second.length - 1 ? [id] : []));
    expect(second.length).toBeGreaterThan(1);
    expect(hook.arrivals.map((a) => a.id)).toEqual(swapped);
    expect((await s.control('/_control/delivery-mode', { duplicate: 'sí' })).status).toBe(400);
  });
});

describe('Stripe fake: the Dashboard and the bank', () => {
  it('a Dashboard refund (partial, then the rest) announces charge.refunded with the running total', async () => {
    const hook = await receiver(() => 200);
    closers.push(() => hook.close());
    const s = await stripeWith(hook);
    const intent = await s.paidIntent();
    expect((await s.control(`/_control/payment_intents/${intent.id}/refund`, { amount: 50_000 })).body).toMatchObject({ amount: 50_000, status: 'succeeded' });
    expect((await s.control(`/_control/payment_intents/${intent.id}/refund`, {})).body).toMatchObject({ amount: 120_000 });
    expect((await s.control(`/_control/payment_intents/${intent.id}/refund`, {})).status).toBe(400);
    await s.settle();
    const events = (await fetch(new URL('/_control/events', s.fake.url)).then((r) => r.json())) as { data: Array<{ type: string; data: { object: Json } }> };
    expect(events.data.filter((e) => e.type === 'charge.refunded').map((e) => [e.data.object.amount_refunded, e.data.object.payment_intent])).toEqual([
      [50_000, intent.id],
      [170_000, intent.id],
    ]);
  });

  it('a dispute opens (charge.dispute.created) and closes won or lost (charge.dispute.closed), once', async () => {
    const hook = await receiver(() => 200);
    closers.push(() => hook.close());
    const s = await stripeWith(hook);
    const intent = await s.paidIntent();
    const opened = await s.control(`/_control/payment_intents/${intent.id}/dispute`, {});
    expect(opened.body).toMatchObject({ object: 'dispute', status: 'needs_response', amount: 170_000, payment_intent: intent.id });
    expect((await s.control(`/_control/payment_intents/${intent.id}/dispute`, {})).status).toBe(400);
    const closed = await s.control(`/_control/disputes/${String(opened.body.id)}/close`, { outcome: 'lost' });
    expect(closed.body).toMatchObject({ status: 'lost' });
    expect((await s.control(`/_control/disputes/${String(opened.body.id)}/close`, { outcome: 'won' })).status).toBe(400);
    expect((await s.control('/_control/disputes/dp_nada/close', { outcome: 'won' })).status).toBe(404);
    await s.settle();
    expect(hook.arrivals.filter((a) => a.type.startsWith('charge.dispute')).map((a) => a.type)).toEqual(['charge.dispute.created', 'charge.dispute.closed']);
  });
});

describe('PayPal fake', () => {
  async function paypalWith(hook: Receiver, redelivery: { schedule?: number[] } = {}) {
    const fake = await startFakePayPal({
      port: 0,
      clientId: 'retries-id',
      clientSecret: 'retries-secret',
      webhookUrl: hook.url,
      webhookId: 'WH-RETRIES',
      redelivery: { timeScale: FAST, ...redelivery },
    });
    closers.push(() => fake.close());
    const tokenReply = await fetch(new URL('/v1/oauth2/token', fake.url), {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('retries-id:retries-secret').toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const { access_token: token } = (await tokenReply.json()) as { access_token: string };
    const api = async (path: string, body: unknown) => {
      const response = await fetch(new URL(path, fake.url), {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as Json;
    };
    const capture = async () => {
      const order = await api('/v2/checkout/orders', {
        intent: 'CAPTURE',
        purchase_units: [{ custom_id: '42', amount: { currency_code: 'MXN', value: '1700.00' } }],
      });
      await post(fake.url, `/_control/orders/${String(order.id)}/approve`);
      const captured = (await api(`/v2/checkout/orders/${String(order.id)}/capture`, {})) as { purchase_units: Array<{ payments: { captures: Json[] } }> };
      return String(captured.purchase_units[0]?.payments.captures[0]?.id);
    };
    return { fake, capture, control: (path: string, body?: unknown) => post(fake.url, path, body), settle: () => post(fake.url, '/_control/settle') };
  }

  it('retries a failed notice up to 25 times over three days', async () => {
    expect(PAYPAL_RETRY_SCHEDULE).toHaveLength(25);
    const total = PAYPAL_RETRY_SCHEDULE.reduce((sum, s) => sum + s, 0);
    expect(total).toBeGreaterThan(71 * 3600);
    expect(total).toBeLessThanOrEqual(73 * 3600);
    const hook = await receiver(() => 500);
    closers.push(() => hook.close());
    const p = await paypalWith(hook);
    await p.capture();
    await p.settle();
    const byEvent = new Map<string, number>();
    for (const a of hook.arrivals) byEvent.set(a.id, (byEvent.get(a.id) ?? 0) + 1);
    expect([...byEvent.values()].every((n) => n === 26)).toBe(true);
  });

  it('a refund made in PayPal’s site and a reversal announce PAYMENT.CAPTURE.REFUNDED and REVERSED with the capture and total', async () => {
    const hook = await receiver(() => 200);
    closers.push(() => hook.close());
    const p = await paypalWith(hook);
    const captureId = await p.capture();
    const refunded = await p.control(`/_control/captures/${captureId}/refund`, { amount: { currency_code: 'MXN', value: '400.00' } });
    expect(refunded.body).toMatchObject({ amount: { value: '400.00' }, seller_payable_breakdown: { total_refunded_amount: { value: '400.00' } } });
    const reversed = await p.control(`/_control/captures/${captureId}/reverse`, {});
    expect(reversed.body).toMatchObject({
      amount: { value: '1300.00' },
      custom_id: '42',
      seller_payable_breakdown: { total_refunded_amount: { value: '1700.00' } },
    });
    expect((await p.control(`/_control/captures/${captureId}/reverse`, {})).status).toBe(422);
    await p.settle();
    expect(hook.arrivals.map((a) => a.type).filter((t) => t.startsWith('PAYMENT.CAPTURE.RE'))).toEqual([
      'PAYMENT.CAPTURE.REFUNDED',
      'PAYMENT.CAPTURE.REVERSED',
    ]);
    const up = ((reversed.body.links as Json[]).find((l) => l.rel === 'up')?.href as string) ?? '';
    expect(up.endsWith(`/v2/payments/captures/${captureId}`)).toBe(true);
  });
});
