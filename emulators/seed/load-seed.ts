import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { DocumentStore } from '../../functions/src/data/store/types';
import { buildSearchTerms } from '../../functions/src/services/customers/search-terms';
import * as demo from './demo-studio';

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
  for (const user of demo.seedUsers) {
    const exists = await a.getUser(user.uid).then(() => true, () => false);
    if (!exists) {
      await a.createUser({ uid: user.uid, email: user.email, password: user.password, emailVerified: true, displayName: `${user.customer.name} ${user.customer.last_name}` });
    }
    await a.setCustomUserClaims(user.uid, user.admin ? { admin: true } : null);
  }
}

const SEED_MARKER = '_meta/seed';

/** Writes the demo studio once; returns false when it was already there. */
export async function loadSeedData(store: DocumentStore, now = new Date()): Promise<boolean> {
  if ((await store.doc(SEED_MARKER).get()).exists) return false;

  const writes: Array<[string, Record<string, unknown>]> = [];
  const put = (path: string, data: Record<string, unknown>) => writes.push([path, data]);

  const signupPages = demo.pages.filter((p) => p.required_signup).map((p) => p.page_id);
  for (const page of demo.pages) {
    put(`pages/${page.page_id}`, { ...page, createdAt: now, updatedAt: now });
    put(`page_slugs/${page.slug}`, { page_id: page.page_id });
  }
  demo.seedUsers.forEach((user, index) => {
    const customerId = index + 1;
    const c = user.customer;
    put(`customers/${user.uid}`, {
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
    });
    put(`customer_phones/${c.phone}`, { uid: user.uid, customer_id: customerId });
    for (const pageId of signupPages) {
      put(`customers/${user.uid}/accepted_pages/${pageId}`, { page_id: pageId, customer_id: customerId, accepted_at: now });
    }
  });
  for (const l of demo.locations) put(`locations/${l.location_id}`, { ...l, createdAt: now });
  for (const t of demo.classTypes) put(`class_types/${t.class_type_id}`, { ...t, createdAt: now });
  for (const i of demo.instructors) put(`instructors/${i.instructor_id}`, { ...i, createdAt: now });
  for (const t of demo.tags) put(`tags/${t.tag_id}`, { ...t, createdAt: now });
  for (const m of demo.paymentMethods) put(`payment_methods/${m.payment_method_id}`, { ...m, createdAt: now });
  for (const p of demo.classPackages) put(`class_packages/${p.class_package_id}`, { ...p, createdAt: now, updatedAt: now });
  for (const a of demo.announcements) put(`announcements/${a.announcement_id}`, { ...a, createdAt: now });
  const classes = demo.singleClasses(now);
  for (const c of classes) put(`single_classes/${c.single_class_id}`, { ...c, createdAt: now });

  const counters: Record<string, number> = {
    customers: demo.seedUsers.length,
    pages: demo.pages.length,
    locations: demo.locations.length,
    class_types: demo.classTypes.length,
    instructors: demo.instructors.length,
    tags: demo.tags.length,
    payment_methods: demo.paymentMethods.length,
    class_packages: demo.classPackages.length,
    announcements: demo.announcements.length,
    single_classes: classes.length,
  };
  for (const [name, value] of Object.entries(counters)) put(`counters/${name}`, { value });

  // Batches hold at most 500 writes; the marker goes last so a crash mid-seed reseeds.
  for (let i = 0; i < writes.length; i += 450) {
    const batch = store.batch();
    for (const [path, data] of writes.slice(i, i + 450)) batch.set(store.doc(path), data);
    await batch.commit();
  }
  await store.doc(SEED_MARKER).set({ seededAt: now, classes: classes.length });
  return true;
}
