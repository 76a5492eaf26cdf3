/**
 * Cold start (docs/operations.md): loading the functions' entry module must
 * not make our code load an SDK; each is loaded by its first use. Checked in
 * a fresh `node --import tsx` process (a process that already loaded them,
 * like this one, cannot tell), through a module.registerHooks resolve hook,
 * which sees `import` and `require` alike and names the importer of each.
 *
 * firebase-functions itself imports firebase-admin/app, /auth, /app-check
 * and /firestore at load (its v2 https and firestore providers); the
 * definitions in src/index.ts need those entry points, so those packages are
 * allowed to be loaded, only not by a module of ours.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const src = path.join(root, 'functions', 'src');

/** Packages only some requests or jobs need; `firebase-admin/x` is firebase-admin's lib/x. */
const HEAVY = [
  'firebase-admin/app',
  'firebase-admin/firestore',
  '@google-cloud/firestore',
  'firebase-admin/auth',
  'firebase-admin/app-check',
  'firebase-admin/storage',
  '@google-cloud/storage',
  'stripe',
  'busboy',
];
/** Loaded by nothing at all until first used (firebase-functions does not import them either). */
const NEVER_AT_LOAD = ['firebase-admin/storage', '@google-cloud/storage', 'stripe', 'busboy'];

interface Probe {
  /** Heavy packages loaded, whoever loaded them. */
  loaded: string[];
  /** Heavy packages entered from a module of ours (functions/src, shared/), with that module. */
  fromOurs: { pkg: string; importer: string }[];
  /** What the first-use checks returned. */
  firstUse?: Record<string, unknown>;
}

// Run with `node --import tsx --input-type=module -e`; PROBE_MODE says what to do after importing the entry module.
const CHILD = String.raw`
import module from 'node:module';
import { pathToFileURL } from 'node:url';

const HEAVY = JSON.parse(process.env.PROBE_HEAVY);
if (typeof module.registerHooks !== 'function') throw new Error('module.registerHooks is missing: Node >= 22.15 is needed');
const { packageOf } = await import(process.env.PROBE_PACKAGE_OF);
const loaded = new Set();
const fromOurs = [];
module.registerHooks({
  resolve(specifier, context, next) {
    const result = next(specifier, context);
    if (!result.url.startsWith('file:')) return result;
    const pkg = packageOf(decodeURIComponent(new URL(result.url).pathname));
    if (!HEAVY.includes(pkg)) return result;
    loaded.add(pkg);
    const importer = context.parentURL ? decodeURIComponent(new URL(context.parentURL).pathname) : '';
    // Ours: the functions' and the shared workspace's sources (not this probe, not packages).
    const isOurs = !importer.includes('/node_modules/') && (importer.startsWith(process.env.PROBE_SRC + '/') || importer.startsWith(process.env.PROBE_SHARED + '/'));
    if (isOurs) fromOurs.push({ pkg, importer });
    return result;
  },
});
const src = (file) => import(pathToFileURL(process.env.PROBE_SRC + '/' + file).href);

await src('index.ts');
let firstUse;
if (process.env.PROBE_MODE === 'first-use') {
  // Every lazily loaded SDK, used once without a network: the emulator hosts point at a closed local port.
  const { getStore } = await src('data/store/get-store.ts');
  const { getFileStorage, lazyCloudBucket } = await src('data/files/get-file-storage.ts');
  const { createFirebaseAuthGateway } = await src('data/auth/firebase-auth-gateway.ts');
  const { createStripeGateway } = await src('data/payments/stripe-gateway.ts');
  const { readMultipartUpload } = await src('http/multipart.ts');
  const { Readable } = await import('node:stream');
  const store = getStore();
  const storage = getFileStorage();
  const auth = createFirebaseAuthGateway({ webApiKey: 'test', emulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST });
  const cards = createStripeGateway({ secretKey: 'sk_test_probe', webhookSecret: 'whsec_probe' });
  const afterFactories = [...loaded].sort();
  const boundary = 'probe';
  const body = Buffer.from('--' + boundary + '\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhola\r\n--' + boundary + '--\r\n');
  const upload = Object.assign(Readable.from([]), { headers: { 'content-type': 'multipart/form-data; boundary=' + boundary }, rawBody: body });
  const parsed = await readMultipartUpload(upload);
  const payload = JSON.stringify({ id: 'evt_probe', object: 'event', type: 'payment_intent.canceled', data: { object: { id: 'pi_probe', metadata: { purchase_id: '7' } } } });
  const stripeSdk = module.createRequire(import.meta.url)('stripe');
  const signature = stripeSdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_probe' });
  const { FieldValue } = module.createRequire(import.meta.url)('firebase-admin/firestore');
  const { toFirestoreValue } = await src('data/store/firestore/firestore-values.ts');
  firstUse = {
    afterFactories,
    storeKind: store.kind,
    docPath: store.doc('probe/one').path,
    increment: toFirestoreValue({ n: { __transform: 'increment', by: 1 } }).n instanceof FieldValue,
    cardEvent: cards.readEvent(payload, signature),
    upload: { filename: parsed.file?.filename, text: parsed.file?.bytes.toString() },
    tokenError: await auth.verifyIdToken('not-a-token').then(() => 'accepted', (error) => error.code ?? error.name),
    storage: typeof storage.save,
    // Opening a bucket and naming an object is local; reading it would not be.
    bucketFile: (({ name, bucket }) => bucket.name + '/' + name)(lazyCloudBucket().file('probe/one.txt')),
  };
}
process.stdout.write('\n@@probe ' + JSON.stringify({ loaded: [...loaded].sort(), fromOurs, firstUse }) + '\n');
process.exit(0);
`;

function probe(mode: 'entry' | 'first-use'): Probe {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PROBE_HEAVY: JSON.stringify(HEAVY),
    PROBE_PACKAGE_OF: pathToFileURL(path.join(root, 'functions', 'scripts', 'package-of.mjs')).href,
    PROBE_SRC: src,
    PROBE_SHARED: path.join(root, 'shared'),
    PROBE_MODE: mode,
  };
  for (const name of [
    'NODE_OPTIONS',
    'K_SERVICE',
    'FUNCTIONS_EMULATOR',
    'FIRESTORE_EMULATOR_HOST',
    'FIREBASE_STORAGE_EMULATOR_HOST',
    'FIREBASE_AUTH_EMULATOR_HOST',
  ]) {
    delete env[name];
  }
  if (mode === 'first-use') {
    Object.assign(env, {
      GCLOUD_PROJECT: 'demo-lazy-sdks',
      FIREBASE_CONFIG: JSON.stringify({ projectId: 'demo-lazy-sdks', storageBucket: 'demo-lazy-sdks.appspot.com' }),
      FIRESTORE_EMULATOR_HOST: '127.0.0.1:9',
      FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
    });
  }
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], { cwd: root, env, encoding: 'utf8' });
  const line = child.stdout.split('\n').find((l) => l.startsWith('@@probe '));
  if (child.status !== 0 || line === undefined) throw new Error(`probe failed (exit ${String(child.status)}):\n${child.stderr}\n${child.stdout}`);
  return JSON.parse(line.slice('@@probe '.length)) as Probe;
}

const ours = (entries: Probe['fromOurs']) => entries.map(({ pkg, importer }) => `${pkg} <- ${path.relative(root, importer)}`);

// Not a speed check: the timeout only covers transpiling the whole API in a fresh process on a slow machine.
describe('SDKs are loaded on first use', { timeout: 120_000 }, () => {
  it('loading the entry module (src/index.ts) loads no SDK from our code, and Storage, Stripe and busboy not at all', () => {
    const result = probe('entry');
    expect(ours(result.fromOurs)).toEqual([]);
    expect(result.loaded.filter((pkg) => NEVER_AT_LOAD.includes(pkg))).toEqual([]);
  });

  it('each lazily loaded SDK loads and works at its first use', () => {
    const result = probe('first-use');
    // Building the store and the gateways loads Firestore only; Storage and Stripe wait for a call.
    expect(result.firstUse?.afterFactories).not.toContain('@google-cloud/storage');
    expect(result.firstUse?.afterFactories).not.toContain('stripe');
    expect(result.firstUse).toMatchObject({
      storeKind: 'firestore',
      docPath: 'probe/one',
      increment: true,
      cardEvent: { kind: 'payment-canceled', eventId: 'evt_probe', paymentId: 'pi_probe', purchaseId: 7 },
      upload: { filename: 'a.txt', text: 'hola' },
      tokenError: 'auth/invalid-token',
      storage: 'function',
      bucketFile: 'demo-lazy-sdks.appspot.com/probe/one.txt',
    });
    // The probe sees what our code loads, so the check above is not vacuous.
    const loadedByOurs = new Set(result.fromOurs.map(({ pkg }) => pkg));
    for (const pkg of ['firebase-admin/firestore', 'firebase-admin/auth', 'firebase-admin/storage', 'stripe', 'busboy']) expect(loadedByOurs).toContain(pkg);
    expect(result.fromOurs.every(({ importer }) => importer === path.join(src, 'data', 'lazy-module.ts'))).toBe(true);
  });
});
