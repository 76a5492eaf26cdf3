import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalDocumentStore, LocalStoreOptions } from '../../src/data/store/local/local-store';
import { openLocalStore } from '../../src/data/store/local/local-store';
import type { Transaction } from '../../src/data/store/types';
import { FieldValue, StoreError } from '../../src/data/store/types';
import { describeContentionContract } from './contention-contract';
import { contractGroupId, contractIndexes, describeStoreContract } from './store-contract';
import { expectStoreError, tempDir } from './support';

// Multi-step cases legitimately take seconds on a 2-core machine; no case may depend on timing.
vi.setConfig({ testTimeout: 0, hookTimeout: 0 });

const groupId = contractGroupId();
describeStoreContract('local engine', groupId, async () => {
  const temp = tempDir();
  const store = openLocalStore({ path: path.join(temp.dir, 'contract.sqlite'), indexes: contractIndexes(groupId) });
  return {
    store,
    async close() {
      await store.close();
      temp.cleanup();
    },
  };
});

describeContentionContract('local engine', async () => {
  const temp = tempDir();
  const store = openLocalStore({ path: path.join(temp.dir, 'contention.sqlite') });
  return {
    store,
    async close() {
      await store.close();
      temp.cleanup();
    },
  };
});

describe('local engine', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  function open(options: Partial<LocalStoreOptions> = {}, dir?: string): LocalDocumentStore {
    let where = dir;
    if (where === undefined) {
      const temp = tempDir();
      cleanups.push(temp.cleanup);
      where = temp.dir;
    }
    const store = openLocalStore({ path: path.join(where, 'store.sqlite'), ...options });
    cleanups.push(() => store.close());
    return store;
  }

  describe('composite indexes', () => {
    const compositeQuery = (store: LocalDocumentStore) => store.collection('classes').where('studioId', '==', 's1').orderBy('startsAt');

    it('refuses a query that needs a missing composite index, naming the index to add', async () => {
      const store = open();
      const error = await expectStoreError(() => compositeQuery(store).get(), 'failed-precondition', /requires an index/);
      const suggested: unknown = JSON.parse(error.message.slice(error.message.lastIndexOf('\n') + 1));
      expect(suggested).toEqual({
        collectionGroup: 'classes',
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'studioId', order: 'ASCENDING' },
          { fieldPath: 'startsAt', order: 'ASCENDING' },
        ],
      });
      await expectStoreError(() => compositeQuery(store).count(), 'failed-precondition');
      await expectStoreError(() => store.runTransaction((tx) => tx.get(compositeQuery(store))), 'failed-precondition');
    });

    it('serves the query once the suggested index is defined', async () => {
      const temp = tempDir();
      cleanups.push(temp.cleanup);
      const first = openLocalStore({ path: path.join(temp.dir, 's.sqlite') });
      const error = await expectStoreError(() => compositeQuery(first).get(), 'failed-precondition');
      await first.close();
      const index = JSON.parse(error.message.slice(error.message.lastIndexOf('\n') + 1)) as never;
      const store = open({ indexes: { indexes: [index] } }, temp.dir);
      await store
        .collection('classes')
        .doc('c2')
        .set({ studioId: 's1', startsAt: new Date(2000) });
      await store
        .collection('classes')
        .doc('c1')
        .set({ studioId: 's1', startsAt: new Date(1000) });
      await store
        .collection('classes')
        .doc('c3')
        .set({ studioId: 's2', startsAt: new Date(0) });
      expect((await compositeQuery(store).get()).docs.map((d) => d.id)).toEqual(['c1', 'c2']);
      // The same fields in the other direction are a different index.
      await expectStoreError(
        () => store.collection('classes').where('studioId', '==', 's1').orderBy('startsAt', 'desc').get(),
        'failed-precondition',
        /"DESCENDING"/,
      );
    });

    it('needs no composite index for equality-only or single-field queries', async () => {
      const store = open();
      const classes = store.collection('classes');
      await classes.doc('a').set({ studioId: 's1', level: 2, tags: ['x'], startsAt: 1 });
      const queries = [
        classes.where('studioId', '==', 's1').where('level', '==', 2).where('tags', 'array-contains', 'x'),
        classes.where('startsAt', '>', 0),
        classes.where('startsAt', '>', 0).orderBy('startsAt', 'desc'),
        classes.orderBy('startsAt', 'desc'),
        classes.where('studioId', '==', 's1').orderBy('studioId'),
        classes.where('studioId', 'in', ['s1', 's2']).orderBy('studioId'),
        classes.where('studioId', '==', 's1').orderBy('__name__', 'desc'),
      ];
      for (const query of queries) expect((await query.get()).size).toBe(1);
    });

    it.each([
      ['orderBy on two fields', (s: LocalDocumentStore) => s.collection('c').orderBy('a').orderBy('b')],
      ['inequality with orderBy on another field', (s: LocalDocumentStore) => s.collection('c').where('a', '>', 1).orderBy('b')],
      ['array-contains with orderBy', (s: LocalDocumentStore) => s.collection('c').where('tags', 'array-contains', 'x').orderBy('b')],
      ['in with a range on another field', (s: LocalDocumentStore) => s.collection('c').where('a', 'in', [1, 2]).where('b', '<', 3)],
      ['inequalities on two fields', (s: LocalDocumentStore) => s.collection('c').where('a', '>', 1).where('b', '!=', 2)],
    ])('%s needs a composite index', async (_label, build) => {
      await expectStoreError(() => build(open()).get(), 'failed-precondition', /"indexes"/);
    });

    it('needs COLLECTION_GROUP indexes for filtered or ordered collection-group queries', async () => {
      const store = open();
      await store.doc('studios/s1/classes/c1').set({ level: 1 });
      expect((await store.collectionGroup('classes').get()).size).toBe(1);
      const error = await expectStoreError(() => store.collectionGroup('classes').where('level', '==', 1).get(), 'failed-precondition', /"fieldOverrides"/);
      const override = JSON.parse(error.message.slice(error.message.lastIndexOf('\n') + 1)) as never;
      const fixed = open({ indexes: { fieldOverrides: [override] } });
      await fixed.doc('studios/s1/classes/c1').set({ level: 1 });
      expect((await fixed.collectionGroup('classes').where('level', '==', 1).get()).size).toBe(1);
      // The override keeps collection-scope queries on the field working.
      expect((await fixed.collection('studios/s1/classes').orderBy('level', 'desc').get()).size).toBe(1);
    });

    it('honours a fieldOverride that disables a field’s indexes', async () => {
      const store = open({ indexes: { fieldOverrides: [{ collectionGroup: 'rate_limits', fieldPath: 'expireAt', ttl: true, indexes: [] }] } });
      await expectStoreError(() => store.collection('rate_limits').where('expireAt', '<', new Date()).get(), 'failed-precondition');
      expect((await store.collection('rate_limits').where('key', '==', 'k').get()).size).toBe(0);
    });

    it('re-reads firestore.indexes.json when it changes', async () => {
      const temp = tempDir();
      cleanups.push(temp.cleanup);
      const file = path.join(temp.dir, 'firestore.indexes.json');
      writeFileSync(file, JSON.stringify({ indexes: [], fieldOverrides: [] }));
      const store = open({ indexes: file });
      const query = store.collection('c').orderBy('a').orderBy('b');
      await expectStoreError(() => query.get(), 'failed-precondition');
      const index = {
        collectionGroup: 'c',
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'a', order: 'ASCENDING' },
          { fieldPath: 'b', order: 'ASCENDING' },
        ],
      };
      await sleep(20);
      writeFileSync(file, JSON.stringify({ indexes: [index], fieldOverrides: [] }));
      expect((await query.get()).size).toBe(0);
    });

    it('validates the repository firestore.indexes.json loads', async () => {
      const store = open({ indexes: path.resolve(import.meta.dirname, '../../../firestore.indexes.json') });
      expect((await store.collection('anything').get()).size).toBe(0);
    });
  });

  describe('transactions', () => {
    it('runs every callback twice in chaos mode, committing only the last run', async () => {
      const store = open({ forceRetry: true });
      const ref = store.collection('tx').doc('chaos');
      let calls = 0;
      await store.runTransaction(async (tx) => {
        calls++;
        const snapshot = await tx.get(ref);
        tx.set(ref, { n: ((snapshot.get('n') as number | undefined) ?? 0) + 1 });
        tx.create(store.collection('tx').doc(), { run: calls });
      });
      expect(calls).toBe(2);
      expect((await ref.get()).get('n')).toBe(1);
      const created = await store.collection('tx').where('run', '>', 0).get();
      expect(created.docs.map((d) => d.get('run'))).toEqual([2]);

      calls = 0;
      await store.runTransaction(
        async () => {
          calls++;
        },
        { maxAttempts: 1 },
      );
      expect(calls).toBe(1);
    });

    it('turns chaos mode on from STUDIO_STORE_CHAOS=1', async () => {
      vi.stubEnv('STUDIO_STORE_CHAOS', '1');
      try {
        const store = open();
        let calls = 0;
        await store.runTransaction(async () => {
          calls++;
        });
        expect(calls).toBe(2);
      } finally {
        vi.unstubAllEnvs();
      }
    });

    it('refuses non-transactional writes on the same store from inside a callback, instead of deadlocking', async () => {
      const store = open();
      const ref = store.collection('tx').doc('nested');
      const twin = openLocalStore({ path: store.filePath });
      cleanups.push(() => twin.close());
      const attempts: Record<string, unknown> = {};
      await store.runTransaction(async (tx) => {
        const calls: [string, () => Promise<unknown>][] = [
          ['set', () => ref.set({ v: 1 })],
          ['update', () => ref.update({ v: 1 })],
          ['delete', () => ref.delete()],
          ['batch', () => store.batch().set(ref, { v: 1 }).commit()],
          ['runTransaction', () => store.runTransaction(async () => 1)],
          ['other store object, same file', () => twin.doc(ref.path).set({ v: 1 })],
        ];
        for (const [label, call] of calls) {
          try {
            await call();
            attempts[label] = 'succeeded';
          } catch (error) {
            attempts[label] = (error as StoreError).code;
          }
        }
        // Reads outside the transaction are fine, and the transaction itself still commits.
        expect((await ref.get()).exists).toBe(false);
        tx.set(ref, { v: 'from tx' });
      });
      expect(attempts).toEqual({
        set: 'failed-precondition',
        update: 'failed-precondition',
        delete: 'failed-precondition',
        batch: 'failed-precondition',
        runTransaction: 'failed-precondition',
        'other store object, same file': 'failed-precondition',
      });
      expect((await ref.get()).data()).toEqual({ v: 'from tx' });
      // Work the callback left running past its end is not blocked any more.
      await ref.set({ v: 'after' });
    });

    it('expires a callback that runs too long: rolls back, releases the lock, and disables the transaction object', async () => {
      const store = open({ transactionTimeoutMs: 100 });
      const ref = store.collection('tx').doc('slow');
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let lateError: unknown;
      let callbackEnded!: () => void;
      const ended = new Promise<void>((resolve) => {
        callbackEnded = resolve;
      });
      const running = store.runTransaction(async (tx) => {
        tx.set(ref, { v: 'never' });
        await gate;
        try {
          tx.set(ref, { v: 'late' });
        } catch (error) {
          lateError = error;
        }
        callbackEnded();
      });
      await expectStoreError(() => running, 'deadline-exceeded', /expired/);
      // The lock is free again although the callback is still waiting.
      await ref.set({ v: 'next' });
      release();
      await ended;
      expect(lateError).toBeInstanceOf(StoreError);
      expect((lateError as StoreError).code).toBe('deadline-exceeded');
      expect((await ref.get()).data()).toEqual({ v: 'next' });
    });

    it('refuses a finished transaction object used after its callback', async () => {
      const store = open();
      const ref = store.collection('tx').doc('leak');
      let leaked: Transaction | undefined;
      await store.runTransaction(async (tx) => {
        leaked = tx;
      });
      await expectStoreError(() => leaked?.get(ref), 'failed-precondition');
      await expectStoreError(() => leaked?.set(ref, { v: 1 }), 'failed-precondition');
    });
  });

  describe('durability', () => {
    it('keeps committed data across close and reopen', async () => {
      const temp = tempDir();
      cleanups.push(temp.cleanup);
      const file = path.join(temp.dir, 'durable.sqlite');
      const first = openLocalStore({ path: file });
      await first
        .collection('c')
        .doc('a')
        .set({ when: new Date(123), n: 1 });
      await first.runTransaction(async (tx) => {
        tx.update(first.collection('c').doc('a'), { n: FieldValue.increment(1) });
      });
      await first.close();
      await expectStoreError(() => first.collection('c').doc('a').get(), 'failed-precondition', /closed/);
      const second = openLocalStore({ path: file });
      cleanups.push(() => second.close());
      expect((await second.collection('c').doc('a').get()).data()).toEqual({ when: new Date(123), n: 2 });
      expect(await second.outbox.size()).toBe(2);
    });

    it('creates the directory of a new database file', async () => {
      const temp = tempDir();
      cleanups.push(temp.cleanup);
      const store = open({}, path.join(temp.dir, 'nested', 'deeper'));
      await store.collection('c').doc('a').set({ v: 1 });
      expect((await store.collection('c').doc('a').get()).exists).toBe(true);
    });

    it('stores values it cannot mistake for one another', async () => {
      const store = open();
      const ref = store.collection('c').doc('codec');
      const data = { $m: { $t: 'x' }, t: { $t: 5 }, negZero: -0, big: Number.MAX_SAFE_INTEGER, tiny: 5e-324 };
      await ref.set(data);
      const read = (await ref.get()).data() as typeof data;
      expect(read).toEqual(data);
      expect(Object.is(read.negZero, -0)).toBe(true);
    });
  });
});
