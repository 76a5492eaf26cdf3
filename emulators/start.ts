/**
 * The local stack: Firebase's Auth, Functions and Hosting emulators (no Java
 * needed) with the API on the embedded SQLite document store, the seed, and
 * the trigger dispatcher. `npm start` runs it; `npm test` runs it with --exec.
 *
 *   node --import tsx emulators/start.ts [--db PATH] [--fresh] [--clock ISO|now] [--exec "command"]
 *
 * Without --exec (npm start), a freshly seeded store also gets 90 days of
 * history (emulators/seed/history.ts; STUDIO_DEMO_HISTORY=off|on).
 *
 * --clock runs the whole stack on a clock that starts at the given time and
 * moves only when told (emulators/stack-control.ts, for npm run sim:year).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { messages } from '@studio/shared/messages';
import { clockFile, clockOffset, setClock, systemNow } from '../functions/src/data/clock/system-clock';
import type { FailedEvent } from '../functions/src/data/store/local/local-outbox';
import type { TriggerDispatcher } from '../functions/src/data/store/local/trigger-dispatcher';
import { MAX_URL_LENGTH } from '../functions/src/http/url';
import type { ScheduledJobsRunner } from '../functions/src/scheduled/run-scheduled-jobs';
import { type ExecCommand, execCommand } from './exec-command';
import { type FakeClock, offsetClock } from './fake-clock';
import type { MailViewer } from './mail-viewer';
import type { FakePayPal } from './paypal-fake/fake-paypal';
import type { StackControl } from './stack-control';
import { emulatorEnvironment, READY_DEADLINE_MS } from './stack-env';
import type { FakeStripe } from './stripe-fake/fake-stripe';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    db: { type: 'string' },
    fresh: { type: 'boolean', default: false },
    exec: { type: 'string' },
    clock: { type: 'string' },
  },
});

export const PROJECT_ID = 'demo-studio';
export const HOSTING_URL = 'http://127.0.0.1:5000';
const AUTH_HOST = '127.0.0.1:9099';
/** The local mail viewer's port (emulators/mail-viewer.ts); any free one when taken. */
const MAIL_VIEWER_PORT = 5050;
/** The stack's controls (clock, kill -9 of the API) with --clock: emulators/stack-control.ts. */
export const STACK_CONTROL_PORT = 5052;
/** The Stripe fake's port (emulators/stripe-fake), fixed so the API and the browser can be told where it is before it starts. */
export const STRIPE_FAKE_PORT = 12111;
/** The PayPal fake's port (emulators/paypal-fake). */
export const PAYPAL_FAKE_PORT = 12112;
/** The PayPal fake's credentials: not secrets (they open nothing but the fake). */
const FAKE_PAYPAL = { clientId: 'paypal-local-studio', clientSecret: 'paypal-local-secret', webhookId: 'WH-LOCAL-STUDIO' };
/** Test keys of the fake: not secrets (they open nothing but the fake). */
const FAKE_STRIPE_KEYS = { secretKey: 'sk_test_local_studio', publishableKey: 'pk_test_local_studio', webhookSecret: 'whsec_local_studio' };

const localDir = path.join(root, '.local');
const dbPath = path.resolve(args.db ?? path.join(localDir, 'studio.sqlite'));
// Uploaded files' bytes, beside the store that holds their metadata, so one --db means one consistent set.
const filesDir = path.join(path.dirname(dbPath), `${path.basename(dbPath, path.extname(dbPath))}.files`);
const authExportDir = path.join(localDir, 'auth-export');
const persistent = args.exec === undefined;
/**
 * The demo studio's 90 days of history (emulators/seed/history.ts) are written
 * into a freshly seeded store by the interactive stack only: the test stacks
 * (--exec) count what they find and must start fast, and --clock runs keep
 * their own time. STUDIO_DEMO_HISTORY=off skips it; =on forces it.
 */
const writesHistory = process.env.STUDIO_DEMO_HISTORY === 'on' || (process.env.STUDIO_DEMO_HISTORY !== 'off' && persistent && args.clock === undefined);
const emulatorLogPath = `${dbPath}.emulators.log`;
const clockPath = `${dbPath}.clock`;

if (args.fresh) {
  for (const suffix of ['', '-wal', '-shm', '.clock']) rmSync(dbPath + suffix, { force: true });
  rmSync(filesDir, { recursive: true, force: true });
  if (persistent) rmSync(authExportDir, { recursive: true, force: true });
}
mkdirSync(path.dirname(dbPath), { recursive: true });
mkdirSync(localDir, { recursive: true });

// Everything below (seed, dispatcher, the function workers) finds the store through these.
Object.assign(process.env, {
  STUDIO_LOCAL_DB: dbPath,
  STUDIO_LOCAL_FILES: filesDir,
  STUDIO_FIRESTORE_INDEXES: path.join(root, 'firestore.indexes.json'),
  FIREBASE_AUTH_EMULATOR_HOST: AUTH_HOST,
  GCLOUD_PROJECT: PROJECT_ID,
  // The site absolute URLs name while the studio's config has no public `domain` (functions/src/services/site-origin.ts).
  STUDIO_SITE_ORIGIN: HOSTING_URL,
  // Time for the functions' code to load on a busy machine (emulators/stack-env.ts).
  ...emulatorEnvironment(process.env),
  PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
});
delete process.env.FIRESTORE_EMULATOR_HOST;
if (args.clock !== undefined) {
  const start = args.clock === 'now' ? Date.now() : Date.parse(args.clock);
  if (!Number.isFinite(start)) throw new Error(`--clock: not a time: ${args.clock}`);
  setClock(clockPath, start);
  process.env.STUDIO_CLOCK_FILE = clockPath;
} else {
  delete process.env.STUDIO_CLOCK_FILE;
}

/** Real Stripe keys in functions/.secret.local (the emulator reads that file) mean real Stripe test mode; otherwise the fake runs. */
function hasRealKey(name: string): boolean {
  const file = path.join(root, 'functions', '.secret.local');
  if (!existsSync(file)) return false;
  return new RegExp(`^${name}=\\S+`, 'm').test(readFileSync(file, 'utf8'));
}

function log(message: string) {
  console.log(`[stack] ${message}`);
}

function startEmulators(): ChildProcess {
  if (!existsSync(path.join(root, 'functions', 'lib', 'index.js')) || !existsSync(path.join(root, 'web', 'dist', 'index.html'))) {
    throw new Error('Build first: npm run build (functions/lib and web/dist are missing).');
  }
  const firebaseBin = path.join(root, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
  // Every HTTP server of the emulators answers a URL it cannot read (a malformed %-escape, too long) as the API does, instead of
  // letting the Hosting emulator throw and take the whole stack down (emulators/url-guard.mjs).
  const urlGuard = pathToFileURL(path.join(root, 'emulators', 'url-guard.mjs')).href;
  const guardSettings = {
    maxUrlLength: MAX_URL_LENGTH,
    malformed: { code: 'http/malformed-url', message: messages.http.malformedUrl },
    tooLong: { code: 'http/uri-too-long', message: messages.http.uriTooLong },
    headersTooLarge: { code: 'http/headers-too-large', message: messages.http.payloadTooLarge },
  };
  const cliArgs = ['--import', urlGuard, firebaseBin, 'emulators:start', '--only', 'auth,functions,hosting', '--project', PROJECT_ID];
  if (persistent) {
    if (existsSync(path.join(authExportDir, 'firebase-export-metadata.json'))) cliArgs.push('--import', authExportDir);
    cliArgs.push('--export-on-exit', authExportDir);
  }
  const env = { ...process.env, STACK_URL_GUARD: JSON.stringify(guardSettings) };
  const child = spawn(process.execPath, cliArgs, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  // Interactive runs show the emulators' log; test runs keep it in a file and
  // print it only when something fails, so test output stays readable.
  const logFile = persistent ? null : createWriteStream(emulatorLogPath);
  const relay = (stream: NodeJS.ReadableStream, target: NodeJS.WriteStream) =>
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        if (logFile) logFile.write(`${line}\n`);
        else target.write(`[firebase] ${line}\n`);
      }
    });
  relay(child.stdout!, process.stdout);
  relay(child.stderr!, process.stderr);
  return child;
}

async function waitFor(url: string, what: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_DEADLINE_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The emulators exited (code ${child.exitCode}) before ${what} was ready.`);
    if (Date.now() > deadline) throw new Error(`${what} was not ready after ${READY_DEADLINE_MS / 1000} s (${url}).`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function stopEmulators(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // SIGINT lets firebase-tools export the Auth data before it exits.
  process.kill(-child.pid, 'SIGINT');
  const timer = setTimeout(() => child.pid !== undefined && child.exitCode === null && process.kill(-child.pid, 'SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Every fixed port a stack listens on: firebase.json's emulators, the hub and
 * logging ones firebase-tools adds, and ours (the mail viewer, the controls,
 * the fakes). All are waited for: one still held by a stack that is stopping
 * would otherwise fail this one minutes in, when it opens that port.
 */
const STACK_PORTS = [5000, 5001, 9099, 4400, 4500, MAIL_VIEWER_PORT, STACK_CONTROL_PORT, STRIPE_FAKE_PORT, PAYPAL_FAKE_PORT];

async function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * On a shared machine another stack (a test run, a simulation) may hold the
 * fixed ports for a while: a run under --exec waits for them, saying so,
 * instead of failing; `npm start` fails at once (someone is at the keyboard).
 */
const PORTS_WAIT_MS = 60 * 60_000;

async function untilPortsFree(): Promise<void> {
  const deadline = Date.now() + (persistent ? 0 : PORTS_WAIT_MS);
  let said = false;
  for (;;) {
    const busy = (await Promise.all(STACK_PORTS.map(async (port) => ((await portInUse(port)) ? port : null)))).filter((p) => p !== null);
    if (busy.length === 0) return;
    if (Date.now() >= deadline) {
      throw new Error(`Ports ${busy.join(', ')} are taken: another local stack (or a leftover emulator) is running. Stop it first.`);
    }
    if (!said) log(`ports ${busy.join(', ')} are taken by another local stack: waiting for it to stop (up to ${PORTS_WAIT_MS / 60_000} min)…`);
    said = true;
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
}

async function main(): Promise<number> {
  const started = Date.now();
  await untilPortsFree();
  log(`database: ${path.relative(root, dbPath)}`);
  // One time for both fakes: POST /_control/clock on either moves it (each bills its own subscriptions). With the stack's
  // clock file (STUDIO_CLOCK_FILE, functions/src/data/clock/system-clock.ts) that time is the API's too: the fakes read and move the file.
  const stackClock = clockFile();
  const fakeClock: FakeClock = stackClock ? { now: () => Date.now() + clockOffset(stackClock), set: (ms) => setClock(stackClock, ms) } : offsetClock();
  let fakeStripe: FakeStripe | undefined;
  if (!hasRealKey('STRIPE_SECRET_KEY')) {
    if (await portInUse(STRIPE_FAKE_PORT)) throw new Error(`Port ${STRIPE_FAKE_PORT} (the Stripe fake) is taken. Stop what uses it first.`);
    const { startFakeStripe } = await import('./stripe-fake/fake-stripe');
    fakeStripe = await startFakeStripe({ port: STRIPE_FAKE_PORT, ...FAKE_STRIPE_KEYS, webhookUrl: `${HOSTING_URL}/api/webhooks/stripe`, clock: fakeClock });
    // The function workers inherit this environment: the API talks to the fake with its keys (functions/src/index.ts params).
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEYS.secretKey,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_KEYS.webhookSecret,
      STRIPE_API_BASE: fakeStripe.url,
    });
  }
  let fakePayPal: FakePayPal | undefined;
  if (!hasRealKey('PAYPAL_CLIENT_ID')) {
    if (await portInUse(PAYPAL_FAKE_PORT)) throw new Error(`Port ${PAYPAL_FAKE_PORT} (the PayPal fake) is taken. Stop what uses it first.`);
    const { startFakePayPal } = await import('./paypal-fake/fake-paypal');
    fakePayPal = await startFakePayPal({ port: PAYPAL_FAKE_PORT, ...FAKE_PAYPAL, webhookUrl: `${HOSTING_URL}/api/webhooks/paypal`, clock: fakeClock });
    Object.assign(process.env, {
      PAYPAL_CLIENT_ID: FAKE_PAYPAL.clientId,
      PAYPAL_CLIENT_SECRET: FAKE_PAYPAL.clientSecret,
      PAYPAL_WEBHOOK_ID: FAKE_PAYPAL.webhookId,
      PAYPAL_API_BASE: fakePayPal.url,
    });
  }
  const child = startEmulators();
  let stopping = false;
  const { getStore } = await import('../functions/src/data/store/get-store');
  const { startTriggerDispatcher } = await import('../functions/src/data/store/local/trigger-dispatcher');
  const { documentTriggers } = await import('../functions/src/triggers/registry');
  const { scheduledJobs } = await import('../functions/src/scheduled/registry');
  const { runScheduledJobs } = await import('../functions/src/scheduled/run-scheduled-jobs');
  const { ensureSeedUsers, loadSeedData } = await import('./seed/load-seed');
  const { startMailViewer } = await import('./mail-viewer');
  let dispatcher: TriggerDispatcher | undefined;
  let scheduler: ScheduledJobsRunner | undefined;
  let mailViewer: MailViewer | undefined;
  let control: StackControl | undefined;

  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    log('stopping…');
    await control?.close();
    await scheduler?.stop();
    await mailViewer?.close();
    await fakeStripe?.close();
    await fakePayPal?.close();
    await dispatcher?.stop();
    await stopEmulators(child);
    await getStore().close();
  };
  // The --exec command goes first: it must not outlive its stack (exec-command.ts).
  const running: { command?: ExecCommand } = {};
  process.on('SIGINT', () => {
    running.command?.stop('SIGINT');
    void shutdown().then(() => process.exit(130));
  });
  process.on('SIGTERM', () => {
    running.command?.stop('SIGTERM');
    void shutdown().then(() => process.exit(143));
  });

  try {
    await waitFor(`http://${AUTH_HOST}/`, 'Auth', child);
    await ensureSeedUsers();
    const seeded = await loadSeedData(getStore());
    log(seeded ? 'demo studio seeded' : 'demo studio already present');
    if (seeded && writesHistory) {
      // Before the dispatcher starts: a new store's triggers begin at 'now', so the history sends no e-mail (ADR 0120).
      const { seedHistory } = await import('./seed/history');
      log('writing 90 days of the demo studio’s history…');
      const history = await seedHistory(getStore(), systemNow());
      log(
        `demo history: ${history.customers} customers, ${history.bookings} bookings in ${history.classes} past classes (${history.occupancy} % full), ` +
          `${Object.values(history.purchases).reduce((a, b) => a + b, 0)} purchases and ${history.renewals} subscription renewals, ` +
          `${history.dashboardDays} dashboard days, in ${(history.ms / 1000).toFixed(1)} s`,
      );
    }
    if (fakeStripe) await useFakeStripeKey(FAKE_STRIPE_KEYS.publishableKey);
    if (fakePayPal) await enablePayPalUnlessSet();
    dispatcher = startTriggerDispatcher(getStore(), documentTriggers, { pollMs: 200 });
    // The dispatcher logs it if re-queueing fails; delivery goes on either way.
    reportEarlierFailures(await dispatcher.requeued.catch(() => []));
    // Scheduled jobs run as deployed, on their period; once now, to catch up on what fell due while the stack was down.
    scheduler = runScheduledJobs(scheduledJobs);
    void scheduler.runAll();
    await waitFor(`${HOSTING_URL}/api/appconfig`, 'the API', child);
    mailViewer = await startMailViewer(getStore(), MAIL_VIEWER_PORT);
    if (args.clock !== undefined && child.pid !== undefined) {
      const { startStackControl } = await import('./stack-control');
      control = await startStackControl({
        port: STACK_CONTROL_PORT,
        now: () => Date.now() + clockOffset(clockPath),
        setClock: (at) => setClock(clockPath, at),
        emulatorPid: child.pid,
        fakeUrls: [
          ...(fakeStripe ? [{ name: 'stripe' as const, url: fakeStripe.url }] : []),
          ...(fakePayPal ? [{ name: 'paypal' as const, url: fakePayPal.url }] : []),
        ],
        dispatcher: () => dispatcher,
        scheduler: () => scheduler,
      });
    }
  } catch (error) {
    await shutdown();
    printEmulatorLogTail();
    throw error;
  }

  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s → ${HOSTING_URL}`);
  // Nothing delivers e-mail locally (no Trigger Email extension): the app's mail/ documents are read here.
  log(`e-mails the app wrote (mail/) → ${mailViewer?.url}`);
  if (fakeStripe) log(`payments go to the Stripe fake (no real keys in functions/.secret.local) → ${fakeStripe.url}/_control/events`);
  if (fakePayPal) log(`PayPal goes to its fake → ${fakePayPal.url}/_control/events`);
  if (control) log(`the stack runs on its own clock, now ${new Date(Date.now() + clockOffset(clockPath)).toISOString()} → ${control.url}/clock`);
  if (args.exec === undefined) {
    log('Ctrl-C to stop (data stays in .local/).');
    await new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await shutdown();
    return child.exitCode ?? 0;
  }

  const command = execCommand(args.exec, {
    cwd: root,
    env: {
      ...process.env,
      API_BASE_URL: HOSTING_URL,
      ...(control ? { STACK_CONTROL_URL: control.url } : {}),
      ...(fakeStripe ? { STRIPE_FAKE_URL: fakeStripe.url, STRIPE_FAKE_PUBLISHABLE_KEY: FAKE_STRIPE_KEYS.publishableKey } : {}),
      // Tests read PayPal's side of a payment (plans, subscriptions) with the REST app's credentials, as our server does.
      ...(fakePayPal
        ? { PAYPAL_FAKE_URL: fakePayPal.url, PAYPAL_FAKE_CLIENT_ID: FAKE_PAYPAL.clientId, PAYPAL_FAKE_CLIENT_SECRET: FAKE_PAYPAL.clientSecret }
        : {}),
    },
  });
  running.command = command;
  const code = await command.exited;
  await shutdown();
  if (code !== 0) printEmulatorLogTail();
  return code;
}

/** The browser needs the publishable key (config stripe_public): the fake's, unless the studio's config already has one. */
async function useFakeStripeKey(publishableKey: string): Promise<void> {
  const { getStore } = await import('../functions/src/data/store/get-store');
  const ref = getStore().doc('app_config/main');
  const values = ((await ref.get()).get('values') ?? {}) as Record<string, unknown>;
  if (typeof values.stripe_public === 'string' && values.stripe_public !== '') return;
  await ref.set({ values: { stripe_public: publishableKey } }, { merge: true });
}

/** The local studio sells through the PayPal fake unless its config already says whether it takes PayPal. */
async function enablePayPalUnlessSet(): Promise<void> {
  const { getStore } = await import('../functions/src/data/store/get-store');
  const ref = getStore().doc('app_config/main');
  const values = ((await ref.get()).get('values') ?? {}) as Record<string, unknown>;
  if (typeof values.paypal_enabled === 'boolean') return;
  await ref.set({ values: { paypal_enabled: true } }, { merge: true });
}

/**
 * Trigger events that failed in an earlier run (dead letters, or retries still
 * waiting when it stopped) are retried on every start; say so, so a handler
 * that keeps failing is noticed. Failures while running are logged by the
 * dispatcher ([triggers] lines).
 */
function reportEarlierFailures(events: readonly FailedEvent[]): void {
  if (events.length === 0) return;
  const count = events.length === 1 ? '1 trigger event' : `${events.length} trigger events`;
  console.warn(
    `[stack] ${count} failed earlier and ${events.length === 1 ? 'is' : 'are'} being retried (see "Failed trigger events" in docs/local-stack/README.md):`,
  );
  const shown = 10;
  for (const event of events.slice(0, shown)) {
    const state = event.deadAt ? `gave up after ${event.attempts} attempts` : `${event.attempts} failed attempts`;
    const error = event.lastError.split('\n')[0] ?? '';
    console.warn(`[stack]   ${event.trigger} ${event.path} (event ${event.eventId}, ${state}): ${error}`);
  }
  if (events.length > shown) console.warn(`[stack]   … and ${events.length - shown} more (table trigger_retries in ${path.relative(root, dbPath)}).`);
}

function printEmulatorLogTail() {
  if (persistent || !existsSync(emulatorLogPath)) return;
  const lines = readFileSync(emulatorLogPath, 'utf8').trimEnd().split('\n');
  console.error(`\n[stack] last emulator log lines (${emulatorLogPath}):\n${lines.slice(-80).join('\n')}`);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
