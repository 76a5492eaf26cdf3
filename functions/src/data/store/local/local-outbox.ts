import type { DocumentSnapshot } from '../types';
import { retryWhileBusy } from './sqlite-support';
import type { DatabaseSync, SharedFileState } from './sqlite-support';
import type { StoredDocument } from './local-snapshot';
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
  /** Deletes rows every registered consumer has passed, and rows past retention. Returns how many. */
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

export class Outbox implements LocalOutbox {
  private readonly store: OutboxHost;

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

  lastSeq(): Promise<number> {
    return this.withReader((db) => currentSeq(db));
  }

  read(afterSeq: number, limit: number): Promise<OutboxRecord[]> {
    return this.withReader((db) => readRows(db, this.store, afterSeq, limit));
  }

  register(names: readonly string[], startFrom: 'now' | 'beginning'): Promise<void> {
    return this.withWriter((db) => {
      const start = startFrom === 'now' ? currentSeq(db) : 0;
      const insert = db.prepare('INSERT OR IGNORE INTO trigger_cursors(name, cursor, owner, lease_until, updated_at) VALUES (?, ?, NULL, 0, ?)');
      for (const name of names) insert.run(name, start, Date.now());
    });
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

  prune(): Promise<number> {
    const cutoff = Date.now() - this.store.retention;
    return this.withWriter((db) => {
      // With no trigger registered yet nothing will ever read these rows: a trigger added later starts at its registration, as a newly deployed Firestore trigger does.
      const delivered = db
        .prepare('DELETE FROM outbox WHERE seq <= COALESCE((SELECT MIN(cursor) FROM trigger_cursors), (SELECT MAX(seq) FROM outbox))')
        .run();
      const stale = db.prepare('DELETE FROM outbox WHERE commit_time < ?').run(cutoff);
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
  const rows = db
    .prepare(
      `SELECT seq, path, before_data, before_create, before_update, after_data, after_create, after_update, commit_time
       FROM outbox WHERE seq > ? ORDER BY seq LIMIT ?`,
    )
    .all(afterSeq, limit) as unknown as OutboxRow[];
  return rows.map((row) => {
    const segments = row.path.split('/');
    const side = (data: string | null, created: number | null, updated: number | null): DocumentSnapshot | null =>
      data === null
        ? null
        : host.snapshotOf(segments, { path: row.path, segments, data: decodeDocument(data), createTime: created as number, updateTime: updated as number });
    return {
      seq: row.seq,
      eventId: `${host.databaseId}-${row.seq}`,
      path: row.path,
      before: side(row.before_data, row.before_create, row.before_update),
      after: side(row.after_data, row.after_create, row.after_update),
      time: new Date(row.commit_time),
    };
  });
}
