/**
 * The same contract against Firestore, through firebase-admin, when a
 * Firestore emulator is reachable (FIRESTORE_EMULATOR_HOST). The Java
 * emulator cannot run on every machine, so the block only runs where it is
 * set; there it proves the local engine and Firestore agree case by case.
 */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { describe, vi } from 'vitest';
import { createFirestoreStore } from '../../src/data/store/firestore/firestore-store';
import { describeContentionContract } from './contention-contract';
import { contractGroupId, describeStoreContract } from './store-contract';

vi.setConfig({ testTimeout: 0, hookTimeout: 0 });

describe.runIf(Boolean(process.env.FIRESTORE_EMULATOR_HOST))('Firestore emulator', () => {
  describeStoreContract('firestore (emulator)', contractGroupId(), async () => {
    const app = initializeApp({ projectId: 'demo-studio' }, `contract-${randomUUID()}`);
    const store = createFirestoreStore(getFirestore(app));
    return {
      store,
      async close() {
        await store.close();
        await deleteApp(app);
      },
    };
  });
  describeContentionContract('firestore (emulator)', async () => {
    const app = initializeApp({ projectId: 'demo-studio' }, `contention-${randomUUID()}`);
    const store = createFirestoreStore(getFirestore(app));
    return {
      store,
      async close() {
        await store.close();
        await deleteApp(app);
      },
    };
  });
});
