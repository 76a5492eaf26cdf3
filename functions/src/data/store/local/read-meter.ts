/**
 * The read meter: how many documents the engine read, billed as Firestore
 * bills them (a document fetched is one read, a query one read per document
 * returned and at least one, a count one per thousand), by collection kind
 * (`single_classes/{}/seats`) and by the process's function
 * (FUNCTION_TARGET: `api`, a trigger's name; `local` elsewhere). Every
 * process keeps its tally in memory and adds it to the SQLite file about
 * once a second, so a benchmark can read what the stack's workers read.
 */

export interface ReadTotal {
  /** Collection kind: the collection path with document ids as `{}`. */
  readonly kind: string;
  /** The function whose process read (FUNCTION_TARGET), or `local`. */
  readonly source: string;
  readonly reads: number;
}

export interface ReadMeter {
  /** Reads recorded in [since, until), largest first. Recent reads may still be in their process's tally (see FLUSH_INTERVAL_MS). */
  totals(query?: { since?: Date; until?: Date }): Promise<ReadTotal[]>;
}

/** How often a process adds its tally to the file; a reader wanting every read waits a bit longer than this. */
export const READ_FLUSH_INTERVAL_MS = 1000;

/** `single_classes/12/seats/3` or `single_classes/12/seats` → `single_classes/{}/seats`. */
export function collectionKindOf(segments: readonly string[]): string {
  const collectionSegments = segments.length % 2 === 0 ? segments.slice(0, -1) : segments;
  return collectionSegments.map((segment, i) => (i % 2 === 1 ? '{}' : segment)).join('/');
}

/** Reads billed for a query that returned `documents` (Firestore: one per document, at least one). */
export const queryReads = (documents: number) => Math.max(1, documents);

/** Reads billed for a count() over `documents` (Firestore: one per 1,000 index entries, at least one). */
export const countReads = (documents: number) => Math.max(1, Math.ceil(documents / 1000));

/** A process's reads not yet added to the file, by kind, per wall-clock second. */
export class ReadTally {
  private pending = new Map<string, { kind: string; second: number; reads: number }>();

  add(kind: string, reads: number, now = Date.now()): void {
    const second = Math.floor(now / 1000);
    const key = `${second} ${kind}`;
    const entry = this.pending.get(key);
    if (entry) entry.reads += reads;
    else this.pending.set(key, { kind, second, reads });
  }

  get size(): number {
    return this.pending.size;
  }

  /** Hands over what is pending and starts a new tally. */
  take(): Array<{ kind: string; second: number; reads: number }> {
    const out = [...this.pending.values()];
    this.pending = new Map();
    return out;
  }
}

/** Minimal view of a SQLite connection (node:sqlite's DatabaseSync). */
interface Connection {
  prepare(sql: string): { all(...params: (string | number)[]): unknown[] };
}

export class SqliteReadMeter implements ReadMeter {
  private readonly withReader: <R>(work: (db: Connection) => R) => Promise<R>;

  constructor(withReader: <R>(work: (db: Connection) => R) => Promise<R>) {
    this.withReader = withReader;
  }

  totals(query: { since?: Date; until?: Date } = {}): Promise<ReadTotal[]> {
    const from = query.since === undefined ? 0 : Math.floor(query.since.getTime() / 1000);
    const to = query.until === undefined ? Number.MAX_SAFE_INTEGER : Math.ceil(query.until.getTime() / 1000);
    return this.withReader(
      (db) =>
        db
          .prepare(
            `SELECT kind, source, SUM(reads) AS reads FROM doc_reads WHERE second >= ? AND second < ?
             GROUP BY kind, source ORDER BY reads DESC, kind, source`,
          )
          .all(from, to) as ReadTotal[],
    );
  }
}
