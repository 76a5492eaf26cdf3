import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { StoreError } from '../types';
import type { DocumentChangeEvent, DocumentStore, DocumentTrigger } from '../types';
import type { LocalOutbox, OutboxRecord } from './local-outbox';
import type { LocalDocumentStore } from './local-store';

/**
 * Delivers committed changes from the local store's outbox to document
 * triggers, the way Cloud Functions delivers Firestore events:
 *
 * - after commit only (the outbox row is written in the committing SQLite
 *   transaction, so a rolled-back transaction leaves nothing to deliver);
 * - at least once: a trigger's cursor moves past an event only after its
 *   handler settled, so a crash or restart redelivers the event in flight;
 * - one dispatcher per trigger at a time: each trigger's cursor carries a
 *   lease, renewed while its dispatcher lives; another dispatcher (another
 *   process) takes over once the lease lapses;
 * - a failing handler is retried with exponential backoff, then logged and
 *   skipped, so one poison event does not stall the trigger forever.
 *
 * Events of one trigger are delivered one at a time in commit order; different
 * triggers run concurrently.
 */

export interface TriggerDispatcherOptions {
  /** How often to look for changes committed by other processes. Commits in this process wake the dispatcher at once. Default 250 ms. */
  readonly pollMs?: number;
  /** Handler attempts per event before it is logged and skipped. Default 4. */
  readonly maxAttempts?: number;
  /** Delay before the first retry, doubled on each further one. Default 250 ms. */
  readonly backoffMs?: number;
  /** A handler still running after this long counts as failed (it keeps running, unobserved). Default 60 s, Cloud Functions' default. */
  readonly handlerTimeoutMs?: number;
  /** Lease on a trigger's cursor; another dispatcher may take the trigger over once it lapses. Default 15 s. */
  readonly leaseMs?: number;
  /**
   * Where a trigger seen for the first time starts: 'now' (like deploying a
   * function: no history) or 'beginning' (every change still in the outbox).
   * Default 'now'. Known triggers always resume from their saved cursor.
   */
  readonly startFrom?: 'now' | 'beginning';
  /** Outbox rows read per query. Default 200. */
  readonly batchSize?: number;
  /** How often delivered outbox rows are deleted. Default 10 s. */
  readonly pruneIntervalMs?: number;
  readonly logger?: Pick<Console, 'warn' | 'error'>;
}

export interface TriggerDispatcher {
  /** Resolves once every change committed before the call has been delivered (or skipped after retries) to every trigger. */
  drain(): Promise<void>;
  /** Stops polling, waits for handlers in flight, and releases the leases. */
  stop(): Promise<void>;
}

export type PatternSegment = { readonly literal: string } | { readonly param: string };

export function compileDocumentPattern(pattern: string): readonly PatternSegment[] {
  const parts = pattern.split('/').filter((part) => part.length > 0);
  if (parts.length === 0 || parts.length % 2 !== 0) {
    throw new StoreError('invalid-argument', `Trigger pattern "${pattern}" must name documents: collection/{id}[/collection/{id}...].`);
  }
  return parts.map((part) => {
    const wildcard = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(part);
    if (wildcard) return { param: wildcard[1] as string };
    if (part.includes('{') || part.includes('}') || part.includes('*')) {
      throw new StoreError('invalid-argument', `Trigger pattern "${pattern}": segment "${part}" must be a literal or a single {wildcard}.`);
    }
    return { literal: part };
  });
}

/** The wildcard values when `path` matches the compiled pattern, else undefined. */
export function matchDocumentPattern(pattern: readonly PatternSegment[], path: string): Record<string, string> | undefined {
  const parts = path.split('/');
  if (parts.length !== pattern.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const segment = pattern[i] as PatternSegment;
    const part = parts[i] as string;
    if ('literal' in segment) {
      if (segment.literal !== part) return undefined;
    } else {
      params[segment.param] = part;
    }
  }
  return params;
}

function isLocalStore(store: DocumentStore): store is LocalDocumentStore {
  return store.kind === 'local' && typeof (store as Partial<LocalDocumentStore>).outbox === 'object';
}

interface CompiledTrigger {
  readonly trigger: DocumentTrigger;
  readonly pattern: readonly PatternSegment[];
}

class Dispatcher implements TriggerDispatcher {
  private readonly outbox: LocalOutbox;
  private readonly triggers: readonly CompiledTrigger[];
  private readonly names: readonly string[];
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly handlerTimeoutMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly pruneIntervalMs: number;
  private readonly logger: Pick<Console, 'warn' | 'error'>;
  private readonly abort = new AbortController();
  private readonly registered: Promise<void>;
  private readonly loopDone: Promise<void>;
  private readonly unsubscribe: () => void;
  private readonly delivering = new Set<string>();
  private heartbeat: NodeJS.Timeout | undefined;
  private tickChain: Promise<void> = Promise.resolve();
  private wakeUp: (() => void) | undefined;
  private woken = false;
  private lastPrune = Date.now();
  private stopped = false;

  constructor(store: LocalDocumentStore, triggers: readonly DocumentTrigger[], options: TriggerDispatcherOptions) {
    this.outbox = store.outbox;
    this.triggers = triggers.map((trigger) => ({ trigger, pattern: compileDocumentPattern(trigger.document) }));
    this.names = triggers.map((trigger) => trigger.name);
    const duplicate = this.names.find((name, i) => this.names.indexOf(name) !== i);
    if (duplicate !== undefined) throw new StoreError('invalid-argument', `Two triggers are named "${duplicate}"; names key their cursors.`);
    this.pollMs = options.pollMs ?? 250;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 4);
    this.backoffMs = options.backoffMs ?? 250;
    this.handlerTimeoutMs = options.handlerTimeoutMs ?? 60_000;
    this.leaseMs = options.leaseMs ?? 15_000;
    this.batchSize = options.batchSize ?? 200;
    this.pruneIntervalMs = options.pruneIntervalMs ?? 10_000;
    this.logger = options.logger ?? console;
    this.unsubscribe = this.outbox.onCommit(() => this.wake());
    this.registered = this.names.length === 0 ? Promise.resolve() : this.outbox.register(this.names, options.startFrom ?? 'now');
    this.loopDone = this.loop();
  }

  private wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private async waitForWork(): Promise<void> {
    if (this.woken || this.stopped) {
      this.woken = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, this.pollMs);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
    this.wakeUp = undefined;
    this.woken = false;
  }

  private async loop(): Promise<void> {
    try {
      await this.registered;
    } catch (error) {
      this.logger.error('[triggers] could not register triggers; the dispatcher is not running.', error);
      return;
    }
    while (!this.stopped) {
      try {
        await this.tick();
      } catch (error) {
        if (this.stopped) break;
        this.logger.warn('[triggers] dispatch pass failed; retrying on the next poll.', error);
      }
      await this.waitForWork();
    }
  }

  /** Ticks never overlap: drain() and the loop queue on the same chain. */
  private tick(): Promise<void> {
    const run = this.tickChain.then(() => this.tickOnce());
    this.tickChain = run.catch(() => undefined);
    return run;
  }

  private async tickOnce(): Promise<void> {
    if (this.stopped) return;
    if (this.names.length > 0) await this.deliverPending();
    if (Date.now() - this.lastPrune >= this.pruneIntervalMs) {
      this.lastPrune = Date.now();
      await this.outbox.prune();
    }
  }

  private async deliverPending(): Promise<void> {
    const last = await this.outbox.lastSeq();
    const cursors = await this.outbox.cursors(this.names);
    const pending = this.names.filter((name) => (cursors.get(name) ?? 0) < last);
    if (pending.length > 0) {
      const held = await this.outbox.claim(pending, this.owner, this.leaseMs);
      this.startHeartbeat();
      await Promise.all(
        this.triggers
          .filter(({ trigger }) => held.has(trigger.name))
          .map((compiled) => this.deliver(compiled, held.get(compiled.trigger.name) as number, last)),
      );
    }
  }

  /** Keeps the leases of triggers being delivered alive while handlers run. */
  private startHeartbeat(): void {
    if (this.heartbeat !== undefined) return;
    this.heartbeat = setInterval(
      () => {
        if (this.delivering.size === 0) return;
        this.outbox.claim([...this.delivering], this.owner, this.leaseMs).catch(() => undefined);
      },
      Math.max(10, Math.floor(this.leaseMs / 3)),
    );
    this.heartbeat.unref();
  }

  private async deliver({ trigger, pattern }: CompiledTrigger, cursor: number, last: number): Promise<void> {
    this.delivering.add(trigger.name);
    try {
      let position = cursor;
      while (position < last && !this.stopped) {
        const records = await this.outbox.read(position, this.batchSize);
        const due = records.filter((record) => record.seq <= last);
        if (due.length === 0) {
          // Rows in (position, last] are gone (pruned by retention); nothing is left to deliver there.
          await this.outbox.advance(trigger.name, this.owner, last);
          return;
        }
        let unsaved = false;
        for (const record of due) {
          if (this.stopped) return;
          const params = matchDocumentPattern(pattern, record.path);
          if (params !== undefined) {
            const settled = await this.invoke(trigger, record, params);
            if (!settled) return;
            if (!(await this.outbox.advance(trigger.name, this.owner, record.seq))) return;
            unsaved = false;
          } else {
            unsaved = true;
          }
          position = record.seq;
        }
        if (unsaved && !(await this.outbox.advance(trigger.name, this.owner, position))) return;
      }
    } finally {
      this.delivering.delete(trigger.name);
    }
  }

  /** True once the event is done with (handled, or skipped after the last attempt); false if stopping cut it short. */
  private async invoke(trigger: DocumentTrigger, record: OutboxRecord, params: Record<string, string>): Promise<boolean> {
    const event: DocumentChangeEvent = { eventId: record.eventId, params, before: record.before, after: record.after, time: record.time };
    for (let attempt = 1; ; attempt++) {
      try {
        await this.withTimeout(trigger.handler(event));
        return true;
      } catch (error) {
        if (attempt >= this.maxAttempts) {
          this.logger.error(
            `[triggers] ${trigger.name} failed ${attempt} times on ${record.path} (event ${record.eventId}); skipping the event.`,
            error,
          );
          return true;
        }
        this.logger.warn(`[triggers] ${trigger.name} failed on ${record.path} (event ${record.eventId}, attempt ${attempt}); retrying.`, error);
        try {
          await sleep(this.backoffMs * 2 ** (attempt - 1), undefined, { signal: this.abort.signal });
        } catch {
          return false;
        }
      }
    }
  }

  private async withTimeout(work: Promise<void>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`handler did not settle within ${this.handlerTimeoutMs} ms`)), this.handlerTimeoutMs);
    });
    try {
      await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async drain(): Promise<void> {
    await this.registered;
    if (this.names.length === 0) {
      await this.tick();
      return;
    }
    const target = await this.outbox.lastSeq();
    for (;;) {
      if (this.stopped) throw new StoreError('failed-precondition', 'drain() called on a stopped trigger dispatcher.');
      await this.tick();
      const cursors = await this.outbox.cursors(this.names);
      if (this.names.every((name) => (cursors.get(name) ?? 0) >= target)) return;
      // Another dispatcher holds some lease; wait for it (or for the lease to lapse).
      await sleep(Math.min(this.pollMs, 50));
    }
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.abort.abort();
    this.unsubscribe();
    this.wake();
    await this.loopDone;
    await this.tickChain;
    clearInterval(this.heartbeat);
    await this.outbox.release(this.names, this.owner).catch(() => undefined);
  }
}

/**
 * Starts delivering the local store's committed changes to `triggers`. The
 * store must be the local engine (on Firestore, Cloud Functions delivers).
 */
export function startTriggerDispatcher(
  store: DocumentStore,
  triggers: readonly DocumentTrigger[],
  options: TriggerDispatcherOptions = {},
): TriggerDispatcher {
  if (!isLocalStore(store)) {
    throw new StoreError('failed-precondition', 'startTriggerDispatcher needs the local store; on Firestore, Cloud Functions delivers document events.');
  }
  return new Dispatcher(store, triggers, options);
}
