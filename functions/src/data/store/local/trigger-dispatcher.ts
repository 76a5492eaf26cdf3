import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { TRIGGER_TIMEOUT_SECONDS } from '../trigger-timeout';
import type { DocumentChangeEvent, DocumentStore, DocumentTrigger } from '../types';
import { StoreError } from '../types';
import type { EventFailure, FailedEvent, LocalOutbox, OutboxRecord } from './local-outbox';
import type { LocalDocumentStore } from './local-store';

/**
 * Delivers committed changes from the local store's outbox to document
 * triggers, the way Cloud Functions delivers Firestore events to functions
 * deployed with `retry: true` (docs/adr/0008):
 *
 * - after commit only (the outbox row is written in the committing SQLite
 *   transaction, so a rolled-back transaction leaves nothing to deliver);
 * - at least once, and never dropped: a trigger's cursor moves past an event
 *   only once its handler succeeded, or in the same SQLite transaction that
 *   copies the event into `trigger_retries`; a crash at any point leaves the
 *   event ahead of the cursor or in that table, and a restart delivers it;
 * - a failing event is moved aside and retried on its own schedule
 *   (exponential backoff with jitter, capped), so it does not hold up the
 *   trigger's later events (Cloud Functions neither orders events nor makes
 *   one wait for another's retries); out of attempts, it goes to
 *   `trigger_dead_letters`, is reported, and is retried on the next start;
 * - a handler still running after the deployed timeout counts as failed;
 * - one dispatcher per trigger at a time: each trigger's cursor (and with it
 *   its retries) carries a lease, renewed while its dispatcher lives; another
 *   dispatcher (another process) takes over once the lease lapses.
 *
 * Per trigger, new events are delivered one at a time in commit order, and
 * retries one at a time in due order, the two lanes independently; different
 * triggers run concurrently.
 */

export interface TriggerDispatcherOptions {
  /** How often to look for changes committed by other processes. Commits in this process wake the dispatcher at once. Default 250 ms. */
  readonly pollMs?: number;
  /**
   * Handler attempts per event (the first delivery included) before it goes
   * to `trigger_dead_letters`. Default 10: with the default backoff, the last
   * attempt comes about 2 to 4 minutes after the first failure.
   */
  readonly maxAttempts?: number;
  /** Delay before the first retry; doubled on each further one, up to maxBackoffMs; each delay is jittered down to half. Default 1 s. */
  readonly backoffMs?: number;
  /** Longest delay between two attempts. Default 60 s. */
  readonly maxBackoffMs?: number;
  /** A handler still running after this long counts as failed (it keeps running, unobserved). Default TRIGGER_TIMEOUT_SECONDS, as deployed. */
  readonly handlerTimeoutMs?: number;
  /** Lease on a trigger's cursor and retries; another dispatcher may take the trigger over once it lapses. Default 15 s. */
  readonly leaseMs?: number;
  /**
   * Where a trigger seen for the first time starts: 'now' (like deploying a
   * function: no history) or 'beginning' (every change still in the outbox).
   * Default 'now'. Known triggers always resume from their saved cursor.
   */
  readonly startFrom?: 'now' | 'beginning';
  /**
   * On start, move these triggers' dead letters back to the retry set with a
   * fresh round of attempts, and make their waiting retries due now (a
   * restart is usually the fix). `requeued` lists them. Default true.
   */
  readonly requeueOnStart?: boolean;
  /** Outbox rows (or due retries) read per query. Default 200. */
  readonly batchSize?: number;
  /** How often delivered outbox rows are deleted. Default 10 s. */
  readonly pruneIntervalMs?: number;
  /** `warn` for each failed attempt that will be retried; `error` for each event moved to trigger_dead_letters. Default console. */
  readonly logger?: Pick<Console, 'warn' | 'error'>;
}

export interface TriggerDispatcher {
  /**
   * Resolves once every change committed before the call has been delivered,
   * or moved aside to be retried (or dead-lettered), for every trigger.
   * Retries may still be pending: see idle().
   */
  drain(): Promise<void>;
  /**
   * drain(), then waits until no event committed before the call is waiting
   * to be retried: each has been delivered or dead-lettered. For tests, with
   * short backoff options; with the defaults it can take minutes.
   */
  idle(): Promise<void>;
  /** The failed events this start re-queued (former dead letters have `deadAt`); empty with `requeueOnStart: false`. */
  readonly requeued: Promise<readonly FailedEvent[]>;
  /** The current dead letters of this dispatcher's triggers. */
  deadLetters(): Promise<FailedEvent[]>;
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

/** The error as stored in last_error: stack when there is one, bounded. */
function describeError(error: unknown): string {
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  return text.length > 8000 ? `${text.slice(0, 8000)}…` : text;
}

interface CompiledTrigger {
  readonly trigger: DocumentTrigger;
  readonly pattern: readonly PatternSegment[];
}

type Outcome = { readonly ok: true } | { readonly ok: false; readonly error: unknown };

/** new: the outbox from the cursor on; retry: due events of trigger_retries. */
type Lane = 'new' | 'retry';

class Dispatcher implements TriggerDispatcher {
  readonly requeued: Promise<readonly FailedEvent[]>;
  private readonly outbox: LocalOutbox;
  private readonly triggers: readonly CompiledTrigger[];
  private readonly names: readonly string[];
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly handlerTimeoutMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly pruneIntervalMs: number;
  private readonly logger: Pick<Console, 'warn' | 'error'>;
  private readonly registered: Promise<void>;
  private readonly started: Promise<void>;
  private readonly loopDone: Promise<void>;
  private readonly unsubscribe: () => void;
  /** Lanes delivering now, by `${lane}:${trigger name}`; they run outside ticks, so a slow handler holds up only its own lane. */
  private readonly lanes = new Map<string, Promise<void>>();
  private heartbeat: NodeJS.Timeout | undefined;
  private tickChain: Promise<void> = Promise.resolve();
  private wakeUp: (() => void) | undefined;
  private woken = false;
  private nextRetryAt = Number.POSITIVE_INFINITY;
  private lastPrune = Date.now();
  private stopped = false;

  constructor(store: LocalDocumentStore, triggers: readonly DocumentTrigger[], options: TriggerDispatcherOptions) {
    this.outbox = store.outbox;
    this.triggers = triggers.map((trigger) => ({ trigger, pattern: compileDocumentPattern(trigger.document) }));
    this.names = triggers.map((trigger) => trigger.name);
    const duplicate = this.names.find((name, i) => this.names.indexOf(name) !== i);
    if (duplicate !== undefined) throw new StoreError('invalid-argument', `Two triggers are named "${duplicate}"; names key their cursors.`);
    this.pollMs = options.pollMs ?? 250;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 10);
    this.backoffMs = Math.max(0, options.backoffMs ?? 1000);
    this.maxBackoffMs = Math.max(this.backoffMs, options.maxBackoffMs ?? 60_000);
    this.handlerTimeoutMs = options.handlerTimeoutMs ?? TRIGGER_TIMEOUT_SECONDS * 1000;
    this.leaseMs = options.leaseMs ?? 15_000;
    this.batchSize = options.batchSize ?? 200;
    this.pruneIntervalMs = options.pruneIntervalMs ?? 10_000;
    this.logger = options.logger ?? console;
    this.unsubscribe = this.outbox.onCommit(() => this.wake());
    this.registered = this.names.length === 0 ? Promise.resolve() : this.outbox.register(this.names, options.startFrom ?? 'now');
    const requeue = options.requeueOnStart ?? true;
    this.requeued = this.registered.then(() => (requeue && this.names.length > 0 ? this.outbox.requeueFailed(this.names, Date.now()) : []));
    this.started = this.requeued.then(
      () => undefined,
      (error: unknown) => this.logger.warn('[triggers] could not re-queue earlier failed events; they stay where they are.', error),
    );
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
    // The next poll, or the next retry falling due if that comes sooner.
    const wait = Math.max(0, Math.min(this.pollMs, this.nextRetryAt - Date.now()));
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, wait);
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
    await this.started;
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
    if (this.names.length > 0) await this.startLanes();
    if (Date.now() - this.lastPrune >= this.pruneIntervalMs) {
      this.lastPrune = Date.now();
      await this.outbox.prune();
    }
  }

  /** Starts a lane for each trigger with new events or due retries whose lane is not already running. */
  private async startLanes(): Promise<void> {
    const now = Date.now();
    const last = await this.outbox.lastSeq();
    const cursors = await this.outbox.cursors(this.names);
    const queue = await this.outbox.retryQueue(this.names);
    this.nextRetryAt = Math.min(Number.POSITIVE_INFINITY, ...[...queue.values()].map((state) => state.nextAttemptAt));
    // Decided before claiming: a lane not running now has committed its last acknowledgement, so the cursor claim() reads is current.
    const wanted = new Map<string, Lane[]>();
    for (const name of this.names) {
      const lanes: Lane[] = [];
      if ((cursors.get(name) ?? 0) < last && !this.lanes.has(`new:${name}`)) lanes.push('new');
      if ((queue.get(name)?.nextAttemptAt ?? Number.POSITIVE_INFINITY) <= now && !this.lanes.has(`retry:${name}`)) lanes.push('retry');
      if (lanes.length > 0) wanted.set(name, lanes);
    }
    if (wanted.size === 0) return;
    const held = await this.outbox.claim([...wanted.keys()], this.owner, this.leaseMs);
    this.startHeartbeat();
    for (const compiled of this.triggers) {
      const name = compiled.trigger.name;
      const cursor = held.get(name);
      if (cursor === undefined || this.stopped) continue;
      for (const lane of wanted.get(name) ?? []) {
        const key = `${lane}:${name}`;
        const work = lane === 'new' ? this.deliverNew(compiled, cursor) : this.deliverRetries(compiled);
        const running = work
          .catch((error: unknown) => {
            if (!this.stopped) this.logger.warn(`[triggers] ${name}: delivery pass failed; retrying on the next poll.`, error);
          })
          .finally(() => {
            this.lanes.delete(key);
            this.wake();
          });
        this.lanes.set(key, running);
      }
    }
  }

  /** Keeps the leases of triggers with a running lane alive while handlers run. */
  private startHeartbeat(): void {
    if (this.heartbeat !== undefined) return;
    this.heartbeat = setInterval(
      () => {
        const names = new Set([...this.lanes.keys()].map((key) => key.slice(key.indexOf(':') + 1)));
        if (names.size === 0) return;
        this.outbox.claim([...names], this.owner, this.leaseMs).catch(() => undefined);
      },
      Math.max(10, Math.floor(this.leaseMs / 3)),
    );
    this.heartbeat.unref();
  }

  /** New events, in commit order, from the cursor to the end of the outbox. Returns when caught up, stopping, or the lease is lost. */
  private async deliverNew({ trigger, pattern }: CompiledTrigger, cursor: number): Promise<void> {
    let position = cursor;
    while (!this.stopped) {
      const last = await this.outbox.lastSeq();
      if (position >= last) return;
      const records = (await this.outbox.read(position, this.batchSize)).filter((record) => record.seq <= last);
      if (records.length === 0) {
        // Rows in (position, last] are gone (pruned by retention); nothing is left to deliver there.
        await this.outbox.advance(trigger.name, this.owner, last);
        return;
      }
      let unsaved = false;
      for (const record of records) {
        if (this.stopped) return;
        const params = matchDocumentPattern(pattern, record.path);
        if (params !== undefined) {
          const outcome = await this.attempt(trigger, record, params);
          if (outcome.ok) {
            if (!(await this.outbox.advance(trigger.name, this.owner, record.seq))) return;
          } else {
            const failure = this.failure(1, outcome.error);
            // One transaction: the event is copied to trigger_retries (or trigger_dead_letters) and the cursor moves past it.
            if (!(await this.outbox.moveAside(trigger.name, this.owner, record.seq, failure))) return;
            if (!failure.dead) this.nextRetryAt = Math.min(this.nextRetryAt, failure.nextAttemptAt);
            this.report(trigger, record, failure, outcome.error);
          }
          unsaved = false;
        } else {
          unsaved = true;
        }
        position = record.seq;
      }
      if (unsaved && !(await this.outbox.advance(trigger.name, this.owner, position))) return;
    }
  }

  /** Due events of trigger_retries, one at a time. Returns when none is due, stopping, or the lease is lost. */
  private async deliverRetries({ trigger, pattern }: CompiledTrigger): Promise<void> {
    while (!this.stopped) {
      const due = await this.outbox.dueRetries(trigger.name, Date.now(), this.batchSize);
      if (due.length === 0) return;
      for (const event of due) {
        if (this.stopped) return;
        const params = matchDocumentPattern(pattern, event.path);
        const outcome: Outcome =
          params === undefined
            ? { ok: false, error: new Error(`${event.path} no longer matches ${trigger.name}'s pattern ${trigger.document}; not delivered.`) }
            : await this.attempt(trigger, event, params);
        const failure = outcome.ok ? undefined : this.failure(params === undefined ? this.maxAttempts : event.attempts + 1, outcome.error);
        if (!(await this.outbox.settleRetry(trigger.name, this.owner, event.seq, failure))) return;
        if (failure !== undefined && !outcome.ok) {
          if (!failure.dead) this.nextRetryAt = Math.min(this.nextRetryAt, failure.nextAttemptAt);
          this.report(trigger, event, failure, outcome.error);
        }
      }
    }
  }

  private failure(attempts: number, error: unknown): EventFailure {
    const at = Date.now();
    const dead = attempts >= this.maxAttempts;
    // Exponential, capped, with "equal jitter": between half and all of the step, so failures that happened together spread out.
    const step = Math.min(this.maxBackoffMs, this.backoffMs * 2 ** (attempts - 1));
    const delay = Math.round(step / 2 + (Math.random() * step) / 2);
    return { attempts, error: describeError(error), at, nextAttemptAt: at + delay, dead };
  }

  private report(trigger: DocumentTrigger, record: OutboxRecord, failure: EventFailure, error: unknown): void {
    if (failure.dead) {
      this.logger.error(
        `[triggers] ${trigger.name} failed ${failure.attempts} times on ${record.path} (event ${record.eventId}); ` +
          'recorded in trigger_dead_letters, to be retried on the next start.',
        error,
      );
    } else {
      const seconds = ((failure.nextAttemptAt - failure.at) / 1000).toFixed(1);
      this.logger.warn(
        `[triggers] ${trigger.name} failed on ${record.path} (event ${record.eventId}, attempt ${failure.attempts} of ${this.maxAttempts}); retrying in ${seconds} s.`,
        error,
      );
    }
  }

  private async attempt(trigger: DocumentTrigger, record: OutboxRecord, params: Record<string, string>): Promise<Outcome> {
    const event: DocumentChangeEvent = { eventId: record.eventId, params, before: record.before, after: record.after, time: record.time };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${trigger.name} did not settle within ${this.handlerTimeoutMs} ms (its deployed timeout); counted as a failure.`)),
        this.handlerTimeoutMs,
      );
    });
    try {
      await Promise.race([Promise.resolve().then(() => trigger.handler(event)), timeout]);
      return { ok: true };
    } catch (error) {
      return { ok: false, error };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Until any running lane finishes, or a short while passes. */
  private async waitForProgress(maxMs: number): Promise<void> {
    const controller = new AbortController();
    const pause = sleep(Math.max(0, maxMs), undefined, { signal: controller.signal }).catch(() => undefined);
    await Promise.race([pause, ...this.lanes.values()]);
    controller.abort();
  }

  private assertRunning(what: string): void {
    if (this.stopped) throw new StoreError('failed-precondition', `${what} called on a stopped trigger dispatcher.`);
  }

  async drain(): Promise<void> {
    await this.registered;
    await this.started;
    if (this.names.length === 0) {
      await this.tick();
      return;
    }
    const target = await this.outbox.lastSeq();
    for (;;) {
      this.assertRunning('drain()');
      await this.tick();
      const cursors = await this.outbox.cursors(this.names);
      if (this.names.every((name) => (cursors.get(name) ?? 0) >= target)) return;
      // Our lanes are delivering, or another dispatcher holds some lease (wait for it, or for the lease to lapse).
      await this.waitForProgress(Math.min(this.pollMs, 50));
    }
  }

  async idle(): Promise<void> {
    await this.registered;
    await this.started;
    const target = await this.outbox.lastSeq();
    await this.drain();
    for (;;) {
      this.assertRunning('idle()');
      const queue = await this.outbox.retryQueue(this.names, target);
      if (queue.size === 0) return;
      await this.tick();
      const nextDue = Math.min(...[...queue.values()].map((state) => state.nextAttemptAt));
      await this.waitForProgress(Math.min(this.pollMs, Math.max(1, nextDue - Date.now())));
    }
  }

  deadLetters(): Promise<FailedEvent[]> {
    return this.outbox.deadLetters(this.names);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.unsubscribe();
    this.wake();
    await this.loopDone;
    await this.tickChain;
    await Promise.all(this.lanes.values());
    clearInterval(this.heartbeat);
    await this.outbox.release(this.names, this.owner).catch(() => undefined);
  }
}

/**
 * Starts delivering the local store's committed changes to `triggers`. The
 * store must be the local engine (on Firestore, Cloud Functions delivers).
 */
export function startTriggerDispatcher(store: DocumentStore, triggers: readonly DocumentTrigger[], options: TriggerDispatcherOptions = {}): TriggerDispatcher {
  if (!isLocalStore(store)) {
    throw new StoreError('failed-precondition', 'startTriggerDispatcher needs the local store; on Firestore, Cloud Functions delivers document events.');
  }
  return new Dispatcher(store, triggers, options);
}
