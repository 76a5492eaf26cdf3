/**
 * firestore.rules and storage.rules against the official emulators (ADR 0003):
 * no client — signed out, a customer, or one with the `admin` claim — reads,
 * lists, writes or deletes anything. The emulators are Java programs (Java
 * 21) that cannot run on every machine, so each block runs only where its
 * emulator is reachable, as the contract suite's Firestore block does; CI's
 * emulator step runs both. rules-coverage.test.ts (unit) checks the same
 * rules statically everywhere.
 */
import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import path from 'node:path';
import { assertFails, initializeTestEnvironment, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { readSources, sampleDocument, scanCollections } from './rules-scan';
import { STORAGE_KEYS } from './rules-targets';

const root = path.resolve(import.meta.dirname, '../../..');
// The project the CI emulator step starts (--project demo-studio; firebase.json runs in single-project mode).
const PROJECT_ID = 'demo-studio';

/** host:port from an emulator variable when something answers there; otherwise why not. */
async function reachable(variable: string): Promise<{ host: string; port: number } | string> {
  const value = process.env[variable];
  if (!value) return `${variable} not set`;
  const [host, port] = [value.slice(0, value.lastIndexOf(':')), Number(value.slice(value.lastIndexOf(':') + 1))];
  const open = await new Promise<boolean>((resolve) => {
    const socket = createConnection({ host, port, timeout: 2_000 });
    const settle = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket
      .once('connect', () => settle(true))
      .once('error', () => settle(false))
      .once('timeout', () => settle(false));
  });
  return open ? { host, port } : `nothing answers at ${variable}=${value}`;
}

const firestore = await reachable('FIRESTORE_EMULATOR_HOST');
const storage = await reachable('FIREBASE_STORAGE_EMULATOR_HOST');
const skipped = [typeof firestore === 'string' ? `Firestore (${firestore})` : null, typeof storage === 'string' ? `Storage (${storage})` : null].filter(
  Boolean,
);
if (skipped.length > 0) {
  console.log(`rules tests not run for ${skipped.join(' and ')}: no official emulator reachable (needs Java 21); CI's emulator step runs them`);
}

const clients: Array<[string, (env: RulesTestEnvironment) => RulesTestContext]> = [
  ['signed out', (env) => env.unauthenticatedContext()],
  ['a signed-in customer', (env) => env.authenticatedContext('customer-uid')],
  ['a client with the admin claim', (env) => env.authenticatedContext('admin-uid', { admin: true })],
];

describe.runIf(typeof firestore !== 'string')('firestore.rules (emulator)', () => {
  let env: RulesTestEnvironment;
  const collections = [...scanCollections(readSources(path.join(root, 'functions/src'))).keys()];

  beforeAll(async () => {
    if (typeof firestore === 'string') return;
    env = await initializeTestEnvironment({
      projectId: PROJECT_ID,
      firestore: { ...firestore, rules: readFileSync(path.join(root, 'firestore.rules'), 'utf8') },
    });
    // Documents exist, so a denial is the rules' answer and not "nothing there".
    await env.withSecurityRulesDisabled(async (admin) => {
      await Promise.all(collections.map((collection) => admin.firestore().doc(sampleDocument(collection)).set({ owner: 'customer-uid' })));
    });
  });
  afterAll(async () => {
    await env?.cleanup();
  });

  describe.each(clients)('%s', (_, client) => {
    it.each(collections)('%s: get, list, collection-group query, create, update and delete are denied', async (collection) => {
      const db = client(env).firestore();
      const document = sampleDocument(collection);
      await assertFails(db.doc(document).get());
      await assertFails(db.collection(collection.replaceAll('{}', 'sample-parent')).get());
      await assertFails(db.collectionGroup(collection.split('/').at(-1) ?? collection).get());
      await assertFails(db.doc(`${document}-new`).set({ owner: 'customer-uid' }));
      await assertFails(db.doc(document).update({ owner: 'someone-else' }));
      await assertFails(db.doc(document).delete());
    });
  });
});

describe.runIf(typeof storage !== 'string')('storage.rules (emulator)', () => {
  let env: RulesTestEnvironment;

  beforeAll(async () => {
    if (typeof storage === 'string') return;
    env = await initializeTestEnvironment({ projectId: PROJECT_ID, storage: { ...storage, rules: readFileSync(path.join(root, 'storage.rules'), 'utf8') } });
    await env.withSecurityRulesDisabled(async (admin) => {
      await Promise.all(
        STORAGE_KEYS.map((key) =>
          admin
            .storage()
            .ref(key)
            .put(new Uint8Array([1, 2, 3])),
        ),
      );
    });
  });
  afterAll(async () => {
    await env?.cleanup();
  });

  describe.each(clients)('%s', (_, client) => {
    it.each(STORAGE_KEYS)('%s: download, metadata, list, upload and delete are denied', async (key) => {
      const bucket = client(env).storage();
      await assertFails(bucket.ref(key).getDownloadURL());
      await assertFails(bucket.ref(key).getMetadata());
      await assertFails(bucket.ref(key.slice(0, key.lastIndexOf('/'))).listAll());
      // put() returns an UploadTask, a thenable: Promise.resolve gives assertFails the promise it takes.
      await assertFails(Promise.resolve(bucket.ref(`${key}.new`).put(new Uint8Array([1]))));
      await assertFails(bucket.ref(key).delete());
    });
  });
});
