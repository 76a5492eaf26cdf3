import { ADDRESS_FORM_ID } from '@studio/shared/schemas/catalogue/forms';
import { CARD_PAYMENT_METHOD_ID, CASH_PAYMENT_METHOD_NAME } from '@studio/shared/schemas/catalogue/payment-methods';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSeedData } from '../../../../emulators/seed/load-seed';
import { bootstrapSystemRecords } from '../../../scripts/bootstrap';
import type { DocumentStore } from '../../../src/data/store/types';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
const NOW = new Date('2026-11-22T18:00:00Z');
beforeEach(() => {
  env = testEnv();
});
afterEach(async () => {
  await env.cleanup();
});

const read = async (store: DocumentStore, docPath: string) => {
  const snap = await store.doc(docPath).get();
  return snap.exists ? snap.data() : undefined;
};

/** Every document of the collections bootstrap touches, to compare before and after a run. */
async function snapshot(store: DocumentStore) {
  const out: Record<string, unknown> = {};
  for (const collection of ['payment_methods', 'forms', 'counters']) {
    for (const doc of (await store.collection(collection).get()).docs) out[`${collection}/${doc.id}`] = doc.data();
  }
  return out;
}

describe('npm run bootstrap', () => {
  it('creates card, cash and the billing-address form on a fresh store, with counters past them', async () => {
    const result = await bootstrapSystemRecords(env.store, NOW);
    expect(result.created.sort()).toEqual([`forms/${ADDRESS_FORM_ID}`, `payment_methods/${CARD_PAYMENT_METHOD_ID}`, 'payment_methods/2']);
    expect(await read(env.store, 'payment_methods/1')).toMatchObject({ payment_method_id: 1, name: 'Tarjeta', deletedAt: null });
    expect(await read(env.store, 'payment_methods/2')).toMatchObject({ payment_method_id: 2, name: CASH_PAYMENT_METHOD_NAME, deletedAt: null });
    const form = await read(env.store, `forms/${ADDRESS_FORM_ID}`);
    expect(form).toMatchObject({ form_id: ADDRESS_FORM_ID, name: 'Dirección de facturación', deletedAt: null });
    expect(Object.keys(form?.form_fields as object)).toEqual(['street', 'number', 'interior_number', 'neighborhood', 'city', 'state', 'country', 'zip_code']);
    expect(await read(env.store, 'counters/payment_methods')).toEqual({ value: 2 });
    expect(await read(env.store, 'counters/forms')).toEqual({ value: ADDRESS_FORM_ID });
  });

  it('changes nothing when run a second time', async () => {
    await bootstrapSystemRecords(env.store, NOW);
    const before = await snapshot(env.store);
    const again = await bootstrapSystemRecords(env.store, new Date('2026-12-01T00:00:00Z'));
    expect(again).toEqual({ created: [], counters: [] });
    expect(await snapshot(env.store)).toEqual(before);
  });

  it("keeps a studio's edits and never lowers a counter", async () => {
    await bootstrapSystemRecords(env.store, NOW);
    await env.store
      .doc('payment_methods/1')
      .set({ payment_method_id: 1, name: 'Tarjeta de crédito o débito', createdAt: NOW, updatedAt: NOW, deletedAt: null });
    await env.store.doc('counters/payment_methods').set({ value: 9 });
    await bootstrapSystemRecords(env.store, NOW);
    expect(await read(env.store, 'payment_methods/1')).toMatchObject({ name: 'Tarjeta de crédito o débito' });
    expect(await read(env.store, 'counters/payment_methods')).toEqual({ value: 9 });
  });

  it("gives cash the next id when a method created earlier holds cash's, and adds no second cash", async () => {
    await env.store.doc('payment_methods/2').set({ payment_method_id: 2, name: 'Transferencia', createdAt: NOW, updatedAt: NOW, deletedAt: null });
    await env.store.doc('counters/payment_methods').set({ value: 2 });
    const result = await bootstrapSystemRecords(env.store, NOW);
    expect(result.created.sort()).toEqual([`forms/${ADDRESS_FORM_ID}`, 'payment_methods/1', 'payment_methods/3']);
    expect(await read(env.store, 'payment_methods/2')).toMatchObject({ name: 'Transferencia' });
    expect(await read(env.store, 'payment_methods/3')).toMatchObject({ payment_method_id: 3, name: CASH_PAYMENT_METHOD_NAME });
    expect(await read(env.store, 'counters/payment_methods')).toEqual({ value: 3 });
    expect((await bootstrapSystemRecords(env.store, NOW)).created).toEqual([]);
  });

  it('finds everything already in the demo seed, which writes the same definitions', async () => {
    await loadSeedData(env.store, NOW);
    expect(await bootstrapSystemRecords(env.store, NOW)).toEqual({ created: [], counters: [] });
  });
});
