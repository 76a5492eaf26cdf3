/**
 * Throughput and contention of the embedded SQLite document store.
 *
 *   npm run bench -- [--runs 3] [--transactions 2000] [--hot 300]
 *
 * Reports medians of `runs` runs (each on a fresh database in os.tmpdir()):
 * - read-modify-write transactions on distinct documents and on one hot
 *   document, in 1, 2 and 4 processes (tx/s, attempts per transaction, aborts);
 * - bursts of 50, 100 and 200 concurrent writers of one document, with no
 *   simulated latency and with a 10 or 25 ms round trip per read and commit: abort
 *   rate, attempts, and the hot-document meter's line for the document;
 * - 100 claimants for a 10-spot class as one counter document and as ten spot
 *   documents, in 1 and 2 processes;
 * - lock fairness: 4 processes × 100 transactions, when each finished.
 * Transactions use the Firestore SDK's retry backoff (1 s, ×1.5, ±50 %), so
 * a hot document shows its real cost: retries wait seconds.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatHeat } from '../src/data/store/local/hot-document-meter';
import { openLocalStore } from '../src/data/store/local/local-store';
import type { DocumentStore } from '../src/data/store/types';
import { StoreError } from '../src/data/store/types';
import { claimWithCounter, claimWithSpots } from '../test/contract/fixtures/claims';

type Workload = 'distinct' | 'hot';

interface Tally {
  committed: number;
  aborted: number;
  attempts: number;
  /** ms from "go" until this process finished. */
  ms: number;
  claimed?: number;
}

const CONCURRENCY = 8;

/** `transactions` read-modify-write transactions, `concurrency` in flight at a time. */
async function readModifyWrite(store: DocumentStore, workload: Workload, transactions: number, concurrency: number, prefix: string): Promise<Tally> {
  const started = performance.now();
  const tally: Tally = { committed: 0, aborted: 0, attempts: 0, ms: 0 };
  let next = 0;
  async function lane(): Promise<void> {
    while (next < transactions) {
      const i = next++;
      const ref = store.doc(workload === 'hot' ? 'bench/hot' : `bench/${prefix}-${i}`);
      try {
        await store.runTransaction(async (tx) => {
          tally.attempts++;
          const snapshot = await tx.get(ref);
          const count = (snapshot.get('count') as number | undefined) ?? 0;
          tx.set(ref, { count: count + 1, by: prefix });
        });
        tally.committed++;
      } catch (error) {
        if (!(error instanceof StoreError && error.code === 'aborted')) throw error;
        tally.aborted++;
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, lane));
  tally.ms = performance.now() - started;
  return tally;
}

/** `writers` transactions started at once, each incrementing one document. */
async function burst(store: DocumentStore, writers: number): Promise<Tally> {
  const started = performance.now();
  const tally: Tally = { committed: 0, aborted: 0, attempts: 0, ms: 0 };
  const ref = store.doc('bench/burst');
  await Promise.all(
    Array.from({ length: writers }, async () => {
      try {
        await store.runTransaction(async (tx) => {
          tally.attempts++;
          const n = ((await tx.get(ref)).get('n') as number | undefined) ?? 0;
          tx.set(ref, { n: n + 1 });
        });
        tally.committed++;
      } catch (error) {
        if (!(error instanceof StoreError && error.code === 'aborted')) throw error;
        tally.aborted++;
      }
    }),
  );
  tally.ms = performance.now() - started;
  return tally;
}

// ---- worker process ---------------------------------------------------------

interface WorkerArgs {
  task: 'rmw' | 'counter' | 'spots';
  file: string;
  workload?: Workload;
  transactions: number;
  concurrency?: number;
  prefix: string;
  classPath?: string;
}

async function worker(args: WorkerArgs): Promise<void> {
  const store = openLocalStore({ path: args.file });
  await store.collection('warmup').limit(1).get();
  const lines = createInterface({ input: process.stdin });
  const go = new Promise<void>((resolve) => lines.once('line', () => resolve()));
  process.stdout.write('ready\n');
  await go;
  let result: Tally;
  if (args.task === 'rmw') {
    result = await readModifyWrite(store, args.workload as Workload, args.transactions, args.concurrency ?? CONCURRENCY, args.prefix);
  } else {
    const started = performance.now();
    const report =
      args.task === 'counter'
        ? await claimWithCounter(store, args.classPath as string, args.transactions, args.prefix)
        : await claimWithSpots(store, args.classPath as string, 10, args.transactions, args.prefix);
    result = {
      committed: report.claimed + report.full,
      aborted: report.aborted,
      attempts: report.attempts,
      claimed: report.claimed,
      ms: performance.now() - started,
    };
  }
  await store.close();
  process.stdout.write(`${JSON.stringify(result)}\n`);
  lines.close();
}

// ---- driver -----------------------------------------------------------------

const self = fileURLToPath(import.meta.url);

interface Child {
  send(): void;
  result: Promise<Tally>;
  ready: Promise<void>;
}

function startChild(args: WorkerArgs): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', self, '--worker', JSON.stringify(args)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  let onReady!: () => void;
  let onResult!: (value: Tally) => void;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const result = new Promise<Tally>((resolve, reject) => {
    onResult = resolve;
    child.once('exit', (code) => code !== 0 && reject(new Error(`bench worker exited with ${code}`)));
  });
  lines.on('line', (line) => (line === 'ready' ? onReady() : onResult(JSON.parse(line) as Tally)));
  return { ready, result, send: () => child.stdin.write('go\n') };
}

function freshFile(): { file: string; cleanup(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-bench-'));
  return { file: path.join(dir, 'bench.sqlite'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Runs one task in `processes` worker processes started together; the tallies and the wall time. */
async function inProcesses(processes: number, args: (i: number) => WorkerArgs): Promise<{ tallies: Tally[]; ms: number }> {
  const children = Array.from({ length: processes }, (_, i) => startChild(args(i)));
  await Promise.all(children.map((c) => c.ready));
  const started = performance.now();
  children.forEach((c) => c.send());
  const tallies = await Promise.all(children.map((c) => c.result));
  return { tallies, ms: performance.now() - started };
}

function sum(tallies: Tally[], key: 'committed' | 'aborted' | 'attempts' | 'claimed'): number {
  return tallies.reduce((total, t) => total + (t[key] ?? 0), 0);
}

async function rmwRun(workload: Workload, processes: number, transactions: number): Promise<{ txPerSecond: number; attemptsPerTx: number; aborted: number }> {
  const { file, cleanup } = freshFile();
  try {
    let tallies: Tally[];
    let ms: number;
    if (processes === 1) {
      const store = openLocalStore({ path: file });
      await store.collection('warmup').limit(1).get();
      const tally = await readModifyWrite(store, workload, transactions, CONCURRENCY, 'p0');
      await store.close();
      tallies = [tally];
      ms = tally.ms;
    } else {
      const share = transactions / processes;
      ({ tallies, ms } = await inProcesses(processes, (i) => ({
        task: 'rmw',
        file,
        workload,
        transactions: share,
        concurrency: CONCURRENCY,
        prefix: `p${i}`,
      })));
    }
    const committed = sum(tallies, 'committed');
    return { txPerSecond: committed / (ms / 1000), attemptsPerTx: sum(tallies, 'attempts') / transactions, aborted: sum(tallies, 'aborted') };
  } finally {
    cleanup();
  }
}

async function burstRun(writers: number, latencyMs: number): Promise<Tally & { heat: string }> {
  const { file, cleanup } = freshFile();
  try {
    const store = openLocalStore({ path: file, latencyMs });
    await store.collection('warmup').limit(1).get();
    const since = new Date();
    const tally = await burst(store, writers);
    const heat = formatHeat(await store.meter.hottest({ since, limit: 1 }));
    const stored = (await store.doc('bench/burst').get()).get('n');
    if (stored !== tally.committed) throw new Error(`lost updates: ${String(stored)} stored, ${tally.committed} committed`);
    await store.close();
    return { ...tally, heat };
  } finally {
    cleanup();
  }
}

async function claimRun(
  task: 'counter' | 'spots',
  processes: number,
): Promise<{ claimed: number; aborted: number; attempts: number; ms: number; heat: string }> {
  const { file, cleanup } = freshFile();
  const classPath = 'studios/s1/classes/yoga';
  try {
    const store = openLocalStore({ path: file });
    await store.doc(classPath).set({ capacity: 10, booked: 0 });
    const since = new Date();
    const { tallies, ms } = await inProcesses(processes, (i) => ({ task, file, classPath, transactions: 100 / processes, prefix: `p${i}` }));
    const heat = formatHeat(await store.meter.hottest({ since, limit: 1 }));
    await store.close();
    return { claimed: sum(tallies, 'claimed'), aborted: sum(tallies, 'aborted'), attempts: sum(tallies, 'attempts'), ms, heat };
  } finally {
    cleanup();
  }
}

const processesLabel = (n: number) => (n === 1 ? '1 process' : `${n} processes`);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      transactions: { type: 'string', default: '2000' },
      hot: { type: 'string', default: '300' },
      worker: { type: 'string' },
    },
  });
  if (values.worker !== undefined) {
    await worker(JSON.parse(values.worker) as WorkerArgs);
    return;
  }
  const runs = Number(values.runs);
  const transactions = Number(values.transactions);
  const hotTransactions = Number(values.hot);
  console.log(
    `Local document store benchmark — Node ${process.version}, median of ${runs} runs, ${CONCURRENCY} transactions in flight per process, SDK retry backoff`,
  );

  console.log(`\nRead-modify-write (${transactions} transactions on distinct documents, ${hotTransactions} on one hot document)`);
  for (const workload of ['distinct', 'hot'] as const) {
    for (const processes of [1, 2, 4]) {
      const samples = [];
      for (let i = 0; i < runs; i++) samples.push(await rmwRun(workload, processes, workload === 'hot' ? hotTransactions : transactions));
      const label = `${workload === 'hot' ? 'one hot document' : 'distinct documents'}, ${processesLabel(processes)}`;
      console.log(
        `  ${label.padEnd(36)} ${Math.round(median(samples.map((s) => s.txPerSecond)))
          .toString()
          .padStart(
            6,
          )} tx/s   attempts/tx ${median(samples.map((s) => s.attemptsPerTx)).toFixed(2)}   aborted ${median(samples.map((s) => s.aborted))}   (runs: ${samples.map((s) => Math.round(s.txPerSecond)).join(', ')} tx/s)`,
      );
    }
  }

  console.log('\nBursts of concurrent writers of one document (maxAttempts 5)');
  for (const latencyMs of [0, 10, 25]) {
    for (const writers of [50, 100, 200]) {
      const samples = [];
      for (let i = 0; i < runs; i++) samples.push(await burstRun(writers, latencyMs));
      const rate = samples.map((s) => (100 * s.aborted) / writers);
      console.log(
        `  ${String(writers).padStart(3)} writers, ${String(latencyMs).padStart(2)} ms round trip: aborted ${median(rate).toFixed(1)} % (runs: ${rate.map((r) => r.toFixed(1)).join(', ')})   attempts/tx ${median(samples.map((s) => s.attempts / writers)).toFixed(2)}   median ${(median(samples.map((s) => s.ms)) / 1000).toFixed(1)} s`,
      );
      console.log(`  meter:${(samples[samples.length - 1] as { heat: string }).heat.trimStart().replace(/^/, ' ')}`);
    }
  }

  console.log('\n100 claimants for a 10-spot class');
  for (const task of ['counter', 'spots'] as const) {
    for (const processes of [1, 2]) {
      const samples = [];
      for (let i = 0; i < runs; i++) samples.push(await claimRun(task, processes));
      const label = `${task === 'counter' ? 'one counter document' : 'ten spot documents'}, ${processesLabel(processes)}`;
      console.log(
        `  ${label.padEnd(36)} claimed ${samples.map((s) => s.claimed).join('/')}   aborted ${samples.map((s) => s.aborted).join('/')}   attempts ${median(samples.map((s) => s.attempts))}   median ${median(samples.map((s) => s.ms)).toFixed(0)} ms`,
      );
      console.log(`  meter:${(samples[samples.length - 1] as { heat: string }).heat.trimStart().replace(/^/, ' ')}`);
      if (samples.some((s) => s.claimed !== 10)) process.exitCode = 1;
    }
  }

  console.log('\nLock fairness: 4 processes × 100 transactions on distinct documents, started together');
  for (let i = 0; i < runs; i++) {
    const { file, cleanup } = freshFile();
    try {
      const { tallies } = await inProcesses(4, (p) => ({
        task: 'rmw',
        file,
        workload: 'distinct',
        transactions: 100,
        concurrency: CONCURRENCY,
        prefix: `p${p}`,
      }));
      const finished = tallies.map((t) => t.ms).sort((a, b) => a - b);
      console.log(
        `  run ${i + 1}: finished after ${finished.map((ms) => `${ms.toFixed(0)} ms`).join(', ')} (last/first ${((finished[3] as number) / (finished[0] as number)).toFixed(2)})`,
      );
    } finally {
      cleanup();
    }
  }
}

await main();
