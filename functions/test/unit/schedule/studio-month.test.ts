/**
 * A simulated studio month (issue 23's proof, its 30-day form): 40 returning
 * customers buy packs, memberships and trials by card (the card field, then
 * their saved card), book and cancel classes, cancel memberships; staff
 * cancel classes (some calls killed half way), refund and revoke; the
 * processor bills renewals on the simulation's clock and delivers its events
 * late, twice or (payments) never, and fails right after grants. Everything
 * goes through the real HTTP app, the webhook and the jobs. The books must
 * balance at the end, by the processor's own record of the money.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { lapseUnpaidPurchases } from '../../../src/services/purchases/end-cash-purchase';
import { reconcilePayments } from '../../../src/services/purchases/reconcile-payments';
import { cancelClass } from '../../../src/services/schedule/cancel-class';
import { createClass } from '../../../src/services/schedule/create-class';
import { classCancelled } from '../../../src/services/schedule/on-class-cancelled';
import { adminToken, packages, seedAccessFixtures, T0, tokenOf } from '../access/access-fixtures';
import { deliverStripeEvent } from '../purchases/card-gateway-double';
import { auditBooks, type BooksReport } from '../sim/audit-books';
import { SIM_WEBHOOK_SECRET, SimProcessor } from '../sim/sim-processor';
import { type TestEnv, testEnv } from '../support';
import { ADMIN_UID, seedScheduleCatalogue, yogaClass } from './schedule-fixtures';

const DAYS = 30;
const CUSTOMERS = 40;
const TICKS_PER_DAY = 6;
const HOUR = 3_600_000;
const TRIAL = 30;
const TZ = 'America/Mexico_City';

/** A small seeded generator (mulberry32): the same month every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Doc = Record<string, unknown>;

interface Person {
  uid: string;
  customerId: number;
  kind: 'pack' | 'member' | 'trial';
  card: string;
  cardSaved: boolean;
}

let env: TestEnv;
let report: BooksReport;
const tally = {
  purchases: 0,
  bookings: 0,
  bookingRefusals: 0,
  cancels: 0,
  memberCancels: 0,
  classCancels: 0,
  killed: 0,
  refunds: 0,
  revokes: 0,
  deliveries: 0,
  redeliveries: 0,
};

beforeAll(async () => {
  const rnd = random(2311);
  env = testEnv();
  env.clock.now = new Date(T0);
  await seedScheduleCatalogue(env.store);
  await seedAccessFixtures(env.store);
  await env.store
    .doc(`class_packages/${TRIAL}`)
    .set({ ...packages.unlimited, class_package_id: TRIAL, title: 'Prueba 7 Días', is_trial: true, free_trial_length: 7, limit_per_customer: 1 });
  const people: Person[] = Array.from({ length: CUSTOMERS }, (_, i) => ({
    uid: `sim${i}`,
    customerId: 100 + i,
    kind: i % 3 === 0 ? 'member' : i % 3 === 1 ? 'pack' : 'trial',
    card: `pm_sim_${i}`,
    cardSaved: false,
  }));
  const batch = env.store.batch();
  for (const p of people) {
    batch.set(env.store.doc(`customers/${p.uid}`), {
      customer_id: p.customerId,
      uid: p.uid,
      name: p.uid,
      last_name: 'Simulada',
      email: `${p.uid}@example.com`,
      phone: String(5510000000 + p.customerId),
      instagram: null,
      birthdate: null,
      signup_reason: null,
      signup_reason_other: null,
      file: null,
      has_unlimited: false,
      unlimited_membership_expiration: null,
      search_terms: [p.uid],
      createdAt: T0,
      updatedAt: T0,
    });
  }
  await batch.commit();
  // Two 8-place classes a day, 07:00 and 19:00 studio time, through the month and a week after it.
  const classIds: number[] = [];
  const classDates = new Map<number, number>();
  for (let d = 1; d <= DAYS + 8; d++) {
    const date = new Date(T0.getTime() + d * 24 * HOUR).toISOString().slice(0, 10);
    for (const start of ['07:00', '19:00']) {
      const created = await createClass(env.deps, yogaClass({ date, start_time: start, capacity: 8 }));
      classIds.push(created.single_class_id);
      classDates.set(created.single_class_id, new Date(created.class_date).getTime());
    }
  }

  const processor = new SimProcessor(
    () => env.deps.now(),
    (type) => {
      const r = rnd();
      const delayMs = Math.floor(rnd() * 6 * HOUR);
      // Payments may be lost for good: the reconciling job must make up for them. Other events Stripe retries for days.
      if (type === 'payment_intent.succeeded' && r < 0.05) return { copies: 0, delayMs };
      return { copies: r > 0.9 ? 2 : 1, delayMs };
    },
  );
  const cards = processor.gateway();
  env.deps.cards = cards;
  const app = request(createApp(env.deps));
  const as = (uid: string) => tokenOf(uid);

  async function deliverDue() {
    for (const event of processor.takeDue()) {
      const answer = await deliverStripeEvent(app, event.body, SIM_WEBHOOK_SECRET);
      tally.deliveries++;
      if (answer.status >= 300) {
        // Never a raw 500: a failing step is a 503 that Stripe delivers again.
        expect(answer.status, JSON.stringify(answer.body)).toBe(503);
        tally.redeliveries++;
        processor.redeliver(event, HOUR);
      }
    }
  }

  async function buy(p: Person) {
    const packageId =
      p.kind === 'member'
        ? packages.unlimited.class_package_id
        : p.kind === 'trial'
          ? TRIAL
          : rnd() < 0.5
            ? packages.tenClasses.class_package_id
            : packages.fiveOnSale.class_package_id;
    if (p.cardSaved && packageId !== TRIAL && rnd() < 0.7) {
      // A returning customer pays with the saved card: charged by the server at once.
      const answer = await app.post('/api/checkout').set('authorization', as(p.uid)).send({ class_package_id: packageId, customer_id: p.customerId });
      if (answer.status === 201) tally.purchases++;
      return;
    }
    const answer = await app.post('/api/checkout/attempt').set('authorization', as(p.uid)).send({ class_package_id: packageId, payment_method: 'card' });
    if (answer.status !== 201 && answer.status !== 200) return;
    tally.purchases++;
    // One in ten walks away before paying: the purchase lapses.
    if (rnd() < 0.1) return;
    const id = String(answer.body.clientSecret).replace(/_secret_sim$/, '');
    processor.pay(id, p.card);
    if (!p.cardSaved) {
      await app.post('/api/metodosPago').set('authorization', as(p.uid)).send({ token_id: p.card });
      p.cardSaved = true;
    }
  }

  async function act(p: Person) {
    const mine = (await app.get('/api/purchases').set('authorization', as(p.uid))).body.purchases as Doc[] | undefined;
    const live = (mine ?? []).filter((x) => x.status === 'active' || x.status === 'pending');
    const credits = (await app.get('/api/available_classes').set('authorization', as(p.uid))).body;
    const usable = JSON.stringify(credits).includes('"usable":true');
    if (live.length === 0 && (!usable || rnd() < 0.2)) await buy(p);
    // A member or a trial sometimes cancels, a trial often right away.
    const subscription = live.find((x) => x.status === 'active' && (x.class_package as Doc | undefined)?.is_subscription);
    if (subscription && rnd() < (p.kind === 'trial' ? 0.25 : 0.04)) {
      const done = await app.post(`/api/purchases/cancel/${subscription.purchase_id}`).set('authorization', as(p.uid)).send({ reason: 'Simulación' });
      if (done.status === 200) tally.memberCancels++;
    }
    // Book a class in the next six days.
    const now = env.deps.now().getTime();
    const soon = classIds.filter((id) => {
      const at = classDates.get(id) as number;
      return at > now && at < now + 6 * 24 * HOUR;
    });
    const pick = soon[Math.floor(rnd() * soon.length)];
    const cls = pick === undefined ? undefined : ((await app.get(`/api/single_class/single/${pick}`)).body.single_class as Doc | undefined);
    if (pick === undefined || !cls || cls.status === 'cancelled') return;
    const booked = await app.post('/api/class_reservations').set('authorization', as(p.uid)).send({ single_class_id: pick });
    expect(booked.status, JSON.stringify(booked.body)).toBeLessThan(500);
    if (booked.status === 201) tally.bookings++;
    else tally.bookingRefusals++;
    if (booked.status === 201 && rnd() < 0.2) {
      const gone = await app.delete(`/api/class_reservations/${booked.body.class_reservation.class_reservation_id}`).set('authorization', as(p.uid));
      expect(gone.status).toBeLessThan(500);
      tally.cancels++;
    }
  }

  /** A store whose transactions stop after `commits`: the API process killed mid-call. */
  function killedAfter(commits: number) {
    const real = env.deps.store.runTransaction.bind(env.deps.store);
    let left = commits;
    const store = Object.create(env.deps.store) as typeof env.deps.store;
    store.runTransaction = ((fn: Parameters<typeof real>[0]) => (left-- <= 0 ? Promise.reject(new Error('killed')) : real(fn))) as typeof store.runTransaction;
    return { ...env.deps, store };
  }
  let unfinished: Array<{ id: number; before: Doc }> = [];
  /** The trigger of each cancellation whose call died runs (at least once), as the platform delivers it. */
  async function finishUnfinished() {
    for (const { id, before } of unfinished) {
      const after = await env.store.doc(`single_classes/${id}`).get();
      await classCancelled(env.deps, {
        eventId: `cancel-${id}`,
        params: { singleClassId: String(id) },
        before: { data: () => before } as never,
        after,
        time: new Date(),
      } as never);
    }
    unfinished = [];
  }

  async function staff() {
    await finishUnfinished();
    if (rnd() < 0.3) {
      const now = env.deps.now().getTime();
      const id = classIds[Math.floor(rnd() * classIds.length)] as number;
      const before = (await env.store.doc(`single_classes/${id}`).get()).data() as Doc;
      if (before.status !== 'cancelled' && (before.class_date as Date).getTime() > now) {
        tally.classCancels++;
        if (rnd() < 0.5) {
          tally.killed++;
          await cancelClass(killedAfter(1 + Math.floor(rnd() * 2)), ADMIN_UID, id, { reason: 'Simulación' }).catch(() => {});
          unfinished.push({ id, before });
        } else await cancelClass(env.deps, ADMIN_UID, id, { reason: 'Simulación' });
      }
    }
    const purchases = (await env.store.collection('purchases').get()).docs.map((d) => d.data() as Doc);
    const paid = purchases.filter((x) => (x.status === 'completed' || x.status === 'active') && x.checkout_method === 'card');
    const target = paid[Math.floor(rnd() * paid.length)];
    if (target && rnd() < 0.15) {
      const answer = await app.post(`/api/purchases/${target.purchase_id}/refund`).set('authorization', adminToken).send({ reason: 'Simulación' });
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      if (answer.status === 200) tally.refunds++;
    } else if (target?.status === 'active' && rnd() < 0.15) {
      const answer = await app.put('/api/customer/revokeAccess').set('authorization', adminToken).send({ purchase_id: target.purchase_id });
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      if (answer.status === 200) tally.revokes++;
    }
  }

  for (let day = 0; day < DAYS; day++) {
    for (let tick = 0; tick < TICKS_PER_DAY; tick++) {
      env.clock.now = new Date(T0.getTime() + day * 24 * HOUR + tick * (24 / TICKS_PER_DAY) * HOUR);
      processor.billDue();
      // Now and then the processor fails right after a grant: the follow-up step must still happen.
      if (rnd() < 0.05) processor.failRenewals = 1;
      await deliverDue();
      for (const p of people) if (rnd() < 0.08) await act(p);
      if (tick === 2) await staff();
      // In production both jobs run every 15 minutes, so the reconciling job asks the processor at least
      // four times in the hour between a card purchase's pay_by and its lapse; a tick here is hours long.
      await reconcilePayments(env.deps, cards);
      await lapseUnpaidPurchases(env.deps, env.deps.now());
      await deliverDue();
    }
  }
  // The month is over: what is still in flight arrives (Stripe retries for three days), the jobs run once more.
  env.clock.now = new Date(T0.getTime() + (DAYS + 3) * 24 * HOUR);
  processor.failRenewals = 0;
  for (let round = 0; round < 5; round++) {
    await deliverDue();
    await reconcilePayments(env.deps, cards);
  }
  await finishUnfinished();
  report = await auditBooks(env.store, processor.charges, TZ);
  console.log(`studio month: ${JSON.stringify({ ...tally, ...report }, null, 1)}`);
});

afterAll(async () => {
  await env?.cleanup();
});

describe('a simulated studio month', () => {
  it('did what a month does: purchases, renewals, bookings, cancellations, refunds, kills', () => {
    expect(report.charges).toBeGreaterThan(40);
    expect(tally.bookings).toBeGreaterThan(100);
    expect(tally.classCancels).toBeGreaterThan(3);
    expect(tally.killed).toBeGreaterThan(0);
    expect(tally.memberCancels).toBeGreaterThan(0);
    expect(tally.redeliveries).toBeGreaterThan(0);
  });

  it('every processor charge kept is granted exactly once, and every card grant has its charge', () => {
    expect(report.chargesWithoutGrant).toEqual([]);
    expect(report.chargesGrantedTwice).toEqual([]);
    expect(report.grantsWithoutCharge).toEqual([]);
  });

  it('no charge is kept after a cancel, a revoke or a refund', () => {
    expect(report.chargesAfterEnd).toEqual([]);
  });

  it('no booking is paid by a lot that is not valid on the class’s date', () => {
    expect(report.bookingsOnInvalidLots).toEqual([]);
  });

  it('the ledger matches every lot, and no class cancellation is left half done', () => {
    expect(report.ledgerMismatches).toEqual([]);
    expect(report.halfDoneCancellations).toEqual([]);
  });
});
