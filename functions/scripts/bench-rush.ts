/**
 * The whole class-release rush on the local stack: a benchmark, not a test.
 *
 *   npm run bench:rush -- [--visitors 1000] [--signed-in 500] [--seconds 60] [--capacity 20] [--waitlist 0.5] [--origin-in-flight 32]
 *
 * Starts its own stack on a fresh temporary store (emulators/start.ts --db …
 * --exec, as `npm test` does; ports 5000/5001/9099 must be free), creates the
 * signed-in customers (Auth emulator accounts, sign-up, one credit each) and
 * one class, warms the API (as the instances kept warm for an announced
 * release would be, ADR 0103), then lets `--visitors` visitors arrive evenly
 * over `--seconds`. Each visitor does what the SPA does (the reads were taken
 * from web/src: lib/app-config, features/landing, pages, announcements,
 * lib/schedule-api, features/booking/calendar-api, lib/session):
 *
 * - the landing: index.html, then /api/appconfig, /api/class_packages,
 *   /api/class_types, /api/instructors/home/all, /api/announcements, /api/pages;
 * - the schedule: the class's week (/api/single_class?start_date&end_date),
 *   /api/locations, /api/instructors;
 * - the class: /api/single_class/single/{id}.
 *
 * `--signed-in` of them carry their ID token where the SPA does (not on the
 * shared reads: @studio/shared/config/shared-reads, the rule the SPA's API
 * client applies), read /api/customer and /api/available_classes too, book
 * the class (POST /api/class_reservations) and, refused because it is full,
 * join its waitlist with probability `--waitlist`, then read the class again.
 *
 * Between the visitors and Hosting sits a model of Hosting's CDN: it keeps
 * a 200 answer to a request without Authorization for the `s-maxage` the
 * answer names (and nothing else), and it lets at most `--origin-in-flight`
 * requests reach Hosting at once (the Functions emulator starts a worker
 * process per concurrent request; see functions/test/api/rush.ts). It does
 * not merge concurrent misses, so its hit rate is a floor. What reaches the
 * function under /api is a function invocation.
 *
 * Prints per route p50/p95/max (as the visitor saw it, CDN hits included),
 * errors, CDN hits, function invocations per visitor, document reads per
 * visitor (the engine's read meter, every process of the stack: the API and
 * the triggers, billed as Firestore bills them) and the hot-document meter.
 * Every request goes to 127.0.0.1; the run ends when the last visitor is done.
 */
import { parseArgs } from 'node:util';
import { isSharedRead } from '@studio/shared/config/shared-reads';
import type { SingleClass } from '@studio/shared/schemas/single-class';
import { getStore } from '../src/data/store/get-store';
import { type DocumentHeat, formatHeat } from '../src/data/store/local/hot-document-meter';
import type { LocalDocumentStore } from '../src/data/store/local/local-store';
import { READ_FLUSH_INTERVAL_MS } from '../src/data/store/local/read-meter';
import { createRushClass, nextSecond, type RushCustomer, rushCustomers } from '../test/api/rush';
import { api, BASE_URL, seed, signIn } from '../test/api/support';
import { percentile, runBenchmark } from './bench-support';

const { values: args } = parseArgs({
  options: {
    visitors: { type: 'string', default: '1000' },
    'signed-in': { type: 'string', default: '500' },
    seconds: { type: 'string', default: '60' },
    capacity: { type: 'string', default: '20' },
    waitlist: { type: 'string', default: '0.5' },
    'origin-in-flight': { type: 'string', default: '32' },
  },
});
const VISITORS = Number(args.visitors);
const SIGNED_IN = Math.min(VISITORS, Number(args['signed-in']));
const SECONDS = Number(args.seconds);
const CAPACITY = Number(args.capacity);
const WAITLIST_SHARE = Number(args.waitlist);
const ORIGIN_IN_FLIGHT = Number(args['origin-in-flight']);

// ---- inside the stack (API_BASE_URL and STUDIO_LOCAL_DB set by emulators/start.ts) ----

/** A small seeded generator, so two runs make the same visitors. */
function mulberry32(seedValue: number): () => number {
  let a = seedValue;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** At most `limit` holders at once; the rest wait in arrival order. */
class Semaphore {
  private free: number;
  private readonly waiting: Array<() => void> = [];
  constructor(limit: number) {
    this.free = limit;
  }
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

interface Sample {
  route: string;
  status: number;
  ms: number;
  cdnHit: boolean;
  invocation: boolean;
  /** Sent with a token: never answered by the CDN. */
  signed: boolean;
}

/**
 * Hosting's CDN as the rules it documents: a 200 answer with `public` and
 * `s-maxage=N` to a request without Authorization is served for N seconds to
 * the next requests for the same URL without Authorization.
 */
class CdnModel {
  private readonly kept = new Map<string, { until: number; status: number; body: string }>();
  private readonly origin = new Semaphore(ORIGIN_IN_FLIGHT);
  readonly samples: Sample[] = [];

  async request(route: string, method: string, urlPath: string, options: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: unknown }> {
    const started = performance.now();
    const cacheable = method === 'GET' && options.token === undefined;
    const hit = cacheable ? this.kept.get(urlPath) : undefined;
    if (hit && hit.until > Date.now()) {
      this.samples.push({ route, status: hit.status, ms: performance.now() - started, cdnHit: true, invocation: false, signed: false });
      return { status: hit.status, body: JSON.parse(hit.body) as unknown };
    }
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let status = 0;
    let text = '';
    try {
      const answer = await this.origin.run(async () => {
        const response = await fetch(`${BASE_URL}${urlPath}`, {
          method,
          headers,
          ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        });
        return { response, text: await response.text() };
      });
      status = answer.response.status;
      text = answer.text;
      const maxAge = /(?:^|,)\s*s-maxage=(\d+)/.exec(answer.response.headers.get('cache-control') ?? '')?.[1];
      if (cacheable && status === 200 && maxAge && /\bpublic\b/.test(answer.response.headers.get('cache-control') ?? '')) {
        this.kept.set(urlPath, { until: Date.now() + Number(maxAge) * 1000, status, body: text });
      }
    } catch {
      // The connection failed: status stays 0, an error for the visitor.
    }
    this.samples.push({
      route,
      status,
      ms: performance.now() - started,
      cdnHit: false,
      invocation: urlPath.startsWith('/api/'),
      signed: options.token !== undefined,
    });
    let body: unknown = text;
    try {
      body = text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text;
    } catch {
      // not JSON (index.html)
    }
    return { status, body };
  }
}

interface Visitor {
  arrivesAtMs: number;
  customer: RushCustomer | null;
  joinsWaitlist: boolean;
  thinkMs: [number, number];
}

/** Statuses a route may answer without it being an error (a full class refuses a booking; a waitlist may refuse a second place). */
const EXPECTED: Record<string, readonly number[]> = {
  'POST /api/class_reservations': [201, 412, 409],
  'POST /api/waitlist': [201, 409, 412],
};

async function visit(cdn: CdnModel, v: Visitor, classId: number, week: { start: string; end: string }, bookings: number[]): Promise<void> {
  const token = v.customer?.token;
  // As web/src/lib/api-client.ts: a customer's shared reads go without the token.
  const get = (route: string, urlPath: string) => cdn.request(route, 'GET', urlPath, token && !isSharedRead(urlPath.replace(/^\/api/, '')) ? { token } : {});
  // The landing: the document, then its islands' reads in parallel (as the SPA starts them).
  await cdn.request('GET / (index.html)', 'GET', '/');
  const landing = [
    get('GET /api/appconfig', '/api/appconfig'),
    get('GET /api/class_packages', '/api/class_packages'),
    get('GET /api/class_types', '/api/class_types'),
    get('GET /api/instructors/home/all', '/api/instructors/home/all'),
    get('GET /api/announcements', '/api/announcements'),
    get('GET /api/pages', '/api/pages'),
  ];
  if (token) landing.push(get('GET /api/customer', '/api/customer'));
  await Promise.all(landing);
  await sleep(v.thinkMs[0]);
  // The schedule: the class's week and the filters' lists.
  const schedule = [
    get('GET /api/single_class (week)', `/api/single_class?start_date=${week.start}&end_date=${week.end}`),
    get('GET /api/locations', '/api/locations'),
    get('GET /api/instructors', '/api/instructors'),
  ];
  if (token) schedule.push(get('GET /api/available_classes', '/api/available_classes'));
  await Promise.all(schedule);
  await sleep(v.thinkMs[1]);
  await get('GET /api/single_class/single/{id}', `/api/single_class/single/${classId}`);
  if (!v.customer) return;
  const booked = await cdn.request('POST /api/class_reservations', 'POST', '/api/class_reservations', { token, body: { single_class_id: classId } });
  bookings.push(booked.status);
  if (booked.status === 412 && v.joinsWaitlist) {
    await cdn.request('POST /api/waitlist', 'POST', '/api/waitlist', { token, body: { single_class_id: classId } });
  }
  await get('GET /api/single_class/single/{id}', `/api/single_class/single/${classId}`);
}

async function inner(): Promise<void> {
  const store = getStore() as LocalDocumentStore;
  const admin = (await signIn(seed.admin.email, seed.admin.password)).token;
  const t0 = performance.now();
  const customers = await rushCustomers(admin, SIGNED_IN, ORIGIN_IN_FLIGHT);
  const classId = await createRushClass(admin, CAPACITY);
  const created = await api<{ single_class: SingleClass }>('GET', `/api/single_class/single/${classId}`);
  const day = created.body.single_class.date;
  const end = new Date(`${day}T12:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 6);
  const week = { start: day, end: end.toISOString().slice(0, 10) };
  console.log(
    `\nset-up: ${SIGNED_IN} customers with one credit, class ${classId} (${CAPACITY} seats, week ${week.start}…${week.end}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // Warm instances (ADR 0103): as many workers as the origin lets run at once, each having answered once.
  await Promise.all(Array.from({ length: ORIGIN_IN_FLIGHT }, () => api('GET', '/api/single_class/single/' + classId, { token: admin })));

  const random = mulberry32(20261124);
  const signedInAt = new Set<number>();
  // Signed-in visitors spread evenly among the others.
  for (let i = 0; i < SIGNED_IN; i++) signedInAt.add(Math.floor((i * VISITORS) / SIGNED_IN));
  let nextCustomer = 0;
  const visitors: Visitor[] = Array.from({ length: VISITORS }, (_, i) => ({
    arrivesAtMs: (i * SECONDS * 1000) / VISITORS,
    customer: signedInAt.has(i) ? (customers[nextCustomer++] as RushCustomer) : null,
    joinsWaitlist: random() < WAITLIST_SHARE,
    thinkMs: [500 + random() * 1500, 500 + random() * 1500],
  }));

  const cdn = new CdnModel();
  const bookings: number[] = [];
  const since = await nextSecond();
  const started = performance.now();
  await Promise.all(
    visitors.map(async (v) => {
      await sleep(v.arrivesAtMs);
      await visit(cdn, v, classId, week, bookings);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // Every process adds its read tally to the file within READ_FLUSH_INTERVAL_MS; the count trigger follows the bookings.
  await sleep(READ_FLUSH_INTERVAL_MS * 3);
  const [heat, reads] = await Promise.all([store.meter.hottest({ since, limit: 1_000_000 }), store.reads.totals({ since })]);

  const samples = cdn.samples;
  const routes = [...new Set(samples.map((s) => s.route))];
  const isError = (s: Sample) => s.status === 0 || s.status >= 500 || (s.status >= 400 && !(EXPECTED[s.route] ?? []).includes(s.status));
  console.log(
    `\n━━ class-release rush: ${VISITORS} visitors over ${SECONDS} s (${SIGNED_IN} signed in), one ${CAPACITY}-seat class; done in ${seconds.toFixed(1)} s`,
  );
  console.log(`CDN model: Hosting's rules (public + s-maxage, no Authorization); at most ${ORIGIN_IN_FLIGHT} requests reach Hosting at once\n`);
  const header = `${'route'.padEnd(36)} ${'requests'.padStart(8)} ${'CDN hits'.padStart(8)} ${'invoc.'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'errors'.padStart(6)}  statuses`;
  console.log(header);
  for (const route of routes) {
    const of = samples.filter((s) => s.route === route);
    const ms = of.map((s) => s.ms);
    const statuses = new Map<number, number>();
    for (const s of of) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
    console.log(
      `${route.padEnd(36)} ${String(of.length).padStart(8)} ${String(of.filter((s) => s.cdnHit).length).padStart(8)} ${String(of.filter((s) => s.invocation).length).padStart(7)} ${percentile(ms, 50).toFixed(0).padStart(7)} ${percentile(ms, 95).toFixed(0).padStart(7)} ${Math.max(
        ...ms,
      )
        .toFixed(0)
        .padStart(7)} ${String(of.filter(isError).length).padStart(6)}  ${[...statuses].map(([st, n]) => `${st}×${n}`).join(' ')}`,
    );
  }
  const all = samples.map((s) => s.ms);
  const invocations = samples.filter((s) => s.invocation).length;
  console.log(
    `${'all'.padEnd(36)} ${String(samples.length).padStart(8)} ${String(samples.filter((s) => s.cdnHit).length).padStart(8)} ${String(invocations).padStart(7)} ${percentile(all, 50).toFixed(0).padStart(7)} ${percentile(all, 95).toFixed(0).padStart(7)} ${Math.max(
      ...all,
    )
      .toFixed(0)
      .padStart(7)} ${String(samples.filter(isError).length).padStart(6)}`,
  );

  const won = bookings.filter((s) => s === 201).length;
  const full = bookings.filter((s) => s === 412).length;
  const waitlisted = samples.filter((s) => s.route === 'POST /api/waitlist' && s.status === 201).length;
  console.log(`\nbookings: ${won} × 201, ${full} × 412 class full, ${bookings.filter((s) => s === 503).length} × 503; waitlist joins: ${waitlisted}`);
  const invoked = (test: (s: Sample) => boolean) => samples.filter((s) => s.invocation && test(s)).length;
  console.log(
    `function invocations: ${invocations} = ${(invocations / VISITORS).toFixed(2)} per visitor: ${invoked((s) => s.route.startsWith('GET') && !s.signed)} anonymous reads the CDN did not have, ${invoked((s) => s.route.startsWith('GET') && s.signed)} signed-in reads (personal), ${invoked((s) => !s.route.startsWith('GET'))} writes`,
  );

  const totalReads = reads.reduce((sum, r) => sum + r.reads, 0);
  const bySource = new Map<string, number>();
  // Processes without FUNCTION_TARGET: the stack's own, which runs the triggers and scheduled jobs locally.
  const sourceName = (source: string) => (source === 'local' ? 'triggers and jobs' : source);
  for (const r of reads) bySource.set(sourceName(r.source), (bySource.get(sourceName(r.source)) ?? 0) + r.reads);
  console.log(
    `document reads (read meter, every process, billed as Firestore does): ${totalReads.toLocaleString()} = ${(totalReads / VISITORS).toFixed(1)} per visitor; by function: ${[
      ...bySource,
    ]
      .sort((a, b) => b[1] - a[1])
      .map(([source, n]) => `${source} ${n.toLocaleString()}`)
      .join(', ')}`,
  );
  console.log('  most read collections:');
  for (const r of reads.slice(0, 10)) console.log(`    ${`${r.kind} (${sourceName(r.source)})`.padEnd(52)} ${String(r.reads).padStart(8)}`);

  const classDoc = `single_classes/${classId}`;
  const countsDoc = `class_counts/${classId}`;
  const isShared = (h: DocumentHeat) =>
    h.path === classDoc || h.path.startsWith('counters/') || (h.path !== countsDoc && h.writes > 1 && !h.path.startsWith('rate_limits/'));
  const conflicts = heat.reduce((sum, h) => sum + h.conflicts, 0);
  const aborts = heat.reduce((sum, h) => sum + h.aborts, 0);
  console.log(
    `\nhot-document meter (${since.toISOString()} → end): conflicts ${conflicts}, aborted transactions ${aborts}; top 10 by peak writes per second:\n${formatHeat(heat.slice(0, 10))}`,
  );
  const shared = heat.filter(isShared);
  console.log(
    `shared documents written more than once (the class, counters, any document two requests wrote; the count trigger's class_counts excepted): ${shared.length === 0 ? 'none' : shared.map((h) => `${h.path} ×${h.writes} (peak ${h.peakWritesPerSecond}/s)`).join(', ')}`,
  );
  await store.close();
}

runBenchmark(
  import.meta.url,
  `--visitors ${VISITORS} --signed-in ${SIGNED_IN} --seconds ${SECONDS} --capacity ${CAPACITY} --waitlist ${WAITLIST_SHARE} --origin-in-flight ${ORIGIN_IN_FLIGHT}`,
  inner,
);
