/**
 * The credit ledger's own guards (services/credits/ledger.ts, docs/credits),
 * tested directly rather than through the services that normally stop bad
 * input first: each test fails if its guard is removed or loosened.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AvailableClassDoc, LedgerEntryDoc, LedgerKind } from '../../../src/data/repos/credits-repo';
import { AppError } from '../../../src/domain/errors';
import { changeLot, grantLot, type LedgerContext, revokeLot, settleLot, UNLIMITED } from '../../../src/services/credits/ledger';
import { T0 } from '../access/access-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
beforeEach(() => {
  env = testEnv();
  env.clock.now = new Date(T0);
});
afterEach(async () => {
  await env.cleanup();
});

const context: LedgerContext = { actor: { uid: 'valeria', role: 'admin' }, reason: 'prueba' };
const lot = (overrides: Partial<AvailableClassDoc> = {}): AvailableClassDoc => ({
  available_class_id: 7,
  customer_id: 2,
  uid: 'ana',
  purchase_id: 40,
  class_package_id: 4,
  available_classes: 3,
  initial_classes: 3,
  expiration_date: null,
  class_type_id: null,
  class_types: [],
  allowed_times: null,
  is_online: false,
  status: 'active',
  cancels_used: 0,
  createdAt: T0,
  updatedAt: T0,
  ...overrides,
});

const stored = async () => (await env.store.doc('available_classes/7').get()).data() as AvailableClassDoc | undefined;
/** The ledger's entries, grant first (entries have random ids and may share an instant). */
const ORDER: LedgerKind[] = ['grant', 'book', 'refund', 'adjust', 'revoke'];
const entries = async () =>
  (await env.store.collection('credit_ledger').get()).docs
    .map((d) => d.data() as unknown as LedgerEntryDoc)
    .sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
const inTx = <T>(work: (tx: Parameters<Parameters<TestEnv['store']['runTransaction']>[0]>[0]) => T) => env.store.runTransaction(async (tx) => work(tx));
/** Grants the lot (its count as given), outside the guard under test. */
const seed = (start: AvailableClassDoc) => inTx((tx) => grantLot(env.deps, tx, start, context));

async function refusal(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

describe('grantLot', () => {
  it.each([2.5, -2, -0.5, Number.NaN])('refuses a lot starting with %s credits, writing nothing', async (count) => {
    const error = await refusal(inTx((tx) => grantLot(env.deps, tx, lot({ available_classes: count }), context)));
    expect(String((error as Error).message)).toContain('whole, non-negative count or -1');
    expect(await stored()).toBeUndefined();
    expect(await entries()).toEqual([]);
  });

  it.each([0, 5, UNLIMITED])('grants a lot of %s, with one grant entry', async (count) => {
    await seed(lot({ available_classes: count }));
    expect((await stored())?.available_classes).toBe(count);
    expect(await entries()).toEqual([
      expect.objectContaining({ kind: 'grant', delta: count === UNLIMITED ? 0 : count, balance_after: count, unlimited: count === UNLIMITED }),
    ]);
  });
});

describe('changeLot', () => {
  it('refuses to go below zero (credits/insufficient), and lets a lot reach exactly zero', async () => {
    await seed(lot({ available_classes: 2 }));
    const error = await refusal(inTx(async (tx) => changeLot(env.deps, tx, (await stored()) as AvailableClassDoc, -3, 'book', context)));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ kind: 'precondition', code: 'credits/insufficient', message: 'No hay suficientes clases disponibles.' });
    expect((await stored())?.available_classes).toBe(2);
    expect(await entries()).toHaveLength(1);

    await inTx(async (tx) => changeLot(env.deps, tx, (await stored()) as AvailableClassDoc, -2, 'book', context));
    expect((await stored())?.available_classes).toBe(0);
    const error2 = await refusal(inTx(async (tx) => changeLot(env.deps, tx, (await stored()) as AvailableClassDoc, -1, 'book', context)));
    expect(error2).toMatchObject({ code: 'credits/insufficient' });
    expect((await entries()).map((e) => [e.kind, e.delta, e.balance_after])).toEqual([
      ['grant', 2, 2],
      ['book', -2, 0],
    ]);
  });

  it('never refuses an unlimited lot for lack of credits, nor changes its count', async () => {
    await seed(lot({ available_classes: UNLIMITED }));
    const after = await inTx(async (tx) => changeLot(env.deps, tx, (await stored()) as AvailableClassDoc, -5, 'book', context));
    expect(after.available_classes).toBe(UNLIMITED);
    expect((await stored())?.available_classes).toBe(UNLIMITED);
    expect((await entries()).find((e) => e.kind === 'book')).toMatchObject({ kind: 'book', delta: 0, balance_after: UNLIMITED, unlimited: true });
  });

  it.each([0.5, -1.5, Number.NaN])('refuses a change of %s credits', async (delta) => {
    await seed(lot());
    const error = await refusal(inTx(async (tx) => changeLot(env.deps, tx, (await stored()) as AvailableClassDoc, delta, 'adjust', context)));
    expect((error as Error).message).toContain('whole numbers');
    expect((await stored())?.available_classes).toBe(3);
    expect(await entries()).toHaveLength(1);
  });

  it.each<LedgerKind>(['grant', 'revoke'])("refuses a '%s' entry, which has its own function", async (kind) => {
    await seed(lot());
    const error = await refusal(inTx(async (tx) => changeLot(env.deps, tx, (await stored()) as AvailableClassDoc, 1, kind, context)));
    expect((error as Error).message).toBe(`Use ${kind}Lot for '${kind}' entries`);
    expect((await stored())?.available_classes).toBe(3);
    expect(await entries()).toHaveLength(1);
  });

  it('refuses a revoked lot (credits/revoked), also a refund into it', async () => {
    await seed(lot());
    await inTx(async (tx) => revokeLot(env.deps, tx, (await stored()) as AvailableClassDoc, context));
    for (const [delta, kind] of [
      [1, 'refund'],
      [-1, 'book'],
    ] as const) {
      const error = await refusal(inTx(async (tx) => changeLot(env.deps, tx, (await stored()) as AvailableClassDoc, delta, kind, context)));
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ kind: 'precondition', code: 'credits/revoked', message: 'Estos créditos fueron revocados y ya no se pueden usar.' });
    }
    expect(await stored()).toMatchObject({ status: 'revoked', available_classes: 0 });
    expect((await entries()).map((e) => e.kind)).toEqual(['grant', 'revoke']);
  });
});

describe('revokeLot and settleLot', () => {
  it('revoking a revoked lot writes nothing', async () => {
    await seed(lot());
    await inTx(async (tx) => revokeLot(env.deps, tx, (await stored()) as AvailableClassDoc, context));
    const revoked = await stored();
    env.clock.now = new Date(T0.getTime() + 60_000);
    await inTx(async (tx) => revokeLot(env.deps, tx, (await stored()) as AvailableClassDoc, context));
    expect(await stored()).toEqual(revoked);
    expect((await entries()).map((e) => [e.kind, e.delta])).toEqual([
      ['grant', 3],
      ['revoke', -3],
    ]);
  });

  it('settling a lot that awaits no payment writes nothing; settling one that does clears the mark without a ledger entry', async () => {
    await seed(lot());
    env.clock.now = new Date(T0.getTime() + 60_000);
    await inTx(async (tx) => settleLot(env.deps, tx, (await stored()) as AvailableClassDoc));
    expect((await stored())?.updatedAt).toEqual(T0);
    await env.store.doc('available_classes/7').set({ awaiting_payment: true }, { merge: true });
    await inTx(async (tx) => settleLot(env.deps, tx, (await stored()) as AvailableClassDoc));
    expect(await stored()).toMatchObject({ awaiting_payment: false, available_classes: 3 });
    expect(await entries()).toHaveLength(1);
  });
});
