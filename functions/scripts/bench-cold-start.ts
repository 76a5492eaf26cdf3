/**
 * Cold start of the deployed bundle (functions/lib/index.js).
 *
 *   npm run bench:cold-start -- [--runs 5] [--bundle functions/lib/other.js]
 *
 * Builds nothing: run `node build.mjs` in functions/ first. `--bundle` names
 * another build to compare (keep it in functions/lib/ so its packages resolve). Each run is a
 * fresh `node` process (process.execPath, no tsx, no NODE_OPTIONS) that
 * measures:
 * - module load: `import()` of the bundle, which is what every instance of
 *   every function pays before it can take its first event;
 * - first-request readiness: then one call of the exported `api` handler with
 *   a socketless request for an unknown /api path (a 404 that reads nothing),
 *   which builds the production deps (createRuntimeDeps with K_SERVICE set, so
 *   the Firestore store and Cloud Storage are chosen, dummy params) and the
 *   Express app exactly as the first request of an instance does.
 * One more process, not timed, lists which heavy packages were loaded after
 * each step (a module.registerHooks resolve hook, which sees both `import`
 * and `require`; a hook in the timed runs would slow every resolution).
 *
 * Nothing is contacted: the emulator host variables point the Firebase SDKs at
 * a closed loopback port (so a stray call cannot reach Google), and the
 * request never reaches a route that reads data. Prints per-run values and
 * medians; there is no pass/fail limit (docs/operations.md "Cold start").
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, bundle: { type: 'string' } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${values.runs}`);

const functionsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = values.bundle ? path.resolve(values.bundle) : path.join(functionsDir, 'lib', 'index.js');
if (!existsSync(bundle)) {
  console.error(`${bundle} is missing: build it first (cd functions && node build.mjs).`);
  process.exit(1);
}

/** Packages worth naming when they load; `firebase-admin/x` means firebase-admin's lib/x. */
const HEAVY = [
  'firebase-admin/app',
  'firebase-admin/firestore',
  '@google-cloud/firestore',
  'google-gax',
  'firebase-admin/auth',
  'firebase-admin/app-check',
  'firebase-admin/storage',
  '@google-cloud/storage',
  'stripe',
  'busboy',
  'express',
  'firebase-functions',
];

/** What the child prints, on one line after MARK. */
interface ChildResult {
  loadMs: number;
  firstRequestMs: number;
  status: number;
  loadedAfterImport?: string[];
  loadedAfterRequest?: string[];
}

const MARK = '@@bench-cold-start ';

// Plain ESM run with `node --input-type=module -e`: no TypeScript loader in the measured process.
const CHILD = String.raw`
import http from 'node:http';
import net from 'node:net';
import module from 'node:module';

const HEAVY = JSON.parse(process.env.BENCH_HEAVY);
const inventory = process.env.BENCH_INVENTORY === '1';
const seen = new Set();
const { packageOf } = await import(process.env.BENCH_PACKAGE_OF);
if (inventory) {
  // Sees import and require alike (Node >= 22.15); require.cache below is the fallback for CommonJS.
  module.registerHooks?.({
    resolve(specifier, context, next) {
      const result = next(specifier, context);
      if (result.url.startsWith('file:')) seen.add(packageOf(decodeURIComponent(new URL(result.url).pathname)));
      return result;
    },
  });
}
const loaded = () => {
  const names = new Set(seen);
  for (const key of Object.keys(module.createRequire(import.meta.url).cache)) names.add(packageOf(key.replaceAll('\\', '/')));
  return HEAVY.filter((name) => names.has(name));
};

const t0 = performance.now();
const mod = await import(process.env.BENCH_BUNDLE);
const loadMs = performance.now() - t0;
const loadedAfterImport = inventory ? loaded() : undefined;

// A request without a socket: nothing is listened on or connected to.
const req = new http.IncomingMessage(new net.Socket());
req.method = 'GET';
req.url = '/api/__bench-cold-start';
req.headers = { host: 'bench.invalid' };
req.push(null);
const res = new http.ServerResponse(req);
const t1 = performance.now();
const status = await new Promise((resolve, reject) => {
  const end = res.end;
  res.end = function (...args) {
    const out = end.apply(this, args);
    resolve(this.statusCode);
    return out;
  };
  Promise.resolve(mod.api(req, res)).catch(reject);
});
const firstRequestMs = performance.now() - t1;
const loadedAfterRequest = inventory ? loaded() : undefined;
process.stdout.write('\n' + ${JSON.stringify(MARK)} + JSON.stringify({ loadMs, firstRequestMs, status, loadedAfterImport, loadedAfterRequest }) + '\n');
process.exit(0);
`;

const CLOSED_PORT = '127.0.0.1:9';

function childEnv(inventory: boolean): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_OPTIONS;
  delete env.FUNCTIONS_EMULATOR;
  delete env.STUDIO_LOCAL_DB;
  return {
    ...env,
    BENCH_BUNDLE: pathToFileURL(bundle).href,
    BENCH_HEAVY: JSON.stringify(HEAVY),
    BENCH_PACKAGE_OF: new URL('./package-of.mjs', import.meta.url).href,
    BENCH_INVENTORY: inventory ? '1' : '0',
    // As deployed: the Cloud Run service name makes getStore()/getFileStorage() pick Firestore and Cloud Storage.
    K_SERVICE: 'api',
    FUNCTION_TARGET: 'api',
    GCLOUD_PROJECT: 'demo-bench',
    FIREBASE_CONFIG: JSON.stringify({ projectId: 'demo-bench', storageBucket: 'demo-bench.appspot.com' }),
    // Safety net: any SDK call would go to a closed local port, never to a Google host.
    FIRESTORE_EMULATOR_HOST: CLOSED_PORT,
    FIREBASE_STORAGE_EMULATOR_HOST: CLOSED_PORT,
    FIREBASE_AUTH_EMULATOR_HOST: CLOSED_PORT,
    // Dummy params and secrets (cards on, PayPal on), as firebase-functions reads them from the environment.
    WEB_API_KEY: 'bench-web-api-key',
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_WEBHOOK_SECRET: 'whsec_bench',
    PAYPAL_CLIENT_ID: 'bench',
    PAYPAL_CLIENT_SECRET: 'bench',
    PAYPAL_WEBHOOK_ID: 'bench',
  };
}

function runChild(inventory: boolean): ChildResult {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD], { cwd: functionsDir, env: childEnv(inventory), encoding: 'utf8' });
  const line = child.stdout.split('\n').find((l) => l.startsWith(MARK));
  if (child.status !== 0 || line === undefined) {
    throw new Error(`bench child failed (exit ${String(child.status)}):\n${child.stderr}\n${child.stdout}`);
  }
  return JSON.parse(line.slice(MARK.length)) as ChildResult;
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

console.log(`Cold start of ${path.relative(process.cwd(), bundle)} on Node ${process.versions.node}, ${runs} fresh processes\n`);
const results: ChildResult[] = [];
for (let i = 0; i < runs; i++) {
  const result = runChild(false);
  results.push(result);
  console.log(
    `run ${i + 1}: module load ${ms(result.loadMs)}, first request ${ms(result.firstRequestMs)} (HTTP ${result.status}), total ${ms(result.loadMs + result.firstRequestMs)}`,
  );
}
const load = median(results.map((r) => r.loadMs));
const first = median(results.map((r) => r.firstRequestMs));
const total = median(results.map((r) => r.loadMs + r.firstRequestMs));
console.log(`\nmedian: module load ${ms(load)}, first request ${ms(first)}, total ${ms(total)}`);
console.log(`first request / module load: ${(first / load).toFixed(2)}`);

const inventory = runChild(true);
console.log(`\nloaded after import:        ${inventory.loadedAfterImport?.join(', ') || '(none of the listed)'}`);
const added = inventory.loadedAfterRequest?.filter((name) => !inventory.loadedAfterImport?.includes(name)) ?? [];
console.log(`added by the first request: ${added.join(', ') || '(none of the listed)'}`);
const notLoaded = HEAVY.filter((name) => !inventory.loadedAfterRequest?.includes(name));
console.log(`still not loaded:           ${notLoaded.join(', ') || '(none)'}`);
