import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalDocumentStore } from '../../src/data/store/local/local-store';
import { openLocalStore } from '../../src/data/store/local/local-store';
import type { TriggerDispatcher, TriggerDispatcherOptions } from '../../src/data/store/local/trigger-dispatcher';
import { compileDocumentPattern, matchDocumentPattern, startTriggerDispatcher } from '../../src/data/store/local/trigger-dispatcher';
import type { DocumentChangeEvent, DocumentStore, DocumentTrigger } from '../../src/data/store/types';
import { FieldValue } from '../../src/data/store/types';
import { expectStoreError, startWorker, tempDir } from './support';

vi.setConfig({ testTimeout: 0, hookTimeout: 0 });

interface Seen {
  eventId: string;
  params: Record<string, string>;
  before: unknown;
  after: unknown;
  time: Date;
}

function describeEvent(event: DocumentChangeEvent): Seen {
  return {
    eventId: event.eventId,
    params: event.params,
    before: event.before ? { path: event.before.path, data: event.before.data() } : null,
    after: event.after ? { path: event.after.path, data: event.after.data() } : null,
    time: event.time,
  };
}

const quietLogger = () => ({ warn: vi.fn(), error: vi.fn() });

describe('trigger dispatcher', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  function newFile(): string {
    const temp = tempDir('studio-triggers-');
    cleanups.push(temp.cleanup);
    return path.join(temp.dir, 'triggers.sqlite');
  }

  function open(file: string): LocalDocumentStore {
    const store = openLocalStore({ path: file });
    cleanups.push(() => store.close());
    return store;
  }

  function start(store: DocumentStore, triggers: DocumentTrigger[], options: TriggerDispatcherOptions = {}): TriggerDispatcher {
    const dispatcher = startTriggerDispatcher(store, triggers, { pollMs: 20, backoffMs: 5, logger: quietLogger(), ...options });
    cleanups.push(() => dispatcher.stop());
    return dispatcher;
  }

  it('matches document patterns and extracts their wildcards', () => {
    const pattern = compileDocumentPattern('customers/{uid}/cards/{cardId}');
    expect(matchDocumentPattern(pattern, 'customers/u1/cards/c9')).toEqual({ uid: 'u1', cardId: 'c9' });
    expect(matchDocumentPattern(pattern, 'customers/u1')).toBeUndefined();
    expect(matchDocumentPattern(pattern, 'customers/u1/other/c9')).toBeUndefined();
    expect(matchDocumentPattern(compileDocumentPattern('mail/{mailId}'), 'mail/m1')).toEqual({ mailId: 'm1' });
    expect(() => compileDocumentPattern('mail')).toThrow(/must name documents/);
    expect(() => compileDocumentPattern('mail/{id=**}')).toThrow(/single \{wildcard\}/);
  });

  it('delivers create, update and delete with before/after and params, only for matching documents', async () => {
    const store = open(newFile());
    const seen: Seen[] = [];
    const dispatcher = start(store, [
      { name: 'cards', document: 'customers/{uid}/cards/{cardId}', handler: async (event) => void seen.push(describeEvent(event)) },
    ]);
    const card = store.doc('customers/u1/cards/c1');
    await card.create({ last4: '4242' });
    await card.update({ last4: '0005' });
    await card.delete();
    await store.doc('customers/u1').set({ name: 'not a card' });
    await store.doc('customers/u1/notes/n1').set({ text: 'not a card either' });
    await dispatcher.drain();
    const path = 'customers/u1/cards/c1';
    expect(seen.map(({ params, before, after }) => ({ params, before, after }))).toEqual([
      { params: { uid: 'u1', cardId: 'c1' }, before: null, after: { path, data: { last4: '4242' } } },
      { params: { uid: 'u1', cardId: 'c1' }, before: { path, data: { last4: '4242' } }, after: { path, data: { last4: '0005' } } },
      { params: { uid: 'u1', cardId: 'c1' }, before: { path, data: { last4: '0005' } }, after: null },
    ]);
    expect(new Set(seen.map((s) => s.eventId)).size).toBe(3);
    expect(seen.every((s) => s.time instanceof Date)).toBe(true);
  });

  it('produces no event for rolled-back transactions, failed batches or deletes of missing documents', async () => {
    const store = open(newFile());
    const seen: string[] = [];
    const dispatcher = start(store, [{ name: 'mail', document: 'mail/{mailId}', handler: async (event) => void seen.push(event.params.mailId as string) }]);
    await store.doc('mail/exists').set({ to: 'a@example.com' });
    await expect(
      store.runTransaction(async (tx) => {
        tx.set(store.doc('mail/rolled-back'), { to: 'x' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const batch = store.batch();
    batch.set(store.doc('mail/in-failed-batch'), { to: 'x' });
    batch.create(store.doc('mail/exists'), { to: 'dup' });
    await expectStoreError(() => batch.commit(), 'already-exists');
    await store.doc('mail/never-existed').delete();
    await store.doc('mail/second').set({ to: 'b@example.com' });
    await dispatcher.drain();
    expect(seen).toEqual(['exists', 'second']);
  });

  it('delivers after commit: nothing while the transaction is open, the committed state afterwards', async () => {
    const store = open(newFile());
    const seen: unknown[] = [];
    const dispatcher = start(store, [
      {
        name: 'orders',
        document: 'orders/{id}',
        handler: async (event) => {
          // The handler reads the store: the change it is told about is already visible.
          seen.push((await store.doc(`orders/${event.params.id}`).get()).data());
        },
      },
    ]);
    await store.runTransaction(async (tx) => {
      tx.set(store.doc('orders/o1'), { status: 'paid' });
      // Give the dispatcher many polls while the write is buffered but not committed.
      await sleep(200);
      expect(seen).toEqual([]);
    });
    await dispatcher.drain();
    expect(seen).toEqual([{ status: 'paid' }]);
  });

  it('resumes from its saved cursor after a restart, without redelivering', async () => {
    const file = newFile();
    const store = open(file);
    const first: string[] = [];
    const trigger = (into: string[]): DocumentTrigger => ({
      name: 'jobs',
      document: 'jobs/{id}',
      handler: async (event) => void into.push(event.params.id as string),
    });
    const before = start(store, [trigger(first)]);
    await store.doc('jobs/1').set({});
    await store.doc('jobs/2').set({});
    await before.drain();
    await before.stop();
    await store.doc('jobs/3').set({});
    await store.doc('jobs/4').set({});
    // A new process would open its own store object; the cursor lives in the file.
    const reopened = open(file);
    const second: string[] = [];
    const after = start(reopened, [trigger(second)]);
    await after.drain();
    expect(first).toEqual(['1', '2']);
    expect(second).toEqual(['3', '4']);
  });

  it('starts a brand-new trigger at the current position unless asked for the whole outbox', async () => {
    const store = open(newFile());
    await store.doc('audit/a').set({});
    const fromNow: string[] = [];
    const fromStart: string[] = [];
    const now = start(store, [{ name: 'audit-now', document: 'audit/{id}', handler: async (e) => void fromNow.push(e.params.id as string) }]);
    const beginning = start(store, [{ name: 'audit-all', document: 'audit/{id}', handler: async (e) => void fromStart.push(e.params.id as string) }], {
      startFrom: 'beginning',
    });
    await now.drain();
    await beginning.drain();
    await store.doc('audit/b').set({});
    await now.drain();
    await beginning.drain();
    expect(fromNow).toEqual(['b']);
    expect(fromStart).toEqual(['a', 'b']);
  });

  it('prunes the outbox even when no trigger is registered', async () => {
    const store = open(newFile());
    await store.doc('items/a').set({ v: 1 });
    await store.doc('items/b').set({ v: 2 });
    expect(await store.outbox.size()).toBe(2);
    const dispatcher = start(store, [], { pruneIntervalMs: 0 });
    await dispatcher.drain();
    expect(await store.outbox.size()).toBe(0);
  });

  // Updated with docs/adr/0008: this test used to expect the poison event to be skipped after 4 attempts and the later
  // events to wait behind the failing ones. Now drain() returns once every event was delivered or moved aside, the later
  // event is not held up, idle() waits for the retries, and the poison event ends in trigger_dead_letters.
  it('retries a failing event with backoff without holding up later ones, then dead-letters a poison event', async () => {
    const store = open(newFile());
    const logger = quietLogger();
    const attempts: Record<string, number> = {};
    const delivered: string[] = [];
    const dispatcher = start(
      store,
      [
        {
          name: 'flaky',
          document: 'tasks/{id}',
          handler: async (event) => {
            const id = event.params.id as string;
            attempts[id] = (attempts[id] ?? 0) + 1;
            if (id === 'poison') throw new Error('always fails');
            if (id === 'flaky' && (attempts[id] as number) < 3) throw new Error('fails twice');
            delivered.push(id);
          },
        },
      ],
      { maxAttempts: 4, logger },
    );
    await store.doc('tasks/flaky').set({});
    await store.doc('tasks/poison').set({});
    await store.doc('tasks/after').set({});
    await dispatcher.drain();
    expect(delivered).toContain('after');
    await dispatcher.idle();
    expect(attempts).toEqual({ flaky: 3, poison: 4, after: 1 });
    expect([...delivered].sort()).toEqual(['after', 'flaky']);
    expect(logger.warn).toHaveBeenCalledTimes(2 + 3);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(String(logger.error.mock.calls[0]?.[0])).toMatch(/flaky failed 4 times on tasks\/poison.*trigger_dead_letters/);
    const dead = await dispatcher.deadLetters();
    expect(dead.map(({ trigger, path, attempts }) => ({ trigger, path, attempts }))).toEqual([{ trigger: 'flaky', path: 'tasks/poison', attempts: 4 }]);
    expect(dead[0]?.lastError).toMatch(/always fails/);
    expect(await store.outbox.retryQueue(['flaky'])).toEqual(new Map());
  });

  it('delivers an event that fails N times exactly once successfully, with the same event id, while later events go ahead', async () => {
    const store = open(newFile());
    const calls: { id: string; eventId: string; ok: boolean }[] = [];
    let gateOpen = false;
    let failuresLeft = 3;
    const dispatcher = start(
      store,
      [
        {
          name: 'jobs',
          document: 'jobs/{id}',
          handler: async (event) => {
            const id = event.params.id as string;
            // 'gated' fails until the test opens the gate; 'thrice' fails exactly 3 times.
            const fail = (id === 'gated' && !gateOpen) || (id === 'thrice' && failuresLeft-- > 0);
            calls.push({ id, eventId: event.eventId, ok: !fail });
            if (fail) throw new Error(`${id} not yet`);
          },
        },
      ],
      { maxAttempts: 1_000_000, backoffMs: 2, maxBackoffMs: 10 },
    );
    await store.doc('jobs/gated').set({});
    await store.doc('jobs/thrice').set({});
    for (let i = 0; i < 5; i++) await store.doc(`jobs/later-${i}`).set({ i });
    await dispatcher.drain();
    // The gated event keeps failing, yet every later event of the same trigger has been delivered.
    const okIds = () => calls.filter((c) => c.ok).map((c) => c.id);
    expect(okIds()).toEqual(expect.arrayContaining(['later-0', 'later-1', 'later-2', 'later-3', 'later-4']));
    expect(okIds()).not.toContain('gated');
    expect((await store.outbox.retryQueue(['jobs'])).get('jobs')?.count).toBeGreaterThanOrEqual(1);

    gateOpen = true;
    await dispatcher.idle();
    const successes = calls.filter((c) => c.ok);
    expect(successes.map((c) => c.id).sort()).toEqual(['gated', 'later-0', 'later-1', 'later-2', 'later-3', 'later-4', 'thrice']);
    const thrice = calls.filter((c) => c.id === 'thrice');
    expect(thrice.map((c) => c.ok)).toEqual([false, false, false, true]);
    expect(new Set(thrice.map((c) => c.eventId)).size).toBe(1);
    const gated = calls.filter((c) => c.id === 'gated');
    expect(gated.length).toBeGreaterThanOrEqual(2);
    expect(new Set(gated.map((c) => c.eventId)).size).toBe(1);
    expect(await store.outbox.retryQueue(['jobs'])).toEqual(new Map());
    expect(await dispatcher.deadLetters()).toEqual([]);
  });

  it('dead-letters an event that always fails, and the next start retries it and clears the dead letter once the handler works', async () => {
    const file = newFile();
    const store = open(file);
    const logger = quietLogger();
    const broken = start(store, [{ name: 'mailer', document: 'mail/{id}', handler: async () => Promise.reject(new Error('smtp unreachable')) }], {
      maxAttempts: 3,
      logger,
    });
    await store.doc('mail/m1').set({ to: 'a@example.com' });
    await broken.idle();
    const [dead, ...others] = await broken.deadLetters();
    expect(others).toEqual([]);
    expect(dead).toMatchObject({ trigger: 'mailer', path: 'mail/m1', attempts: 3, requeues: 0 });
    expect(dead?.lastError).toMatch(/smtp unreachable/);
    expect(dead?.deadAt).toBeInstanceOf(Date);
    expect(dead?.after?.data()).toEqual({ to: 'a@example.com' });
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(String(logger.error.mock.calls[0]?.[0])).toMatch(/mailer failed 3 times on mail\/m1/);
    expect(String(logger.error.mock.calls[0]?.[1])).toMatch(/smtp unreachable/);
    await broken.stop();

    // The next start: a new store object and dispatcher on the same file, with the handler fixed.
    const restarted = open(file);
    const seen: string[] = [];
    const fixed = start(restarted, [{ name: 'mailer', document: 'mail/{id}', handler: async (event) => void seen.push(event.eventId) }]);
    const requeued = await fixed.requeued;
    expect(requeued.map(({ trigger, path, eventId }) => ({ trigger, path, eventId }))).toEqual([
      { trigger: 'mailer', path: 'mail/m1', eventId: dead?.eventId },
    ]);
    expect(requeued[0]?.deadAt).toBeInstanceOf(Date);
    await fixed.idle();
    expect(seen).toEqual([dead?.eventId]);
    expect(await fixed.deadLetters()).toEqual([]);
    expect(await restarted.outbox.retryQueue(['mailer'])).toEqual(new Map());
  });

  it('gives a re-queued dead letter a fresh round of attempts, and dead-letters it again if it still fails', async () => {
    const file = newFile();
    const store = open(file);
    const failing: DocumentTrigger = { name: 'hook', document: 'hooks/{id}', handler: async () => Promise.reject(new Error('still down')) };
    const first = start(store, [failing], { maxAttempts: 2 });
    await store.doc('hooks/h1').set({});
    await first.idle();
    await first.stop();
    const second = start(open(file), [failing], { maxAttempts: 2 });
    expect((await second.requeued).length).toBe(1);
    await second.idle();
    expect((await second.deadLetters()).map(({ path, attempts, requeues }) => ({ path, attempts, requeues }))).toEqual([
      { path: 'hooks/h1', attempts: 2, requeues: 1 },
    ]);
  });

  it('loses nothing when the dispatcher stops between a failure and its retry', async () => {
    const file = newFile();
    const store = open(file);
    let firstRun = true;
    const calls: { id: string; eventId: string; run: 'first' | 'second' }[] = [];
    const trigger: DocumentTrigger = {
      name: 'billing',
      document: 'invoices/{id}',
      handler: async (event) => {
        const id = event.params.id as string;
        calls.push({ id, eventId: event.eventId, run: firstRun ? 'first' : 'second' });
        if (firstRun && id === 'i1') throw new Error('payment provider down');
      },
    };
    // An hour of backoff: the retry cannot happen in this run.
    const before = start(store, [trigger], { backoffMs: 3_600_000, maxBackoffMs: 3_600_000 });
    await store.doc('invoices/i1').set({ total: 10 });
    await store.doc('invoices/i2').set({ total: 20 });
    await before.drain();
    expect((await store.outbox.retryQueue(['billing'])).get('billing')?.count).toBe(1);
    await before.stop();

    firstRun = false;
    const after = start(open(file), [trigger], { backoffMs: 3_600_000, maxBackoffMs: 3_600_000 });
    const requeued = await after.requeued;
    expect(requeued.map((e) => [e.path, e.attempts, e.deadAt])).toEqual([['invoices/i1', 1, undefined]]);
    await after.idle();
    const i1 = calls.filter((c) => c.id === 'i1');
    expect(i1.map((c) => c.run)).toEqual(['first', 'second']);
    expect(i1[0]?.eventId).toBe(i1[1]?.eventId);
    // i2 succeeded in the first run and is not delivered again.
    expect(calls.filter((c) => c.id === 'i2').map((c) => c.run)).toEqual(['first']);
  });

  it('moves a failed event aside only while holding the lease, in one transaction with the cursor', async () => {
    const store = open(newFile());
    await store.outbox.register(['guarded'], 'beginning');
    await store.doc('things/a').set({ v: 1 });
    const held = await store.outbox.claim(['guarded'], 'owner-a', 60_000);
    expect(held.get('guarded')).toBe(0);
    const seq = await store.outbox.lastSeq();
    const failure = { attempts: 1, error: 'Error: boom', at: Date.now(), nextAttemptAt: Date.now(), dead: false };
    // Someone else: nothing is written, neither the retry nor the cursor.
    expect(await store.outbox.moveAside('guarded', 'owner-b', seq, failure)).toBe(false);
    expect(await store.outbox.retryQueue(['guarded'])).toEqual(new Map());
    expect((await store.outbox.cursors(['guarded'])).get('guarded')).toBe(0);
    // The lease holder: both.
    expect(await store.outbox.moveAside('guarded', 'owner-a', seq, failure)).toBe(true);
    expect((await store.outbox.retryQueue(['guarded'])).get('guarded')?.count).toBe(1);
    expect((await store.outbox.cursors(['guarded'])).get('guarded')).toBe(seq);
    const [retry] = await store.outbox.dueRetries('guarded', Number.MAX_SAFE_INTEGER, 10);
    expect(retry).toMatchObject({ trigger: 'guarded', seq, path: 'things/a', attempts: 1, lastError: 'Error: boom' });
    expect(retry?.after?.data()).toEqual({ v: 1 });
    expect(await store.outbox.settleRetry('guarded', 'owner-b', seq, undefined)).toBe(false);
    expect(await store.outbox.settleRetry('guarded', 'owner-a', seq, undefined)).toBe(true);
    expect(await store.outbox.retryQueue(['guarded'])).toEqual(new Map());
  });

  it('never prunes an event still to be retried, by cursor or by retention', async () => {
    const file = newFile();
    const store = open(file);
    let works = false;
    const seen: Seen[] = [];
    const trigger: DocumentTrigger = {
      name: 'thumbs',
      document: 'photos/{id}',
      handler: async (event) => {
        if (!works) throw new Error('image service down');
        seen.push(describeEvent(event));
      },
    };
    const first = start(store, [trigger], { pruneIntervalMs: 0, backoffMs: 3_600_000, maxBackoffMs: 3_600_000 });
    await store.doc('photos/p1').set({ w: 640 });
    await store.doc('photos/p1').update({ w: 320 });
    await first.drain();
    await first.drain();
    // The cursor passed both events (moved aside), so the outbox rows are gone.
    expect(await store.outbox.size()).toBe(0);
    await first.stop();
    // Reopening with zero retention prunes whatever is left of the outbox on open, too.
    const reopened = openLocalStore({ path: file, outboxRetentionMs: 0 });
    cleanups.push(() => reopened.close());
    await reopened.doc('unrelated/x').set({});
    works = true;
    const second = start(reopened, [trigger], { pruneIntervalMs: 0 });
    await second.idle();
    const path = 'photos/p1';
    expect(seen.map(({ before, after }) => ({ before, after }))).toEqual([
      { before: null, after: { path, data: { w: 640 } } },
      { before: { path, data: { w: 640 } }, after: { path, data: { w: 320 } } },
    ]);
  });

  it('counts a handler that outlives its timeout as a failure and retries the event', async () => {
    const store = open(newFile());
    const logger = quietLogger();
    let calls = 0;
    const dispatcher = start(
      store,
      [
        {
          name: 'slow',
          document: 'reports/{id}',
          handler: async () => {
            calls++;
            // The first attempt never settles.
            if (calls === 1) await new Promise(() => undefined);
          },
        },
      ],
      { handlerTimeoutMs: 30, logger },
    );
    await store.doc('reports/r1').set({});
    await dispatcher.idle();
    expect(calls).toBe(2);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(String(logger.warn.mock.calls[0]?.[0])).toMatch(/slow failed on reports\/r1 .*attempt 1 of 10/);
    expect(String(logger.warn.mock.calls[0]?.[1])).toMatch(/did not settle within 30 ms/);
    expect(await dispatcher.deadLetters()).toEqual([]);
  });

  it('backs off exponentially with jitter, up to the cap', async () => {
    const file = newFile();
    const failing: DocumentTrigger = {
      name: 'backoff',
      document: 'tries/{id}',
      handler: async () => {
        called?.();
        throw new Error('nope');
      },
    };
    let called: (() => void) | undefined;
    const options = { backoffMs: 1000, maxBackoffMs: 1500, maxAttempts: 10 };
    const store = open(file);
    const delays: number[] = [];
    for (let run = 0; run < 3; run++) {
      // Each start makes the waiting retry due at once, so every run makes one more attempt without waiting for the backoff.
      const attempted = new Promise<void>((resolve) => (called = resolve));
      const dispatcher = start(run === 0 ? store : open(file), [failing], options);
      if (run === 0) await store.doc('tries/t1').set({});
      await attempted;
      await dispatcher.stop(); // waits for the failure to be recorded
      const [retry] = await store.outbox.dueRetries('backoff', Number.MAX_SAFE_INTEGER, 10);
      expect(retry?.attempts).toBe(run + 1);
      delays.push((retry?.nextAttemptAt?.getTime() ?? 0) - retry!.lastFailedAt.getTime());
    }
    // Steps 1000, 2000 capped to 1500, 1500; each delay is between half the step and the step.
    expect(delays[0]).toBeGreaterThanOrEqual(500);
    expect(delays[0]).toBeLessThanOrEqual(1000);
    for (const delay of delays.slice(1)) {
      expect(delay).toBeGreaterThanOrEqual(750);
      expect(delay).toBeLessThanOrEqual(1500);
    }
  });

  it('delivers every event exactly once when two dispatchers run at the same time', async () => {
    const file = newFile();
    const storeA = open(file);
    const storeB = open(file);
    const deliveries: string[] = [];
    const trigger = (who: string): DocumentTrigger => ({
      name: 'shared',
      document: 'events/{id}',
      handler: async (event) => {
        deliveries.push(`${event.eventId}@${who}`);
        await sleep(1);
      },
    });
    const a = start(storeA, [trigger('a')]);
    const b = start(storeB, [trigger('b')]);
    for (let i = 0; i < 30; i++) await (i % 2 ? storeA : storeB).doc(`events/e${i}`).set({ i });
    await Promise.all([a.drain(), b.drain()]);
    const eventIds = deliveries.map((d) => d.split('@')[0]);
    expect(eventIds.length).toBe(30);
    expect(new Set(eventIds).size).toBe(30);
  });

  it('redelivers the event in flight when a dispatcher process dies (at least once)', async () => {
    const file = newFile();
    const store = open(file);
    await store.doc('mail/m1').set({ n: 1 });
    await store.doc('mail/m2').set({ n: 2 });
    await store.doc('mail/m3').set({ n: 3 });
    const worker = startWorker({ task: 'hang-dispatcher', file, trigger: 'mailer', pattern: 'mail/{id}', hangOn: 'mail/m2', leaseMs: 300 });
    expect(await worker.next()).toEqual({ ready: true });
    const delivered = await worker.next();
    const hanging = await worker.next();
    expect(delivered).toMatchObject({ path: 'mail/m1' });
    expect(hanging).toMatchObject({ path: 'mail/m2' });
    worker.child.kill('SIGKILL');
    await worker.exited;

    const seen: { eventId: string; id: string }[] = [];
    const dispatcher = start(store, [
      { name: 'mailer', document: 'mail/{id}', handler: async (event) => void seen.push({ eventId: event.eventId, id: event.params.id as string }) },
    ]);
    await dispatcher.drain();
    // m1 was acknowledged before the crash; m2 comes again with the same event id, then m3.
    expect(seen).toEqual([
      { eventId: hanging.hanging, id: 'm2' },
      { eventId: expect.any(String), id: 'm3' },
    ]);
  });

  it('prunes outbox rows once every trigger has passed them', async () => {
    const store = open(newFile());
    const dispatcher = start(store, [{ name: 'noop', document: 'things/{id}', handler: async () => undefined }], { pruneIntervalMs: 0 });
    await store.doc('things/a').set({ v: FieldValue.increment(1) });
    await store.doc('things/b').set({});
    expect(await store.outbox.size()).toBe(2);
    await dispatcher.drain();
    await dispatcher.drain();
    expect(await store.outbox.size()).toBe(0);
  });

  it('refuses a store that is not the local engine', () => {
    const firestoreLike = { kind: 'firestore' } as unknown as DocumentStore;
    expect(() => startTriggerDispatcher(firestoreLike, [])).toThrow(/needs the local store/);
  });
});
