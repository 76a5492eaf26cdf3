/**
 * Local engine only: how optimistic transactions validate what they read,
 * and what the hot-document meter records.
 */
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalDocumentStore, LocalStoreOptions } from '../../src/data/store/local/local-store';
import { openLocalStore } from '../../src/data/store/local/local-store';
import { loadSqlite } from '../../src/data/store/local/sqlite-support';
import { FieldValue } from '../../src/data/store/types';
import { barrier } from './fixtures/claims';
import { expectStoreError, tempDir } from './support';

vi.setConfig({ testTimeout: 0, hookTimeout: 0 });

const fast = { retryBackoff: { initialDelayMs: 5, maxDelayMs: 20 } };

describe('local engine transactions', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  function open(options: Partial<LocalStoreOptions> = {}): LocalDocumentStore {
    const temp = tempDir();
    cleanups.push(temp.cleanup);
    const store = openLocalStore({ path: path.join(temp.dir, 'tx.sqlite'), ...fast, ...options });
    cleanups.push(() => store.close());
    return store;
  }

  it('retries when a document read was deleted and created again before the commit (same data, new version)', async () => {
    const store = open();
    const ref = store.doc('spots/1');
    await ref.set({ holder: null });
    let runs = 0;
    const read = barrier(2, 60_000);
    const changed = barrier(2, 60_000);
    const tx = store.runTransaction(async (t) => {
      runs++;
      const before = (await t.get(ref)).data();
      if (runs === 1) {
        await read();
        await changed();
      }
      t.set(ref, { holder: 'ana', sawBefore: before ?? null });
    });
    await read();
    await ref.delete();
    await ref.set({ holder: null });
    await changed();
    await tx;
    expect(runs).toBe(2);
  });

  it('retries a callback that failed on a view that changed, and rethrows one that failed on the current state', async () => {
    const store = open();
    const ref = store.doc('classes/1');
    await ref.set({ open: false });
    const read = barrier(2, 60_000);
    const changed = barrier(2, 60_000);
    let runs = 0;
    const book = store.runTransaction(async (tx) => {
      runs++;
      const isOpen = (await tx.get(ref)).get('open') as boolean;
      if (runs === 1) {
        await read();
        await changed();
      }
      if (!isOpen) throw new Error('closed');
      tx.update(ref, { booked: 1 });
      return 'booked';
    });
    await read();
    await ref.set({ open: true });
    await changed();
    expect(await book).toBe('booked');
    expect(runs).toBe(2);

    runs = 0;
    await ref.set({ open: false });
    await expect(
      store.runTransaction(async (tx) => {
        runs++;
        if (!(await tx.get(ref)).get('open')) throw new Error('closed');
      }),
    ).rejects.toThrow('closed');
    expect(runs).toBe(1);
  });

  it('gives a read-only transaction one consistent view: reads that changed in between are read again', async () => {
    const store = open();
    const a = store.doc('pair/a');
    const b = store.doc('pair/b');
    await a.set({ v: 1 });
    await b.set({ v: 1 });
    const readA = barrier(2, 60_000);
    const moved = barrier(2, 60_000);
    let runs = 0;
    const pair = store.runTransaction(async (tx) => {
      runs++;
      const va = (await tx.get(a)).get('v');
      if (runs === 1) {
        await readA();
        await moved();
      }
      const vb = (await tx.get(b)).get('v');
      return [va, vb];
    });
    await readA();
    await store.batch().set(a, { v: 2 }).set(b, { v: 2 }).commit();
    await moved();
    expect(await pair).toEqual([2, 2]);
    expect(runs).toBe(2);
  });

  it('fails with aborted, naming contention and the document, when every attempt conflicts', async () => {
    const store = open({ latencyMs: 20 });
    const ref = store.doc('hot/1');
    await ref.set({ n: 0 });
    let settled = false;
    // Someone else keeps writing the document, so every attempt finds it changed at commit.
    const rival = (async () => {
      while (!settled) {
        await ref.update({ n: FieldValue.increment(100) });
        // Yield to timers: local writes complete in microtasks and would otherwise starve the transaction's own timers.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    let runs = 0;
    try {
      const error = await expectStoreError(
        () =>
          store.runTransaction(
            async (tx) => {
              runs++;
              const n = (await tx.get(ref)).get('n') as number;
              tx.update(ref, { n: n + 1 });
            },
            { maxAttempts: 3 },
          ),
        'aborted',
        /Too much contention/,
      );
      expect(error.message).toMatch(/hot\/1/);
      expect(runs).toBe(3);
    } finally {
      settled = true;
      await rival;
    }
    expect(((await ref.get()).get('n') as number) % 100).toBe(0);
  });

  it('meters writes per document and second, conflicts and aborts, for every store on the file', async () => {
    const store = open();
    const since = new Date();
    const hot = store.doc('meter/hot');
    const cold = store.doc('meter/cold');
    await hot.set({ n: 0 });
    await cold.set({ n: 0 });
    const everyoneRead = barrier(5, 60_000);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        store.runTransaction(
          async (tx) => {
            const n = (await tx.get(hot)).get('n') as number;
            await everyoneRead();
            tx.update(hot, { n: n + 1 });
          },
          { maxAttempts: 1 },
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const other = openLocalStore({ path: store.filePath });
    try {
      const heat = await other.meter.hottest({ since, pathPrefix: 'meter/' });
      expect(heat.map((h) => h.path)).toEqual(['meter/hot', 'meter/cold']);
      expect(heat[0]).toMatchObject({ writes: 2, conflicts: 4, aborts: 4 });
      expect(heat[0]?.peakWritesPerSecond).toBeGreaterThanOrEqual(1);
      expect(heat[1]).toMatchObject({ writes: 1, conflicts: 0, aborts: 0, peakWritesPerSecond: 1 });
      expect(await other.meter.hottest({ since, pathPrefix: 'nothing/' })).toEqual([]);
      expect(await other.meter.hottest({ since, limit: 1 })).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('keeps update time and version, and fires nothing, for a write that changes nothing', async () => {
    const store = open();
    const ref = store.doc('same/1');
    await ref.set({ a: 1, m: { x: 1, y: 2 } });
    const before = await ref.get();
    const events = await store.outbox.size();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await ref.set({ m: { y: 2, x: 1 }, a: 1 });
    await ref.update({ a: 1 });
    await ref.set({ a: 1 }, { merge: true });
    const after = await ref.get();
    expect(after.updateTime?.getTime()).toBe(before.updateTime?.getTime());
    expect(await store.outbox.size()).toBe(events);
    await ref.update({ a: 2 });
    expect((await ref.get()).updateTime?.getTime()).toBeGreaterThan(before.updateTime?.getTime() as number);
    expect(await store.outbox.size()).toBe(events + 1);
  });

  it('with simulated round trips, a burst on one document conflicts and is metered, and no increment is lost', async () => {
    const store = open({ latencyMs: 10 });
    const since = new Date();
    const ref = store.doc('latency/hot');
    await ref.set({ n: 0 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        store.runTransaction(async (tx) => {
          const n = (await tx.get(ref)).get('n') as number;
          tx.update(ref, { n: n + 1 });
        }),
      ),
    );
    const committed = outcomes.filter((o) => o.status === 'fulfilled').length;
    expect((await ref.get()).get('n')).toBe(committed);
    const [heat] = await store.meter.hottest({ since, pathPrefix: 'latency/' });
    expect(heat?.writes).toBe(committed + 1);
    expect(heat?.conflicts).toBeGreaterThan(0);
  });

  it('does not retry a query whose candidates changed but whose result did not', async () => {
    const store = open();
    const members = store.collection('club/1/members');
    await members.doc('a').set({ active: true });
    const queried = barrier(2, 60_000);
    const inserted = barrier(2, 60_000);
    let runs = 0;
    const tx = store.runTransaction(async (t) => {
      runs++;
      const active = (await t.get(members.where('active', '==', true))).size;
      if (runs === 1) {
        await queried();
        await inserted();
      }
      t.set(store.doc('club/1'), { active });
    });
    await queried();
    await members.doc('b').set({ active: false });
    await inserted();
    await tx;
    expect(runs).toBe(1);
    expect((await store.doc('club/1').get()).get('active')).toBe(1);
  });

  it('meters path prefixes case-sensitively, as Firestore paths are', async () => {
    const store = open();
    const since = new Date();
    await store.doc('Users/1').set({ a: 1 });
    await store.doc('users/2').set({ a: 1 });
    await store.doc('users_x/3').set({ a: 1 });
    expect((await store.meter.hottest({ since, pathPrefix: 'users/' })).map((h) => h.path)).toEqual(['users/2']);
  });

  it('stores -0 over 0 as a change (query equality would call them equal)', async () => {
    const store = open();
    const ref = store.doc('numbers/1');
    await ref.set({ n: 0 });
    await ref.set({ n: -0 });
    expect(Object.is((await ref.get()).get('n'), -0)).toBe(true);
  });

  it('fails with a StoreError, keeping the callback error, when the store closes during a transaction', async () => {
    const store = open();
    const ref = store.doc('closing/1');
    await ref.set({ n: 1 });
    await expectStoreError(
      () =>
        store.runTransaction(async (tx) => {
          await tx.get(ref);
          await store.close();
          return 'read';
        }),
      'failed-precondition',
      /closed/,
    );
  });

  it('refuses a write that does not give the document a new version (a process still running an older engine)', async () => {
    const store = open();
    await store.doc('old/1').set({ n: 1 });
    const { DatabaseSync } = loadSqlite();
    const raw = new DatabaseSync(store.filePath);
    try {
      expect(() => raw.prepare("UPDATE documents SET data = '{\"n\":2}' WHERE path = 'old/1'").run()).toThrow(/outdated local engine/);
      expect(() =>
        raw.prepare("INSERT INTO documents(path, parent, collection_id, data, create_time, update_time) VALUES ('old/2', 'old', 'old', '{}', 1, 1)").run(),
      ).toThrow(/outdated local engine/);
    } finally {
      raw.close();
    }
    expect((await store.doc('old/1').get()).get('n')).toBe(1);
  });
  describe('another connection holding the write lock longer than lockTimeoutMs (Firestore SDKs retry: 5 attempts with backoff)', () => {
    /** A second connection to the same file (another process, in the stack) that takes the write lock and keeps it for `ms`. */
    function holdWriteLock(store: LocalDocumentStore, ms: number): { released: Promise<void>; release: () => void } {
      const { DatabaseSync } = loadSqlite();
      const other = new DatabaseSync(store.filePath);
      other.exec('BEGIN IMMEDIATE');
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = () => {
          clearTimeout(timer);
          if (other.isOpen) {
            other.exec('ROLLBACK');
            other.close();
          }
          resolve();
        };
      });
      const timer = setTimeout(() => release(), ms);
      cleanups.push(release);
      return { released, release };
    }

    it('a transaction whose commit waits longer than one lock timeout commits on a later attempt', async () => {
      const store = open({ lockTimeoutMs: 200 });
      const ref = store.doc('locked/1');
      await ref.set({ n: 1 });
      // Held until the first attempt has given up (released by the second run, not by a timer a loaded machine could outrun).
      const lock = holdWriteLock(store, 60 * 60_000);
      let runs = 0;
      const result = await store.runTransaction(async (tx) => {
        runs++;
        if (runs === 2) lock.release();
        const n = (await tx.get(ref)).get('n') as number;
        tx.update(ref, { n: n + 1 });
        return n + 1;
      });
      await lock.released;
      expect(result).toBe(2);
      expect(runs).toBe(2);
      expect((await ref.get()).get('n')).toBe(2);
    });

    it('a write outside a transaction (set, batch) waits out the lock too', async () => {
      const store = open({ lockTimeoutMs: 100 });
      const ref = store.doc('locked/2');
      await ref.set({ n: 0 });
      holdWriteLock(store, 300);
      await ref.set({ n: 1 });
      expect((await ref.get()).get('n')).toBe(1);
      const lock = holdWriteLock(store, 300);
      await store.batch().set(ref, { n: 2 }).set(store.doc('locked/3'), { n: 3 }).commit();
      await lock.released;
      expect((await ref.get()).get('n')).toBe(2);
      expect((await store.doc('locked/3').get()).get('n')).toBe(3);
    });

    it('fails with aborted after 5 attempts when the lock is never released, having written nothing', async () => {
      const store = open({ lockTimeoutMs: 50 });
      const ref = store.doc('locked/4');
      await ref.set({ n: 1 });
      const lock = holdWriteLock(store, 60 * 60_000);
      let runs = 0;
      await expectStoreError(
        () =>
          store.runTransaction(async (tx) => {
            runs++;
            const n = (await tx.get(ref)).get('n') as number;
            tx.update(ref, { n: n + 1 });
          }),
        'aborted',
        /locked by another connection.*5 attempts/,
      );
      expect(runs).toBe(5);
      await expectStoreError(() => ref.set({ n: 9 }), 'aborted', /locked by another connection.*5 attempts/);
      lock.release();
      expect((await ref.get()).get('n')).toBe(1);
    });
  });
});
