/**
 * What can be checked of the Firestore implementation without a server:
 * value and error translation, reference building, the SDK's client-side
 * validation surfacing as StoreError, and event conversion. The behaviour
 * against a real backend is the contract suite (firestore-store.test.ts).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { App } from 'firebase-admin/app';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldValue as AdminFieldValue, getFirestore, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirestoreStore } from '../../src/data/store/firestore/firestore-store';
import { fromFirestoreValue, sdkInTransaction, toFirestoreValue, toStoreError } from '../../src/data/store/firestore/firestore-values';
import type { FirestoreWrittenEvent } from '../../src/data/store/firestore/from-firestore-event';
import { fromFirestoreEvent } from '../../src/data/store/firestore/from-firestore-event';
import { openLocalStore } from '../../src/data/store/local/local-store';
import type { DocumentStore } from '../../src/data/store/types';
import { FieldValue, StoreError } from '../../src/data/store/types';
import { expectStoreError, tempDir } from './support';

describe('Firestore adapter (no server needed)', () => {
  let app: App;
  let store: DocumentStore;
  beforeAll(() => {
    app = initializeApp({ projectId: 'demo-studio' }, `adapter-${randomUUID()}`);
    store = createFirestoreStore(getFirestore(app));
  });
  afterAll(async () => {
    await deleteApp(app);
  });

  it('turns our field transforms into admin FieldValues at any depth', () => {
    const converted = toFirestoreValue({
      at: FieldValue.serverTimestamp(),
      nested: { n: FieldValue.increment(2), gone: FieldValue.delete() },
      tags: FieldValue.arrayUnion('a', new Date(5)),
      drop: FieldValue.arrayRemove({ k: 1 }),
      plain: [1, { when: new Date(7) }],
    }) as Record<string, unknown>;
    expect((converted.at as AdminFieldValue).isEqual(AdminFieldValue.serverTimestamp())).toBe(true);
    const nested = converted.nested as Record<string, AdminFieldValue>;
    expect(nested.n?.isEqual(AdminFieldValue.increment(2))).toBe(true);
    expect(nested.n?.isEqual(AdminFieldValue.increment(3))).toBe(false);
    expect(nested.gone?.isEqual(AdminFieldValue.delete())).toBe(true);
    expect((converted.tags as AdminFieldValue).isEqual(AdminFieldValue.arrayUnion('a', new Date(5)))).toBe(true);
    expect((converted.drop as AdminFieldValue).isEqual(AdminFieldValue.arrayRemove({ k: 1 }))).toBe(true);
    expect(converted.plain).toEqual([1, { when: new Date(7) }]);
  });

  it('turns Timestamps into Dates and Buffers into plain Uint8Arrays, deeply', () => {
    const read = fromFirestoreValue({
      at: Timestamp.fromMillis(1234),
      list: [Timestamp.fromMillis(1), { deep: Timestamp.fromMillis(2) }],
      bytes: Buffer.from([1, 2, 3]),
      text: 'x',
    }) as Record<string, unknown>;
    expect(read).toEqual({ at: new Date(1234), list: [new Date(1), { deep: new Date(2) }], bytes: new Uint8Array([1, 2, 3]), text: 'x' });
    expect(read.at).toBeInstanceOf(Date);
    expect(Buffer.isBuffer(read.bytes)).toBe(false);
  });

  it.each([
    [3, 'invalid-argument'],
    [4, 'deadline-exceeded'],
    [5, 'not-found'],
    [6, 'already-exists'],
    [8, 'resource-exhausted'],
    [9, 'failed-precondition'],
    [10, 'aborted'],
    [14, 'unavailable'],
    [13, 'internal'],
  ])('maps gRPC status %i to %s', (code, expected) => {
    const grpc = Object.assign(new Error(`status ${code}`), { code });
    const mapped = toStoreError(grpc);
    expect(mapped).toBeInstanceOf(StoreError);
    expect(mapped.code).toBe(expected);
    expect(mapped.cause).toBe(grpc);
  });

  it('maps the SDK’s own argument errors to invalid-argument and passes StoreErrors through', () => {
    expect(toStoreError(new Error('Value for argument "data" is not a valid Firestore document.')).code).toBe('invalid-argument');
    const own = new StoreError('not-found', 'x');
    expect(toStoreError(own)).toBe(own);
  });

  it('leaves server errors raw inside transactions so the SDK can still retry on contention', async () => {
    const contention = Object.assign(new Error('10 ABORTED: Too much contention'), { code: 10 });
    await expect(sdkInTransaction(() => Promise.reject(contention))).rejects.toBe(contention);
    await expectStoreError(
      () => sdkInTransaction(() => Promise.reject(new Error('Firestore transactions require all reads to be executed before all writes.'))),
      'invalid-argument',
    );
  });

  it('builds references like the local engine', () => {
    const ref = store.collection('customers').doc('u1').collection('cards').doc('c1');
    expect(ref.path).toBe('customers/u1/cards/c1');
    expect(ref.id).toBe('c1');
    expect(ref.parent.path).toBe('customers/u1/cards');
    expect(store.collection('customers').doc().id).toMatch(/^[A-Za-z0-9]{20}$/);
  });

  it('surfaces the SDK’s client-side validation as StoreError', async () => {
    await expectStoreError(() => store.doc('only-a-collection'), 'invalid-argument');
    await expectStoreError(() => store.collection('c').where('x', '<', null), 'invalid-argument');
    await expectStoreError(() => store.collection('c').orderBy('x').startAt(1, 2), 'invalid-argument');
    await expectStoreError(() => store.collection('c').limitToLast(1).get(), 'invalid-argument', /orderBy/);
    await expectStoreError(
      () =>
        store
          .collection('c')
          .doc('d')
          .set({ a: undefined } as never),
      'invalid-argument',
      /undefined/,
    );
    await expectStoreError(() => store.runTransaction(async () => 1, { maxAttempts: 0 }), 'invalid-argument');
  });

  it('refuses references from another store', async () => {
    const temp = tempDir();
    const local = openLocalStore({ path: path.join(temp.dir, 'x.sqlite') });
    try {
      await expectStoreError(() => store.batch().set(local.doc('a/b'), { v: 1 }), 'invalid-argument', /does not belong/);
      await expectStoreError(() => local.batch().set(store.doc('a/b'), { v: 1 }), 'invalid-argument', /does not belong/);
    } finally {
      await local.close();
      temp.cleanup();
    }
  });

  it('converts an onDocumentWritten event, with null for a side that does not exist', () => {
    const snapshot = (exists: boolean, data?: Record<string, unknown>) => ({
      exists,
      id: 'm1',
      ref: { path: 'mail/m1' },
      data: () => data,
      get: (field: string) => data?.[field],
      createTime: exists ? Timestamp.fromMillis(1000) : undefined,
      updateTime: exists ? Timestamp.fromMillis(2000) : undefined,
    });
    const event = {
      id: 'evt-1',
      time: '2026-01-02T03:04:05.000Z',
      params: { mailId: 'm1' },
      data: { before: snapshot(false), after: snapshot(true, { sentAt: Timestamp.fromMillis(3000), to: 'a@example.com' }) },
    } as unknown as FirestoreWrittenEvent;
    const converted = fromFirestoreEvent(event);
    expect(converted.eventId).toBe('evt-1');
    expect(converted.params).toEqual({ mailId: 'm1' });
    expect(converted.time).toEqual(new Date('2026-01-02T03:04:05.000Z'));
    expect(converted.before).toBeNull();
    expect(converted.after?.path).toBe('mail/m1');
    expect(converted.after?.data()).toEqual({ sentAt: new Date(3000), to: 'a@example.com' });
    expect(converted.after?.get('sentAt')).toEqual(new Date(3000));
    expect(converted.after?.updateTime).toEqual(new Date(2000));
  });
});
