/**
 * The hot-document meter: per document, how often it is written and how often
 * transactions fail on it. Firestore sustains about one write per second per
 * document; a document that a rush writes many times a second is a hot spot
 * (its transactions queue, retry and abort). The engine records every
 * committed write and every conflict in the SQLite file, bucketed by second,
 * so a benchmark or a test in one process can meter writes made by another
 * (the API in the local stack).
 */

export interface DocumentHeat {
  /** Full document path, e.g. `single_classes/12`. */
  readonly path: string;
  /** Committed writes to the document within the interval. */
  readonly writes: number;
  /** The most committed writes within one wall-clock second of the interval. */
  readonly peakWritesPerSecond: number;
  /** Transaction attempts that had read this document and found it changed at commit (each was retried or aborted). */
  readonly conflicts: number;
  /** Transactions that gave up with `aborted` after their last attempt conflicted on this document. */
  readonly aborts: number;
}

export interface HeatQuery {
  /** Start of the interval (inclusive). Default: the beginning of the record. */
  readonly since?: Date;
  /** End of the interval (exclusive). Default: now. */
  readonly until?: Date;
  /** At most this many documents, hottest first. Default 10. */
  readonly limit?: number;
  /** Only documents whose path starts with this prefix (e.g. `customers/`). */
  readonly pathPrefix?: string;
}

export interface HotDocumentMeter {
  /**
   * The hottest documents of the interval: ordered by peak writes per second,
   * then conflicts, then aborts, then path.
   */
  hottest(query?: HeatQuery): Promise<DocumentHeat[]>;
}

/** How long the meter keeps its per-second rows. */
export const HEAT_RETENTION_MS = 24 * 60 * 60 * 1000;

interface HeatRow {
  path: string;
  writes: number;
  peak: number;
  conflicts: number;
  aborts: number;
}

/** Minimal view of a SQLite connection (node:sqlite's DatabaseSync). */
interface Connection {
  prepare(sql: string): { all(...params: (string | number)[]): unknown[] };
}

/**
 * Reads the `doc_heat` table that the local store fills in its commits
 * (one row per document and wall-clock second). Intervals are rounded out
 * to whole seconds.
 */
export class SqliteHeatMeter implements HotDocumentMeter {
  private readonly withReader: <R>(work: (db: Connection) => R) => Promise<R>;

  constructor(withReader: <R>(work: (db: Connection) => R) => Promise<R>) {
    this.withReader = withReader;
  }

  hottest(query: HeatQuery = {}): Promise<DocumentHeat[]> {
    const from = query.since === undefined ? 0 : Math.floor(query.since.getTime() / 1000);
    const to = Math.ceil((query.until ?? new Date()).getTime() / 1000) + (query.until === undefined ? 1 : 0);
    const limit = query.limit ?? 10;
    const prefix = query.pathPrefix ?? '';
    return this.withReader((db) => {
      const rows = db
        .prepare(
          `SELECT path, SUM(writes) AS writes, MAX(writes) AS peak, SUM(conflicts) AS conflicts, SUM(aborts) AS aborts
           FROM doc_heat WHERE second >= ? AND second < ? AND substr(path, 1, length(?)) = ?
           GROUP BY path ORDER BY peak DESC, conflicts DESC, aborts DESC, path LIMIT ?`,
        )
        .all(from, to, prefix, prefix, limit) as HeatRow[];
      return rows.map((row) => ({
        path: row.path,
        writes: row.writes,
        peakWritesPerSecond: row.peak,
        conflicts: row.conflicts,
        aborts: row.aborts,
      }));
    });
  }
}

/** One line per document, for benchmarks and test logs. */
export function formatHeat(heat: readonly DocumentHeat[]): string {
  if (heat.length === 0) return '  (no writes)';
  return heat
    .map(
      (h) =>
        `  ${h.path.padEnd(48)} peak ${String(h.peakWritesPerSecond).padStart(5)}/s  writes ${String(h.writes).padStart(6)}  conflicts ${String(h.conflicts).padStart(5)}  aborts ${String(h.aborts).padStart(4)}`,
    )
    .join('\n');
}
