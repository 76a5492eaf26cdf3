import type { DocumentSnapshot } from '../types';
import { HEAT_RETENTION_MS } from './hot-document-meter';
import type { StoredDocument } from './local-snapshot';
import type { DatabaseSync, SharedFileState } from './sqlite-support';
import { retryWhileBusy, selectRows } from './sqlite-support';
import { decodeDocument } from './value-codec';

/** What the outbox needs from the store that owns the SQLite file. */
export interface OutboxHost {
  readonly databaseId: string;
  readonly sharedState: SharedFileState;
  readonly readerConnection: DatabaseSync;
  readonly retention: number;
  readonly lockTimeout: number;
  readonly whenReady: Promise<void>;
  assertOpen(): void;
  withWriteLock<R>(what: string, work: (db: DatabaseSync) => R): Promise<R>;
  snapshotOf(segments: readonly string[], stored: StoredDocument | undefined): DocumentSnapshot;
}

/** One committed change in the outbox, as the trigger dispatcher reads it. */
export interface OutboxRecord {
  readonly seq: number;
  readonly eventId: string;
  readonly path: string;
  readonly before: DocumentSnapshot | null;
  readonly after: DocumentSnapshot | null;
  readonly time: Date;
}

/** Why a delivery failed and what happens next, as the dispatcher decided it. */
export interface EventFailure {
  /** Attempts made so far, this one included. */
  readonly attempts: number;
  /** The error, as text (message and stack). */
  readonly error: string;
  /** When this attempt failed (ms since the epoch). */
  readonly at: number;
  /** When to try again; ignored when `dead`. */
  readonly nextAttemptAt: number;
  /** Out of attempts: the event goes to trigger_dead_letters instead of trigger_retries. */
  readonly dead: boolean;
}

/** An event that failed for one trigger: waiting in trigger_retries, or given up on in trigger_dead_letters. */
export interface FailedEvent extends OutboxRecord {
  readonly trigger: string;
  readonly attempts: number;
  /** How many times a (re)start moved it back from trigger_dead_letters or made it due at once. */
  readonly requeues: number;
  readonly firstFailedAt: Date;
  readonly lastFailedAt: Date;
  readonly lastError: string;
  /** trigger_retries only: when it is due. */
  readonly nextAttemptAt?: Date;
  /** trigger_dead_letters only: when it was given up on. */
  readonly deadAt?: Date;
}

/** Per trigger: events waiting in trigger_retries. */
export interface RetryQueueState {
  readonly count: number;
  /** The earliest next attempt (ms since the epoch). */
  readonly nextAttemptAt: number;
}

/** Outbox access for startTriggerDispatcher; deliberately not part of DocumentStore. */
export interface LocalOutbox {
  /** Highest sequence number ever assigned (0 when none). */
  lastSeq(): Promise<number>;
  read(afterSeq: number, limit: number): Promise<OutboxRecord[]>;
  /** Creates cursors for new consumers at `lastSeq()` ('now') or 0 ('beginning'); existing cursors are kept. */
  register(names: readonly string[], startFrom: 'now' | 'beginning'): Promise<void>;
  /** Leases the named consumers that are free, expired or already ours; returns the cursors of those we now hold. */
  claim(names: readonly string[], owner: string, leaseMs: number): Promise<Map<string, number>>;
  /** Moves a consumer's cursor forward if we still hold its lease; false when the lease was lost. */
  advance(name: string, owner: string, seq: number): Promise<boolean>;
  release(names: readonly string[], owner: string): Promise<void>;
  cursors(names: readonly string[]): Promise<Map<string, number>>;
  /**
   * Moves a failed event aside, in ONE SQLite transaction: copies its outbox row
   * into trigger_retries (or trigger_dead_letters when `failure.dead`) and moves
   * the consumer's cursor past it. False (and nothing written) when the lease
   * was lost. A crash leaves the event either still ahead of the cursor or
   * recorded with its payload: never neither.
   */
  moveAside(name: string, owner: string, seq: number, failure: EventFailure): Promise<boolean>;
  /** Events of `name` in trigger_retries due by `dueBy`, earliest first. */
  dueRetries(name: string, dueBy: number, limit: number): Promise<FailedEvent[]>;
  /**
   * Records a retry's outcome if we still hold the consumer's lease: success
   * (`failure` undefined) deletes the retry; a failure updates it, or moves it
   * to trigger_dead_letters when `failure.dead`. False when the lease was lost.
   */
  settleRetry(name: string, owner: string, seq: number, failure: EventFailure | undefined): Promise<boolean>;
  /** Events waiting in trigger_retries per consumer (only those with seq <= `upToSeq` when given); consumers with none are absent. */
  retryQueue(names: readonly string[], upToSeq?: number): Promise<Map<string, RetryQueueState>>;
  /**
   * For a (re)start: moves the consumers' dead letters back to
   * trigger_retries with a fresh round of attempts, and makes their waiting
   * retries due now. Returns every event so re-queued (`deadAt` set on the
   * former dead letters).
   */
  requeueFailed(names: readonly string[], now: number): Promise<FailedEvent[]>;
  /** Rows of trigger_dead_letters (of the named consumers, or all). */
  deadLetters(names?: readonly string[]): Promise<FailedEvent[]>;
  /**
   * Deletes rows every registered consumer has passed, and rows past
   * retention. Returns how many. Events waiting in trigger_retries or
   * trigger_dead_letters are unaffected: those tables hold their own copy.
   */
  prune(): Promise<number>;
  /** Rows currently kept; for tests. */
  size(): Promise<number>;
  /** Called after every commit made through any store on this file in this process. */
  onCommit(listener: () => void): () => void;
}

interface OutboxRow {
  seq: number;
  path: string;
  before_data: string | null;
  before_create: number | null;
  before_update: number | null;
  after_data: string | null;
  after_create: number | null;
  after_update: number | null;
  commit_time: number;
}

interface FailedRow extends OutboxRow {
  name: string;
  attempts: number;
  requeues: number;
  first_failed_at: number;
  last_failed_at: number;
  last_error: string;
  next_attempt_at?: number;
  dead_at?: number;
}

const PAYLOAD_COLUMNS = 'seq, path, before_data, before_create, before_update, after_data, after_create, after_update, commit_time';
const FAILURE_COLUMNS = 'name, attempts, requeues, first_failed_at, last_failed_at, last_error';

/**
 * Failed deliveries. Created here, lazily (CREATE TABLE IF NOT EXISTS), so a
 * file made before they existed gains them on first use. Each row carries a
 * copy of the outbox row, so outbox pruning (by cursor, or by retention when
 * the store opens) never takes an event that is still to be retried. A retry
 * and a dead letter hold the same columns, apart from when it is due or died.
 */
const FAILED_EVENT_COLUMNS = `
  name TEXT NOT NULL,
  seq INTEGER NOT NULL,
  path TEXT NOT NULL,
  before_data TEXT,
  before_create INTEGER,
  before_update INTEGER,
  after_data TEXT,
  after_create INTEGER,
  after_update INTEGER,
  commit_time INTEGER NOT NULL,
  attempts INTEGER NOT NULL,
  requeues INTEGER NOT NULL DEFAULT 0,
  first_failed_at INTEGER NOT NULL,
  last_failed_at INTEGER NOT NULL,
  last_error TEXT NOT NULL,
`;
const FAILURE_SCHEMA = `
CREATE TABLE IF NOT EXISTS trigger_retries (${FAILED_EVENT_COLUMNS}  next_attempt_at INTEGER NOT NULL,
  PRIMARY KEY (name, seq)
);
CREATE INDEX IF NOT EXISTS trigger_retries_due ON trigger_retries(name, next_attempt_at);
CREATE TABLE IF NOT EXISTS trigger_dead_letters (${FAILED_EVENT_COLUMNS}  dead_at INTEGER NOT NULL,
  PRIMARY KEY (name, seq)
);
`;

/** Thrown inside a write transaction to roll it back when the consumer's lease is no longer ours. */
class LeaseLost extends Error {}

export class Outbox implements LocalOutbox {
  private readonly store: OutboxHost;
  private failureTables: Promise<void> | undefined;

  constructor(store: OutboxHost) {
    this.store = store;
  }

  private async withReader<R>(work: (db: DatabaseSync) => R): Promise<R> {
    this.store.assertOpen();
    await this.store.whenReady;
    this.store.assertOpen();
    return retryWhileBusy('Reading the outbox', this.store.lockTimeout, () => work(this.store.readerConnection));
  }

  private async withWriter<R>(work: (db: DatabaseSync) => R): Promise<R> {
    this.store.assertOpen();
    await this.store.whenReady;
    return this.store.withWriteLock('Updating trigger cursors', work);
  }

  /** Creates trigger_retries and trigger_dead_letters once per Outbox object (cheap no-op when they exist). */
  private ensureFailureTables(): Promise<void> {
    if (this.failureTables === undefined) {
      const creating = this.withWriter((db) => db.exec(FAILURE_SCHEMA));
      this.failureTables = creating;
      creating.catch(() => {
        if (this.failureTables === creating) this.failureTables = undefined;
      });
    }
    return this.failureTables;
  }

  private async withFailureReader<R>(work: (db: DatabaseSync) => R): Promise<R> {
    await this.ensureFailureTables();
    return this.withReader(work);
  }

  /** A write that must only happen while `owner` holds `name`'s lease; false (rolled back) otherwise. */
  private async withLease(name: string, owner: string, work: (db: DatabaseSync) => void): Promise<boolean> {
    await this.ensureFailureTables();
    try {
      await this.withWriter((db) => {
        if (db.prepare('SELECT 1 FROM trigger_cursors WHERE name = ? AND owner = ?').get(name, owner) === undefined) throw new LeaseLost();
        work(db);
      });
      return true;
    } catch (error) {
      if (error instanceof LeaseLost) return false;
      throw error;
    }
  }

  lastSeq(): Promise<number> {
    return this.withReader((db) => currentSeq(db));
  }

  read(afterSeq: number, limit: number): Promise<OutboxRecord[]> {
    return this.withReader((db) => readRows(db, this.store, afterSeq, limit));
  }

  register(names: readonly string[], startFrom: 'now' | 'beginning'): Promise<void> {
    // One write, the failure tables included: 'now' must mean the moment start was called, not after a further lock wait.
    const registering = this.withWriter((db) => {
      db.exec(FAILURE_SCHEMA);
      const start = startFrom === 'now' ? currentSeq(db) : 0;
      const insert = db.prepare('INSERT OR IGNORE INTO trigger_cursors(name, cursor, owner, lease_until, updated_at) VALUES (?, ?, NULL, 0, ?)');
      for (const name of names) insert.run(name, start, Date.now());
    });
    registering.then(
      () => {
        this.failureTables ??= Promise.resolve();
      },
      () => undefined,
    );
    return registering;
  }

  claim(names: readonly string[], owner: string, leaseMs: number): Promise<Map<string, number>> {
    return this.withWriter((db) => {
      const now = Date.now();
      const take = db.prepare(
        'UPDATE trigger_cursors SET owner = ?, lease_until = ?, updated_at = ? WHERE name = ? AND (owner IS NULL OR owner = ? OR lease_until < ?)',
      );
      const select = db.prepare('SELECT cursor FROM trigger_cursors WHERE name = ? AND owner = ?');
      const held = new Map<string, number>();
      for (const name of names) {
        take.run(owner, now + leaseMs, now, name, owner, now);
        const row = select.get(name, owner) as { cursor: number } | undefined;
        if (row !== undefined) held.set(name, row.cursor);
      }
      return held;
    });
  }

  advance(name: string, owner: string, seq: number): Promise<boolean> {
    return this.withWriter((db) => {
      const result = db
        .prepare('UPDATE trigger_cursors SET cursor = MAX(cursor, ?), updated_at = ? WHERE name = ? AND owner = ?')
        .run(seq, Date.now(), name, owner);
      return Number(result.changes) > 0;
    });
  }

  release(names: readonly string[], owner: string): Promise<void> {
    return this.withWriter((db) => {
      const free = db.prepare('UPDATE trigger_cursors SET owner = NULL, lease_until = 0 WHERE name = ? AND owner = ?');
      for (const name of names) free.run(name, owner);
    });
  }

  cursors(names: readonly string[]): Promise<Map<string, number>> {
    return this.withReader((db) => {
      const select = db.prepare('SELECT cursor FROM trigger_cursors WHERE name = ?');
      const result = new Map<string, number>();
      for (const name of names) {
        const row = select.get(name) as { cursor: number } | undefined;
        if (row !== undefined) result.set(name, row.cursor);
      }
      return result;
    });
  }

  moveAside(name: string, owner: string, seq: number, failure: EventFailure): Promise<boolean> {
    return this.withLease(name, owner, (db) => {
      const table = failure.dead ? 'trigger_dead_letters' : 'trigger_retries';
      const when = failure.dead ? 'dead_at' : 'next_attempt_at';
      // OR IGNORE: should the event already have a record (it cannot normally, as the cursor moves past it in this same transaction), the first one stays.
      db.prepare(
        `INSERT OR IGNORE INTO ${table}(${PAYLOAD_COLUMNS}, ${FAILURE_COLUMNS}, ${when})
         SELECT ${PAYLOAD_COLUMNS}, ?, ?, 0, ?, ?, ?, ? FROM outbox WHERE seq = ?`,
      ).run(name, failure.attempts, failure.at, failure.at, failure.error, failure.dead ? failure.at : failure.nextAttemptAt, seq);
      // The dispatcher has just read the row and the cursor is still before it, so only retention (7 days by default) can have removed it; then there is nothing left to keep, as before.
      db.prepare('UPDATE trigger_cursors SET cursor = MAX(cursor, ?), updated_at = ? WHERE name = ? AND owner = ?').run(seq, Date.now(), name, owner);
    });
  }

  dueRetries(name: string, dueBy: number, limit: number): Promise<FailedEvent[]> {
    return this.withFailureReader((db) => {
      const rows = selectRows<FailedRow>(
        db.prepare(`SELECT * FROM trigger_retries WHERE name = ? AND next_attempt_at <= ? ORDER BY next_attempt_at, seq LIMIT ?`),
        name,
        dueBy,
        limit,
      );
      return rows.map((row) => toFailedEvent(row, this.store));
    });
  }

  settleRetry(name: string, owner: string, seq: number, failure: EventFailure | undefined): Promise<boolean> {
    return this.withLease(name, owner, (db) => {
      if (failure === undefined) {
        db.prepare('DELETE FROM trigger_retries WHERE name = ? AND seq = ?').run(name, seq);
      } else if (failure.dead) {
        db.prepare(
          `INSERT OR REPLACE INTO trigger_dead_letters(${PAYLOAD_COLUMNS}, ${FAILURE_COLUMNS}, dead_at)
           SELECT ${PAYLOAD_COLUMNS}, name, ?, requeues, first_failed_at, ?, ?, ? FROM trigger_retries WHERE name = ? AND seq = ?`,
        ).run(failure.attempts, failure.at, failure.error, failure.at, name, seq);
        db.prepare('DELETE FROM trigger_retries WHERE name = ? AND seq = ?').run(name, seq);
      } else {
        db.prepare('UPDATE trigger_retries SET attempts = ?, last_failed_at = ?, last_error = ?, next_attempt_at = ? WHERE name = ? AND seq = ?').run(
          failure.attempts,
          failure.at,
          failure.error,
          failure.nextAttemptAt,
          name,
          seq,
        );
      }
    });
  }

  retryQueue(names: readonly string[], upToSeq?: number): Promise<Map<string, RetryQueueState>> {
    return this.withFailureReader((db) => {
      const select = db.prepare('SELECT COUNT(*) AS count, MIN(next_attempt_at) AS next FROM trigger_retries WHERE name = ? AND seq <= ?');
      const result = new Map<string, RetryQueueState>();
      for (const name of names) {
        const row = select.get(name, upToSeq ?? Number.MAX_SAFE_INTEGER) as { count: number; next: number | null };
        if (row.count > 0) result.set(name, { count: row.count, nextAttemptAt: row.next as number });
      }
      return result;
    });
  }

  async requeueFailed(names: readonly string[], now: number): Promise<FailedEvent[]> {
    await this.ensureFailureTables();
    return this.withWriter((db) => {
      const requeued: FailedEvent[] = [];
      const dead = db.prepare('SELECT * FROM trigger_dead_letters WHERE name = ? ORDER BY seq');
      const waiting = db.prepare('SELECT * FROM trigger_retries WHERE name = ? ORDER BY seq');
      // A fresh round of attempts, due now: a restart is usually the developer's "I fixed it".
      const revive = db.prepare(
        `INSERT OR REPLACE INTO trigger_retries(${PAYLOAD_COLUMNS}, ${FAILURE_COLUMNS}, next_attempt_at)
         SELECT ${PAYLOAD_COLUMNS}, name, 0, requeues + 1, first_failed_at, last_failed_at, last_error, ? FROM trigger_dead_letters WHERE name = ?`,
      );
      const bury = db.prepare('DELETE FROM trigger_dead_letters WHERE name = ?');
      const hurry = db.prepare('UPDATE trigger_retries SET next_attempt_at = MIN(next_attempt_at, ?), requeues = requeues + 1 WHERE name = ?');
      for (const name of names) {
        const formerlyDead = selectRows<FailedRow>(dead, name).map((row) => toFailedEvent(row, this.store));
        const deadSeqs = new Set(formerlyDead.map((event) => event.seq));
        const stillWaiting = selectRows<FailedRow>(waiting, name)
          .filter((row) => !deadSeqs.has(row.seq))
          .map((row) => toFailedEvent(row, this.store));
        hurry.run(now, name);
        revive.run(now, name);
        bury.run(name);
        requeued.push(...formerlyDead, ...stillWaiting);
      }
      return requeued;
    });
  }

  deadLetters(names?: readonly string[]): Promise<FailedEvent[]> {
    return this.withFailureReader((db) => {
      const rows = selectRows<FailedRow>(db.prepare('SELECT * FROM trigger_dead_letters ORDER BY name, seq'));
      return rows.filter((row) => names === undefined || names.includes(row.name)).map((row) => toFailedEvent(row, this.store));
    });
  }

  prune(): Promise<number> {
    const cutoff = Date.now() - this.store.retention;
    return this.withWriter((db) => {
      // With no trigger registered yet nothing will ever read these rows: a trigger added later starts at its registration, as a newly deployed Firestore trigger does.
      const delivered = db.prepare('DELETE FROM outbox WHERE seq <= COALESCE((SELECT MIN(cursor) FROM trigger_cursors), (SELECT MAX(seq) FROM outbox))').run();
      const stale = db.prepare('DELETE FROM outbox WHERE commit_time < ?').run(cutoff);
      // The hot-document meter keeps a day; a long-running stack would otherwise keep a row per document and second for ever.
      db.prepare('DELETE FROM doc_heat WHERE second < ?').run(Math.floor((Date.now() - HEAT_RETENTION_MS) / 1000));
      return Number(delivered.changes) + Number(stale.changes);
    });
  }

  size(): Promise<number> {
    return this.withReader((db) => (db.prepare('SELECT COUNT(*) AS n FROM outbox').get() as { n: number }).n);
  }

  onCommit(listener: () => void): () => void {
    const commits = this.store.sharedState.commits;
    commits.on('commit', listener);
    return () => {
      commits.off('commit', listener);
    };
  }
}

function currentSeq(db: DatabaseSync): number {
  const row = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'outbox'").get() as { seq: number } | undefined;
  return row?.seq ?? 0;
}

function readRows(db: DatabaseSync, host: OutboxHost, afterSeq: number, limit: number): OutboxRecord[] {
  const rows = selectRows<OutboxRow>(db.prepare(`SELECT ${PAYLOAD_COLUMNS} FROM outbox WHERE seq > ? ORDER BY seq LIMIT ?`), afterSeq, limit);
  return rows.map((row) => toRecord(row, host));
}

function toRecord(row: OutboxRow, host: OutboxHost): OutboxRecord {
  const segments = row.path.split('/');
  const side = (data: string | null, created: number | null, updated: number | null): DocumentSnapshot | null =>
    data === null
      ? null
      : host.snapshotOf(segments, { path: row.path, segments, data: decodeDocument(data), createTime: created as number, updateTime: updated as number });
  return {
    seq: row.seq,
    // The same id whether delivered from the outbox or from a retry: handlers dedupe on it.
    eventId: `${host.databaseId}-${row.seq}`,
    path: row.path,
    before: side(row.before_data, row.before_create, row.before_update),
    after: side(row.after_data, row.after_create, row.after_update),
    time: new Date(row.commit_time),
  };
}

function toFailedEvent(row: FailedRow, host: OutboxHost): FailedEvent {
  return {
    ...toRecord(row, host),
    trigger: row.name,
    attempts: row.attempts,
    requeues: row.requeues,
    firstFailedAt: new Date(row.first_failed_at),
    lastFailedAt: new Date(row.last_failed_at),
    lastError: row.last_error,
    ...(row.next_attempt_at !== undefined ? { nextAttemptAt: new Date(row.next_attempt_at) } : {}),
    ...(row.dead_at !== undefined ? { deadAt: new Date(row.dead_at) } : {}),
  };
}
