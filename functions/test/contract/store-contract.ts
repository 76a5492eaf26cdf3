/**
 * The DocumentStore contract: one suite of cases, run against every
 * implementation (local-store.test.ts, firestore-store.test.ts). Each case
 * writes under its own document path so runs never see each other's data,
 * even on a shared Firestore emulator.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirestoreIndexConfig } from '../../src/data/store/local/index-rules';
import type { CollectionReference, DocumentData, DocumentStore, Query } from '../../src/data/store/types';
import { FieldValue } from '../../src/data/store/types';
import { bookConcurrently } from './fixtures/booking';
import { expectStoreError } from './support';

export interface ContractTarget {
  readonly store: DocumentStore;
  close(): Promise<void>;
}

/** A collection-group id unique to this run, so group queries on a shared emulator only see this run's documents. */
export function contractGroupId(): string {
  return `cg${randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

/** The indexes the contract's queries need; the local engine enforces them, the Firestore emulator ignores them. */
export function contractIndexes(groupId: string): FirestoreIndexConfig {
  return {
    indexes: [
      {
        collectionGroup: 'pages',
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'a', order: 'ASCENDING' },
          { fieldPath: 'b', order: 'ASCENDING' },
        ],
      },
      {
        collectionGroup: 'ops',
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 's', order: 'ASCENDING' },
          { fieldPath: 'n', order: 'ASCENDING' },
        ],
      },
    ],
    fieldOverrides: [
      {
        collectionGroup: groupId,
        fieldPath: 'n',
        indexes: [
          { order: 'ASCENDING', queryScope: 'COLLECTION' },
          { order: 'DESCENDING', queryScope: 'COLLECTION' },
          { arrayConfig: 'CONTAINS', queryScope: 'COLLECTION' },
          { order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' },
          { order: 'DESCENDING', queryScope: 'COLLECTION_GROUP' },
        ],
      },
    ],
  };
}

const ids = (snapshot: { docs: { id: string }[] }) => snapshot.docs.map((doc) => doc.id);

export function describeStoreContract(name: string, groupId: string, open: () => Promise<ContractTarget>): void {
  describe(`DocumentStore contract: ${name}`, () => {
    let target: ContractTarget;
    let store: DocumentStore;
    const run = randomUUID().slice(0, 8);
    let counter = 0;
    /** A fresh parent document path for one test. */
    const root = () => `contract/${run}-${++counter}`;
    const col = (collectionId: string): CollectionReference => store.collection(`${root()}/${collectionId}`);

    beforeAll(async () => {
      target = await open();
      store = target.store;
    });
    afterAll(async () => {
      await target.close();
    });

    async function seed(collection: CollectionReference, docs: Record<string, DocumentData>): Promise<void> {
      const batch = store.batch();
      for (const [id, data] of Object.entries(docs)) batch.set(collection.doc(id), data);
      await batch.commit();
    }

    describe('documents', () => {
      it('round-trips every supported value type', async () => {
        const ref = col('items').doc('all-types');
        const data = {
          nil: null,
          yes: true,
          no: false,
          int: 42,
          negative: -7,
          float: 3.25,
          nan: Number.NaN,
          inf: Number.POSITIVE_INFINITY,
          ninf: Number.NEGATIVE_INFINITY,
          text: 'ñandú – 東京 😀',
          empty: '',
          when: new Date('2026-03-04T05:06:07.089Z'),
          bytes: new Uint8Array([0, 1, 254, 255]),
          list: [1, 'two', { three: 3 }, null, new Date(0)],
          emptyList: [],
          map: { deep: { deeper: { value: 'x' } }, list: [true] },
          emptyMap: {},
          dollar: { $t: 1, $b: 'not a tag' },
        };
        await ref.set(data);
        const snapshot = await ref.get();
        expect(snapshot.exists).toBe(true);
        const read = snapshot.data() as Record<string, unknown>;
        expect(read).toEqual(data);
        expect(read.when).toBeInstanceOf(Date);
        expect((read.when as Date).toISOString()).toBe('2026-03-04T05:06:07.089Z');
        expect(read.bytes).toBeInstanceOf(Uint8Array);
        expect([...(read.bytes as Uint8Array)]).toEqual([0, 1, 254, 255]);
        expect(Number.isNaN(read.nan)).toBe(true);
        expect(snapshot.get('map.deep.deeper.value')).toBe('x');
        expect(snapshot.get('map.missing')).toBeUndefined();
      });

      it('reports id, path, existence and create/update times', async () => {
        const collection = col('items');
        const ref = collection.doc('meta');
        expect(ref.id).toBe('meta');
        expect(ref.path).toBe(`${collection.path}/meta`);
        expect(ref.parent.path).toBe(collection.path);
        const before = Date.now();
        await ref.set({ v: 1 });
        const first = await ref.get();
        expect(first.id).toBe('meta');
        expect(first.path).toBe(ref.path);
        expect(first.createTime).toBeInstanceOf(Date);
        expect(first.updateTime?.getTime()).toBe(first.createTime?.getTime());
        expect(Math.abs((first.createTime as Date).getTime() - before)).toBeLessThan(60_000);
        await ref.update({ v: 2 });
        const second = await ref.get();
        expect(second.createTime?.getTime()).toBe(first.createTime?.getTime());
        expect((second.updateTime as Date).getTime()).toBeGreaterThanOrEqual((first.updateTime as Date).getTime());
      });

      it('reads a missing document as not existing', async () => {
        const snapshot = await col('items').doc('nope').get();
        expect(snapshot.exists).toBe(false);
        expect(snapshot.data()).toBeUndefined();
        expect(snapshot.get('a')).toBeUndefined();
        expect(snapshot.createTime).toBeUndefined();
        expect(snapshot.updateTime).toBeUndefined();
      });

      it('copies data in and out: later mutations change nothing stored', async () => {
        const ref = col('items').doc('copy');
        const input = { nested: { n: 1 }, list: [1] };
        const batch = store.batch();
        batch.set(ref, input);
        input.nested.n = 99;
        input.list.push(2);
        await batch.commit();
        const read = (await ref.get()).data() as { nested: { n: number }; list: number[] };
        expect(read).toEqual({ nested: { n: 1 }, list: [1] });
        read.nested.n = 5;
        expect((await ref.get()).data()).toEqual({ nested: { n: 1 }, list: [1] });
      });

      it('create fails with already-exists on an existing document and leaves it unchanged', async () => {
        const ref = col('items').doc('once');
        await ref.create({ v: 1 });
        await expectStoreError(() => ref.create({ v: 2 }), 'already-exists');
        expect((await ref.get()).data()).toEqual({ v: 1 });
      });

      it('update fails with not-found on a missing document and creates nothing', async () => {
        const ref = col('items').doc('ghost');
        await expectStoreError(() => ref.update({ v: 1 }), 'not-found');
        expect((await ref.get()).exists).toBe(false);
      });

      it('delete removes a document and is a no-op on a missing one', async () => {
        const ref = col('items').doc('gone');
        await ref.set({ v: 1 });
        await ref.delete();
        expect((await ref.get()).exists).toBe(false);
        await ref.delete();
        expect((await ref.get()).exists).toBe(false);
      });

      it('set replaces the whole document', async () => {
        const ref = col('items').doc('replace');
        await ref.set({ a: 1, b: { c: 2 } });
        await ref.set({ b: { d: 3 } });
        expect((await ref.get()).data()).toEqual({ b: { d: 3 } });
      });

      it('set with merge deep-merges maps, replaces arrays, and an empty map replaces', async () => {
        const ref = col('items').doc('merge');
        await ref.set({ keep: 1, map: { a: 1, inner: { x: 1, y: 2 } }, list: [1, 2], wipe: { z: 1 } });
        await ref.set({ map: { b: 2, inner: { y: 3 } }, list: [3], wipe: {}, added: true }, { merge: true });
        expect((await ref.get()).data()).toEqual({
          keep: 1,
          map: { a: 1, b: 2, inner: { x: 1, y: 3 } },
          list: [3],
          wipe: {},
          added: true,
        });
      });

      it('set with merge creates a missing document', async () => {
        const ref = col('items').doc('merge-new');
        await ref.set({ a: { b: 1 } }, { merge: true });
        expect((await ref.get()).data()).toEqual({ a: { b: 1 } });
      });

      it('update addresses nested fields with dotted paths and replaces map values', async () => {
        const ref = col('items').doc('dotted');
        await ref.set({ profile: { name: 'Ana', phone: '55', prefs: { sms: true, mail: true } }, top: 1 });
        await ref.update({ 'profile.name': 'Ana L.', 'profile.prefs.sms': false, 'created.by.script': 'x', top: { now: 'map' } });
        expect((await ref.get()).data()).toEqual({
          profile: { name: 'Ana L.', phone: '55', prefs: { sms: false, mail: true } },
          created: { by: { script: 'x' } },
          top: { now: 'map' },
        });
        await ref.update({ profile: { name: 'only' } });
        expect((await ref.get()).get('profile')).toEqual({ name: 'only' });
      });

      it('FieldValue.delete removes fields in update and in merge, and is refused in a plain set', async () => {
        const ref = col('items').doc('deletes');
        await ref.set({ a: 1, b: 2, nested: { x: 1, y: 2 } });
        await ref.update({ a: FieldValue.delete(), 'nested.x': FieldValue.delete() });
        expect((await ref.get()).data()).toEqual({ b: 2, nested: { y: 2 } });
        await ref.set({ nested: { y: FieldValue.delete() } }, { merge: true });
        expect((await ref.get()).data()).toEqual({ b: 2, nested: {} });
        await expectStoreError(() => ref.set({ b: FieldValue.delete() }), 'invalid-argument');
        await expectStoreError(() => ref.update({ nested: { y: FieldValue.delete() } }), 'invalid-argument');
        expect((await ref.get()).data()).toEqual({ b: 2, nested: {} });
      });

      it('a merged delete under a missing map does not create the map', async () => {
        const ref = col('items').doc('delete-missing-parent');
        await ref.set({ keep: 1 });
        await ref.set({ absent: { inner: FieldValue.delete() }, deep: { deeper: { x: FieldValue.delete() } } }, { merge: true });
        expect((await ref.get()).data()).toEqual({ keep: 1 });
        await ref.set({ mixed: { gone: FieldValue.delete(), kept: 2 } }, { merge: true });
        expect((await ref.get()).data()).toEqual({ keep: 1, mixed: { kept: 2 } });
      });

      it('serverTimestamp stores the commit time as a Date', async () => {
        const ref = col('items').doc('stamp');
        await ref.set({ at: FieldValue.serverTimestamp(), nested: { at: FieldValue.serverTimestamp() } });
        const snapshot = await ref.get();
        const at = snapshot.get('at') as Date;
        expect(at).toBeInstanceOf(Date);
        expect(snapshot.get('nested.at')).toEqual(at);
        expect(Math.abs(at.getTime() - (snapshot.updateTime as Date).getTime())).toBeLessThanOrEqual(1000);
      });

      it('increment adds to numbers, starts missing or non-numeric fields at the operand', async () => {
        const ref = col('items').doc('counter');
        await ref.set({ n: 5, f: 1.5, s: 'text' });
        await ref.update({ n: FieldValue.increment(2), f: FieldValue.increment(0.25), s: FieldValue.increment(3), fresh: FieldValue.increment(-1) });
        expect((await ref.get()).data()).toEqual({ n: 7, f: 1.75, s: 3, fresh: -1 });
        await ref.set({ n: FieldValue.increment(10), deep: { m: FieldValue.increment(1) } }, { merge: true });
        expect((await ref.get()).data()).toEqual({ n: 17, f: 1.75, s: 3, fresh: -1, deep: { m: 1 } });
      });

      it('a transform in a replacing set or a create starts from an empty document', async () => {
        const ref = col('items').doc('fresh-transform');
        await ref.set({ n: 100 });
        await ref.set({ n: FieldValue.increment(1), tags: FieldValue.arrayUnion('a') });
        expect((await ref.get()).data()).toEqual({ n: 1, tags: ['a'] });
        const created = col('items').doc('created-transform');
        await created.create({ n: FieldValue.increment(4), list: FieldValue.arrayRemove('x') });
        expect((await created.get()).data()).toEqual({ n: 4, list: [] });
      });

      it('arrayUnion appends only missing elements (deep equality) and replaces non-arrays', async () => {
        const ref = col('items').doc('union');
        await ref.set({ tags: ['a', { k: 1 }], scalar: 'x' });
        await ref.update({ tags: FieldValue.arrayUnion('b', 'a', { k: 1 }, { k: 2 }), scalar: FieldValue.arrayUnion(1), missing: FieldValue.arrayUnion('m') });
        expect((await ref.get()).data()).toEqual({ tags: ['a', { k: 1 }, 'b', { k: 2 }], scalar: [1], missing: ['m'] });
      });

      it('arrayRemove removes every equal element and leaves an empty array otherwise', async () => {
        const ref = col('items').doc('remove');
        await ref.set({ tags: ['a', 'b', 'a', { k: 1 }, 1], scalar: 'x' });
        await ref.update({ tags: FieldValue.arrayRemove('a', { k: 1 }, 2), scalar: FieldValue.arrayRemove('x') });
        expect((await ref.get()).data()).toEqual({ tags: ['b', 1], scalar: [] });
      });

      it('add() and doc() generate 20-character ids', async () => {
        const collection = col('items');
        const added = await collection.add({ v: 1 });
        expect(added.id).toMatch(/^[A-Za-z0-9]{20}$/);
        expect((await added.get()).data()).toEqual({ v: 1 });
        const a = collection.doc();
        const b = collection.doc();
        expect(a.id).toMatch(/^[A-Za-z0-9]{20}$/);
        expect(a.id).not.toBe(b.id);
      });

      it('navigates subcollections and addresses the same document by path', async () => {
        const parent = col('customers').doc('u1');
        const card = parent.collection('cards').doc('c1');
        expect(card.path).toBe(`${parent.path}/cards/c1`);
        expect(card.parent.id).toBe('cards');
        await card.set({ last4: '4242' });
        expect((await store.doc(card.path).get()).data()).toEqual({ last4: '4242' });
        expect((await parent.get()).exists).toBe(false);
        expect(ids(await store.collection(`${parent.path}/cards`).get())).toEqual(['c1']);
      });

      it('getAll returns snapshots in argument order, missing ones included', async () => {
        const collection = col('items');
        await seed(collection, { x: { v: 'x' }, y: { v: 'y' } });
        const snapshots = await store.getAll(collection.doc('y'), collection.doc('missing'), collection.doc('x'));
        expect(snapshots.map((s) => [s.id, s.exists, s.get('v')])).toEqual([
          ['y', true, 'y'],
          ['missing', false, undefined],
          ['x', true, 'x'],
        ]);
      });

      it('rejects document paths with the wrong number of segments', async () => {
        await expectStoreError(() => store.doc('onlycollection'), 'invalid-argument');
        await expectStoreError(() => store.collection('a/b'), 'invalid-argument');
        await expectStoreError(() => col('items').doc('a/b'), 'invalid-argument');
      });
    });

    describe('batches', () => {
      it('commits all writes or none', async () => {
        const collection = col('items');
        await collection.doc('exists').set({ v: 0 });
        const failing = store.batch();
        failing.set(collection.doc('b1'), { v: 1 });
        failing.update(collection.doc('exists'), { v: 1 });
        failing.update(collection.doc('missing'), { v: 1 });
        await expectStoreError(() => failing.commit(), 'not-found');
        expect((await collection.doc('b1').get()).exists).toBe(false);
        expect((await collection.doc('exists').get()).data()).toEqual({ v: 0 });

        const ok = store.batch();
        ok.set(collection.doc('b1'), { v: 1 }).update(collection.doc('exists'), { v: 2 }).delete(collection.doc('exists'));
        ok.create(collection.doc('b2'), { v: 2 });
        await ok.commit();
        expect(ids(await collection.get())).toEqual(['b1', 'b2']);
      });

      it('applies several writes to one document in order', async () => {
        const ref = col('items').doc('multi');
        const batch = store.batch();
        batch.set(ref, { a: 1 });
        batch.update(ref, { b: 2 });
        batch.update(ref, { a: FieldValue.increment(5) });
        await batch.commit();
        expect((await ref.get()).data()).toEqual({ a: 6, b: 2 });
      });

      // Firestore dropped the 500-writes limit on 2023-03-29; the 10 MiB request limit remains.
      it('commits more than 500 writes in one batch', async () => {
        const collection = col('bulk');
        const big = store.batch();
        for (let i = 0; i < 750; i++) big.set(collection.doc(`d${i}`), { i });
        await big.commit();
        expect(await collection.count()).toBe(750);
      });

      it('refuses a batch over the 10 MiB request limit and writes nothing', async () => {
        const collection = col('bulk-bytes');
        const big = store.batch();
        // 11 documents of ~1 MB each: every document is under 1 MiB, the request is over 10 MiB.
        for (let i = 0; i < 11; i++) big.set(collection.doc(`d${i}`), { big: 'x'.repeat(1_000_000) });
        await expectStoreError(() => big.commit(), 'invalid-argument');
        expect(await collection.count()).toBe(0);
      });
    });

    describe('validation', () => {
      it('refuses invalid document ids', async () => {
        const collection = col('items');
        for (const id of ['.', '..', '__reserved__', 'x'.repeat(1501)]) {
          await expectStoreError(() => collection.doc(id).set({ v: 1 }), 'invalid-argument');
        }
        await collection.doc('x'.repeat(1500)).set({ v: 1 });
        expect(await collection.count()).toBe(1);
      });

      it('refuses invalid field names and values', async () => {
        const ref = col('items').doc('bad');
        class Custom {
          readonly v = 1;
        }
        const deep = (levels: number) => {
          let value: unknown = 1;
          for (let i = 0; i < levels; i++) value = { x: value };
          return value;
        };
        const bad: unknown[] = [
          { '': 1 },
          { __reserved__: 1 },
          { a: undefined },
          { a: { b: undefined } },
          { a: [[1]] },
          { a: [1, undefined] },
          { a: new Custom() },
          { a: new Map([['k', 1]]) },
          { a: deep(21) },
          { a: [FieldValue.serverTimestamp()] },
          { a: [{ at: FieldValue.serverTimestamp() }] },
        ];
        for (const data of bad) {
          await expectStoreError(() => ref.set(data as DocumentData), 'invalid-argument');
        }
        expect((await ref.get()).exists).toBe(false);
        await ref.set({ a: deep(20) });
        expect((await ref.get()).exists).toBe(true);
        // Arrays may not hold arrays directly, but may hold maps that hold arrays.
        await ref.set({ fields: [{ key: 'color', options: ['rojo', 'azul'] }] });
        expect((await ref.get()).get('fields')).toEqual([{ key: 'color', options: ['rojo', 'azul'] }]);
        await expectStoreError(() => ref.update({ 'a..b': 1 }), 'invalid-argument');
        await expectStoreError(() => ref.update({}), 'invalid-argument');
      });

      it('refuses dates a Firestore Timestamp cannot hold, in writes, filters and cursors', async () => {
        const ref = col('items').doc('dates');
        const tooLate = new Date('+010000-01-01T00:00:00.000Z');
        const tooEarly = new Date('0000-12-31T23:59:59.999Z');
        const invalidDate = new Date(Number.NaN);
        for (const when of [tooLate, tooEarly, invalidDate]) {
          await expectStoreError(() => ref.set({ when }), 'invalid-argument');
          await expectStoreError(() => ref.set({ nested: { list: [when] } }), 'invalid-argument');
        }
        expect((await ref.get()).exists).toBe(false);
        // The first and last millisecond of the range round-trip.
        const first = new Date('0001-01-01T00:00:00.000Z');
        const last = new Date('9999-12-31T23:59:59.999Z');
        await ref.set({ first, last });
        expect((await ref.get()).data()).toEqual({ first, last });
        await expectStoreError(() => ref.update({ later: tooLate }), 'invalid-argument');
        await expectStoreError(() => ref.update({ list: FieldValue.arrayUnion(tooLate) }), 'invalid-argument');
        expect((await ref.get()).data()).toEqual({ first, last });
        const collection = ref.parent;
        await expectStoreError(() => collection.where('last', '<', tooLate).get(), 'invalid-argument');
        await expectStoreError(() => collection.where('last', 'in', [last, tooLate]).get(), 'invalid-argument');
        await expectStoreError(() => collection.orderBy('last').startAt(tooLate).get(), 'invalid-argument');
        await expectStoreError(() => collection.orderBy('last').endBefore(invalidDate).get(), 'invalid-argument');
        expect((await collection.where('last', '==', last).get()).size).toBe(1);
      });

      it('refuses a document with more than 40,000 index entries', async () => {
        const ref = col('items').doc('fanout');
        // Each distinct array element is an array-contains index entry, besides the field's own entries.
        await expectStoreError(() => ref.set({ tags: Array.from({ length: 45_000 }, (_, i) => i) }), 'invalid-argument');
        // Each map subfield gets an ascending and a descending entry.
        const wide: Record<string, number> = {};
        for (let i = 0; i < 25_000; i++) wide[`k${i}`] = i;
        await expectStoreError(() => ref.set({ wide }), 'invalid-argument');
        expect((await ref.get()).exists).toBe(false);
        await ref.set({ tags: Array.from({ length: 10_000 }, (_, i) => i) });
        expect(((await ref.get()).get('tags') as number[]).length).toBe(10_000);
        // Growing it past the limit through update() fails too, and leaves it unchanged.
        await expectStoreError(() => ref.update({ more: Array.from({ length: 35_000 }, (_, i) => -1 - i) }), 'invalid-argument');
        expect((await ref.get()).get('more')).toBeUndefined();
      });

      it('refuses documents over 1 MiB and accepts ones just under', async () => {
        const ref = col('items').doc('size');
        await expectStoreError(() => ref.set({ big: 'x'.repeat(1_048_576) }), 'invalid-argument');
        expect((await ref.get()).exists).toBe(false);
        await ref.set({ big: 'x'.repeat(1_048_000) });
        expect(((await ref.get()).get('big') as string).length).toBe(1_048_000);
        // Growing an accepted document past the limit through update fails too.
        await expectStoreError(() => ref.update({ more: 'y'.repeat(1000) }), 'invalid-argument');
        expect((await ref.get()).get('more')).toBeUndefined();
      });
    });

    describe('queries', () => {
      let ops: CollectionReference;
      beforeAll(async () => {
        ops = col('ops');
        await seed(ops, {
          a: { n: 1, s: 'x', arr: ['red', 'blue'], nested: { k: 1 } },
          b: { n: 2, s: 'y', arr: ['green'], nested: { k: 2 } },
          c: { n: 3, s: 'x', arr: [], nested: { k: 3 } },
          d: { n: null, s: 'z' },
          e: { n: '3', arr: ['red', { m: 1 }] },
          f: { s: 'x' },
          g: { n: 2.5, arr: 'red' },
        });
      });

      it.each([
        ['n == 2', (q: Query) => q.where('n', '==', 2), ['b']],
        ['n == 3 (number only)', (q: Query) => q.where('n', '==', 3), ['c']],
        ['n == null', (q: Query) => q.where('n', '==', null), ['d']],
        ['s == x', (q: Query) => q.where('s', '==', 'x'), ['a', 'c', 'f']],
        ['n != 2 (existing, non-null, ordered by n)', (q: Query) => q.where('n', '!=', 2), ['a', 'g', 'c', 'e']],
        ['n != null', (q: Query) => q.where('n', '!=', null), ['a', 'b', 'g', 'c', 'e']],
        ['n < 3 (numbers only)', (q: Query) => q.where('n', '<', 3), ['a', 'b', 'g']],
        ['n <= 3', (q: Query) => q.where('n', '<=', 3), ['a', 'b', 'g', 'c']],
        ['n > 1', (q: Query) => q.where('n', '>', 1), ['b', 'g', 'c']],
        ['n >= 2.5', (q: Query) => q.where('n', '>=', 2.5), ['g', 'c']],
        ["n >= '3' (strings only)", (q: Query) => q.where('n', '>=', '3'), ['e']],
        ['arr array-contains red', (q: Query) => q.where('arr', 'array-contains', 'red'), ['a', 'e']],
        ['arr array-contains a map', (q: Query) => q.where('arr', 'array-contains', { m: 1 }), ['e']],
        ['arr array-contains-any', (q: Query) => q.where('arr', 'array-contains-any', ['green', 'red']), ['a', 'b', 'e']],
        ['n in', (q: Query) => q.where('n', 'in', [1, 3, '3']), ['a', 'c', 'e']],
        ['n not-in (ordered by n)', (q: Query) => q.where('n', 'not-in', [1, 2]), ['g', 'c', 'e']],
        ['nested.k > 1', (q: Query) => q.where('nested.k', '>', 1), ['b', 'c']],
        ['range on two bounds', (q: Query) => q.where('n', '>', 1).where('n', '<', 3), ['b', 'g']],
        ['equality with a range on another field', (q: Query) => q.where('s', '==', 'x').where('n', '>', 1), ['c']],
        ['equality with orderBy on another field', (q: Query) => q.where('s', '==', 'x').orderBy('n'), ['a', 'c']],
      ])('%s', async (_label, build, expected) => {
        expect(ids(await build(ops).get())).toEqual(expected);
        expect(await build(ops).count()).toBe(expected.length);
      });

      it('orders values across types the way Firestore does', async () => {
        const collection = col('order');
        const values: unknown[] = [
          null,
          false,
          true,
          Number.NaN,
          Number.NEGATIVE_INFINITY,
          -1.5,
          0,
          1,
          Number.POSITIVE_INFINITY,
          new Date(0),
          new Date(1000),
          '',
          'a',
          'b',
          '\uFFFD',
          '😀',
          new Uint8Array([0]),
          new Uint8Array([0, 1]),
          new Uint8Array([1]),
          [],
          [1],
          [1, 2],
          [2],
          {},
          { a: 1 },
          { a: 2 },
          { b: 0 },
        ];
        const docs: Record<string, DocumentData> = { missing: { other: 1 } };
        // Ids run against the value order, so a correct result cannot come from ordering by id.
        const idOf = (i: number) => `d${String(values.length - i).padStart(2, '0')}`;
        values.forEach((v, i) => {
          docs[idOf(i)] = { v };
        });
        await seed(collection, docs);
        const expected = values.map((_, i) => idOf(i));
        expect(ids(await collection.orderBy('v').get())).toEqual(expected);
        expect(ids(await collection.orderBy('v', 'desc').get())).toEqual([...expected].reverse());
      });

      it('breaks ties by document id, in the direction of the last orderBy', async () => {
        const collection = col('ties');
        await seed(collection, { b: { v: 1 }, a: { v: 1 }, c: { v: 0 }, d: { v: 1 } });
        expect(ids(await collection.orderBy('v').get())).toEqual(['c', 'a', 'b', 'd']);
        expect(ids(await collection.orderBy('v', 'desc').get())).toEqual(['d', 'b', 'a', 'c']);
        expect(ids(await collection.get())).toEqual(['a', 'b', 'c', 'd']);
      });

      it('orderBy leaves out documents that lack the field', async () => {
        const collection = col('sparse');
        await seed(collection, { a: { v: 2 }, b: {}, c: { v: 1 }, d: { w: 1 } });
        expect(ids(await collection.orderBy('v').get())).toEqual(['c', 'a']);
        expect(await collection.orderBy('v').count()).toBe(2);
      });

      it('orders by and filters on the document id', async () => {
        const collection = col('named');
        await seed(collection, { a: { v: 1 }, b: { v: 2 }, c: { v: 3 } });
        expect(ids(await collection.orderBy('__name__', 'desc').get())).toEqual(['c', 'b', 'a']);
        expect(ids(await collection.where('__name__', '>=', 'b').get())).toEqual(['b', 'c']);
        expect(ids(await collection.where('__name__', 'in', ['a', 'c']).get())).toEqual(['a', 'c']);
        expect(ids(await collection.where('__name__', '==', collection.doc('b')).get())).toEqual(['b']);
      });

      describe('pagination', () => {
        let pages: CollectionReference;
        beforeAll(async () => {
          pages = col('pages');
          await seed(pages, {
            p1: { a: 1, b: 1 },
            p2: { a: 1, b: 2 },
            p3: { a: 2, b: 1 },
            p4: { a: 2, b: 2 },
            p5: { a: 3, b: 1 },
            p6: { a: 3, b: 2 },
          });
        });

        it.each([
          ['startAt', (q: Query) => q.orderBy('a').startAt(2), ['p3', 'p4', 'p5', 'p6']],
          ['startAfter', (q: Query) => q.orderBy('a').startAfter(2), ['p5', 'p6']],
          ['endAt', (q: Query) => q.orderBy('a').endAt(2), ['p1', 'p2', 'p3', 'p4']],
          ['endBefore', (q: Query) => q.orderBy('a').endBefore(2), ['p1', 'p2']],
          ['startAt and endAt', (q: Query) => q.orderBy('a').startAt(2).endAt(2), ['p3', 'p4']],
          ['two-field cursor', (q: Query) => q.orderBy('a').orderBy('b').startAfter(2, 1), ['p4', 'p5', 'p6']],
          ['descending cursor', (q: Query) => q.orderBy('a', 'desc').startAt(2), ['p4', 'p3', 'p2', 'p1']],
          ['limit', (q: Query) => q.orderBy('a').limit(3), ['p1', 'p2', 'p3']],
          ['offset', (q: Query) => q.orderBy('a').offset(2).limit(2), ['p3', 'p4']],
          ['limitToLast', (q: Query) => q.orderBy('a').limitToLast(3), ['p4', 'p5', 'p6']],
          ['limitToLast with a cursor', (q: Query) => q.orderBy('a').endBefore(3).limitToLast(3), ['p2', 'p3', 'p4']],
          ['descending limitToLast', (q: Query) => q.orderBy('b', 'desc').limitToLast(2), ['p3', 'p1']],
        ])('%s', async (_label, build, expected) => {
          expect(ids(await build(pages).get())).toEqual(expected);
        });

        it('pages through a query with snapshot cursors, each document once', async () => {
          const seen: string[] = [];
          let query = pages.orderBy('a').limit(4);
          for (let page = 0; page < 5; page++) {
            const snapshot = await query.get();
            if (snapshot.empty) break;
            seen.push(...ids(snapshot));
            query = pages
              .orderBy('a')
              .limit(4)
              .startAfter(snapshot.docs[snapshot.docs.length - 1]);
          }
          expect(seen).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
          const p4 = await pages.doc('p4').get();
          expect(ids(await pages.orderBy('a').endAt(p4).get())).toEqual(['p1', 'p2', 'p3', 'p4']);
          expect(ids(await pages.startAfter(await pages.doc('p2').get()).get())).toEqual(['p3', 'p4', 'p5', 'p6']);
        });

        it('counts with filters and limits', async () => {
          expect(await pages.count()).toBe(6);
          expect(await pages.where('a', '>=', 2).count()).toBe(4);
          expect(await pages.limit(3).count()).toBe(3);
          expect(await pages.where('a', '==', 9).count()).toBe(0);
        });
      });

      it('refuses query shapes Firestore refuses', async () => {
        const q = col('shapes');
        await expectStoreError(() => q.limitToLast(2).get(), 'invalid-argument');
        // Each shape is built and run in one step: the SDK refuses some while building, Firestore others when they run.
        await expectStoreError(() => q.orderBy('a').startAt(1, 2).get(), 'invalid-argument');
        await expectStoreError(() => q.startAt(1).get(), 'invalid-argument');
        await expectStoreError(() => q.where('a', '<', null).get(), 'invalid-argument');
        await expectStoreError(() => q.where('a', 'in', []).get(), 'invalid-argument');
        await expectStoreError(
          () =>
            q
              .orderBy('a')
              .offset(2 ** 31)
              .get(),
          'invalid-argument',
        );
        await expectStoreError(() => q.limit(2 ** 31).get(), 'invalid-argument');
        await expectStoreError(
          () =>
            q
              .where(
                'a',
                'in',
                Array.from({ length: 31 }, (_, i) => i),
              )
              .get(),
          'invalid-argument',
        );
        await expectStoreError(
          () =>
            q
              .where(
                'a',
                'not-in',
                Array.from({ length: 11 }, (_, i) => i),
              )
              .get(),
          'invalid-argument',
        );
        await expectStoreError(() => q.where('a', 'array-contains', 1).where('b', 'array-contains', 2).get(), 'invalid-argument');
        await expectStoreError(() => q.where('a', 'not-in', [1]).where('b', '!=', 2).get(), 'invalid-argument');
        // where() and orderBy() cannot follow a cursor (the SDK refuses them when the query is built).
        await expectStoreError(() => q.orderBy('a').startAt(1).where('b', '==', 1).get(), 'invalid-argument', /where\(\) filter after calling startAt/);
        await expectStoreError(() => q.orderBy('a').endBefore(1).where('a', '>', 0).get(), 'invalid-argument', /where\(\) filter after/);
        await expectStoreError(() => q.orderBy('a').startAfter(1).orderBy('b').get(), 'invalid-argument', /orderBy\(\) constraint after/);
        expect(
          await q
            .where(
              'a',
              'in',
              Array.from({ length: 30 }, (_, i) => i),
            )
            .count(),
        ).toBe(0);
      });

      it('queries a collection group across parents and depths', async () => {
        const base = root();
        const paths = [`${base}/${groupId}/x1`, `${base}/parents/p1/${groupId}/x2`, `${base}/parents/p1/other/o/${groupId}/x3`];
        const batch = store.batch();
        paths.forEach((path, i) => batch.set(store.doc(path), { n: i + 1 }));
        batch.set(store.doc(`${base}/parents/p1/not-${groupId}/y`), { n: 9 });
        await batch.commit();
        const group = store.collectionGroup(groupId);
        expect((await group.get()).docs.map((doc) => doc.path).sort()).toEqual([...paths].sort());
        expect(ids(await group.where('n', '>=', 2).get())).toEqual(['x2', 'x3']);
        expect(ids(await group.orderBy('n', 'desc').get())).toEqual(['x3', 'x2', 'x1']);
        expect(await group.count()).toBe(3);
      });
    });

    describe('transactions', () => {
      it('reads, writes and returns the callback value', async () => {
        const ref = col('tx').doc('rmw');
        await ref.set({ n: 1 });
        const result = await store.runTransaction(async (tx) => {
          const snapshot = await tx.get(ref);
          tx.update(ref, { n: (snapshot.get('n') as number) + 1 });
          return 'done';
        });
        expect(result).toBe('done');
        expect((await ref.get()).data()).toEqual({ n: 2 });
      });

      it('reads queries and several documents', async () => {
        const collection = col('tx');
        await seed(collection, { a: { v: 1 }, b: { v: 2 } });
        const { fromQuery, fromGetAll } = await store.runTransaction(async (tx) => {
          const query = await tx.get(collection.where('v', '>=', 2));
          const all = await tx.getAll(collection.doc('b'), collection.doc('a'), collection.doc('zz'));
          return { fromQuery: ids(query), fromGetAll: all.map((s) => s.exists && s.id) };
        });
        expect(fromQuery).toEqual(['b']);
        expect(fromGetAll).toEqual(['b', 'a', false]);
      });

      it('commits nothing when the callback throws, and rethrows the same error', async () => {
        const ref = col('tx').doc('rollback');
        const boom = new Error('boom');
        let caught: unknown;
        try {
          await store.runTransaction(async (tx) => {
            tx.set(ref, { v: 1 });
            throw boom;
          });
        } catch (error) {
          caught = error;
        }
        expect(caught).toBe(boom);
        expect((await ref.get()).exists).toBe(false);
      });

      it('fails as a whole when one write fails at commit', async () => {
        const collection = col('tx');
        await collection.doc('taken').set({ v: 1 });
        await expectStoreError(
          () =>
            store.runTransaction(async (tx) => {
              tx.set(collection.doc('side'), { v: 1 });
              tx.create(collection.doc('taken'), { v: 2 });
            }),
          'already-exists',
        );
        expect((await collection.doc('side').get()).exists).toBe(false);
        expect((await collection.doc('taken').get()).data()).toEqual({ v: 1 });
      });

      it('refuses reads after writes', async () => {
        const ref = col('tx').doc('order');
        await expectStoreError(
          () =>
            store.runTransaction(async (tx) => {
              tx.set(ref, { v: 1 });
              await tx.get(ref);
            }),
          'invalid-argument',
          /reads to be executed before all writes/,
        );
        expect((await ref.get()).exists).toBe(false);
      });

      it('commits more than 500 writes', async () => {
        const collection = col('tx-bulk');
        await store.runTransaction(async (tx) => {
          for (let i = 0; i < 750; i++) tx.set(collection.doc(`d${i}`), { i });
        });
        expect(await collection.count()).toBe(750);
      });

      it('refuses a commit over the 10 MiB request limit and writes nothing', async () => {
        const collection = col('tx-bytes');
        await expectStoreError(
          () =>
            store.runTransaction(async (tx) => {
              for (let i = 0; i < 11; i++) tx.set(collection.doc(`d${i}`), { big: 'x'.repeat(1_000_000) });
            }),
          'invalid-argument',
        );
        expect(await collection.count()).toBe(0);
      });

      it('refuses maxAttempts below 1', async () => {
        await expectStoreError(() => store.runTransaction(async () => 1, { maxAttempts: 0 }), 'invalid-argument');
      });

      it('serializes concurrent read-modify-write transactions', async () => {
        const ref = col('tx').doc('counter');
        await ref.set({ n: 0 });
        await Promise.all(
          Array.from({ length: 20 }, () =>
            store.runTransaction(
              async (tx) => {
                const snapshot = await tx.get(ref);
                tx.update(ref, { n: (snapshot.get('n') as number) + 1 });
              },
              { maxAttempts: 100 },
            ),
          ),
        );
        expect((await ref.get()).get('n')).toBe(20);
      });

      it('books exactly 10 of 10 spots when 100 transactions race for them', async () => {
        const classRef = col('classes').doc('yoga');
        await classRef.set({ capacity: 10, booked: 0 });
        const tally = await bookConcurrently(store, classRef.path, 100, 'customer', 100);
        expect(tally).toEqual({ booked: 10, full: 90, errors: [] });
        expect((await classRef.get()).get('booked')).toBe(10);
        expect(await classRef.collection('reservations').count()).toBe(10);
      });
    });
  });
}
