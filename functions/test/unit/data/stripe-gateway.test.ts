/**
 * The Stripe gateway's one read of a payment, against the Stripe fake
 * (emulators/stripe-fake): lookUpPayment answers what the reconciling job and
 * the settling of a refused card purchase both read — status, whether its
 * last try was refused, what it received, with which card, for which
 * purchase — for a PaymentIntent and a SetupIntent alike, and null for one
 * Stripe does not know.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../../emulators/stripe-fake/fake-stripe';
import { type CardGateway, CardUnusableError } from '../../../src/data/payments/card-gateway';
import { createStripeGateway } from '../../../src/data/payments/stripe-gateway';

const SECRET_KEY = 'sk_test_gateway_prueba';

let fake: FakeStripe;
let stripe: Stripe;
let cards: CardGateway;
let customer: string;
let seq = 0;

beforeAll(async () => {
  fake = await startFakeStripe({ port: 0, secretKey: SECRET_KEY, publishableKey: 'pk_test_gateway_prueba', webhookUrl: null, webhookSecret: 'whsec_prueba' });
  stripe = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
  cards = createStripeGateway({ secretKey: SECRET_KEY, webhookSecret: 'whsec_prueba', apiBase: fake.url });
  customer = await cards.createCustomer({ customerId: 7, email: 'ana@example.com', name: 'Ana López' });
});
afterAll(async () => {
  await fake.close();
});

const payment = (purchaseId: number) =>
  cards.createPayment({
    purchaseId,
    amountCents: 170_000,
    description: `Orden #00${purchaseId}`,
    processorCustomerId: customer,
    idempotencyKey: `purchase-${purchaseId}-${++seq}`,
    saveCard: false,
    method: 'card',
  });

/** The browser's confirmation with a test card; a decline is Stripe's answer, not a failure of the test. */
async function confirmWith(intentId: string, number: string): Promise<string> {
  const method = await stripe.paymentMethods.create({ type: 'card', card: { number, exp_month: 12, exp_year: 2034, cvc: '123' } });
  await stripe.paymentIntents.confirm(intentId, { payment_method: method.id }).catch((error: unknown) => {
    if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
  });
  return method.id;
}

describe('lookUpPayment', () => {
  it('a payment awaiting its card: not refused, nothing received yet, for its purchase', async () => {
    const { id } = await payment(41);
    expect(await cards.lookUpPayment(id)).toEqual({
      kind: 'payment',
      status: 'requires_payment_method',
      declined: false,
      amountCents: 170_000,
      paymentMethodId: null,
      purchaseId: 41,
    });
  });

  it('a declined try is said as refused, so the next attempt settles its purchase; cancelled, it says so', async () => {
    const { id } = await payment(42);
    await confirmWith(id, '4000000000000002');
    expect(await cards.lookUpPayment(id)).toMatchObject({ kind: 'payment', status: 'requires_payment_method', declined: true, purchaseId: 42 });
    expect(await cards.cancelPayment(id)).toBe('canceled');
    expect(await cards.lookUpPayment(id)).toMatchObject({ status: 'canceled' });
  });

  it('a paid one: what it received and the card that paid; too late to cancel, cancelPayment answers its status', async () => {
    const { id } = await payment(43);
    const card = await confirmWith(id, '4242424242424242');
    expect(await cards.lookUpPayment(id)).toEqual({
      kind: 'payment',
      status: 'succeeded',
      declined: false,
      amountCents: 170_000,
      paymentMethodId: card,
      purchaseId: 43,
    });
    expect(await cards.cancelPayment(id)).toBe('succeeded');
  });

  it('a kept card (SetupIntent) and an id Stripe does not know', async () => {
    const setup = await cards.createCardSetup({ purchaseId: 44, processorCustomerId: customer, idempotencyKey: `setup-44-${++seq}` });
    expect(await cards.lookUpPayment(setup.id)).toEqual({
      kind: 'setup',
      status: 'requires_payment_method',
      declined: false,
      amountCents: 0,
      paymentMethodId: null,
      purchaseId: 44,
    });
    expect(await cards.lookUpPayment('pi_no_existe')).toBeNull();
  });
});

describe('attachCard', () => {
  it('keeps a new card; another customer’s card, or one Stripe does not know, is the card’s fault (CardUnusableError), not an outage', async () => {
    const method = await stripe.paymentMethods.create({ type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' } });
    expect(await cards.attachCard(method.id, customer)).toMatchObject({ id: method.id, last4: '4242' });
    const other = await cards.createCustomer({ customerId: 8, email: 'beto@example.com', name: 'Beto Ruiz' });
    await expect(cards.attachCard(method.id, other)).rejects.toBeInstanceOf(CardUnusableError);
    await expect(cards.attachCard('pm_no_existe', other)).rejects.toBeInstanceOf(CardUnusableError);
    // A customer of ours Stripe does not know is our fault: it stays a plain error, which the service reports as the processor's.
    await expect(cards.attachCard(method.id, 'cus_no_existe')).rejects.not.toBeInstanceOf(CardUnusableError);
  });
});
