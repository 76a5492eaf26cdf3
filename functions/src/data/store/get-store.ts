import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { adminApp, firestoreSdk } from '../firebase-admin-sdks';
import { createFirestoreStore } from './firestore/firestore-store';
import { localEngine } from './local-engine';
import type { DocumentStore } from './types';

/**
 * Picks the store for this process, once:
 * - Firestore when FIRESTORE_EMULATOR_HOST is set (the Java emulator, where
 *   it can run) or when deployed (K_SERVICE set outside the Functions
 *   emulator);
 * - otherwise the embedded SQLite engine at STUDIO_LOCAL_DB, with index
 *   definitions from STUDIO_FIRESTORE_INDEXES or the nearest
 *   firestore.indexes.json above the working directory.
 *
 * Neither engine is loaded before it is chosen: node:sqlite only when the
 * local engine is opened (local/sqlite-support.ts), firebase-admin/firestore
 * only here (data/firebase-admin-sdks.ts), so a deployed instance never
 * touches SQLite and the local stack never loads the Firestore SDK for its
 * store (docs/operations.md "Cold start").
 */

let current: DocumentStore | undefined;

export type StoreChoice = 'firestore' | 'local';

export function chooseStore(env: NodeJS.ProcessEnv = process.env): StoreChoice {
  if (env.FIRESTORE_EMULATOR_HOST) return 'firestore';
  if (env.K_SERVICE && env.FUNCTIONS_EMULATOR !== 'true') return 'firestore';
  return 'local';
}

/** The nearest firestore.indexes.json in `from` or its ancestors. */
export function findIndexesFile(from: string = process.cwd()): string | undefined {
  let dir = resolve(from);
  for (;;) {
    const candidate = join(dir, 'firestore.indexes.json');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function openDefaultStore(env: NodeJS.ProcessEnv): DocumentStore {
  if (chooseStore(env) === 'firestore') {
    return createFirestoreStore(firestoreSdk().getFirestore(adminApp()));
  }
  const path = env.STUDIO_LOCAL_DB;
  if (!path) {
    throw new Error(
      'No document store configured: set STUDIO_LOCAL_DB to a SQLite file path for the local engine ' +
        '(npm start does this), or FIRESTORE_EMULATOR_HOST to use a Firestore emulator.',
    );
  }
  const indexes = env.STUDIO_FIRESTORE_INDEXES || findIndexesFile();
  if (indexes === undefined) {
    console.warn('[store] no firestore.indexes.json found from the working directory up; queries that need a composite index will fail.');
  }
  return localEngine().openLocalStore({ path, indexes });
}

/** The process-wide store, created on first use. */
export function getStore(): DocumentStore {
  current ??= openDefaultStore(process.env);
  return current;
}

/** Replaces the process-wide store (undefined resets it so the next getStore() opens the default again). */
export function setStoreForTests(store: DocumentStore | undefined): void {
  current = store;
}
