/**
 * A class-release rush through the HTTP API on the local stack (Hosting →
 * Functions emulator → the embedded SQLite store), ADR 0060.
 *
 *   npm run bench:booking -- [--customers 500] [--capacity 20] [--in-flight 32]
 *
 * Starts its own stack on a fresh temporary store (emulators/start.ts --db
 * … --exec, as `npm test` does; ports 5000/5001/9099 must be free), creates
 * the customers through the API (Auth emulator accounts, sign-up, one credit
 * each from the admin), one class, then every customer books it. Prints:
 * bookings per second, latency p50/p95/max over every request, answers by
 * status, conflicts and aborted transactions and the hottest documents from
 * the hot-document meter (read from the stack's SQLite file, which every
 * function worker writes to), the writes per successful booking (measured by
 * the meter) and the document reads of one booking (measured by counting the
 * store's reads while this process books once through the same code).
 *
 * Requests go out from `--in-flight` lanes: the Functions emulator starts one
 * worker process per concurrent request (see functions/test/api/rush.ts).
 */
import { parseArgs } from 'node:util';
import type { SingleClass } from '@studio/shared/schemas/single-class';
import { getStore } from '../src/data/store/get-store';
import { type DocumentHeat, formatHeat } from '../src/data/store/local/hot-document-meter';
import type { LocalDocumentStore } from '../src/data/store/local/local-store';
import type { DocumentStore } from '../src/data/store/types';
import { bookClass } from '../src/services/booking/book-class';
import { createRushClass, nextSecond, rush, rushCustomers, type SetupTimings } from '../test/api/rush';
import { api, seed, signIn } from '../test/api/support';
import { percentile, runBenchmark } from './bench-support';

const { values: args } = parseArgs({
  options: {
    customers: { type: 'string', default: '500' },
    capacity: { type: 'string', default: '20' },
    'in-flight': { type: 'string', default: '32' },
  },
});
const CUSTOMERS = Number(args.customers);
const CAPACITY = Number(args.capacity);
const IN_FLIGHT = Number(args['in-flight']);

// ---- inside the stack (API_BASE_URL and STUDIO_LOCAL_DB set by emulators/start.ts) ----

/** `single_classes/12/seats/3` → `single_classes/{}/seats/{}`: documents of one kind. */
function kindOf(docPath: string): string {
  return docPath
    .split('/')
    .map((segment, i) => (i % 2 === 1 ? '{}' : segment))
    .join('/');
}

/**
 * Document reads of one booking: by what was read (`get` by path, a query
 * inside the transaction, a plain query made during it), counted as Firestore
 * bills them (one per document, at least one per query), for the attempt that
 * finished; reads of attempts that were retried are counted apart.
 */
interface ReadTally {
  detail: Map<string, number>;
  /** Billed reads of the attempt that finished (and of the reads outside the transaction). */
  billed: number;
  /** Billed reads of earlier attempts that were retried. */
  retried: number;
  attempts: number;
}

/** Counts the reads made through this process's local store while `work` runs (nothing else uses it meanwhile). */
async function countReads<R>(store: DocumentStore, work: () => Promise<R>): Promise<{ result: R | Error; reads: ReadTally }> {
  type Counted = {
    getDocuments(refs: readonly unknown[]): Promise<unknown[]>;
    runQuerySpec(spec: unknown, checkOnly?: boolean): Promise<unknown[]>;
    runTransactionalQuery(spec: unknown): Promise<{ docs: unknown[] }>;
    runTransaction: DocumentStore['runTransaction'];
  };
  const s = store as unknown as Counted;
  const original = {
    getDocuments: s.getDocuments,
    runQuerySpec: s.runQuerySpec,
    runTransactionalQuery: s.runTransactionalQuery,
    runTransaction: s.runTransaction,
  };
  const reads: ReadTally = { detail: new Map(), billed: 0, retried: 0, attempts: 0 };
  /** The transaction whose callback is running (1 = the first this work started), or 0. */
  let inTx = 0;
  let transactions = 0;
  const note = (what: string, n: number) => {
    const key = `${inTx ? `during tx ${inTx}` : 'outside tx'} ${what}`;
    reads.detail.set(key, (reads.detail.get(key) ?? 0) + n);
    reads.billed += n;
  };
  const collectionOf = (spec: unknown) => {
    const q = spec as { parentSegments: readonly string[]; collectionId: string; allDescendants: boolean };
    const segments = q.parentSegments.at(-1) === q.collectionId && !q.allDescendants ? q.parentSegments : [...q.parentSegments, q.collectionId];
    return kindOf(segments.join('/'));
  };
  s.getDocuments = async function (refs) {
    for (const ref of refs) note(`get ${kindOf((ref as { path: string }).path)}`, 1);
    return original.getDocuments.call(s, refs);
  };
  s.runQuerySpec = async function (spec, checkOnly = false) {
    const docs = await original.runQuerySpec.call(s, spec, checkOnly);
    if (!checkOnly) note(`plain query ${collectionOf(spec)}`, Math.max(1, docs.length));
    return docs;
  };
  s.runTransactionalQuery = async function (spec) {
    const result = await original.runTransactionalQuery.call(s, spec);
    note(`tx query ${collectionOf(spec)}`, Math.max(1, result.docs.length));
    return result;
  };
  s.runTransaction = function (fn, options) {
    const id = ++transactions;
    let attempt = 0;
    return original.runTransaction.call(
      s,
      async (tx) => {
        reads.attempts++;
        if (attempt++ > 0) {
          // Retried: what the last attempt of this transaction read was spent for nothing.
          for (const [key, n] of [...reads.detail]) {
            if (!key.startsWith(`during tx ${id} `)) continue;
            reads.retried += n;
            reads.billed -= n;
            reads.detail.delete(key);
          }
        }
        inTx = id;
        try {
          return await fn(tx);
        } finally {
          inTx = 0;
        }
      },
      options,
    );
  } as DocumentStore['runTransaction'];
  try {
    return { result: await work().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))), reads };
  } finally {
    Object.assign(s, original);
  }
}

const describeReads = (r: ReadTally) =>
  `${r.billed} document reads (billed as Firestore does: one per document, at least one per query) over ${r.attempts} transaction attempt(s)${r.retried ? `, plus ${r.retried} read by attempts that were retried` : ' (none retried)'}:\n${[
    ...r.detail,
  ]
    .map(([what, n]) => `    ${what.padEnd(52)} ${n}`)
    .join('\n')}`;

async function inner(): Promise<void> {
  const store = getStore();
  const admin = (await signIn(seed.admin.email, seed.admin.password)).token;
  const setup: SetupTimings = { authMs: 0, signupMs: 0, grantMs: 0 };
  const t0 = performance.now();
  const customers = await rushCustomers(admin, CUSTOMERS, IN_FLIGHT, setup);
  const [probe] = await rushCustomers(admin, 1, 1);
  const classId = await createRushClass(admin, CAPACITY);
  const probeClassId = await createRushClass(admin, CAPACITY);
  console.log(
    `\nset-up: ${CUSTOMERS} customers with one credit in ${((performance.now() - t0) / 1000).toFixed(1)} s (Auth accounts ${(setup.authMs / 1000).toFixed(1)} s, sign-ups ${(setup.signupMs / 1000).toFixed(1)} s, grants one at a time ${(setup.grantMs / 1000).toFixed(1)} s); class ${classId}, capacity ${CAPACITY}`,
  );

  // The meter keeps per-second rows: start on a fresh second, after the set-up's writes.
  const since = await nextSecond();
  const started = performance.now();
  const answers = await rush(customers, classId, IN_FLIGHT);
  const seconds = (performance.now() - started) / 1000;

  // `booked` follows by trigger (ADR 0060); the meter window runs until it has caught up, so the trigger's writes are in it.
  const won = answers.filter((a) => a.status === 201).length;
  let booked = -1;
  let checks = 0;
  while (booked !== won) {
    const single = await api<{ single_class: SingleClass }>('GET', `/api/single_class/single/${classId}`);
    checks++;
    booked = single.body.single_class?.booked ?? -1;
    if (booked !== won) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const caughtUp = (performance.now() - started) / 1000;
  const heat: DocumentHeat[] = await (store as LocalDocumentStore).meter.hottest({ since, limit: 1_000_000 });

  const count = (test: (status: number) => boolean) => answers.filter((a) => test(a.status)).length;
  const ms = answers.map((a) => a.ms);
  const conflicts = heat.reduce((sum, h) => sum + h.conflicts, 0);
  const aborts = heat.reduce((sum, h) => sum + h.aborts, 0);
  const writes = heat.reduce((sum, h) => sum + h.writes, 0);
  const byKind = new Map<string, { docs: number; writes: number; max: number }>();
  for (const h of heat) {
    const kind = kindOf(h.path);
    const k = byKind.get(kind) ?? { docs: 0, writes: 0, max: 0 };
    byKind.set(kind, { docs: k.docs + 1, writes: k.writes + h.writes, max: Math.max(k.max, h.writes) });
  }
  const classDoc = `single_classes/${classId}`;
  // Shared: a document more than one booking can write (the class, a counter, anything not per booking).
  // Per-booking documents (seat, holder, reservation, id claim, the customer's lot and ledger entry, e-mail) are written once each.
  // Shared = a document every booking touches (the class it reads, a counter) written in the window, or one written by two bookings.
  // class_counts/{id} is the count trigger's (ADR 0060): no booking reads or writes it, and it is written about once a second.
  const countsDoc = `class_counts/${classId}`;
  const isShared = (h: DocumentHeat) => h.path === classDoc || h.path.startsWith('counters/') || (h.path !== countsDoc && h.writes > 1);
  const busiest = heat[0];

  console.log(`\n━━ booking rush: ${CUSTOMERS} customers, one ${CAPACITY}-seat class, ${IN_FLIGHT} requests in flight`);
  console.log(`answered in ${seconds.toFixed(2)} s: ${(won / seconds).toFixed(1)} successful bookings/s, ${(answers.length / seconds).toFixed(1)} answers/s`);
  console.log(
    `latency over all ${answers.length} requests: p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms`,
  );
  console.log(
    `status: 201 ${count((s) => s === 201)}, 412 ${count((s) => s === 412)}, 409 ${count((s) => s === 409)}, 503 ${count((s) => s === 503)}, other 5xx ${count((s) => s >= 500 && s !== 503)}, other ${count((s) => ![201, 409, 412].includes(s) && s < 500)}`,
  );
  const codes = new Map<string, number>();
  for (const a of answers) if (a.status !== 201) codes.set(`${a.status} ${a.code}`, (codes.get(`${a.status} ${a.code}`) ?? 0) + 1);
  console.log(`error codes: ${[...codes].map(([c, n]) => `${c} ×${n}`).join(', ') || 'none'}`);
  const fill = Math.max(...answers.filter((a) => a.status === 201).map((a) => a.endedAt - started));
  console.log(
    `the ${won} places were taken within ${(fill / 1000).toFixed(2)} s of the first request (last 201 answered): ${((won * 1000) / fill).toFixed(1)} bookings/s while seats were free`,
  );
  console.log(
    `class booked ${booked} (countReservations trigger): ${checks === 1 ? 'already at the first check after the last answer' : `after ${checks} checks 100 ms apart`}, ${caughtUp.toFixed(2)} s after the first request`,
  );
  console.log(
    `meter (${since.toISOString()} → now, every process on the store): conflicts ${conflicts}, aborted transactions ${aborts} (sum of aborts over documents)`,
  );
  console.log(
    `\nwrites, measured (meter: committed writes in the window ÷ ${won} successful bookings): ${writes} writes = ${(writes / won).toFixed(2)} per booking`,
  );
  for (const [kind, k] of [...byKind].sort((a, b) => b[1].writes - a[1].writes)) {
    console.log(
      `  ${kind.padEnd(40)} ${String(k.writes).padStart(5)} writes on ${String(k.docs).padStart(4)} docs = ${(k.writes / won).toFixed(2)}/booking, at most ${k.max} on one doc`,
    );
  }

  // What the booking transaction writes (write-reservation.ts); the rest of the window is the triggers' work after commit.
  const bookingKinds = [
    'single_classes/{}/seats/{}',
    'single_classes/{}/holders/{}',
    'class_reservations/{}',
    'class_reservation_numbers/{}',
    'available_classes/{}',
    'credit_ledger/{}',
  ];
  const bookingWrites = bookingKinds.reduce((sum, kind) => sum + (byKind.get(kind)?.writes ?? 0), 0);
  console.log(
    `  → the booking transactions: ${bookingWrites} = ${(bookingWrites / won).toFixed(2)} per booking (seat, holder, reservation, id claim, lot, ledger entry); triggers after commit: ${writes - bookingWrites} (e-mail, the class's counts)`,
  );

  // Reads: this process books once through the same code, uncontended, counting every document its store reads.
  const identity = (c: { uid: string }) => ({ uid: c.uid, email: null, emailVerified: false, admin: false });
  const deps = { store, now: () => new Date() };
  const one = await countReads(store, () => bookClass(deps, identity(probe!), { single_class_id: probeClassId }));
  const full = await countReads(store, () => bookClass(deps, identity(probe!), { single_class_id: classId }));
  const outcome = (r: unknown) => (r instanceof Error ? `${(r as Error & { code?: string }).code ?? r.message}` : 'booked');
  console.log(
    `\nreads, measured (one booking through bookClass in this process, counting the store's reads): ${outcome(one.result)}, ${describeReads(one.reads)}`,
  );
  console.log(`  a refused booking (class full, same customer): ${outcome(full.result)}, ${describeReads(full.reads)}`);
  console.log(
    "  tx 1 is the booking; a later one is the answer's (presentReservations: the check-in secret). Plain queries during tx 1 are read outside its validation:",
  );
  console.log('  class_reservation_numbers is the id-claim band (ADR 0009: the 2×64 highest numbers taken, so up to 128 documents once there are that many');
  console.log("  reservations), …/seats the class's taken seats (up to its capacity). Each retried attempt of a contended booking re-runs tx 1's reads.");

  console.log(`\nhot-document meter, top 10 (by peak writes per second):\n${formatHeat(heat.slice(0, 10))}`);
  if (busiest) console.log(`\nbusiest document: ${busiest.path} (shared: ${isShared(busiest) ? 'yes' : 'no'})`);
  const bookingOnly = heat.find((h) => h.path !== countsDoc && h.path !== classDoc);
  if (busiest && busiest.path !== bookingOnly?.path && bookingOnly) {
    console.log(
      `  (${busiest.path} is the count trigger's, read and written by no booking; busiest document a booking wrote: ${bookingOnly.path} (shared: ${isShared(bookingOnly) ? 'yes' : 'no'}))`,
    );
  }
  const sharedWrites = heat.filter(isShared);
  console.log(`shared documents written in the window: ${sharedWrites.length === 0 ? 'none' : sharedWrites.map((h) => `${h.path} ×${h.writes}`).join(', ')}`);
  await store.close();
}

runBenchmark(import.meta.url, `--customers ${CUSTOMERS} --capacity ${CAPACITY} --in-flight ${IN_FLIGHT}`, inner);
