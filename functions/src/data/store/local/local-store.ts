import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  CollectionReference,
  DocumentData,
  DocumentReference,
  DocumentSnapshot,
  DocumentStore,
  OrderDirection,
  Query,
  QuerySnapshot,
  SetData,
  SetOptions,
  Transaction,
  TransactionOptions,
  WhereOp,
  WriteBatch,
} from '../types';
import { StoreError } from '../types';
import { assertCommitWithinLimits, assertDocumentSize } from './document-validation';
import { DOCUMENT_ID_FIELD } from './field-path';
import type { HotDocumentMeter } from './hot-document-meter';
import { HEAT_RETENTION_MS, SqliteHeatMeter } from './hot-document-meter';
import type { FirestoreIndexConfig } from './index-rules';
import { IndexSource } from './index-rules';
import type { LocalOutbox, OutboxHost } from './local-outbox';
import { Outbox } from './local-outbox';
import type { StoredDocument } from './local-snapshot';
import { LocalDocumentSnapshot, LocalQueryDocumentSnapshot, makeQuerySnapshot } from './local-snapshot';
import type { QuerySpec } from './query-engine';
import { addFilter, addOrder, collectionGroupSpec, collectionSpec, runQuery, validateForExecution, withCursor, withLimit, withOffset } from './query-engine';
import { collectionKindOf, countReads, queryReads, READ_FLUSH_INTERVAL_MS, type ReadMeter, ReadTally, SqliteReadMeter } from './read-meter';
import { autoId, parseCollectionPath, parseDocumentPath, validateCollectionId, validatePathSegments } from './resource-path';
import type { DatabaseSync, SharedFileState, StatementSync } from './sqlite-support';
import { loadSqlite, LockWaitExpired, retryWhileBusy, selectRows, sharedFileState } from './sqlite-support';
import { decodeDocument, encodeDocument } from './value-codec';
import { DocumentName } from './value-order';
import type { PendingWrite, WriteOp } from './write-apply';
import { applyWrite, makeWrite } from './write-apply';

export interface LocalStoreOptions {
  /** SQLite file. Created, with its directory, when missing. Several processes may open the same file. */
  readonly path: string;
  /** Index definitions: a path to firestore.indexes.json or its parsed content. Omitted means none (only automatic single-field indexes). */
  readonly indexes?: string | FirestoreIndexConfig;
  /**
   * Run every transaction callback twice (the first run's writes discarded),
   * as contention would in production, so non-idempotent callbacks show up in
   * tests. Defaults to STUDIO_STORE_CHAOS=1. Needs maxAttempts > 1.
   */
  readonly forceRetry?: boolean;
  /** A transaction whose callback runs longer is rolled back. Default 10 s. */
  readonly transactionTimeoutMs?: number;
  /**
   * How long one attempt at a commit waits for another connection's write
   * lock. Default 5 s (commits hold it for about a millisecond). A commit that
   * waited that long is tried again, up to 5 attempts in all with backoff
   * between (a transaction's own attempts, from its callback), as Firestore's
   * SDKs retry an ABORTED commit; then it fails with `aborted`.
   */
  readonly lockTimeoutMs?: number;
  /**
   * Backoff between transaction attempts. Defaults to the Node SDK's
   * (@google-cloud/firestore backoff.js): the first retry after 1 s, then
   * ×1.5 each time, at most 60 s, each ±50 % jitter.
   */
  readonly retryBackoff?: RetryBackoff;
  /**
   * Simulated round trip, in ms, before every read inside a transaction and
   * before its commit, as a Cloud Function sees Firestore. Longer transactions
   * overlap more, so contention shows up at realistic burst sizes. Default
   * STUDIO_STORE_LATENCY_MS or 0.
   */
  readonly latencyMs?: number;
  /** Outbox rows older than this are pruned even if no trigger consumed them. Default 7 days. */
  readonly outboxRetentionMs?: number;
}

export interface LocalDocumentStore extends DocumentStore {
  readonly kind: 'local';
  /** Absolute path of the SQLite file. */
  readonly filePath: string;
  readonly outbox: LocalOutbox;
  /** Writes and conflicts per document, for every process on this file (hot-document-meter.ts). */
  readonly meter: HotDocumentMeter;
  /** Documents read, as Firestore would bill them, for every process on this file (read-meter.ts). */
  readonly reads: ReadMeter;
}

const DEFAULT_TRANSACTION_TIMEOUT_MS = 10_000;
const DEFAULT_LOCK_TIMEOUT_MS = 5_000;
/**
 * Attempts at a plain commit (set, update, delete, a batch) whose every wait
 * for the write lock expired: 5, the Node SDK's MAX_REQUEST_RETRIES and its
 * default transaction attempts (@google-cloud/firestore build/src/index.js).
 * The SDK retries a commit that failed ABORTED (WriteBatch.commit adds it to
 * google-gax's retry codes for Commit); a transaction retries from its
 * callback, up to its maxAttempts.
 */
const LOCKED_COMMIT_ATTEMPTS = 5;
/** Between a plain commit's attempts: google-gax's retry for Commit (firestore_client_config.json "default": 100 ms, ×1.3, at most 60 s). */
const COMMIT_BACKOFF: Required<RetryBackoff> = { initialDelayMs: 100, factor: 1.3, maxDelayMs: 60_000 };
const CONTENTION = 'Too much contention on these documents. Please try again.';

export interface RetryBackoff {
  readonly initialDelayMs?: number;
  readonly factor?: number;
  readonly maxDelayMs?: number;
}
const DEFAULT_OUTBOX_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
const READ_AFTER_WRITE = 'Firestore transactions require all reads to be executed before all writes.';

/**
 * Schema 2: document versions, indexed for the commit-time fast path, and
 * triggers that make a process still running the schema-1 engine (which
 * writes documents without a new version) fail loudly instead of letting
 * transactions miss its changes.
 */
const VERSIONED_SCHEMA = `
CREATE INDEX IF NOT EXISTS documents_by_parent_version ON documents(parent, version);
CREATE INDEX IF NOT EXISTS documents_by_collection_id_version ON documents(collection_id, version);
CREATE TRIGGER IF NOT EXISTS documents_update_needs_version BEFORE UPDATE OF data ON documents
  WHEN NEW.version <= OLD.version
  BEGIN SELECT RAISE(ABORT, 'An outdated local engine wrote without a document version: restart every process that uses this file.'); END;
CREATE TRIGGER IF NOT EXISTS documents_insert_needs_version BEFORE INSERT ON documents
  WHEN NEW.version < 1
  BEGIN SELECT RAISE(ABORT, 'An outdated local engine wrote without a document version: restart every process that uses this file.'); END;
`;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS documents (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  parent TEXT NOT NULL,
  collection_id TEXT NOT NULL,
  data TEXT NOT NULL,
  create_time INTEGER NOT NULL,
  update_time INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS documents_by_parent ON documents(parent);
CREATE INDEX IF NOT EXISTS documents_by_collection_id ON documents(collection_id);
CREATE TABLE IF NOT EXISTS outbox (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  path TEXT NOT NULL,
  before_data TEXT,
  before_create INTEGER,
  before_update INTEGER,
  after_data TEXT,
  after_create INTEGER,
  after_update INTEGER,
  commit_time INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS doc_heat (
  path TEXT NOT NULL,
  second INTEGER NOT NULL,
  writes INTEGER NOT NULL DEFAULT 0,
  conflicts INTEGER NOT NULL DEFAULT 0,
  aborts INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (path, second)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS doc_heat_by_second ON doc_heat(second);
CREATE TABLE IF NOT EXISTS doc_reads (
  kind TEXT NOT NULL,
  source TEXT NOT NULL,
  second INTEGER NOT NULL,
  reads INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (kind, source, second)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS trigger_cursors (
  name TEXT PRIMARY KEY,
  cursor INTEGER NOT NULL,
  owner TEXT,
  lease_until INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL
);
`;

interface TransactionContext {
  readonly file: string;
  active: boolean;
}

/**
 * Marks the async work a transaction callback starts, so a plain write on the
 * same file from inside the callback is refused: it would wait for the lock
 * the transaction itself holds.
 */
const transactionContext = new AsyncLocalStorage<TransactionContext>();

interface DocumentRow {
  path: string;
  data: string;
  create_time: number;
  update_time: number;
  version: number;
}

interface Statements {
  readonly getDocument: StatementSync;
  readonly getVersion: StatementSync;
  readonly fingerprintByParent: StatementSync;
  readonly fingerprintByCollectionId: StatementSync;
  readonly listByParent: StatementSync;
  readonly listByCollectionId: StatementSync;
}

interface WriteStatements {
  readonly upsert: StatementSync;
  readonly remove: StatementSync;
  readonly record: StatementSync;
  readonly heat: StatementSync;
  readonly reads: StatementSync;
}

function prepareReads(db: DatabaseSync): Statements {
  return {
    getDocument: db.prepare('SELECT path, data, create_time, update_time, version FROM documents WHERE path = ?'),
    getVersion: db.prepare('SELECT version FROM documents WHERE path = ?'),
    fingerprintByParent: db.prepare('SELECT COUNT(*) AS n, COALESCE(MAX(version), -1) AS v FROM documents WHERE parent = ?'),
    fingerprintByCollectionId: db.prepare('SELECT COUNT(*) AS n, COALESCE(MAX(version), -1) AS v FROM documents WHERE collection_id = ?'),
    listByParent: db.prepare('SELECT path, data, create_time, update_time, version FROM documents WHERE parent = ?'),
    listByCollectionId: db.prepare('SELECT path, data, create_time, update_time, version FROM documents WHERE collection_id = ?'),
  };
}

function toStored(row: DocumentRow): StoredDocument {
  return {
    path: row.path,
    segments: row.path.split('/'),
    data: decodeDocument(row.data),
    createTime: row.create_time,
    updateTime: row.update_time,
    version: row.version,
  };
}

function invalid(message: string): StoreError {
  return new StoreError('invalid-argument', message);
}

/** What the read meter bills a query to: its collection, or a star then the id for a collection group. */
const querySegments = (spec: QuerySpec): readonly string[] =>
  spec.allDescendants ? ['*', '{}', spec.collectionId] : [...spec.parentSegments, spec.collectionId];

/** The version a transaction records for a document it found absent. */
const ABSENT = -1;

/** @google-cloud/firestore's ExponentialBackoff defaults (build/src/backoff.js). */
const SDK_BACKOFF: Required<RetryBackoff> = { initialDelayMs: 1000, factor: 1.5, maxDelayMs: 60_000 };

/**
 * The SDK's backoff between transaction attempts: none before the first, then
 * the base (initialDelayMs, ×factor each time, capped) with ±50 % jitter.
 */
class SdkBackoff {
  private base = 0;
  private readonly options: Required<RetryBackoff>;

  constructor(options: Required<RetryBackoff>) {
    this.options = options;
  }

  next(): number {
    const delay = this.base + (Math.random() - 0.5) * this.base;
    this.base = Math.min(Math.max(this.base * this.options.factor, this.options.initialDelayMs), this.options.maxDelayMs);
    return Math.max(0, delay);
  }
}

/** The error of a commit that never got the write lock: `aborted`, as Firestore's after its SDK's retries. Other errors pass through. */
function lockedOut(what: string, lockTimeoutMs: number, attempts: number, error: unknown): unknown {
  if (!(error instanceof LockWaitExpired)) return error;
  return new StoreError(
    'aborted',
    `${what}: the database stayed locked by another connection for ${lockTimeoutMs} ms on each of ${attempts} attempt${attempts === 1 ? '' : 's'}. ` +
      'A transaction elsewhere is probably doing slow work inside its callback.',
    { cause: error },
  );
}

/**
 * Whether a write left a document exactly as it was: maps regardless of key
 * order, everything else exactly (so -0 over 0 is a change, unlike query
 * equality).
 */
function sameStoredValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Object.is(a, b);
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof Uint8Array && b instanceof Uint8Array) return Buffer.from(a).equals(Buffer.from(b));
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((element, i) => sameStoredValue(element, b[i]));
  if (isPlainMap(a) && isPlainMap(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameStoredValue(a[key], b[key]));
  }
  return a === b;
}

function isPlainMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date) && !(value instanceof Uint8Array);
}

type VersionedPath = readonly [path: string, version: number];

function versioned(doc: StoredDocument): VersionedPath {
  return [doc.path, doc.version ?? 0];
}

/**
 * What a query's candidate documents look like as a whole: how many there are
 * and their highest version. Versions only grow, so any insert or update
 * raises the maximum and a delete lowers the count: an unchanged fingerprint
 * means the query's answer cannot have changed, without decoding anything.
 */
function fingerprint(spec: QuerySpec, statements: Statements): string {
  const row = (
    spec.allDescendants ? statements.fingerprintByCollectionId.get(spec.collectionId) : statements.fingerprintByParent.get(spec.parentSegments.join('/'))
  ) as { n: number; v: number };
  return `${row.n}:${row.v}`;
}

function evaluateQuery(spec: QuerySpec, statements: Statements): StoredDocument[] {
  const rows = spec.allDescendants
    ? selectRows<DocumentRow>(statements.listByCollectionId, spec.collectionId)
    : selectRows<DocumentRow>(statements.listByParent, spec.parentSegments.join('/'));
  return runQuery(spec, rows.map(toStored));
}

/** Paths that entered, left, moved within or changed in a query's result; empty when it is the same. */
function changedResults(before: readonly VersionedPath[], now: readonly StoredDocument[]): string[] {
  const after = now.map(versioned);
  const same = before.length === after.length && before.every(([path, version], i) => after[i]?.[0] === path && after[i]?.[1] === version);
  if (same) return [];
  const was = new Map(before);
  const is = new Map(after);
  const changed = new Set<string>();
  for (const [path, version] of before) if (is.get(path) !== version) changed.add(path);
  for (const [path, version] of after) if (was.get(path) !== version) changed.add(path);
  // Same members and versions in another order: blame the first that moved.
  if (changed.size === 0) changed.add((after.find(([path], i) => before[i]?.[0] !== path) ?? after[0] ?? ['?'])[0]);
  return [...changed];
}

export function openLocalStore(options: LocalStoreOptions): LocalDocumentStore {
  return new LocalStore(options);
}

class LocalStore implements LocalDocumentStore, OutboxHost {
  readonly kind = 'local' as const;
  readonly filePath: string;
  readonly outbox: LocalOutbox;
  private readonly writer: DatabaseSync;
  private reader: DatabaseSync | undefined;
  private writerReads!: Statements;
  private readerReads!: Statements;
  private writes!: WriteStatements;
  private readonly shared: SharedFileState;
  private readonly indexes: IndexSource;
  private readonly forceRetry: boolean;
  private readonly transactionTimeoutMs: number;
  private readonly lockTimeoutMs: number;
  private readonly outboxRetentionMs: number;
  private readonly backoff: Required<RetryBackoff>;
  private readonly latencyMs: number;
  private readonly ready: Promise<void>;
  readonly meter: HotDocumentMeter;
  readonly reads: ReadMeter;
  private readonly readTally = new ReadTally();
  private readFlush: NodeJS.Timeout | undefined;
  databaseId = '';
  private closed = false;

  constructor(options: LocalStoreOptions) {
    if (typeof options.path !== 'string' || options.path.length === 0 || options.path === ':memory:') {
      throw invalid('openLocalStore needs a file path (several connections share it, so :memory: cannot work).');
    }
    this.filePath = resolve(options.path);
    this.indexes = new IndexSource(options.indexes);
    this.forceRetry = options.forceRetry ?? process.env.STUDIO_STORE_CHAOS === '1';
    this.transactionTimeoutMs = options.transactionTimeoutMs ?? DEFAULT_TRANSACTION_TIMEOUT_MS;
    this.lockTimeoutMs = options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS;
    this.outboxRetentionMs = options.outboxRetentionMs ?? DEFAULT_OUTBOX_RETENTION_MS;
    this.backoff = {
      initialDelayMs: options.retryBackoff?.initialDelayMs ?? SDK_BACKOFF.initialDelayMs,
      factor: options.retryBackoff?.factor ?? SDK_BACKOFF.factor,
      maxDelayMs: options.retryBackoff?.maxDelayMs ?? SDK_BACKOFF.maxDelayMs,
    };
    this.latencyMs = options.latencyMs ?? (Number(process.env.STUDIO_STORE_LATENCY_MS) || 0);
    this.shared = sharedFileState(this.filePath);
    mkdirSync(dirname(this.filePath), { recursive: true });
    const { DatabaseSync } = loadSqlite();
    this.writer = new DatabaseSync(this.filePath);
    this.outbox = new Outbox(this);
    this.meter = new SqliteHeatMeter(async (work) => {
      this.assertOpen();
      await this.ready;
      this.assertOpen();
      return retryWhileBusy('Reading the meter', this.lockTimeoutMs, () => work(this.reader as DatabaseSync));
    });
    this.reads = new SqliteReadMeter(async (work) => {
      this.assertOpen();
      await this.ready;
      this.assertOpen();
      return retryWhileBusy('Reading the meter', this.lockTimeoutMs, () => work(this.reader as DatabaseSync));
    });
    this.ready = this.init();
    // Failures surface on the first operation; this only avoids an unhandled rejection.
    this.ready.catch(() => undefined);
  }

  private async init(): Promise<void> {
    const writer = this.writer;
    await retryWhileBusy('Opening the local store', this.lockTimeoutMs, () => {
      const mode = writer.prepare('PRAGMA journal_mode').get() as { journal_mode: string };
      if (mode.journal_mode.toLowerCase() !== 'wal') writer.exec('PRAGMA journal_mode=WAL');
    });
    // NORMAL in WAL mode survives process crashes (what a dev machine sees); only power loss can drop the last commits.
    writer.exec('PRAGMA synchronous=NORMAL');
    await retryWhileBusy('Opening the local store', this.lockTimeoutMs, () => {
      writer.exec('BEGIN IMMEDIATE');
      try {
        writer.exec(SCHEMA);
        // Files made before versions existed: every document starts at 0 and gets a real version on its next write.
        const columns = writer.prepare('PRAGMA table_info(documents)').all() as { name: string }[];
        if (!columns.some((column) => column.name === 'version')) writer.exec('ALTER TABLE documents ADD COLUMN version INTEGER NOT NULL DEFAULT 0');
        writer.exec(VERSIONED_SCHEMA);
        writer.prepare("INSERT OR IGNORE INTO meta(key, value) VALUES ('database_id', ?)").run(randomUUID());
        writer.prepare("INSERT INTO meta(key, value) VALUES ('schema_version', '2') ON CONFLICT(key) DO UPDATE SET value = excluded.value").run();
        writer.exec('COMMIT');
      } catch (error) {
        writer.exec('ROLLBACK');
        throw error;
      }
    });
    const id = writer.prepare("SELECT value FROM meta WHERE key = 'database_id'").get() as { value: string };
    this.databaseId = id.value;
    const { DatabaseSync } = loadSqlite();
    this.reader = new DatabaseSync(this.filePath);
    this.writerReads = prepareReads(writer);
    this.readerReads = prepareReads(this.reader);
    this.writes = {
      upsert: writer.prepare(
        `INSERT INTO documents(path, parent, collection_id, data, create_time, update_time, version) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(path) DO UPDATE SET data = excluded.data, create_time = excluded.create_time, update_time = excluded.update_time, version = excluded.version`,
      ),
      remove: writer.prepare('DELETE FROM documents WHERE path = ?'),
      record: writer.prepare(
        `INSERT INTO outbox(path, before_data, before_create, before_update, after_data, after_create, after_update, commit_time)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      heat: writer.prepare(
        `INSERT INTO doc_heat(path, second, writes, conflicts, aborts) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(path, second) DO UPDATE SET writes = writes + excluded.writes, conflicts = conflicts + excluded.conflicts, aborts = aborts + excluded.aborts`,
      ),
      reads: writer.prepare(
        `INSERT INTO doc_reads(kind, source, second, reads) VALUES (?, ?, ?, ?)
         ON CONFLICT(kind, source, second) DO UPDATE SET reads = reads + excluded.reads`,
      ),
    };
    // Not awaited: opening must not wait for the write lock, which a transaction elsewhere may hold.
    const cutoff = Date.now() - this.outboxRetentionMs;
    const heatCutoff = Math.floor((Date.now() - HEAT_RETENTION_MS) / 1000);
    this.withWriteLock('Pruning the outbox', (db) => {
      db.prepare('DELETE FROM outbox WHERE commit_time < ?').run(cutoff);
      db.prepare('DELETE FROM doc_heat WHERE second < ?').run(heatCutoff);
      db.prepare('DELETE FROM doc_reads WHERE second < ?').run(heatCutoff);
    }).catch(() => undefined);
  }

  /** Bills `reads` to the collection kind of `segments` (read-meter.ts); the tally reaches the file within READ_FLUSH_INTERVAL_MS. */
  countReads(segments: readonly string[], reads: number): void {
    this.readTally.add(collectionKindOf(segments), reads);
    this.readFlush ??= setTimeout(() => {
      this.readFlush = undefined;
      this.flushReads().catch(() => undefined);
    }, READ_FLUSH_INTERVAL_MS).unref();
  }

  private async flushReads(): Promise<void> {
    if (this.closed || this.readTally.size === 0) return;
    const source = process.env.FUNCTION_TARGET ?? 'local';
    // The tally is taken under the lock: a close() that got the lock first has written it already.
    await this.withWriteLock('Metering reads', () => {
      for (const row of this.readTally.take()) this.writes.reads.run(row.kind, source, row.second, row.reads);
    });
  }

  get sharedState(): SharedFileState {
    return this.shared;
  }

  assertOpen(): void {
    if (this.closed) throw new StoreError('failed-precondition', `The local store at ${this.filePath} is closed.`);
  }

  /** Refuses a non-transactional write issued from inside a transaction callback on this file. */
  assertNotInTransaction(what: string): void {
    const context = transactionContext.getStore();
    if (context?.active && context.file === this.filePath) {
      throw new StoreError(
        'failed-precondition',
        `${what} was called inside a runTransaction() callback on the same store. Use the transaction object (tx.get/tx.set/tx.update/tx.delete) instead: ` +
          'a separate write there would not be part of the transaction, would run again on every retry, and would wait for the lock the transaction holds.',
      );
    }
  }

  // ---- references -------------------------------------------------------

  collection(path: string): CollectionReference {
    return new LocalCollectionReference(this, parseCollectionPath(path));
  }

  doc(path: string): DocumentReference {
    return new LocalDocumentReference(this, parseDocumentPath(path));
  }

  collectionGroup(collectionId: string): Query {
    if (typeof collectionId !== 'string' || collectionId.includes('/')) {
      throw invalid(`Invalid collectionId "${String(collectionId)}". Collection IDs must not contain "/".`);
    }
    return new LocalQuery(this, collectionGroupSpec(collectionId));
  }

  /** `ref` may be a query: tx.get() hands over whatever was not one of this store's queries. */
  ownReference<T extends object = DocumentData>(ref: DocumentReference<T> | Query<T>, what: string): LocalDocumentReference<T> {
    if (!(ref instanceof LocalDocumentReference) || ref.store.filePath !== this.filePath) {
      throw invalid(`${what}: the reference does not belong to this store.`);
    }
    // instanceof cannot narrow a generic class's parameter; the reference was typed T by its caller.
    return ref as LocalDocumentReference<T>;
  }

  // ---- reads ------------------------------------------------------------

  private readDocument(segments: readonly string[]): StoredDocument | undefined {
    const row = this.readerReads.getDocument.get(segments.join('/')) as DocumentRow | undefined;
    return row === undefined ? undefined : toStored(row);
  }

  snapshotOf<T extends object = DocumentData>(segments: readonly string[], stored: StoredDocument | undefined): LocalDocumentSnapshot<T> {
    return new LocalDocumentSnapshot<T>(this, segments.join('/'), segments, stored);
  }

  /** A query's result, as snapshots that always have data. */
  queryResult<T extends object>(docs: readonly StoredDocument[]): QuerySnapshot<T> {
    return makeQuerySnapshot(docs.map((doc) => new LocalQueryDocumentSnapshot<T>(this, doc)));
  }

  /**
   * Reads the last committed state (transactions too: they validate what they
   * read when they commit, optimistically, instead of locking it).
   */
  async getDocuments<T extends object = DocumentData>(refs: readonly LocalDocumentReference<T>[]): Promise<LocalDocumentSnapshot<T>[]> {
    this.assertOpen();
    refs.forEach((ref) => validatePathSegments(ref.segments));
    await this.ready;
    this.assertOpen();
    const read = (): LocalDocumentSnapshot<T>[] => refs.map((ref) => this.snapshotOf<T>(ref.segments, this.readDocument(ref.segments)));
    const reader = this.reader as DatabaseSync;
    const snapshots = await retryWhileBusy(
      'Reading',
      this.lockTimeoutMs,
      refs.length === 1
        ? read
        : () => {
            // Several statements share one read transaction so they see one snapshot of the file.
            reader.exec('BEGIN');
            try {
              return read();
            } finally {
              reader.exec('COMMIT');
            }
          },
    );
    // Counted once the read succeeded (a busy retry re-reads; Firestore would bill each document once).
    for (const ref of refs) this.countReads(ref.segments, 1);
    return snapshots;
  }

  /** A query inside a transaction: its result and its candidates' fingerprint, from one snapshot. */
  async runTransactionalQuery(spec: QuerySpec): Promise<{ docs: StoredDocument[]; fingerprint: string }> {
    await this.runQuerySpec(spec, true);
    const reader = this.reader as DatabaseSync;
    const result = await retryWhileBusy('Querying', this.lockTimeoutMs, () => {
      reader.exec('BEGIN');
      try {
        return { docs: evaluateQuery(spec, this.readerReads), fingerprint: fingerprint(spec, this.readerReads) };
      } finally {
        reader.exec('COMMIT');
      }
    });
    // Counted once the read succeeded: a busy retry re-reads, but Firestore would bill the query once.
    this.countReads(querySegments(spec), queryReads(result.docs.length));
    return result;
  }

  /** A query's documents; `billed`: how the read meter counts them (a count() bills by the thousand). */
  async runQuerySpec(spec: QuerySpec, checkOnly = false, billed: 'documents' | 'count' = 'documents'): Promise<StoredDocument[]> {
    this.assertOpen();
    if (spec.allDescendants) validateCollectionId(spec.collectionId);
    else validatePathSegments(spec.parentSegments);
    validateForExecution(spec);
    this.indexes.check(spec);
    await this.ready;
    this.assertOpen();
    if (checkOnly) return [];
    const docs = await retryWhileBusy('Querying', this.lockTimeoutMs, () => evaluateQuery(spec, this.readerReads));
    this.countReads(querySegments(spec), billed === 'count' ? countReads(docs.length) : queryReads(docs.length));
    return docs;
  }

  async getAll<T extends object>(...refs: DocumentReference<T>[]): Promise<DocumentSnapshot<T>[]> {
    if (refs.length === 0) throw invalid('getAll() needs at least one document reference.');
    const own = refs.map((ref) => this.ownReference(ref, 'getAll()'));
    return this.getDocuments(own);
  }

  // ---- writes -----------------------------------------------------------

  /** Runs `work` holding this process's mutex and SQLite's write lock, committing if it returns. */
  async withWriteLock<R>(what: string, work: (db: DatabaseSync) => R): Promise<R> {
    const release = await this.shared.mutex.acquire();
    try {
      this.assertOpen();
      await retryWhileBusy(what, this.lockTimeoutMs, () => this.writer.exec('BEGIN IMMEDIATE'));
      let result: R;
      try {
        result = work(this.writer);
        this.writer.exec('COMMIT');
      } catch (error) {
        this.rollbackQuietly();
        throw error;
      }
      return result;
    } finally {
      release();
    }
  }

  private rollbackQuietly(): void {
    try {
      if (this.writer.isTransaction) this.writer.exec('ROLLBACK');
    } catch {
      // The connection already rolled back (e.g. after an I/O error); nothing left to undo.
    }
  }

  private checkCommit(writes: readonly PendingWrite[], what: string): void {
    writes.forEach((write) => validatePathSegments(write.segments));
    assertCommitWithinLimits(writes, what);
  }

  async commitWrites(writes: readonly PendingWrite[], what: string): Promise<void> {
    this.assertOpen();
    this.assertNotInTransaction(what);
    this.checkCommit(writes, what);
    if (writes.length === 0) return;
    await this.ready;
    const changed = await this.retryLockedCommit(what, () => this.withWriteLock(what, () => this.applyWrites(writes)));
    if (changed) this.signalCommit();
  }

  /**
   * Runs `commit` again while another connection keeps the write lock for a
   * whole lockTimeoutMs (nothing was written: the lock was never taken), up
   * to LOCKED_COMMIT_ATTEMPTS with the SDK's backoff between.
   */
  private async retryLockedCommit<R>(what: string, commit: () => Promise<R>): Promise<R> {
    const backoff = new SdkBackoff(COMMIT_BACKOFF);
    for (let attempt = 1; ; attempt++) {
      const wait = backoff.next();
      if (wait > 0) await sleep(wait);
      try {
        return await commit();
      } catch (error) {
        if (!(error instanceof LockWaitExpired) || attempt >= LOCKED_COMMIT_ATTEMPTS) throw lockedOut(what, this.lockTimeoutMs, attempt, error);
      }
    }
  }

  /**
   * Applies writes on the writer connection inside the caller's SQLite
   * transaction, and appends one outbox row per changed document in that same
   * transaction, so triggers see exactly what committed. A write that leaves
   * a document as it was changes nothing: its update time, version and
   * triggers stay as they were (Firestore's WriteResult: "If the write did
   * not actually change the document, this will be the previous
   * update_time"). Every written document counts one write in the meter,
   * changed or not: it took the document's write capacity all the same.
   * Returns whether anything changed.
   */
  private applyWrites(writes: readonly PendingWrite[]): boolean {
    const commitTime = Date.now();
    const commitDate = new Date(commitTime);
    const changes = new Map<string, { before: StoredDocument | undefined; beforeJson: string | undefined; after: StoredDocument | undefined }>();
    for (const write of writes) {
      let change = changes.get(write.path);
      if (change === undefined) {
        const row = this.writerReads.getDocument.get(write.path) as DocumentRow | undefined;
        const before = row === undefined ? undefined : toStored(row);
        change = { before, beforeJson: row?.data, after: before };
        changes.set(write.path, change);
      }
      const data = applyWrite(change.after?.data, write, commitDate);
      if (data === undefined) {
        change.after = undefined;
      } else {
        assertDocumentSize(write.path, write.segments, data);
        change.after = {
          path: write.path,
          segments: write.segments,
          data,
          createTime: change.after?.createTime ?? commitTime,
          updateTime: commitTime,
        };
      }
    }
    const { upsert, remove, record, heat } = this.writes;
    const second = Math.floor(commitTime / 1000);
    let changed = false;
    for (const [path, { before, beforeJson, after }] of changes) {
      heat.run(path, second, 1, 0, 0);
      if (before === undefined && after === undefined) continue;
      if (before !== undefined && after !== undefined && sameStoredValue(before.data, after.data)) continue;
      changed = true;
      const afterJson = after === undefined ? null : encodeDocument(after.data);
      const { lastInsertRowid } = record.run(
        path,
        beforeJson ?? null,
        before?.createTime ?? null,
        before?.updateTime ?? null,
        afterJson,
        after?.createTime ?? null,
        after?.updateTime ?? null,
        commitTime,
      );
      if (after !== undefined) {
        const segments = after.segments;
        upsert.run(
          path,
          segments.slice(0, -1).join('/'),
          segments[segments.length - 2] as string,
          afterJson,
          after.createTime,
          after.updateTime,
          lastInsertRowid,
        );
      } else {
        remove.run(path);
      }
    }
    return changed;
  }

  private signalCommit(): void {
    this.shared.commits.emit('commit');
  }

  batch(): WriteBatch {
    return new LocalWriteBatch(this);
  }

  // ---- transactions -----------------------------------------------------

  /**
   * Optimistic and serializable across processes: an attempt runs its
   * callback without any lock, remembering the version of every document it
   * read (absence included) and the result of every query; its commit takes
   * the write lock for about a millisecond, checks that none of that changed,
   * and writes. If something changed, the attempt is discarded (the conflict
   * counted on the changed documents) and the callback runs again after the
   * SDK's backoff; after `maxAttempts` the transaction fails with `aborted`,
   * as Firestore's does under contention. A callback that throws after
   * reading a state that has since changed is retried too: its error may be
   * an artefact of that inconsistent view.
   */
  async runTransaction<R>(fn: (tx: Transaction) => Promise<R>, options?: TransactionOptions): Promise<R> {
    this.assertOpen();
    this.assertNotInTransaction('runTransaction()');
    const maxAttempts = options?.maxAttempts ?? 5;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
      throw invalid(`maxAttempts must be a positive integer, got ${String(maxAttempts)}.`);
    }
    await this.ready;
    // Chaos mode: one extra attempt whose writes are thrown away, so callbacks that are not idempotent show up.
    if (this.forceRetry && maxAttempts > 1) await this.runAttempt(fn, 'discard');
    const backoff = new SdkBackoff(this.backoff);
    let conflicted: readonly string[] = [];
    let locked: LockWaitExpired | null = null;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const wait = backoff.next();
      if (wait > 0) await sleep(wait);
      const outcome = await this.runAttempt(fn, attempt === maxAttempts ? 'last' : 'retryable');
      if (outcome.kind === 'done') return outcome.value as R;
      // Another connection kept the write lock through this attempt's whole wait: nothing was written, so try again (Firestore: ABORTED, retried).
      if (outcome.kind === 'locked') {
        locked = outcome.error;
        continue;
      }
      locked = null;
      conflicted = outcome.paths;
    }
    if (locked) throw lockedOut('runTransaction()', this.lockTimeoutMs, maxAttempts, locked);
    throw new StoreError(
      'aborted',
      `${CONTENTION} (${maxAttempts} attempt${maxAttempts === 1 ? '' : 's'}; last conflict on ${conflicted.slice(0, 3).join(', ') || 'a query result'})`,
    );
  }

  private async runAttempt<R>(
    fn: (tx: Transaction) => Promise<R>,
    mode: 'discard' | 'retryable' | 'last',
  ): Promise<{ kind: 'done'; value: R | undefined } | { kind: 'conflict'; paths: readonly string[] } | { kind: 'locked'; error: LockWaitExpired }> {
    const context: TransactionContext = { file: this.filePath, active: true };
    const tx = new LocalTransaction(this);
    let timer: NodeJS.Timeout | undefined;
    let value: R;
    try {
      const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          tx.finish('expired');
          context.active = false;
          reject(
            new StoreError(
              'deadline-exceeded',
              `The transaction expired: its callback ran longer than ${this.transactionTimeoutMs} ms and was rolled back. ` +
                'Keep I/O (HTTP calls, emails, other stores) out of transaction callbacks.',
            ),
          );
        }, this.transactionTimeoutMs);
      });
      value = await Promise.race([transactionContext.run(context, () => fn(tx)), expired]);
    } catch (error) {
      clearTimeout(timer);
      context.active = false;
      if (tx.state === 'expired') throw error;
      tx.finish('done');
      if (mode === 'discard') return { kind: 'done', value: undefined };
      // An error raised from a view that is no longer current is retried, not reported.
      let stale: string[];
      try {
        stale = await this.staleOutsideLock(tx);
      } catch {
        throw error;
      }
      if (stale.length === 0) throw error;
      await this.recordConflict(stale, mode === 'last');
      return { kind: 'conflict', paths: stale };
    }
    clearTimeout(timer);
    tx.finish('done');
    context.active = false;
    if (mode === 'discard') return { kind: 'done', value: undefined };
    if (tx.writes.length === 0) {
      let stale: string[];
      try {
        stale = await this.staleOutsideLock(tx);
      } catch (error) {
        if (error instanceof LockWaitExpired) return { kind: 'locked', error };
        throw error;
      }
      if (stale.length === 0) return { kind: 'done', value };
      await this.recordConflict(stale, mode === 'last');
      return { kind: 'conflict', paths: stale };
    }
    this.checkCommit(tx.writes, 'runTransaction()');
    await this.simulateLatency();
    let result: { stale: string[]; changed: boolean };
    try {
      result = await this.withWriteLock('runTransaction()', () => {
        const stale = this.staleReads(tx, this.writerReads);
        if (stale.length > 0) {
          this.countConflict(stale, mode === 'last');
          return { stale, changed: false };
        }
        return { stale, changed: this.applyWrites(tx.writes) };
      });
    } catch (error) {
      if (error instanceof LockWaitExpired) return { kind: 'locked', error };
      throw error;
    }
    if (result.changed) this.signalCommit();
    if (result.stale.length > 0) return { kind: 'conflict', paths: result.stale };
    return { kind: 'done', value };
  }

  /** Waits the simulated round trip to the database (latencyMs), if any. */
  async simulateLatency(): Promise<void> {
    if (this.latencyMs > 0) await sleep(this.latencyMs);
  }

  /**
   * The paths whose state differs from what the attempt read: documents by
   * version (absent = -1), queries by their whole result (paths and
   * versions), so an insert into a range a query read is caught too.
   */
  private staleReads(tx: LocalTransaction, statements: Statements): string[] {
    const stale: string[] = [];
    for (const [path, version] of tx.reads) {
      const row = statements.getVersion.get(path) as { version: number } | undefined;
      if ((row?.version ?? ABSENT) !== version) stale.push(path);
    }
    for (const read of tx.queries) {
      if (fingerprint(read.spec, statements) === read.fingerprint) continue;
      const now = evaluateQuery(read.spec, statements);
      const changed = changedResults(read.result, now);
      if (changed.length > 0) stale.push(...changed.filter((path) => !stale.includes(path)));
    }
    return stale;
  }

  /** Validation for attempts that write nothing: one consistent read of the file, no write lock. */
  private async staleOutsideLock(tx: LocalTransaction): Promise<string[]> {
    this.assertOpen();
    if (tx.reads.size === 0 && tx.queries.length === 0) return [];
    const reader = this.reader as DatabaseSync;
    return retryWhileBusy('runTransaction()', this.lockTimeoutMs, () => {
      reader.exec('BEGIN');
      try {
        return this.staleReads(tx, this.readerReads);
      } finally {
        reader.exec('COMMIT');
      }
    });
  }

  private countConflict(paths: readonly string[], abort: boolean): void {
    const second = Math.floor(Date.now() / 1000);
    for (const path of paths) this.writes.heat.run(path, second, 0, 1, abort ? 1 : 0);
  }

  /** Best effort: the meter must never change a transaction's outcome (e.g. by waiting for another process's lock). */
  private async recordConflict(paths: readonly string[], abort: boolean): Promise<void> {
    try {
      await this.withWriteLock('Metering a conflict', () => this.countConflict(paths, abort));
    } catch {
      // Not metered; the conflict itself is handled by the caller.
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.ready.catch(() => undefined);
    const release = await this.shared.mutex.acquire();
    try {
      if (this.closed) return;
      clearTimeout(this.readFlush);
      this.flushReadsLocked();
      this.closed = true;
      this.rollbackQuietly();
      this.reader?.close();
      this.writer.close();
    } finally {
      release();
    }
  }

  /** The last tally, written at close while holding the mutex (close cannot wait for withWriteLock, which takes it). */
  private flushReadsLocked(): void {
    if (this.readTally.size === 0 || !this.writes) return;
    const rows = this.readTally.take();
    const source = process.env.FUNCTION_TARGET ?? 'local';
    try {
      this.writer.exec('BEGIN IMMEDIATE');
      for (const row of rows) this.writes.reads.run(row.kind, source, row.second, row.reads);
      this.writer.exec('COMMIT');
    } catch {
      // Metering is best effort: a busy file at close loses the last second's tally, never a document.
      this.rollbackQuietly();
    }
  }

  get readerConnection(): DatabaseSync {
    return this.reader as DatabaseSync;
  }

  get retention(): number {
    return this.outboxRetentionMs;
  }

  get lockTimeout(): number {
    return this.lockTimeoutMs;
  }

  get whenReady(): Promise<void> {
    return this.ready;
  }
}

// ---- query and reference objects -------------------------------------------

function nameValue(value: unknown): unknown {
  if (value instanceof LocalDocumentReference) return new DocumentName(value.segments);
  if (Array.isArray(value)) {
    const elements: unknown[] = value;
    return elements.map((element) => (element instanceof LocalDocumentReference ? new DocumentName(element.segments) : element));
  }
  return value;
}

class LocalQuery<T extends object = DocumentData> implements Query<T> {
  readonly store: LocalStore;
  readonly spec: QuerySpec;

  constructor(store: LocalStore, spec: QuerySpec) {
    this.store = store;
    this.spec = spec;
  }

  private next(spec: QuerySpec): Query<T> {
    return new LocalQuery<T>(this.store, spec);
  }

  where(fieldPath: string, op: WhereOp, value: unknown): Query<T> {
    return this.next(addFilter(this.spec, fieldPath, op, fieldPath === DOCUMENT_ID_FIELD ? nameValue(value) : value));
  }

  orderBy(fieldPath: string, direction?: OrderDirection): Query<T> {
    return this.next(addOrder(this.spec, fieldPath, direction));
  }

  limit(n: number): Query<T> {
    return this.next(withLimit(this.spec, n, false));
  }

  limitToLast(n: number): Query<T> {
    return this.next(withLimit(this.spec, n, true));
  }

  offset(n: number): Query<T> {
    return this.next(withOffset(this.spec, n));
  }

  private cursor(which: 'start' | 'end', inclusive: boolean, args: unknown[]): Query<T> {
    const only = args.length === 1 ? args[0] : undefined;
    const snapshot = only instanceof LocalDocumentSnapshot ? only : undefined;
    return this.next(withCursor(this.spec, which, inclusive, args.map(nameValue), snapshot));
  }

  startAt(...fieldValuesOrSnapshot: unknown[]): Query<T> {
    return this.cursor('start', true, fieldValuesOrSnapshot);
  }

  startAfter(...fieldValuesOrSnapshot: unknown[]): Query<T> {
    return this.cursor('start', false, fieldValuesOrSnapshot);
  }

  endAt(...fieldValuesOrSnapshot: unknown[]): Query<T> {
    return this.cursor('end', true, fieldValuesOrSnapshot);
  }

  endBefore(...fieldValuesOrSnapshot: unknown[]): Query<T> {
    return this.cursor('end', false, fieldValuesOrSnapshot);
  }

  async get(): Promise<QuerySnapshot<T>> {
    const docs = await this.store.runQuerySpec(this.spec);
    return this.store.queryResult<T>(docs);
  }

  async count(): Promise<number> {
    return (await this.store.runQuerySpec(this.spec, false, 'count')).length;
  }
}

class LocalCollectionReference<T extends object = DocumentData> extends LocalQuery<T> implements CollectionReference<T> {
  readonly segments: readonly string[];

  constructor(store: LocalStore, segments: readonly string[]) {
    super(store, collectionSpec(segments));
    this.segments = segments;
  }

  get id(): string {
    return this.segments[this.segments.length - 1] as string;
  }

  get path(): string {
    return this.segments.join('/');
  }

  doc(id?: string): DocumentReference<T> {
    const docId = id === undefined ? autoId() : id;
    if (typeof docId !== 'string' || docId.length === 0) throw invalid('doc(): a document id must be a non-empty string.');
    return new LocalDocumentReference<T>(this.store, parseDocumentPath(`${this.path}/${docId}`));
  }

  async add(data: T): Promise<DocumentReference<T>> {
    const ref = this.doc();
    await ref.create(data);
    return ref;
  }
}

class LocalDocumentReference<T extends object = DocumentData> implements DocumentReference<T> {
  readonly store: LocalStore;
  readonly segments: readonly string[];

  constructor(store: LocalStore, segments: readonly string[]) {
    this.store = store;
    this.segments = segments;
  }

  get id(): string {
    return this.segments[this.segments.length - 1] as string;
  }

  get path(): string {
    return this.segments.join('/');
  }

  get parent(): CollectionReference<T> {
    return new LocalCollectionReference<T>(this.store, this.segments.slice(0, -1));
  }

  collection(id: string): CollectionReference {
    return new LocalCollectionReference(this.store, parseCollectionPath(`${this.path}/${id}`));
  }

  async get(): Promise<DocumentSnapshot<T>> {
    const [snapshot] = await this.store.getDocuments<T>([this]);
    return snapshot as LocalDocumentSnapshot<T>;
  }

  private write(op: WriteOp, data?: unknown, merge?: boolean): Promise<void> {
    try {
      this.store.assertNotInTransaction(`DocumentReference.${op}()`);
      return this.store.commitWrites([makeWrite(op, this.path, this.segments, data, merge)], `DocumentReference.${op}()`);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  create(data: T): Promise<void> {
    return this.write('create', data);
  }

  set(data: SetData<T>, options?: SetOptions): Promise<void> {
    return this.write('set', data, options?.merge);
  }

  update(data: DocumentData): Promise<void> {
    return this.write('update', data);
  }

  delete(): Promise<void> {
    return this.write('delete');
  }
}

class LocalWriteBatch implements WriteBatch {
  private readonly store: LocalStore;
  private readonly writes: PendingWrite[] = [];
  private committed = false;

  constructor(store: LocalStore) {
    this.store = store;
  }

  private add(op: WriteOp, ref: DocumentReference<object>, data?: unknown, merge?: boolean): WriteBatch {
    if (this.committed) throw new StoreError('failed-precondition', 'This batch has already been committed; start a new one.');
    const own = this.store.ownReference(ref, `batch.${op}()`);
    this.writes.push(makeWrite(op, own.path, own.segments, data, merge));
    return this;
  }

  create<T extends object>(ref: DocumentReference<T>, data: NoInfer<T>): WriteBatch {
    return this.add('create', ref, data);
  }

  set<T extends object>(ref: DocumentReference<T>, data: NoInfer<SetData<T>>, options?: SetOptions): WriteBatch {
    return this.add('set', ref, data, options?.merge);
  }

  update(ref: DocumentReference<object>, data: DocumentData): WriteBatch {
    return this.add('update', ref, data);
  }

  delete(ref: DocumentReference<object>): WriteBatch {
    return this.add('delete', ref);
  }

  async commit(): Promise<void> {
    this.store.assertNotInTransaction('batch.commit()');
    if (this.committed) throw new StoreError('failed-precondition', 'This batch has already been committed; start a new one.');
    this.committed = true;
    await this.store.commitWrites(this.writes, 'batch.commit()');
  }
}

type TransactionState = 'open' | 'done' | 'expired';

class LocalTransaction implements Transaction {
  private readonly store: LocalStore;
  readonly writes: PendingWrite[] = [];
  /** Version of every document read, first read wins (a later read of a changed document fails validation anyway). */
  readonly reads = new Map<string, number>();
  readonly queries: { spec: QuerySpec; result: readonly VersionedPath[]; fingerprint: string }[] = [];
  state: TransactionState = 'open';

  constructor(store: LocalStore) {
    this.store = store;
  }

  finish(state: 'done' | 'expired'): void {
    if (this.state === 'open') this.state = state;
  }

  private assertOpen(): void {
    if (this.state === 'expired') {
      throw new StoreError('deadline-exceeded', 'The transaction expired and was rolled back; its object can no longer be used.');
    }
    if (this.state === 'done') {
      throw new StoreError('failed-precondition', 'The transaction has finished; use its object only inside the runTransaction() callback (await every call).');
    }
  }

  private assertCanRead(): void {
    this.assertOpen();
    if (this.writes.length > 0) throw invalid(READ_AFTER_WRITE);
  }

  get<T extends object>(ref: DocumentReference<T>): Promise<DocumentSnapshot<T>>;
  get<T extends object>(query: Query<T>): Promise<QuerySnapshot<T>>;
  async get(target: DocumentReference<object> | Query<object>): Promise<DocumentSnapshot<object> | QuerySnapshot<object>> {
    this.assertCanRead();
    if (target instanceof LocalQuery) {
      if (target.store.filePath !== this.store.filePath) throw invalid('tx.get(): the query does not belong to this store.');
      await this.store.simulateLatency();
      const { docs, fingerprint } = await this.store.runTransactionalQuery(target.spec);
      this.assertOpen();
      this.queries.push({ spec: target.spec, result: docs.map(versioned), fingerprint });
      return this.store.queryResult(docs);
    }
    const ref = this.store.ownReference(target, 'tx.get()');
    await this.store.simulateLatency();
    const snapshots = await this.store.getDocuments([ref]);
    this.assertOpen();
    this.remember(snapshots);
    return snapshots[0] as LocalDocumentSnapshot;
  }

  private remember(snapshots: readonly LocalDocumentSnapshot<object>[]): void {
    for (const snapshot of snapshots) {
      if (!this.reads.has(snapshot.path)) this.reads.set(snapshot.path, snapshot.stored?.version ?? ABSENT);
    }
  }

  async getAll<T extends object>(...refs: DocumentReference<T>[]): Promise<DocumentSnapshot<T>[]> {
    this.assertCanRead();
    if (refs.length === 0) throw invalid('tx.getAll() needs at least one document reference.');
    const own = refs.map((ref) => this.store.ownReference(ref, 'tx.getAll()'));
    await this.store.simulateLatency();
    const snapshots = await this.store.getDocuments(own);
    this.assertOpen();
    this.remember(snapshots);
    return snapshots;
  }

  private add(op: WriteOp, ref: DocumentReference<object>, data?: unknown, merge?: boolean): Transaction {
    this.assertOpen();
    const own = this.store.ownReference(ref, `tx.${op}()`);
    this.writes.push(makeWrite(op, own.path, own.segments, data, merge));
    return this;
  }

  create<T extends object>(ref: DocumentReference<T>, data: NoInfer<T>): Transaction {
    return this.add('create', ref, data);
  }

  set<T extends object>(ref: DocumentReference<T>, data: NoInfer<SetData<T>>, options?: SetOptions): Transaction {
    return this.add('set', ref, data, options?.merge);
  }

  update(ref: DocumentReference<object>, data: DocumentData): Transaction {
    return this.add('update', ref, data);
  }

  delete(ref: DocumentReference<object>): Transaction {
    return this.add('delete', ref);
  }
}
