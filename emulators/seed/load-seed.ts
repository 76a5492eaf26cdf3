import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { DocumentStore } from '../../functions/src/data/store/types';
import { buildSearchTerms } from '../../functions/src/services/customers/search-terms';
import { seedAccess } from './access';
import { seedCatalogue } from './catalogue';
import { pages, seedUsers } from './core';
import { seedFiles } from './files';
import { seedPackages } from './packages';
import { seedSchedule } from './schedule';
import type { SeedSet } from './seed-set';

function auth() {
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) throw new Error('The seed only talks to the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST is not set).');
  if (getApps().length === 0) initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-studio' });
  return getAuth();
}

/**
 * The Auth emulator keeps users only when exported on a clean exit, while the
 * SQLite data always persists; so seed identities are (re)created on every
 * start, with their fixed uids, to keep both sides matching.
 */
export async function ensureSeedUsers(): Promise<void> {
  const a = auth();
  for (const user of seedUsers) {
    const exists = await a.getUser(user.uid).then(
      () => true,
      () => false,
    );
    if (!exists) {
      await a.createUser({
        uid: user.uid,
        email: user.email,
        password: user.password,
        emailVerified: true,
        displayName: `${user.customer.name} ${user.customer.last_name}`,
      });
    }
    await a.setCustomUserClaims(user.uid, user.admin ? { admin: true } : null);
  }
}

/** Customers (ids 1..n in seedUsers order) and legal pages. */
function seedCore(now: Date): SeedSet {
  const docs: SeedSet['docs'] = [];
  const signupPages = pages.filter((p) => p.required_signup).map((p) => p.page_id);
  for (const page of pages) {
    docs.push([`pages/${page.page_id}`, { ...page, createdAt: now, updatedAt: now }]);
    docs.push([`page_slugs/${page.slug}`, { page_id: page.page_id }]);
  }
  seedUsers.forEach((user, index) => {
    const customerId = index + 1;
    const c = user.customer;
    docs.push([
      `customers/${user.uid}`,
      {
        customer_id: customerId,
        uid: user.uid,
        ...c,
        email: user.email,
        signup_reason_other: null,
        file: null,
        has_unlimited: false,
        unlimited_membership_expiration: null,
        search_terms: buildSearchTerms({ name: c.name, last_name: c.last_name, email: user.email, phone: c.phone }),
        createdAt: now,
        updatedAt: now,
      },
    ]);
    docs.push([`customer_phones/${c.phone}`, { uid: user.uid, customer_id: customerId }]);
    for (const pageId of signupPages) {
      docs.push([`customers/${user.uid}/accepted_pages/${pageId}`, { page_id: pageId, customer_id: customerId, accepted_at: now }]);
    }
  });
  return { docs, counters: { customers: seedUsers.length, pages: pages.length } };
}

const SEED_MARKER = '_meta/seed';

/** Writes the demo studio once; returns false when it was already there. */
export async function loadSeedData(store: DocumentStore, now = new Date()): Promise<boolean> {
  if ((await store.doc(SEED_MARKER).get()).exists) return false;
  const sets = [seedCore, seedCatalogue, seedPackages, seedSchedule, seedAccess, seedFiles].map((area) => area(now));
  const writes = sets.flatMap((set) => set.docs);
  // Several areas may seed one collection (with their own id ranges): the counter continues after the highest.
  const counters = new Map<string, number>();
  for (const set of sets) {
    for (const [name, value] of Object.entries(set.counters)) counters.set(name, Math.max(counters.get(name) ?? 0, value));
  }
  for (const [name, value] of counters) writes.push([`counters/${name}`, { value }]);
  // Batches hold at most 500 writes; the marker goes last so a crash mid-seed reseeds.
  for (let i = 0; i < writes.length; i += 450) {
    const batch = store.batch();
    for (const [path, data] of writes.slice(i, i + 450)) batch.set(store.doc(path), data);
    await batch.commit();
  }
  await store.doc(SEED_MARKER).set({ seededAt: now, documents: writes.length });
  return true;
}
