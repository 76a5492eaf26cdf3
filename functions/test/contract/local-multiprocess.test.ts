/**
 * Several OS processes on one SQLite file, as the Functions emulator's
 * workers and the trigger dispatcher use it. Each worker is a separate Node
 * process running fixtures/store-worker.ts.
 */
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLocalStore } from '../../src/data/store/local/local-store';
import { bookConcurrently } from './fixtures/booking';
import { runWorkersTogether, tempDir } from './support';

// Spawning Node processes takes seconds on two cores; correctness never depends on timing here.
vi.setConfig({ testTimeout: 0, hookTimeout: 0 });

describe('local engine across processes', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  function newFile(): string {
    const temp = tempDir('studio-multiproc-');
    cleanups.push(temp.cleanup);
    return path.join(temp.dir, 'shared.sqlite');
  }

  it('loses no increment when 3 processes run read-modify-write transactions on one document', async () => {
    // The workers open a file that does not exist yet, so they also race to create the schema.
    const file = newFile();
    const results = await runWorkersTogether([0, 1, 2].map(() => ({ task: 'increment', file, doc: 'counters/shared', n: 40, concurrency: 4 })));
    expect(results).toEqual([{ done: 40 }, { done: 40 }, { done: 40 }]);
    const store = openLocalStore({ path: file });
    try {
      expect((await store.doc('counters/shared').get()).get('count')).toBe(120);
      // Every committed transaction left exactly one outbox row.
      expect(await store.outbox.size()).toBe(120);
    } finally {
      await store.close();
    }
  });

  it.each([2, 4])('books exactly 10 of 10 spots when 100 transactions race from %i processes', async (processes) => {
    const file = newFile();
    const classPath = 'studios/s1/classes/yoga';
    const setup = openLocalStore({ path: file });
    await setup.doc(classPath).set({ capacity: 10, booked: 0 });
    await setup.close();
    const perProcess = 100 / processes;
    const results = (await runWorkersTogether(
      Array.from({ length: processes }, (_, i) => ({ task: 'book', file, classPath, n: perProcess, prefix: `p${i}` })),
    )) as { booked: number; full: number; errors: string[] }[];
    expect(results.flatMap((r) => r.errors)).toEqual([]);
    expect(results.reduce((sum, r) => sum + r.booked, 0)).toBe(10);
    expect(results.reduce((sum, r) => sum + r.full, 0)).toBe(90);
    const store = openLocalStore({ path: file });
    try {
      expect((await store.doc(classPath).get()).get('booked')).toBe(10);
      expect(await store.collection(`${classPath}/reservations`).count()).toBe(10);
    } finally {
      await store.close();
    }
  });

  it.each(['claim-counter', 'claim-spots'])(
    'takes exactly 10 spots with 100 claimants split over 2 processes (%s), and meters where they wrote',
    async (task) => {
      const file = newFile();
      const classPath = 'studios/s1/classes/rush';
      const setup = openLocalStore({ path: file });
      await setup.doc(classPath).set({ capacity: 10, booked: 0 });
      const since = new Date();
      const results = (await runWorkersTogether([0, 1].map((i) => ({ task, file, classPath, n: 50, prefix: `p${i}` })))) as {
        claimed: number;
        full: number;
        aborted: number;
        attempts: number;
      }[];
      try {
        expect(results.reduce((total, r) => total + r.claimed, 0)).toBe(10);
        expect(results.reduce((total, r) => total + r.claimed + r.full + r.aborted, 0)).toBe(100);
        const heat = await setup.meter.hottest({ since, limit: 20 });
        const hottest = heat[0];
        if (task === 'claim-counter') {
          // Every claimant read the class document: it takes all the conflicts.
          expect(hottest?.path).toBe(classPath);
          expect(hottest?.conflicts).toBeGreaterThan(0);
          expect((await setup.doc(classPath).get()).get('booked')).toBe(10);
        } else {
          // Ten documents written once each; the class document is never touched.
          expect(heat.every((h) => h.writes === 1 && h.conflicts === 0)).toBe(true);
          expect(heat.filter((h) => h.path.startsWith(`${classPath}/spots/`))).toHaveLength(10);
        }
        console.log(`[2 processes, ${task}] ${JSON.stringify(results)}`);
      } finally {
        await setup.close();
      }
    },
  );

  it('keeps the invariant when this process books at the same time as two others', async () => {
    const file = newFile();
    const classPath = 'studios/s1/classes/spin';
    const store = openLocalStore({ path: file });
    try {
      await store.doc(classPath).set({ capacity: 10, booked: 0 });
      const [local, remote] = await Promise.all([
        bookConcurrently(store, classPath, 40, 'here', 100),
        runWorkersTogether([0, 1].map((i) => ({ task: 'book', file, classPath, n: 30, prefix: `there${i}` }))),
      ]);
      const all = [local, ...(remote as (typeof local)[])];
      expect(all.flatMap((r) => r.errors)).toEqual([]);
      expect(all.reduce((sum, r) => sum + r.booked, 0)).toBe(10);
      expect((await store.doc(classPath).get()).get('booked')).toBe(10);
      expect(await store.collection(`${classPath}/reservations`).count()).toBe(10);
    } finally {
      await store.close();
    }
  });
});
