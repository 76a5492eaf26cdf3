/**
 * The brake on guessing discount codes (docs/payments, ADR 0078): every path
 * that evaluates a code (the lookup, the quote, POST /checkout/attempt, POST
 * /checkout, POST /checkout/paypal) spends one shared budget of wrong codes,
 * per customer and per client network; over it, 429 before anything is read
 * or written, real code or not. Valid codes never spend it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CardGateway } from '../../../src/data/payments/card-gateway';
import type { PayPalGateway } from '../../../src/data/payments/paypal-gateway';
import { codeGuessRules } from '../../../src/services/discounts/code-guesses';
import { createDiscountFromInput } from '../../../src/services/discounts/manage-discounts';
import { customers, http, seedAccessFixtures, snapshotOf, T0, tokenOf } from '../access/access-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
beforeEach(async () => {
  env = testEnv();
  env.clock.now = new Date(T0);
  await seedAccessFixtures(env.store);
  await env.store.doc('app_config/main').set({ values: { paypal_enabled: true } }, { merge: true });
  // A wrong code is refused before any processor is called: the gateways only need to exist for the methods to be offered.
  env.deps.cards = {} as CardGateway;
  env.deps.paypal = { clientId: 'paypal-prueba' } as PayPalGateway;
  await createDiscountFromInput(env.deps, { code: 'GRATIS', is_percent: true, amount: 100 });
});
afterEach(async () => {
  await env.cleanup();
});

const TEN = 4;
const HOME = '198.51.100.7';
const ELSEWHERE = '2001:db8:77:1::5';
const STATE = ['purchases', 'available_classes', 'discount_usages', 'credit_ledger'];

/** One code tried on one of the three purchase paths, from a network. */
function tryCode(path: 'attempt' | 'saved-card' | 'paypal', uid: keyof typeof customers, code: string, network = HOME) {
  const base = http(env);
  const [url, body] =
    path === 'attempt'
      ? ['/api/checkout/attempt', { class_package_id: TEN, payment_method: 'cash', discountCode: code }]
      : path === 'saved-card'
        ? ['/api/checkout', { class_package_id: TEN, customer_id: customers[uid].customer_id, payment_source_id: 'pm_visa', discountCode: code }]
        : ['/api/checkout/paypal', { class_package_id: TEN, discountCode: code }];
  return base.post(url).set('authorization', tokenOf(uid)).set('x-forwarded-for', network).send(body);
}
const PATHS = ['attempt', 'saved-card', 'paypal'] as const;

describe('wrong discount codes on the purchase paths', () => {
  it(
    'refuses the 61st wrong code of a customer, whichever path each came by, and then their real code too, writing nothing',
    { timeout: 120_000 },
    async () => {
      const before = await snapshotOf(env.store, STATE);
      const statuses: number[] = [];
      for (let i = 0; i < 200; i++) statuses.push((await tryCode(PATHS[i % 3] as (typeof PATHS)[number], 'ana', `NOEXISTE${i}`)).status);
      const budget = codeGuessRules.perCustomer.limit;
      expect(statuses.slice(0, budget).every((status) => status === 404)).toBe(true);
      expect(statuses.slice(budget).every((status) => status === 429)).toBe(true);

      for (const path of PATHS) {
        const real = await tryCode(path, 'ana', 'GRATIS');
        expect(real.status).toBe(429);
        expect(real.body.error).toEqual({
          code: 'discounts/too-many-tries',
          message: 'Probaste demasiados códigos de descuento. Intenta de nuevo en una hora.',
        });
      }
      // The lookup and the quote spend the same budget.
      const lookUp = await http(env)
        .get(`/api/discounts/code/GRATIS?class_package_id=${TEN}`)
        .set('authorization', tokenOf('ana'))
        .set('x-forwarded-for', HOME);
      expect(lookUp.status).toBe(429);
      const quote = await http(env)
        .get(`/api/checkout/quote?class_package_id=${TEN}&discountCode=GRATIS`)
        .set('authorization', tokenOf('ana'))
        .set('x-forwarded-for', HOME);
      expect(quote.status).toBe(429);
      expect(await snapshotOf(env.store, STATE)).toEqual(before);

      // Another customer on another network is not affected, and their real code gives the class for free.
      const other = await tryCode('attempt', 'diego', 'GRATIS', ELSEWHERE);
      expect(other.status).toBe(201);
      expect(other.body.purchase).toMatchObject({ status: 'completed', total_payment: 0 });

      // An hour later the customer may try again.
      env.clock.now = new Date(T0.getTime() + 60 * 60 * 1000);
      expect((await tryCode('attempt', 'ana', 'GRATIS')).status).toBe(201);
    },
  );

  it('counts the lookup’s wrong codes against the purchase paths', { timeout: 120_000 }, async () => {
    for (let i = 0; i < 60; i++) {
      const path = i % 2 === 0 ? `/api/discounts/code/MAL${i}?class_package_id=${TEN}` : `/api/checkout/quote?class_package_id=${TEN}&discountCode=MAL${i}`;
      expect((await http(env).get(path).set('authorization', tokenOf('ana')).set('x-forwarded-for', HOME)).status).toBe(404);
    }
    expect((await tryCode('paypal', 'ana', 'MAL60')).status).toBe(429);
  });

  it('lets no more than the budget through a burst of wrong codes sent at once', { timeout: 120_000 }, async () => {
    const responses = await Promise.all(Array.from({ length: 90 }, (_, i) => tryCode(PATHS[i % 3] as (typeof PATHS)[number], 'ana', `RAFAGA${i}`)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(codeGuessRules.perCustomer.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(90 - codeGuessRules.perCustomer.limit);
  });

  it('never stops a customer retrying a valid code', { timeout: 120_000 }, async () => {
    for (let i = 0; i < 80; i++) {
      const lookUp = await http(env)
        .get(`/api/discounts/code/gratis?class_package_id=${TEN}`)
        .set('authorization', tokenOf('ana'))
        .set('x-forwarded-for', HOME);
      expect(lookUp.status).toBe(200);
    }
    // 59 wrong ones still fit, and the real code after them is accepted.
    for (let i = 0; i < 59; i++) expect((await tryCode('attempt', 'ana', `TYPO${i}`)).status).toBe(404);
    expect((await tryCode('attempt', 'ana', 'GRATIS')).status).toBe(201);
  });

  it('limits one network however many accounts it guesses from', { timeout: 120_000 }, async () => {
    const budget = codeGuessRules.perNetwork.limit;
    const uids = ['ana', 'diego', 'eva'] as const;
    const statuses: number[] = [];
    for (let i = 0; i < budget + 6; i++)
      statuses.push(
        (await tryCode(PATHS[i % 3] as (typeof PATHS)[number], uids[i % 3] as (typeof uids)[number], `RED${i}`, `2001:db8:5:6::${i.toString(16)}`)).status,
      );
    expect(statuses.indexOf(429)).toBe(budget);
    expect(statuses.slice(budget).every((status) => status === 429)).toBe(true);
    // The network is refused even for a customer who has not guessed at all there…
    await env.store.doc('customers/zoe').set({ ...(await env.store.doc('customers/eva').get()).data(), uid: 'zoe', customer_id: 9, email: 'zoe@example.com' });
    expect(
      (
        await http(env)
          .post('/api/checkout/paypal')
          .set('authorization', tokenOf('zoe'))
          .set('x-forwarded-for', '2001:db8:5:6::99')
          .send({ class_package_id: TEN, discountCode: 'GRATIS' })
      ).status,
    ).toBe(429);
    // …while the same customers from another network are not.
    expect((await tryCode('attempt', 'eva', 'GRATIS', ELSEWHERE)).status).toBe(201);
  });
});
