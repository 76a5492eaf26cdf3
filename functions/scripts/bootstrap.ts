/**
 * Writes the records a fresh project needs before anyone uses it: the card
 * and cash payment methods and the billing-address form (the same
 * definitions the demo seed writes: functions/src/services/catalogue/system-records.ts).
 *
 *   npm run bootstrap                              # the default project in .firebaserc
 *   npm run bootstrap -- --project my-studio-prod  # a deployed project (Firestore)
 *
 * A demo-* project uses the local store the way the API does (STUDIO_LOCAL_DB,
 * or FIRESTORE_EMULATOR_HOST). A real project needs Application Default
 * Credentials (gcloud auth application-default login). Safe to run again: a
 * record that exists is never touched, so a studio's edits stay.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { listRecords, type PaymentMethodDoc } from '../src/data/repos/catalogue-repo';
import type { DocumentStore } from '../src/data/store/types';
import { isCashName } from '../src/services/catalogue/payment-methods';
import { systemRecords } from '../src/services/catalogue/system-records';

export interface BootstrapResult {
  /** Paths written by this run; empty when everything was already there. */
  created: string[];
  /** Counters raised so that ids the API allocates never land on a system record. */
  counters: string[];
}

const isCashDoc = (docPath: string, data: Record<string, unknown>) => docPath.startsWith('payment_methods/') && isCashName(String(data.name));

/** Creates the missing system records in one transaction, so two runs at once cannot both write. */
export async function bootstrapSystemRecords(store: DocumentStore, now = new Date()): Promise<BootstrapResult> {
  const { docs, counters } = systemRecords(now);
  const counterNames = Object.keys(counters);
  return store.runTransaction(async (tx) => {
    const existing = await tx.getAll(...docs.map(([docPath]) => store.doc(docPath)));
    const counterSnaps = await tx.getAll(...counterNames.map((name) => store.doc(`counters/${name}`)));
    const methods = await listRecords<PaymentMethodDoc>(store, 'payment_methods', undefined, tx);
    // Checkout finds cash by name (ADR 0012): one the studio already has, under any id, is the cash method.
    const hasCash = methods.some((method) => !method.deletedAt && isCashName(method.name));

    const stored = new Map(counterNames.map((name, i) => [name, Number(counterSnaps[i]?.exists ? (counterSnaps[i]?.get('value') ?? 0) : 0)]));
    const next = new Map(counterNames.map((name) => [name, Math.max(stored.get(name) ?? 0, counters[name] ?? 0)]));
    const writes: Array<[string, Record<string, unknown>]> = [];
    docs.forEach(([docPath, data], i) => {
      const cash = isCashDoc(docPath, data);
      if (cash && hasCash) return;
      if (!existing[i]?.exists) {
        writes.push([docPath, data]);
        return;
      }
      // A method created before bootstrap took cash's id: cash gets the next free one instead of overwriting it.
      if (cash) {
        const id = (next.get('payment_methods') ?? 0) + 1;
        next.set('payment_methods', id);
        writes.push([`payment_methods/${id}`, { ...data, payment_method_id: id }]);
      }
    });
    for (const [docPath, data] of writes) tx.create(store.doc(docPath), data);
    const raised = counterNames.filter((name) => (next.get(name) ?? 0) > (stored.get(name) ?? 0));
    for (const name of raised) tx.set(store.doc(`counters/${name}`), { value: next.get(name) });
    return { created: writes.map(([docPath]) => docPath), counters: raised };
  });
}

const root = path.resolve(import.meta.dirname, '../..');

function defaultProject(): string {
  const rc = JSON.parse(readFileSync(path.join(root, '.firebaserc'), 'utf8')) as { projects?: { default?: string } };
  return rc.projects?.default ?? 'demo-studio';
}

async function openStore(project: string): Promise<DocumentStore> {
  process.env.GCLOUD_PROJECT = project;
  if (project.startsWith('demo-')) {
    const { getStore } = await import('../src/data/store/get-store');
    return getStore();
  }
  // A real project id always means the real database, never an emulator left in the environment.
  delete process.env.FIRESTORE_EMULATOR_HOST;
  const { initializeApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const { createFirestoreStore } = await import('../src/data/store/firestore/firestore-store');
  return createFirestoreStore(getFirestore(initializeApp({ projectId: project })));
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { project: { type: 'string' } } });
  const project = values.project ?? defaultProject();
  const store = await openStore(project);
  try {
    const result = await bootstrapSystemRecords(store);
    if (result.created.length === 0 && result.counters.length === 0) {
      console.log(`Registros del sistema: ya estaban todos en ${project}; nada cambió.`);
    } else {
      console.log(`Registros del sistema creados en ${project}: ${result.created.join(', ') || 'ninguno'}.`);
      if (result.counters.length > 0) console.log(`Contadores ajustados: ${result.counters.join(', ')}.`);
    }
  } finally {
    await store.close();
  }
}

// Run only as a command: the unit test imports bootstrapSystemRecords without touching any store.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
