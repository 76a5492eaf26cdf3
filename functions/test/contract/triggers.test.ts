import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLocalStore } from '../../src/data/store/local/local-store';
import type { LocalDocumentStore } from '../../src/data/store/local/local-store';
import { compileDocumentPattern, matchDocumentPattern, startTriggerDispatcher } from '../../src/data/store/local/trigger-dispatcher';
import type { TriggerDispatcher, TriggerDispatcherOptions } from '../../src/data/store/local/trigger-dispatcher';
import { FieldValue } from '../../src/data/store/types';
import type { DocumentChangeEvent, DocumentStore, DocumentTrigger } from '../../src/data/store/types';
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
    const trigger = (into: string[]): DocumentTrigger => ({ name: 'jobs', document: 'jobs/{id}', handler: async (event) => void into.push(event.params.id as string) });
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

  it('retries a failing handler with backoff, then logs and skips a poison event', async () => {
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
    expect(attempts).toEqual({ flaky: 3, poison: 4, after: 1 });
    expect(delivered).toEqual(['flaky', 'after']);
    expect(logger.warn).toHaveBeenCalledTimes(2 + 3);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(String(logger.error.mock.calls[0]?.[0])).toMatch(/flaky failed 4 times on tasks\/poison/);
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
