import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SPREAD } from '../../../src/data/repos/number-claims';
import type { AppError } from '../../../src/domain/errors';
import { listCustomersForAdmin, quickSearchCustomers } from '../../../src/services/customers/search-customers';
import { buildSearchTerms, normalizeForSearch, queryTerms } from '../../../src/services/customers/search-terms';
import { signUp } from '../../../src/services/customers/sign-up';
import { updateCustomer } from '../../../src/services/customers/update-customer';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
beforeEach(() => {
  env = testEnv();
});
afterEach(async () => {
  await env.cleanup();
});

const identity = (uid: string, admin = false) => ({ uid, email: `${uid}@example.com`, emailVerified: true, admin });

describe('signUp', () => {
  it('gives 50 simultaneous sign-ups with one phone exactly one account', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => signUp(env.deps, identity(`u${i}`), { uid: `u${i}`, name: 'Ana', last_name: 'López', phone: '5512345678' })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('customer/phone-taken');
    expect(await env.store.collection('customers').count()).toBe(1);
  });

  // Customer numbers are claimed among the lowest free ones, not counted (ADR 0009): no repeats, and close to the count.
  it('numbers customers without repeats under concurrency, among the lowest free numbers', async () => {
    const customers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signUp(env.deps, identity(`u${i}`), { uid: `u${i}`, name: 'N', last_name: 'M', phone: `55000000${String(i).padStart(2, '0')}` }),
      ),
    );
    const ids = customers.map((c) => c.customer_id);
    expect(new Set(ids).size).toBe(20);
    expect(ids.every((id) => Number.isInteger(id) && id >= 1 && id <= 20 + DEFAULT_SPREAD)).toBe(true);
    for (let i = 20; i < 20 + DEFAULT_SPREAD; i++) {
      await signUp(env.deps, identity(`u${i}`), { uid: `u${i}`, name: 'N', last_name: 'M', phone: `5500000${String(i).padStart(3, '0')}` });
    }
    const all = (await env.store.collection('customers').get()).docs.map((d) => d.get('customer_id') as number).sort((a, b) => a - b);
    expect(new Set(all).size).toBe(20 + DEFAULT_SPREAD);
    // Each sign-up took one of the lowest free numbers, so numbers stay close to the count.
    expect(all.at(-1)).toBeLessThanOrEqual(all.length + DEFAULT_SPREAD);
  });

  it('never reuses a number a counter gave out before', async () => {
    await env.store.doc('counters/customers').set({ value: 40 });
    const customer = await signUp(env.deps, identity('u1'), { uid: 'u1', name: 'N', last_name: 'M', phone: '5500000001' });
    expect(customer.customer_id).toBeGreaterThan(40);
    expect((await env.store.doc('counters/customers').get()).data()).toEqual({ value: 40 });
  });

  it('requires every page flagged required_signup', async () => {
    await env.store.doc('pages/1').set({
      page_id: 1,
      title: 'Términos',
      slug: 'terminos',
      content: 'x',
      required: true,
      required_signup: true,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await expect(signUp(env.deps, identity('u1'), { uid: 'u1', name: 'A', last_name: 'B', phone: '5512345678' })).rejects.toMatchObject({
      code: 'customer/terms-not-accepted',
    });
    const customer = await signUp(env.deps, identity('u1'), { uid: 'u1', name: 'A', last_name: 'B', phone: '5512345678', accepted_pages: [1, 77] });
    expect(customer.accepted_pages).toEqual([1]);
  });
});

describe('updateCustomer', () => {
  it('keeps phones unique when a phone change races a sign-up', async () => {
    await signUp(env.deps, identity('a'), { uid: 'a', name: 'A', last_name: 'A', phone: '5511111111' });
    const results = await Promise.allSettled([
      updateCustomer(env.deps, identity('a'), { name: 'A', last_name: 'A', phone: '5522222222' }),
      signUp(env.deps, identity('b'), { uid: 'b', name: 'B', last_name: 'B', phone: '5522222222' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const owner = await env.store.doc('customer_phones/5522222222').get();
    expect(['a', 'b']).toContain(owner.get('uid'));
    expect(await env.store.collection('customer_phones').count()).toBe(owner.get('uid') === 'a' ? 1 : 2);
  });
});

describe('customer search', () => {
  it('finds by accent-insensitive name prefixes, e-mail and phone, all words required', async () => {
    await signUp(env.deps, identity('ang'), { uid: 'ang', name: 'Ángela', last_name: 'Núñez Ortiz', phone: '5544443333' });
    await signUp(env.deps, identity('ana'), { uid: 'ana', name: 'Ana', last_name: 'Ortiz', phone: '5577776666' });
    const names = async (q: string) => (await quickSearchCustomers(env.deps, q)).map((c) => c.name).sort();
    expect(await names('angela')).toEqual(['Ángela']);
    expect(await names('ortiz')).toEqual(['Ana', 'Ángela']);
    expect(await names('an ortiz')).toEqual(['Ana', 'Ángela']);
    expect(await names('nun ang')).toEqual(['Ángela']);
    expect(await names('557777')).toEqual(['Ana']);
    expect(await names('ana@exa')).toEqual(['Ana']);
    expect(await names('x')).toEqual([]);
    const page = await listCustomersForAdmin(env.deps, undefined, 1);
    expect(page.total).toBe(2);
    // By customer number, highest first (numbers are claimed, so only roughly in sign-up order: ADR 0009).
    const numbers = page.customers.map((c) => c.customer_id);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(page.customers.map((c) => c.name).sort()).toEqual(['Ana', 'Ángela']);
  });

  it('normalises and tokenises', () => {
    expect(normalizeForSearch('  ÁNGELA Peña ')).toBe('angela pena');
    expect(queryTerms('Ana  López-Pérez ana')).toEqual(['lopez-perez', 'ana']);
    expect(buildSearchTerms({ name: 'Al', last_name: 'B', email: 'al@x.mx', phone: '5512345678' })).toEqual(
      expect.arrayContaining(['al', 'al@', 'al@x.mx', '55', '5512345678']),
    );
  });
});
