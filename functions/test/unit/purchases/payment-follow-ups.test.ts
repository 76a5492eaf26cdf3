/**
 * Follow-up steps of a grant (docs/payments "Follow-up steps"): the step
 * after the credits (the processor subscription that bills renewals, a
 * trial's price reset) is retried until done. A redelivery that finds the
 * grant made ('duplicate') still completes it, and the reconciling job
 * completes what no event will: a subscription never set up, a payment
 * the processor took whose event never came.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CardGateway, PaymentLookup, RenewalsRequest } from '../../../src/data/payments/card-gateway';
import { RECONCILE_GRACE_MS, reconcilePayments } from '../../../src/services/purchases/reconcile-payments';
import { http, packages, seedAccessFixtures, T0, tokenOf } from '../access/access-fixtures';
import { type TestEnv, testEnv } from '../support';
import { cardGatewayDouble, deliverStripeEvent, stripeEvent } from './card-gateway-double';

const TRIAL = 30;

type Doc = Record<string, unknown>;

interface Processor {
  renewals: RenewalsRequest[];
  /** How many startRenewals calls fail next (the processor down, or the function dying at that step). */
  failRenewals: number;
  prices: Array<[string, number]>;
  failPrices: number;
  refunds: string[];
  /** What the processor says of each payment or SetupIntent. */
  payments: Map<string, PaymentLookup>;
  lookups: string[];
}

let env: TestEnv;
let processor: Processor;
let cards: CardGateway;

beforeEach(async () => {
  env = testEnv();
  env.clock.now = new Date(T0);
  await seedAccessFixtures(env.store);
  await env.store
    .doc(`class_packages/${TRIAL}`)
    .set({ ...packages.unlimited, class_package_id: TRIAL, title: 'Prueba 7 Días', is_trial: true, free_trial_length: 7 });
  processor = { renewals: [], failRenewals: 0, prices: [], failPrices: 0, refunds: [], payments: new Map(), lookups: [] };
  const down = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  cards = cardGatewayDouble({
    async startRenewals(request) {
      if (processor.failRenewals > 0) {
        processor.failRenewals--;
        throw down();
      }
      processor.renewals.push(request);
      return `sub_${request.idempotencyKey}`;
    },
    async changeRenewalPrice(subscriptionId, amountCents) {
      if (processor.failPrices > 0) {
        processor.failPrices--;
        throw down();
      }
      processor.prices.push([subscriptionId, amountCents]);
    },
    async refundPayment(paymentId) {
      processor.refunds.push(paymentId);
    },
    async lookUpPayment(ref) {
      processor.lookups.push(ref);
      return processor.payments.get(ref) ?? null;
    },
  });
  env.deps.cards = cards;
});
afterEach(async () => {
  await env.cleanup();
});

/** What the processor says of a payment (or, for 'seti_…', a kept card) when the reconciling job asks. */
const atProcessor = (ref: string, purchaseId: number, amountCents: number, paymentMethodId: string | null, status = 'succeeded') =>
  processor.payments.set(ref, { kind: ref.startsWith('seti_') ? 'setup' : 'payment', status, declined: false, amountCents, paymentMethodId, purchaseId });
const purchaseOf = async (id: number) => (await env.store.doc(`purchases/${id}`).get()).data() as Doc;
const docs = async (collection: string) => (await env.store.collection(collection).get()).docs.map((d) => d.data() as Doc);

const event = (type: string, object: Doc) => stripeEvent(type, object, { created: T0 });
const paid = (purchaseId: number, paymentMethod = 'pm_guardada') =>
  event('payment_intent.succeeded', {
    id: `pi_purchase-${purchaseId}`,
    object: 'payment_intent',
    amount: 240000,
    amount_received: 240000,
    currency: 'mxn',
    payment_method: paymentMethod,
    metadata: { purchase_id: String(purchaseId) },
  });
const cardKept = (purchaseId: number) =>
  event('setup_intent.succeeded', {
    id: `seti_setup-${purchaseId}`,
    object: 'setup_intent',
    status: 'succeeded',
    payment_method: 'pm_prueba',
    metadata: { purchase_id: String(purchaseId) },
  });
const renewalPaid = (purchaseId: number, invoiceId: string, amount: number) =>
  event('invoice.paid', {
    id: invoiceId,
    object: 'invoice',
    billing_reason: 'subscription_cycle',
    amount_due: amount,
    amount_paid: amount,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: `sub_renewals-${purchaseId}`, metadata: { purchase_id: String(purchaseId) } },
    },
  });

const deliver = (body: unknown) => deliverStripeEvent(http(env), body);

async function placeCard(uid: string, packageId: number) {
  const answer = await http(env).post('/api/checkout/attempt').set('authorization', tokenOf(uid)).send({ class_package_id: packageId, payment_method: 'card' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.purchase_id as number;
}

const later = (ms: number) => {
  env.clock.now = new Date(env.clock.now.getTime() + ms);
};

describe('a redelivery completes the follow-up step', () => {
  it('the function died after granting a subscription’s first period: Stripe’s redelivery (duplicate) sets up its renewals, once', async () => {
    const id = await placeCard('ana', packages.unlimited.class_package_id);
    const first = paid(id);
    processor.failRenewals = 1;
    const crashed = await deliver(first);
    // Not a 2xx: Stripe keeps the event and sends it again.
    expect(crashed.status).toBe(503);
    expect(await purchaseOf(id)).toMatchObject({ status: 'active', subscription_id: null });
    expect(await docs('available_classes')).toHaveLength(1);

    const again = await deliver(first);
    expect(again.status).toBe(200);
    expect(again.body.outcome).toBe('duplicate');
    expect(await purchaseOf(id)).toMatchObject({ status: 'active', subscription_id: `sub_renewals-${id}` });
    expect(processor.renewals).toMatchObject([{ purchaseId: id, paymentMethodId: 'pm_guardada', idempotencyKey: `renewals-${id}` }]);
    // Nothing granted twice; later deliveries change nothing.
    await deliver(first);
    expect(processor.renewals).toHaveLength(1);
    expect(await docs('available_classes')).toHaveLength(1);
    expect((await docs('invoices')).filter((i) => i.purchase_id === id)).toHaveLength(1);
  });

  it('a free trial whose set-up failed after the trial began gets its first charge scheduled on the redelivery', async () => {
    const id = await placeCard('ana', TRIAL);
    const saved = cardKept(id);
    processor.failRenewals = 1;
    expect((await deliver(saved)).status).toBe(503);
    expect(await purchaseOf(id)).toMatchObject({ status: 'active', subscription_id: null });
    expect((await deliver(saved)).body.outcome).toBe('duplicate');
    expect(await purchaseOf(id)).toMatchObject({ subscription_id: `sub_renewals-${id}` });
    expect(processor.renewals).toMatchObject([{ paymentMethodId: 'pm_prueba', firstRenewalAt: new Date('2026-11-29T18:00:00Z') }]);
  });

  it('a second card’s payment, refunded, never sets up renewals with that card', async () => {
    const id = await placeCard('ana', packages.unlimited.class_package_id);
    processor.failRenewals = 1;
    await deliver(paid(id));
    // Another try with another card also went through at the processor: refunded, and its redelivery is a duplicate.
    const other = event('payment_intent.succeeded', {
      id: `pi_otra-${id}`,
      object: 'payment_intent',
      amount: 240000,
      amount_received: 240000,
      currency: 'mxn',
      payment_method: 'pm_otra',
      metadata: { purchase_id: String(id) },
    });
    expect((await deliver(other)).body.outcome).toBe('refunded');
    expect((await deliver(other)).body.outcome).toBe('duplicate');
    expect(processor.refunds).toEqual([`pi_otra-${id}`]);
    expect(processor.renewals).toEqual([]);
  });

  it('a trial’s renewal price reset that failed after the first charge was granted is done on the redelivery', async () => {
    const id = await placeCard('ana', TRIAL);
    // A first charge cheaper than the renewals (a first-invoice-only discount).
    await env.store.doc(`purchases/${id}`).set({ first_charge_amount: 1200, renewal_amount: 2400 }, { merge: true });
    await deliver(cardKept(id));
    env.clock.now = new Date('2026-11-29T18:00:05Z');
    const charge = renewalPaid(id, 'in_primer_cargo', 120000);
    processor.failPrices = 1;
    expect((await deliver(charge)).status).toBe(503);
    expect((await purchaseOf(id)).renewal_price_set).toBeFalsy();
    expect((await deliver(charge)).body.outcome).toBe('duplicate');
    expect(processor.prices).toEqual([[`sub_renewals-${id}`, 240000]]);
    expect(await purchaseOf(id)).toMatchObject({ renewal_price_set: true });
    expect(await docs('available_classes')).toHaveLength(2);
  });
});

describe('the reconciling job', () => {
  it('sets up the renewals of an active subscription that has none once the webhook is done with it, from the card that paid', async () => {
    const id = await placeCard('ana', packages.unlimited.class_package_id);
    processor.failRenewals = 5;
    await deliver(paid(id));
    processor.failRenewals = 0;
    atProcessor(`pi_purchase-${id}`, id, 240000, 'pm_guardada');

    // Within the grace period the webhook's redeliveries come first: the job leaves it.
    later(RECONCILE_GRACE_MS - 1000);
    expect(await reconcilePayments(env.deps, cards)).toEqual({ paymentsCompleted: [], renewalsStarted: [], failures: [] });
    expect(processor.lookups).toEqual([]);

    later(1000);
    const logs: string[] = [];
    expect(await reconcilePayments(env.deps, cards, (line) => logs.push(line))).toEqual({ paymentsCompleted: [], renewalsStarted: [id], failures: [] });
    expect(await purchaseOf(id)).toMatchObject({ subscription_id: `sub_renewals-${id}` });
    expect(processor.renewals).toMatchObject([{ purchaseId: id, paymentMethodId: 'pm_guardada', firstRenewalAt: new Date('2026-12-22T18:00:00Z') }]);
    expect(logs.map((l) => JSON.parse(l))).toEqual([{ severity: 'WARNING', job: 'reconcilePayments', purchase_id: id, action: 'renewals-started' }]);

    // Done: the next run has nothing to do.
    later(RECONCILE_GRACE_MS);
    expect(await reconcilePayments(env.deps, cards)).toEqual({ paymentsCompleted: [], renewalsStarted: [], failures: [] });
    expect(processor.renewals).toHaveLength(1);
  });

  it('completes a pending card purchase the processor was paid for when no event came, once; a late event is then already paid', async () => {
    const id = await placeCard('ana', packages.tenClasses.class_package_id);
    const other = await placeCard('diego', packages.tenClasses.class_package_id);
    atProcessor(`pi_purchase-${id}`, id, 170000, 'pm_x');
    atProcessor(`pi_purchase-${other}`, other, 0, null, 'requires_payment_method');
    later(RECONCILE_GRACE_MS);
    expect(await reconcilePayments(env.deps, cards)).toEqual({ paymentsCompleted: [id], renewalsStarted: [], failures: [] });
    expect(await purchaseOf(id)).toMatchObject({ status: 'completed', provider_ref: `pi_purchase-${id}` });
    expect(await purchaseOf(other)).toMatchObject({ status: 'pending' });
    expect((await docs('available_classes')).filter((l) => l.purchase_id === id)).toHaveLength(1);

    expect(await reconcilePayments(env.deps, cards)).toEqual({ paymentsCompleted: [], renewalsStarted: [], failures: [] });
    const late = paid(id);
    expect((await deliver(late)).body.outcome).toBe('already-paid');
    expect((await docs('available_classes')).filter((l) => l.purchase_id === id)).toHaveLength(1);
    expect((await docs('invoices')).filter((i) => i.purchase_id === id)).toHaveLength(1);
  });

  it('starts a free trial whose kept card the processor confirmed, and schedules its first charge', async () => {
    const id = await placeCard('ana', TRIAL);
    atProcessor(`seti_setup-${id}`, id, 0, 'pm_prueba');
    later(RECONCILE_GRACE_MS);
    expect((await reconcilePayments(env.deps, cards)).paymentsCompleted).toEqual([id]);
    expect(await purchaseOf(id)).toMatchObject({ status: 'active', subscription_id: `sub_renewals-${id}` });
    expect(processor.renewals).toMatchObject([{ purchaseId: id, paymentMethodId: 'pm_prueba' }]);
  });

  it('a payment the processor names for another purchase completes nothing; a failure is reported and retried next run', async () => {
    const id = await placeCard('ana', packages.tenClasses.class_package_id);
    atProcessor(`pi_purchase-${id}`, id + 1, 170000, 'pm_x');
    later(RECONCILE_GRACE_MS);
    expect((await reconcilePayments(env.deps, cards)).paymentsCompleted).toEqual([]);
    expect(await purchaseOf(id)).toMatchObject({ status: 'pending' });

    const sub = await placeCard('diego', packages.unlimited.class_package_id);
    processor.failRenewals = 10;
    await deliver(paid(sub));
    atProcessor(`pi_purchase-${sub}`, sub, 240000, 'pm_guardada');
    later(RECONCILE_GRACE_MS);
    const failed = await reconcilePayments(env.deps, cards);
    expect(failed.failures).toEqual([{ purchaseId: sub, error: 'connect ECONNREFUSED' }]);
    processor.failRenewals = 0;
    expect((await reconcilePayments(env.deps, cards)).renewalsStarted).toEqual([sub]);
  });
});
