/**
 * Hot documents (ADR 0009). Each existing write path gets a 50-way burst in
 * one process, on a real local store with a simulated round trip, and the
 * hot-document meter says which documents the burst wrote how often.
 *
 * - Paths a rush can hit (sign-ups at a launch, promo-code claims, the
 *   studio-wide phone-check window, purchases and their lots) must spread: no document written more
 *   than twice in any second.
 * - Paths deliberately kept on one counter (uploads) are
 *   measured, not excused: the test asserts the counter is the hot document
 *   and that each committed creation wrote it once.
 * - Class cancellation is an admin action while customers read: the class
 *   document is written twice (marked, then its reservations processed).
 *
 * Every burst prints the meter's top 5 ("[hot-spots] …") so before/after figures can be read from the test log (ADR 0009).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { createLocalFileStorage } from '../../../src/data/files/local-file-storage';
import { getClassPackage } from '../../../src/data/repos/class-packages-repo';
import { type DocumentHeat, formatHeat } from '../../../src/data/store/local/hot-document-meter';
import { type LocalDocumentStore, openLocalStore } from '../../../src/data/store/local/local-store';
import type { DocumentStore } from '../../../src/data/store/types';
import type { Deps } from '../../../src/deps';
import type { AppError } from '../../../src/domain/errors';
import { giveAccess } from '../../../src/services/access/give-access';
import { signUp } from '../../../src/services/customers/sign-up';
import { prepareDiscountClaim, recordDiscountClaim } from '../../../src/services/discounts/claim-discount';
import { createDiscountFromInput, getDiscountForAdmin } from '../../../src/services/discounts/manage-discounts';
import { createPackage } from '../../../src/services/packages/manage-packages';
import { type RateRule, tryConsumeRateLimit } from '../../../src/services/rate-limits';
import { createClass } from '../../../src/services/schedule/create-class';
import { seedAccessFixtures, T0 } from '../access/access-fixtures';
import { png } from '../files/files-fixtures';
import { ADMIN_UID, book, giveLot, ledgerMismatches, seedScheduleCatalogue, yogaClass } from '../schedule/schedule-fixtures';
import { fakeAuth } from '../support';

const BURST = 50;
/** Most writes one document may take in one second where a path must spread. */
const SPREAD_BOUND = 2;
/** A Cloud Function's round trip to Firestore, so that concurrent transactions overlap as they would there. */
const LATENCY_MS = 5;

interface Env {
  deps: Deps;
  store: LocalDocumentStore;
  cleanup(): Promise<void>;
}

let env: Env;
beforeEach(() => {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-hot-'));
  const store = openLocalStore({
    path: path.join(dir, 'store.sqlite'),
    indexes: path.resolve(import.meta.dirname, '../../../../firestore.indexes.json'),
    latencyMs: LATENCY_MS,
  });
  const clock = new Date(T0);
  env = {
    store,
    deps: {
      store,
      auth: fakeAuth(),
      files: createLocalFileStorage(path.join(dir, 'files')),
      now: () => new Date(clock),
      web: { projectId: 'demo-studio', apiKey: 'demo-api-key', authDomain: 'demo-studio.firebaseapp.com' },
    },
    async cleanup() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
afterEach(async () => {
  await env.cleanup();
});

const uids = Array.from({ length: BURST }, (_, i) => `cliente${String(i + 1).padStart(2, '0')}`);
const phoneOf = (i: number) => `55${String(10_000_000 + i).slice(-8)}`;

/** The meter counts by wall-clock second: start a burst on a fresh second so the set-up's writes stay out of it. */
async function nextSecond(): Promise<Date> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
  return new Date();
}

interface Burst<T> {
  results: PromiseSettledResult<T>[];
  heat: DocumentHeat[];
  fulfilled: T[];
  rejected: unknown[];
}

/** Runs every call at once and reads the meter for the burst's seconds; prints the top 5. */
async function burst<T>(label: string, calls: Array<() => Promise<T>>): Promise<Burst<T>> {
  const since = await nextSecond();
  const started = Date.now();
  const results = await Promise.allSettled(calls.map((call) => call()));
  const heat = await env.store.meter.hottest({ since, limit: 100_000 });
  const fulfilled = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const rejected = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  console.log(
    `[hot-spots] ${label}: ${calls.length}-way burst, ${fulfilled.length} ok, ${rejected.length} failed, ${Date.now() - started} ms; top 5:\n${formatHeat(heat.slice(0, 5))}`,
  );
  return { results, heat, fulfilled, rejected };
}

/** Documents written more than the spread bound in some second. */
const hotter = (heat: DocumentHeat[], bound = SPREAD_BOUND) =>
  heat.filter((h) => h.peakWritesPerSecond > bound).map((h) => `${h.path} (${h.peakWritesPerSecond}/s)`);
const heatOf = (heat: DocumentHeat[], docPath: string) => heat.find((h) => h.path === docPath);
const codeOf = (reason: unknown) => (reason as AppError | { code?: string }).code;

async function seedCustomers(store: DocumentStore, count: number): Promise<void> {
  const batch = store.batch();
  for (let i = 0; i < count; i++) {
    const uid = uids[i] as string;
    batch.set(store.doc(`customers/${uid}`), {
      customer_id: 100 + i,
      uid,
      name: 'Cliente',
      last_name: String(i),
      email: `${uid}@example.com`,
      phone: phoneOf(i),
      instagram: null,
      birthdate: null,
      signup_reason: null,
      signup_reason_other: null,
      file: null,
      has_unlimited: false,
      unlimited_membership_expiration: null,
      search_terms: [uid],
      createdAt: T0,
      updatedAt: T0,
    });
  }
  await batch.commit();
}

describe('paths a rush can hit spread over many documents', () => {
  it('sign-ups (a studio launch): each customer writes only their own documents', { timeout: 120_000 }, async () => {
    const run = await burst(
      'sign-ups',
      uids.map(
        (uid, i) => () =>
          signUp(
            env.deps,
            { uid, email: `${uid}@example.com`, emailVerified: true, admin: false },
            { uid, name: 'Cliente', last_name: String(i), phone: phoneOf(i) },
          ),
      ),
    );
    expect(run.rejected).toEqual([]);
    const ids = run.fulfilled.map((c) => c.customer_id);
    expect(new Set(ids).size).toBe(BURST);
    expect(ids.every((id) => Number.isInteger(id) && id >= 1)).toBe(true);
    expect.soft(hotter(run.heat)).toEqual([]);
    expect(heatOf(run.heat, 'counters/customers')?.writes ?? 0).toBe(0);
    expect(await env.store.collection('customers').count()).toBe(BURST);
  });

  it('discount claims (a promo at a sale): a 10-use code is claimed exactly 10 times, and an unlimited one 50 times', { timeout: 120_000 }, async () => {
    const pkg = await createPackage(env.deps, { title: 'Paquete 5 Clases', price: 950, class_amount: 5 });
    const limited = await createDiscountFromInput(env.deps, { code: 'BUENFIN10', is_percent: true, amount: 20, usage_limit: 10 });
    const open = await createDiscountFromInput(env.deps, { code: 'VERANO', is_percent: false, amount: 100 });
    const claim = (code: string, customerId: number) => () =>
      env.deps.store.runTransaction(async (tx) => {
        const doc = await getClassPackage(env.deps.store, pkg.class_package_id, tx);
        if (!doc) throw new Error('no package');
        const prepared = await prepareDiscountClaim(env.deps, tx, { code, customerId, pkg: doc });
        recordDiscountClaim(env.deps, tx, prepared, 5000 + customerId);
        return prepared.quote.total;
      });

    const tenUses = await burst(
      'discount claims, 10-use code',
      uids.map((_, i) => claim('BUENFIN10', 100 + i)),
    );
    expect(tenUses.fulfilled).toHaveLength(10);
    expect(tenUses.rejected.map(codeOf)).toEqual(Array.from({ length: BURST - 10 }, () => 'discounts/used-up'));
    expect.soft(hotter(tenUses.heat)).toEqual([]);
    expect.soft(heatOf(tenUses.heat, `discounts/${limited.discount_id}`)?.writes ?? 0).toBe(0);
    expect((await getDiscountForAdmin(env.deps, limited.discount_id)).times_used).toBe(10);
    expect(await env.store.collection('discount_usages').where('discount_id', '==', limited.discount_id).count()).toBe(10);

    const unlimited = await burst(
      'discount claims, unlimited code',
      uids.map((_, i) => claim('VERANO', 100 + i)),
    );
    expect(unlimited.rejected).toEqual([]);
    expect(hotter(unlimited.heat)).toEqual([]);
    expect(heatOf(unlimited.heat, `discounts/${open.discount_id}`)?.writes ?? 0).toBe(0);
    expect((await getDiscountForAdmin(env.deps, open.discount_id)).times_used).toBe(BURST);
  });

  it('access grants: purchase and lot ids are claimed, so 50 grants write 50 sets of their own documents', { timeout: 120_000 }, async () => {
    await seedAccessFixtures(env.store);
    await seedCustomers(env.store, BURST);
    await env.store.doc('counters/purchases').set({ value: 40 });
    const admin = { uid: 'valeria', email: 'valeria@example.com', emailVerified: true, admin: true };
    const run = await burst(
      'access grants (admin)',
      uids.map((_, i) => () => giveAccess(env.deps, admin, { customer_id: 100 + i, class_package_id: 4, payment_method_id: 1 })),
    );
    expect(run.rejected).toEqual([]);
    const ids = run.fulfilled.map((g) => g.purchase.purchase_id);
    expect(new Set(ids).size).toBe(BURST);
    expect(ids.every((id) => id > 40)).toBe(true);
    expect.soft(hotter(run.heat)).toEqual([]);
    expect(heatOf(run.heat, 'counters/purchases')?.writes ?? 0).toBe(0);
    expect(heatOf(run.heat, 'counters/available_classes')?.writes ?? 0).toBe(0);
    expect(await env.store.collection('purchases').count()).toBe(BURST);
  });

  it('cash checkouts (a launch sale): 50 buyers, a 20-use code and a 30-place package write their own documents', { timeout: 120_000 }, async () => {
    await seedAccessFixtures(env.store);
    await seedCustomers(env.store, BURST);
    await env.store.doc('class_packages/4').set({ purchase_limit: 30 }, { merge: true });
    await createDiscountFromInput(env.deps, { code: 'LANZAMIENTO', is_percent: true, amount: 15, usage_limit: 20 });
    const app = createApp(env.deps);
    const run = await burst(
      'cash checkouts',
      uids.map(
        (uid, i) => () =>
          request(app)
            .post('/api/checkout/attempt')
            .set('authorization', `Bearer uid:${uid}`)
            .send({ class_package_id: 4, payment_method: 'cash', ...(i % 2 === 0 ? { discountCode: 'LANZAMIENTO' } : {}) }),
      ),
    );
    const statuses = run.fulfilled.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 412)).toBe(true);
    expect(await env.store.collection('purchases').count()).toBe(30);
    expect(await env.store.collection('discount_usages').count()).toBeLessThanOrEqual(20);
    expect.soft(hotter(run.heat)).toEqual([]);
    expect(heatOf(run.heat, 'class_packages/4')?.writes ?? 0).toBe(0);
  });

  it('the studio-wide phone-check window: every check writes its own documents', { timeout: 120_000 }, async () => {
    const app = createApp(env.deps);
    const run = await burst(
      'phone checks from 50 addresses',
      uids.map(
        (_, i) => () =>
          request(app)
            .get(`/api/customer/phone?phone=${phoneOf(i)}`)
            .set('x-forwarded-for', `203.0.113.${i + 1}`),
      ),
    );
    expect(run.fulfilled.map((r) => r.status)).toEqual(Array.from({ length: BURST }, () => 200));
    expect.soft(hotter(run.heat)).toEqual([]);
  });

  it('a studio-wide limit never lets more hits through than its limit, however many race', { timeout: 120_000 }, async () => {
    const rule: RateRule = { name: 'prueba-global', limit: 10, windowMs: 60_000, studioWide: true };
    const results = await Promise.all(Array.from({ length: BURST }, () => tryConsumeRateLimit(env.deps, rule, 'all')));
    const allowed = results.filter(Boolean).length;
    expect(allowed).toBeLessThanOrEqual(rule.limit);
    const later = { ...env.deps, now: () => new Date(T0.getTime() + rule.windowMs) };
    expect(await tryConsumeRateLimit(later, rule, 'all')).toBe(true);
  });
});

describe('paths kept on one document are measured, not excused', () => {
  it('file uploads: file ids still come from their counter', { timeout: 120_000 }, async () => {
    // Uploaders must be customers; each one's upload quota is their own documents, so only the counter is hot.
    await seedCustomers(env.store, BURST);
    const app = createApp(env.deps);
    const run = await burst(
      'file uploads',
      uids.map(
        (uid) => () =>
          request(app)
            .post('/api/files')
            .set('authorization', `Bearer uid:${uid}`)
            .attach('file', png(), { filename: `${uid}.png`, contentType: 'image/png' }),
      ),
    );
    const created = run.fulfilled.filter((r) => r.status === 201);
    for (const r of run.fulfilled.filter((r) => r.status !== 201)) expect(r.body.error.code).toBe('store/aborted');
    expect(created.length).toBeGreaterThan(0);
    expect(heatOf(run.heat, 'counters/files')?.writes).toBe(created.length);
    expect(new Set(created.map((r) => r.body.file_id)).size).toBe(created.length);
    expect(hotter(run.heat).map((h) => h.split(' ')[0])).toEqual(['counters/files']);
  });

  it('class cancellation while 50 customers read: the class is written twice, each customer’s documents once', { timeout: 120_000 }, async () => {
    await seedScheduleCatalogue(env.store);
    await createClass(env.deps, yogaClass({ capacity: 60 }));
    for (let i = 0; i < BURST; i++) {
      const customer = { customerId: 100 + i, uid: uids[i] as string };
      await giveLot(env.deps, { id: 1000 + i, ...customer, credits: 3 });
      await book(env.deps, { reservationId: i + 1, classId: 1, ...customer, lotId: 1000 + i });
    }
    const app = createApp(env.deps);
    const reads = uids.flatMap((uid) => [
      () => request(app).get('/api/single_class/single/1').set('authorization', `Bearer uid:${uid}`),
      () => request(app).get('/api/available_classes').set('authorization', `Bearer uid:${uid}`),
    ]);
    const cancel = () => request(app).post('/api/single_class/1/cancel').set('authorization', `Bearer admin:${ADMIN_UID}`).send({ reason: 'Falla eléctrica' });
    const run = await burst('class cancellation + 100 customer reads', [cancel, ...reads]);
    const [cancelled, ...answers] = run.fulfilled;
    expect(cancelled?.status).toBe(200);
    expect(cancelled?.body.cancellation).toMatchObject({ reservations_cancelled: BURST, credits_returned: BURST, customers_notified: BURST });
    expect(answers.map((r) => r.status)).toEqual(reads.map(() => 200));
    // Measured: the class document takes one write (marked cancelled); its counts one (the chunk of reservations); nothing more than one.
    expect(heatOf(run.heat, 'single_classes/1')).toMatchObject({ writes: 1 });
    expect(heatOf(run.heat, 'class_counts/1')).toMatchObject({ writes: 1 });
    expect.soft(hotter(run.heat)).toEqual([]);
    expect(
      hotter(
        run.heat.filter((h) => h.path !== 'single_classes/1'),
        1,
      ),
    ).toEqual([]);
    for (let i = 0; i < BURST; i++) expect(await ledgerMismatches(env.store, 100 + i)).toEqual([]);
  });
});
