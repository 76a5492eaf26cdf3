/**
 * Local-engine rules that the contract suite cannot state for both engines:
 * which index a query needs (the Firestore emulator ignores indexes), and the
 * exact accounting behind the commit-size, transform and index-entry limits.
 * Sources are cited in docs/data-layer/README.md.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { App } from 'firebase-admin/app';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  assertCommitWithinLimits,
  assertDocumentSize,
  documentSize,
  estimateWrite,
  indexEntryCount,
  MAX_INDEX_ENTRIES,
  MAX_REQUEST_BYTES,
  validateWriteData,
} from '../../src/data/store/local/document-validation';
import type { CompositeIndexConfig, FirestoreIndexConfig } from '../../src/data/store/local/index-rules';
import type { LocalDocumentStore } from '../../src/data/store/local/local-store';
import { openLocalStore } from '../../src/data/store/local/local-store';
import type { PendingWrite } from '../../src/data/store/local/write-apply';
import { makeWrite } from '../../src/data/store/local/write-apply';
import type { DocumentData } from '../../src/data/store/types';
import { FieldValue, StoreError } from '../../src/data/store/types';
import { expectStoreError, tempDir } from './support';

const ids = (snapshot: { docs: { id: string }[] }) => snapshot.docs.map((doc) => doc.id);

function composite(collectionGroup: string, ...fields: [string, 'ASCENDING' | 'DESCENDING'][]): CompositeIndexConfig {
  return { collectionGroup, queryScope: 'COLLECTION', fields: fields.map(([fieldPath, order]) => ({ fieldPath, order })) };
}

/** The index the error message asks for (its last line). */
function suggestedIndex(error: StoreError): unknown {
  return JSON.parse(error.message.slice(error.message.lastIndexOf('\n') + 1));
}

function write(op: 'create' | 'set' | 'update' | 'delete', docPath: string, data?: DocumentData, merge?: boolean): PendingWrite {
  return makeWrite(op, docPath, docPath.split('/'), data, merge);
}

describe('local engine limits', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  function open(indexes: FirestoreIndexConfig): LocalDocumentStore {
    const temp = tempDir();
    cleanups.push(temp.cleanup);
    const store = openLocalStore({ path: path.join(temp.dir, 'store.sqlite'), indexes });
    cleanups.push(() => store.close());
    return store;
  }

  describe('index directions: limitToLast needs the index of the reversed query', () => {
    async function seeded(indexes: FirestoreIndexConfig): Promise<LocalDocumentStore> {
      const store = open(indexes);
      const batch = store.batch();
      const docs: Record<string, DocumentData> = {
        x1: { a: 1, b: 1, s: 'k' },
        x2: { a: 1, b: 2, s: 'k' },
        x3: { a: 2, b: 1, s: 'k' },
        x4: { a: 3, b: 0, s: 'other' },
      };
      for (const [id, data] of Object.entries(docs)) batch.set(store.collection('c').doc(id), data);
      await batch.commit();
      return store;
    }

    const bothDescending = {
      collectionGroup: 'c',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'a', order: 'DESCENDING' },
        { fieldPath: 'b', order: 'DESCENDING' },
      ],
    };

    it('an ascending index serves orderBy(a).orderBy(b) and the descending query’s limitToLast, nothing else', async () => {
      const store = await seeded({ indexes: [composite('c', ['a', 'ASCENDING'], ['b', 'ASCENDING'])] });
      const c = store.collection('c');
      expect(ids(await c.orderBy('a').orderBy('b').get())).toEqual(['x1', 'x2', 'x3', 'x4']);
      // Sent as orderBy(a asc, b asc): served by the ascending index; results are the last two of the descending order.
      expect(ids(await c.orderBy('a', 'desc').orderBy('b', 'desc').limitToLast(2).get())).toEqual(['x2', 'x1']);
      // Both of these are sent as (a desc, b desc) and need the same descending index.
      const reversed = await expectStoreError(() => c.orderBy('a').orderBy('b').limitToLast(2).get(), 'failed-precondition');
      const descending = await expectStoreError(() => c.orderBy('a', 'desc').orderBy('b', 'desc').get(), 'failed-precondition');
      expect(suggestedIndex(reversed)).toEqual(bothDescending);
      expect(suggestedIndex(descending)).toEqual(bothDescending);
      await expectStoreError(() => c.orderBy('a').orderBy('b').limitToLast(2).count(), 'failed-precondition');
    });

    it('a descending index serves the ascending query’s limitToLast', async () => {
      const store = await seeded({ indexes: [bothDescending as CompositeIndexConfig] });
      const c = store.collection('c');
      expect(ids(await c.orderBy('a').orderBy('b').limitToLast(2).get())).toEqual(['x3', 'x4']);
      expect(ids(await c.orderBy('a', 'desc').orderBy('b', 'desc').get())).toEqual(['x4', 'x3', 'x2', 'x1']);
      await expectStoreError(() => c.orderBy('a').orderBy('b').get(), 'failed-precondition');
      // With a cursor too: the SDK swaps the cursors along with the directions.
      expect(ids(await c.orderBy('a').orderBy('b').endBefore(2, 1).limitToLast(1).get())).toEqual(['x2']);
    });

    it('flips the ordered field after an equality, and the implicit inequality order with it', async () => {
      const store = await seeded({ indexes: [composite('c', ['s', 'ASCENDING'], ['b', 'ASCENDING'])] });
      const c = store.collection('c');
      expect(ids(await c.where('s', '==', 'k').orderBy('b').get())).toEqual(['x1', 'x3', 'x2']);
      const equality = await expectStoreError(() => c.where('s', '==', 'k').orderBy('b').limitToLast(1).get(), 'failed-precondition');
      expect(suggestedIndex(equality)).toEqual({
        collectionGroup: 'c',
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 's', order: 'ASCENDING' },
          { fieldPath: 'b', order: 'DESCENDING' },
        ],
      });
      // orderBy(b) + a range on a: the implicit order on `a` takes the (flipped) direction of the last orderBy.
      const inequality = await expectStoreError(() => c.where('a', '>', 0).orderBy('b').limitToLast(1).get(), 'failed-precondition');
      expect(suggestedIndex(inequality)).toEqual({
        collectionGroup: 'c',
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'b', order: 'DESCENDING' },
          { fieldPath: 'a', order: 'DESCENDING' },
        ],
      });
    });

    it('single-field limitToLast queries need the descending single-field index', async () => {
      const ascendingOnly: FirestoreIndexConfig = {
        fieldOverrides: [{ collectionGroup: 'c', fieldPath: 'a', indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION' }] }],
      };
      const store = await seeded(ascendingOnly);
      const c = store.collection('c');
      expect(ids(await c.orderBy('a', 'desc').limitToLast(1).get())).toEqual(['x1']);
      await expectStoreError(() => c.orderBy('a').limitToLast(1).get(), 'failed-precondition', /"DESCENDING"/);
      // Automatic indexes have both directions.
      expect(ids(await c.orderBy('b').limitToLast(1).get())).toEqual(['x2']);
    });
  });

  describe('commit limits', () => {
    it('has no limit on the number of writes, only on the request size', () => {
      const small = Array.from({ length: 5_000 }, (_, i) => write('set', `c/d${i}`, { i }));
      expect(() => assertCommitWithinLimits(small, 'batch.commit()')).not.toThrow();
      const tenMegabytes = Array.from({ length: 10 }, (_, i) => write('set', `c/d${i}`, { big: 'x'.repeat(1_000_000) }));
      expect(() => assertCommitWithinLimits(tenMegabytes, 'batch.commit()')).not.toThrow();
      const elevenMegabytes = [...tenMegabytes, write('set', 'c/d10', { big: 'x'.repeat(1_000_000) })];
      let caught: unknown;
      try {
        assertCommitWithinLimits(elevenMegabytes, 'batch.commit()');
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(StoreError);
      expect((caught as StoreError).code).toBe('invalid-argument');
      expect((caught as StoreError).message).toMatch(/^batch\.commit\(\): .*10,485,760 bytes \(10 MiB\)/);
    });

    it('estimates every kind of write at or above its storage size, counting what the request carries', () => {
      const data = { name: 'Ana', n: 1, when: new Date(0), tags: ['a', 'b'], profile: { city: 'Lima', zip: null } };
      const writes = [
        write('set', 'c/a', data),
        write('create', 'c/a', data),
        write('set', 'c/a', data, true),
        write('update', 'c/a', { 'profile.city': 'Cusco', n: FieldValue.increment(1), gone: FieldValue.delete() }),
      ];
      for (const w of writes) expect(estimateWrite(w).bytes).toBeGreaterThanOrEqual(documentSize(w.segments, w.data as DocumentData));
      // A merge also sends its leaves' paths in the update mask.
      expect(estimateWrite(writes[2] as PendingWrite).bytes).toBeGreaterThan(estimateWrite(writes[0] as PendingWrite).bytes);
      const deletion = estimateWrite(write('delete', 'c/a'));
      expect(deletion.bytes).toBeGreaterThan(0);
      expect(deletion.transforms).toBe(0);
      expect(estimateWrite(writes[3] as PendingWrite).transforms).toBe(1);
      // An arrayUnion's operand is its elements.
      const union = estimateWrite(write('update', 'c/a', { tags: FieldValue.arrayUnion('y'.repeat(10_000)) }));
      expect(union.bytes).toBeGreaterThan(10_000);
      expect(MAX_REQUEST_BYTES).toBe(10 * 1024 * 1024);
    });

    it('allows at most 500 field transforms on one document in one commit', () => {
      const increments = (docPath: string, count: number) =>
        write('update', docPath, Object.fromEntries(Array.from({ length: count }, (_, i) => [`n${i}`, FieldValue.increment(1)])));
      expect(() => assertCommitWithinLimits([increments('c/a', 300), increments('c/a', 200)], 'tx')).not.toThrow();
      expect(() => assertCommitWithinLimits([increments('c/a', 300), increments('c/b', 300)], 'tx')).not.toThrow();
      expect(() => assertCommitWithinLimits([increments('c/a', 300), increments('c/a', 201)], 'tx')).toThrow(
        /more than 500 field transforms .* on document "c\/a"/,
      );
    });
  });

  describe('index entries', () => {
    it('counts the documentation’s example document as 13 automatic entries', () => {
      // https://firebase.google.com/docs/firestore/query-data/index-overview#index_entries, automatic index entries.
      expect(indexEntryCount({ city_name: 'San Francisco', temperatures: { summer: 67, winter: 55 }, neighborhoods: ['Mission', 'Downtown', 'Marina'] })).toBe(
        13,
      );
    });

    it('counts each distinct array element once, under Firestore equality', () => {
      expect(indexEntryCount({ tags: [1, 1, 'a', 'a', Number.NaN, Number.NaN, { x: 1, y: 2 }, { y: 2, x: 1 }, new Date(5), new Date(5)] })).toBe(2 + 5);
      expect(indexEntryCount({ empty: [], map: {} })).toBe(4);
      // Elements of arrays are not indexed field by field; maps recurse at any depth.
      expect(indexEntryCount({ list: [{ a: 1, b: 2 }], deep: { inner: { leaf: 1 } } })).toBe(3 + 6);
    });

    it('accepts exactly 40,000 entries and refuses one more', () => {
      const withElements = (n: number) => ({ tags: Array.from({ length: n }, (_, i) => i) });
      expect(indexEntryCount(withElements(MAX_INDEX_ENTRIES - 2))).toBe(MAX_INDEX_ENTRIES);
      expect(() => assertDocumentSize('c/a', ['c', 'a'], withElements(MAX_INDEX_ENTRIES - 2))).not.toThrow();
      expect(() => assertDocumentSize('c/a', ['c', 'a'], withElements(MAX_INDEX_ENTRIES - 1))).toThrow(/too many index entries for entity \/c\/a/);
      // Repeated values are one entry each, however many times they appear.
      expect(() => assertDocumentSize('c/a', ['c', 'a'], { tags: Array.from({ length: 45_000 }, (_, i) => i % 2) })).not.toThrow();
    });
  });

  describe('messages match the admin SDK', () => {
    let app: App;
    beforeAll(() => {
      app = initializeApp({ projectId: 'demo-limits' }, `limits-${randomUUID()}`);
    });
    afterAll(async () => {
      await deleteApp(app);
    });

    function thrownBy(action: () => unknown): string {
      try {
        action();
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('expected the call to throw');
    }

    it('where() and orderBy() after a cursor', async () => {
      const sdkWhere = thrownBy(() => getFirestore(app).collection('c').orderBy('a').startAt(1).where('b', '==', 1));
      const sdkOrderBy = thrownBy(() => getFirestore(app).collection('c').orderBy('a').endAt(1).orderBy('b'));
      const store = open({});
      const c = store.collection('c');
      const where = await expectStoreError(() => c.orderBy('a').startAt(1).where('b', '==', 1), 'invalid-argument');
      const orderBy = await expectStoreError(() => c.orderBy('a').endAt(1).orderBy('b'), 'invalid-argument');
      expect(where.message).toBe(sdkWhere);
      expect(orderBy.message).toBe(sdkOrderBy);
      // Refused before the filter itself is looked at, as the SDK does.
      await expectStoreError(
        () =>
          c
            .orderBy('a')
            .startAt(1)
            .where('b', 'nope' as never, 1),
        'invalid-argument',
        /where\(\) filter after/,
      );
    });

    it('dates outside the Timestamp range', () => {
      const cases = [new Date('+010000-01-01T00:00:00.000Z'), new Date('0000-12-31T23:59:59.999Z'), new Date(Number.NaN)];
      for (const date of cases) {
        const sdk = thrownBy(() => Timestamp.fromDate(date));
        expect(thrownBy(() => validateWriteData({ date }, 'set'))).toContain(`(Admin SDK: ${sdk.replace(/\.$/, '')}`);
      }
      for (const date of [new Date('0001-01-01T00:00:00.000Z'), new Date('9999-12-31T23:59:59.999Z')]) {
        expect(() => Timestamp.fromDate(date)).not.toThrow();
        expect(() => validateWriteData({ date }, 'set')).not.toThrow();
      }
    });
  });
});
