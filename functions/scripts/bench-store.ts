/**
 * Throughput of the embedded SQLite document store.
 *
 *   npm exec -- tsx functions/scripts/bench-store.ts [--runs 5] [--transactions 2000]
 *
 * Reports the median of `runs` runs for: read-modify-write transactions on
 * distinct documents and on one hot document, in one process and split over
 * two processes; and 100 concurrent bookings racing for a 10-spot class.
 * Every run uses a fresh database in os.tmpdir(), removed afterwards.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openLocalStore } from '../src/data/store/local/local-store';
import { FieldValue } from '../src/data/store/types';
import type { DocumentStore } from '../src/data/store/types';

type Workload = 'distinct' | 'hot';

interface WorkerArgs {
  file: string;
  workload: Workload;
  transactions: number;
  concurrency: number;
  prefix: string;
}

const CONCURRENCY = 8;

/** `transactions` read-modify-write transactions, `concurrency` in flight at a time. */
async function readModifyWrite(store: DocumentStore, workload: Workload, transactions: number, concurrency: number, prefix: string): Promise<void> {
  let next = 0;
  async function lane(): Promise<void> {
    while (next < transactions) {
      const i = next++;
      const ref = store.doc(workload === 'hot' ? 'bench/hot' : `bench/${prefix}-${i}`);
      await store.runTransaction(async (tx) => {
        const snapshot = await tx.get(ref);
        const count = (snapshot.get('count') as number | undefined) ?? 0;
        tx.set(ref, { count: count + 1, by: prefix });
      });
    }
  }
  await Promise.all(Array.from({ length: concurrency }, lane));
}

async function book(store: DocumentStore, classPath: string, attempts: number, prefix: string): Promise<number> {
  const outcomes = await Promise.all(
    Array.from({ length: attempts }, (_, i) =>
      store.runTransaction(async (tx) => {
        const classRef = store.doc(classPath);
        const { booked, capacity } = (await tx.get(classRef)).data() as { booked: number; capacity: number };
        if (booked >= capacity) return false;
        tx.update(classRef, { booked: FieldValue.increment(1) });
        tx.create(store.doc(`${classPath}/reservations/${prefix}-${i}`), { at: FieldValue.serverTimestamp() });
        return true;
      }),
    ),
  );
  return outcomes.filter(Boolean).length;
}

// ---- worker process ---------------------------------------------------------

async function worker(args: WorkerArgs & { task: 'rmw' | 'book'; classPath?: string }): Promise<void> {
  const store = openLocalStore({ path: args.file });
  await store.collection('warmup').limit(1).get();
  const lines = createInterface({ input: process.stdin });
  const go = new Promise<void>((resolve) => lines.once('line', () => resolve()));
  process.stdout.write('ready\n');
  await go;
  let booked = 0;
  if (args.task === 'rmw') await readModifyWrite(store, args.workload, args.transactions, args.concurrency, args.prefix);
  else booked = await book(store, args.classPath as string, args.transactions, args.prefix);
  await store.close();
  process.stdout.write(`${JSON.stringify({ booked })}\n`);
  lines.close();
}

// ---- driver -----------------------------------------------------------------

const self = fileURLToPath(import.meta.url);

interface Child {
  send(): void;
  result: Promise<{ booked: number }>;
  ready: Promise<void>;
}

function startChild(args: object): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', self, '--worker', JSON.stringify(args)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  let onReady!: () => void;
  let onResult!: (value: { booked: number }) => void;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const result = new Promise<{ booked: number }>((resolve, reject) => {
    onResult = resolve;
    child.once('exit', (code) => code !== 0 && reject(new Error(`bench worker exited with ${code}`)));
  });
  lines.on('line', (line) => (line === 'ready' ? onReady() : onResult(JSON.parse(line) as { booked: number })));
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

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Transactions per second for one run. */
async function rmwRun(workload: Workload, processes: number, transactions: number): Promise<number> {
  const { file, cleanup } = freshFile();
  try {
    if (processes === 1) {
      const store = openLocalStore({ path: file });
      await store.collection('warmup').limit(1).get();
      const ms = await timed(() => readModifyWrite(store, workload, transactions, CONCURRENCY, 'p0'));
      await store.close();
      return transactions / (ms / 1000);
    }
    const share = transactions / processes;
    const children = Array.from({ length: processes }, (_, i) =>
      startChild({ task: 'rmw', file, workload, transactions: share, concurrency: CONCURRENCY, prefix: `p${i}` }),
    );
    await Promise.all(children.map((c) => c.ready));
    const ms = await timed(async () => {
      children.forEach((c) => c.send());
      await Promise.all(children.map((c) => c.result));
    });
    return transactions / (ms / 1000);
  } finally {
    cleanup();
  }
}

/** Successful bookings and milliseconds for 100 attempts on a 10-spot class. */
async function bookingRun(processes: number): Promise<{ booked: number; ms: number }> {
  const { file, cleanup } = freshFile();
  const classPath = 'studios/s1/classes/yoga';
  try {
    const store = openLocalStore({ path: file });
    await store.doc(classPath).set({ capacity: 10, booked: 0 });
    if (processes === 1) {
      let booked = 0;
      const ms = await timed(async () => {
        booked = await book(store, classPath, 100, 'p0');
      });
      await store.close();
      return { booked, ms };
    }
    await store.close();
    const children = Array.from({ length: processes }, (_, i) =>
      startChild({ task: 'book', file, classPath, transactions: 100 / processes, prefix: `p${i}` }),
    );
    await Promise.all(children.map((c) => c.ready));
    let booked = 0;
    const ms = await timed(async () => {
      children.forEach((c) => c.send());
      booked = (await Promise.all(children.map((c) => c.result))).reduce((sum, r) => sum + r.booked, 0);
    });
    return { booked, ms };
  } finally {
    cleanup();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '5' }, transactions: { type: 'string', default: '2000' }, worker: { type: 'string' } },
  });
  if (values.worker !== undefined) {
    await worker(JSON.parse(values.worker) as WorkerArgs & { task: 'rmw' | 'book' });
    return;
  }
  const runs = Number(values.runs);
  const transactions = Number(values.transactions);
  console.log(`Local document store benchmark — Node ${process.version}, median of ${runs} runs, ${transactions} transactions per run, ${CONCURRENCY} in flight per process`);
  for (const processes of [1, 2]) {
    for (const workload of ['distinct', 'hot'] as const) {
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) samples.push(await rmwRun(workload, processes, transactions));
      const label = `read-modify-write, ${workload === 'hot' ? 'one hot document' : 'distinct documents'}, ${processes} process${processes > 1 ? 'es' : ''}`;
      console.log(`${label.padEnd(62)} ${Math.round(median(samples)).toString().padStart(6)} tx/s   (runs: ${samples.map((s) => Math.round(s)).join(', ')})`);
    }
  }
  for (const processes of [1, 2]) {
    const samples: { booked: number; ms: number }[] = [];
    for (let i = 0; i < runs; i++) samples.push(await bookingRun(processes));
    const booked = samples.map((s) => s.booked);
    const label = `100 bookings on a 10-spot class, ${processes} process${processes > 1 ? 'es' : ''}`;
    console.log(`${label.padEnd(62)} booked ${booked.join('/')}   median ${median(samples.map((s) => s.ms)).toFixed(1)} ms`);
    if (booked.some((b) => b !== 10)) process.exitCode = 1;
  }
}

await main();
