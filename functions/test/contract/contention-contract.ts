/**
 * Contention cases of the DocumentStore contract, run against every engine
 * (local-store.test.ts, firestore-store.test.ts). They assert outcomes that
 * hold however the engine serializes (optimistic validation locally, locks
 * and wound-wait on Firestore): every committed write counted exactly once,
 * no lost update, no phantom, and retries or aborts where transactions
 * really overlapped.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentStore, Transaction } from '../../src/data/store/types';
import { StoreError } from '../../src/data/store/types';
import { barrier, claimWithCounter, claimWithSpots } from './fixtures/claims';
import type { ContractTarget } from './store-contract';

export function describeContentionContract(name: string, open: () => Promise<ContractTarget>): void {
  describe(`DocumentStore contention: ${name}`, () => {
    let target: ContractTarget;
    let store: DocumentStore;
    const run = randomUUID().slice(0, 8);
    let counter = 0;
    const root = () => `contention/${run}-${++counter}`;

    beforeAll(async () => {
      target = await open();
      store = target.store;
    });
    afterAll(async () => {
      await target.close();
    });

    it('commits both of two transactions that read then write one document, one of them after a retry', async () => {
      const ref = store.doc(`${root()}/counters/c`);
      await ref.set({ n: 0 });
      const bothRead = barrier(2);
      let runs = 0;
      const increment = () =>
        store.runTransaction(async (tx) => {
          runs++;
          const n = (await tx.get(ref)).get('n') as number;
          if (runs <= 2) await bothRead();
          tx.update(ref, { n: n + 1 });
          return n;
        });
      const seen = await Promise.all([increment(), increment()]);
      expect((await ref.get()).get('n')).toBe(2);
      // Serializable: the second saw the first's write, so no update was lost.
      expect(seen.sort()).toEqual([0, 1]);
      expect(runs).toBeGreaterThanOrEqual(3);
    });

    it('retries a transaction whose query result another transaction changed (no phantoms)', async () => {
      const members = store.collection(`${root()}/members`);
      const bothQueried = barrier(2);
      let runs = 0;
      const join = (who: string) =>
        store.runTransaction(async (tx) => {
          runs++;
          const before = (await tx.get(members.where('active', '==', true))).size;
          if (runs <= 2) await bothQueried();
          tx.create(members.doc(who), { active: true, seenBefore: before });
        });
      await Promise.all([join('a'), join('b')]);
      const seen = (await members.get()).docs.map((doc) => doc.get('seenBefore') as number).sort();
      // Without phantom protection both would have seen an empty result: [0, 0].
      expect(seen).toEqual([0, 1]);
      expect(runs).toBeGreaterThanOrEqual(3);
    });

    it('aborts some transactions of a burst on one document once they exhaust maxAttempts, and counts every committed one exactly', async () => {
      const ref = store.doc(`${root()}/counters/hot`);
      await ref.set({ n: 0 });
      const writers = 100;
      const outcomes = await Promise.allSettled(
        Array.from({ length: writers }, () =>
          store.runTransaction(
            async (tx: Transaction) => {
              const n = (await tx.get(ref)).get('n') as number;
              // The round trip a Cloud Function spends between its read and its commit.
              await sleep(50);
              tx.update(ref, { n: n + 1 });
            },
            { maxAttempts: 3 },
          ),
        ),
      );
      const committed = outcomes.filter((o) => o.status === 'fulfilled').length;
      const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      for (const failure of rejected) {
        expect(failure.reason).toBeInstanceOf(StoreError);
        expect((failure.reason as StoreError).code).toBe('aborted');
      }
      expect(rejected.length).toBeGreaterThan(0);
      expect(committed).toBeGreaterThan(0);
      expect((await ref.get()).get('n')).toBe(committed);
    });

    it('books exactly 10 of 10 spots from 100 claimants both as one counter document and as ten spot documents', async () => {
      const counterClass = `${root()}/classes/counter`;
      await store.doc(counterClass).set({ capacity: 10, booked: 0 });
      const counter = await claimWithCounter(store, counterClass, 100, 'c');
      const spotsClass = `${root()}/classes/spots`;
      const spots = await claimWithSpots(store, spotsClass, 10, 100, 's');
      console.log(`[${name}] 100 claimants, 10 spots — counter document: ${JSON.stringify(counter)}; spot documents: ${JSON.stringify(spots)}`);
      expect(counter.claimed + counter.full + counter.aborted).toBe(100);
      expect(counter.claimed).toBe(10);
      expect((await store.doc(counterClass).get()).get('booked')).toBe(10);
      expect(await store.collection(`${counterClass}/reservations`).count()).toBe(10);
      expect(spots).toMatchObject({ claimed: 10, full: 90, aborted: 0 });
      expect(await store.collection(`${spotsClass}/spots`).count()).toBe(10);
      const holders = (await store.collection(`${spotsClass}/spots`).get()).docs.map((doc) => doc.get('holder'));
      expect(new Set(holders).size).toBe(10);
    });
  });
}
