import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LocalDocumentStore } from '../../src/data/store/local/local-store';
import { openLocalStore } from '../../src/data/store/local/local-store';
import { collectionKindOf } from '../../src/data/store/local/read-meter';
import { tempDir } from './support';

/** The local engine's read meter bills reads as Firestore does, so a benchmark's "document reads per visitor" means what the bill would. */
describe('local engine: the read meter', () => {
  const temp = tempDir();
  const opened: LocalDocumentStore[] = [];
  let file = '';
  beforeEach(() => {
    file = path.join(temp.dir, `reads-${opened.length}-${Date.now()}.sqlite`);
  });
  const open = () => {
    const store = openLocalStore({ path: file });
    opened.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  afterAll(() => temp.cleanup());

  it('names a document or a collection by its collection kind', () => {
    expect(collectionKindOf(['single_classes', '12', 'seats', '3'])).toBe('single_classes/{}/seats');
    expect(collectionKindOf(['single_classes', '12', 'seats'])).toBe('single_classes/{}/seats');
    expect(collectionKindOf(['customers', 'ana'])).toBe('customers');
  });

  it('bills a get per document, a query per document returned and at least one, a count per thousand, transactions alike', async () => {
    const writer = open();
    const batch = writer.batch();
    for (const n of [1, 2, 3]) batch.set(writer.doc(`single_classes/7/seats/${n}`), { n });
    batch.set(writer.doc('customers/ana'), { name: 'Ana' });
    await batch.commit();
    await writer.close();

    const store = open();
    await store.doc('customers/ana').get(); // 1
    await store.doc('customers/nadie').get(); // 1: a missing document is still a read
    await store.getAll(store.doc('customers/ana'), store.doc('customers/beto')); // 2
    await store.collection('single_classes/7/seats').get(); // 3
    await store.collection('single_classes/8/seats').get(); // 1: an empty answer bills one
    await store.collection('single_classes/7/seats').count(); // 1
    await store.collectionGroup('seats').get(); // 3
    await store.runTransaction(async (tx) => {
      await tx.get(store.doc('customers/ana')); // 1
      await tx.get(store.collection('single_classes/7/seats').where('n', '>=', 2)); // 2
    });
    await store.close(); // the last tally reaches the file

    const reader = open();
    const totals = await reader.reads.totals();
    const byKind = Object.fromEntries(totals.map((t) => [`${t.kind} (${t.source})`, t.reads]));
    expect(byKind).toEqual({
      'customers (local)': 5,
      'single_classes/{}/seats (local)': 7,
      '*/{}/seats (local)': 3,
    });
  });

  it('adds up the tallies of several processes (connections) on one file, by the function each runs', async () => {
    const api = open();
    const trigger = open();
    await api.doc('customers/ana').get();
    const previous = process.env.FUNCTION_TARGET;
    process.env.FUNCTION_TARGET = 'countReservations';
    try {
      await trigger.doc('customers/ana').get();
      await trigger.close();
    } finally {
      if (previous === undefined) delete process.env.FUNCTION_TARGET;
      else process.env.FUNCTION_TARGET = previous;
    }
    await api.close();
    const totals = await open().reads.totals();
    expect(totals.map((t) => [t.source, t.reads]).sort()).toEqual([
      ['countReservations', 1],
      ['local', 1],
    ]);
  });
});
