import { EventEmitter } from 'node:events';
import type * as sqlite from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { StoreError } from '../types';

type SqliteModule = typeof sqlite;

let sqliteModule: SqliteModule | undefined;

/**
 * Loads node:sqlite on first use, synchronously, through
 * process.getBuiltinModule. Nothing imports it at module load, so a deployed
 * bundle that never opens the local store never loads it (it is experimental,
 * and flag-gated on older Node 22 minors). Only SQLite's ExperimentalWarning is
 * swallowed; every other warning passes through.
 */
export function loadSqlite(): SqliteModule {
  if (sqliteModule !== undefined) return sqliteModule;
  const original = process.emitWarning;
  const filtered = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]): void {
    const first = rest[0];
    const type = typeof first === 'string' ? first : (first as { type?: string } | undefined)?.type;
    const message = typeof warning === 'string' ? warning : warning.message;
    if (type === 'ExperimentalWarning' && /sqlite/i.test(message)) return;
    (original as (...args: unknown[]) => void).call(this, warning, ...rest);
  };
  process.emitWarning = filtered;
  try {
    sqliteModule = process.getBuiltinModule('node:sqlite');
  } finally {
    process.emitWarning = original;
  }
  return sqliteModule;
}

/** SQLITE_BUSY (5) and SQLITE_LOCKED (6), including their extended codes. */
export function isBusyError(error: unknown): boolean {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  if (typeof code !== 'number') return false;
  const primary = code & 0xff;
  return primary === 5 || primary === 6;
}

/**
 * The lock stayed with another connection for the whole wait: nothing was
 * done, so the caller may try again (runTransaction and plain commits do,
 * as Firestore's SDKs retry ABORTED; local-store.ts).
 */
export class LockWaitExpired extends StoreError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('aborted', message, options);
  }
}

/**
 * Retries a synchronous SQLite call that may hit a lock held by another
 * connection (another process, usually). busy_timeout stays 0 because
 * SQLite's own busy handler sleeps inside the call and would block the event
 * loop; here the waiting happens in timers with jitter. Past the deadline it
 * throws LockWaitExpired.
 */
export async function retryWhileBusy<R>(what: string, deadlineMs: number, attempt: () => R): Promise<R> {
  const deadline = Date.now() + deadlineMs;
  let delay = 1;
  for (;;) {
    try {
      return attempt();
    } catch (error) {
      if (!isBusyError(error)) throw error;
      if (Date.now() >= deadline) {
        throw new LockWaitExpired(
          `${what}: the database stayed locked by another connection for ${deadlineMs} ms. A transaction elsewhere is probably doing slow work inside its callback.`,
          { cause: error },
        );
      }
    }
    await sleep(delay / 2 + Math.random() * delay);
    delay = Math.min(delay * 2, 4);
  }
}

/** FIFO async mutex: one holder at a time, waiters served in arrival order. */
export class AsyncMutex {
  private tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.tail;
    this.tail = previous.then(() => next);
    return previous.then(() => {
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
      };
    });
  }
}

/**
 * Per-file state shared by every store opened on the same file in this
 * process: one mutex (so two store objects in one process queue up instead
 * of spinning on SQLite's lock) and a commit signal for in-process
 * dispatchers.
 */
export interface SharedFileState {
  readonly mutex: AsyncMutex;
  readonly commits: EventEmitter;
}

const sharedByFile = new Map<string, SharedFileState>();

export function sharedFileState(file: string): SharedFileState {
  let state = sharedByFile.get(file);
  if (state === undefined) {
    const commits = new EventEmitter();
    commits.setMaxListeners(0);
    state = { mutex: new AsyncMutex(), commits };
    sharedByFile.set(file, state);
  }
  return state;
}

export type DatabaseSync = sqlite.DatabaseSync;
export type StatementSync = sqlite.StatementSync;

/**
 * The rows a SELECT returns, as the caller's row type. node:sqlite types every
 * row as a record of SQL values; the statement's column list is what makes it
 * `R`, which the compiler cannot see (any SQL result is unchecked this way).
 */
export function selectRows<R extends object>(statement: { all(...params: sqlite.SQLInputValue[]): unknown[] }, ...params: sqlite.SQLInputValue[]): R[] {
  return statement.all(...params) as R[];
}
