/**
 * The booking property: whatever customers, admins and the waitlist trigger
 * do, in whatever interleaving, a class never holds more reservations than
 * its capacity, no lot goes below zero, every ledger adds up, nobody holds
 * two places of their own in one class, and nobody still waiting joined
 * before someone who was promoted. fast-check generates batches of
 * operations run concurrently (real transactions on the local engine, so
 * they conflict and retry as on Firestore); a failure prints the seed and
 * the shrunk sequence. PROPERTY_SEED replays one.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { VerifiedIdentity } from '../../../src/data/auth/auth-gateway';
import type { AvailableClassDoc } from '../../../src/data/repos/credits-repo';
import type { ClassReservationDoc } from '../../../src/data/repos/reservations-repo';
import type { WaitlistDoc } from '../../../src/data/repos/waitlists-repo';
import { StoreError } from '../../../src/data/store/types';
import type { Deps } from '../../../src/deps';
import { AppError } from '../../../src/domain/errors';
import { adminRemoveReservation } from '../../../src/services/booking/admin-remove-reservation';
import { bookClass } from '../../../src/services/booking/book-class';
import { cancelOwnReservation } from '../../../src/services/booking/cancel-reservation';
import { createClass } from '../../../src/services/schedule/create-class';
import { updateClass } from '../../../src/services/schedule/update-class';
import { joinWaitlist } from '../../../src/services/waitlist/join-waitlist';
import { leaveWaitlist } from '../../../src/services/waitlist/leave-waitlist';
import { promoteWaitlist } from '../../../src/services/waitlist/promote-waitlist';
import { ADMIN_UID, giveLot, ledgerMismatches, seedScheduleCatalogue, yogaClass } from '../schedule/schedule-fixtures';
import { type TestEnv, testEnv } from '../support';
import { addCustomers } from './booking-fixtures';

const CUSTOMERS = 6;
const CLASSES = [1, 2];
const people = Array.from({ length: CUSTOMERS }, (_, i) => ({ customerId: 10 + i, uid: `c${i}` }));
const identity = (i: number): VerifiedIdentity => ({ uid: `c${i}`, email: null, emailVerified: true, admin: false });

type Op =
  | { kind: 'book'; who: number; cls: number; guest: boolean }
  | { kind: 'cancel'; who: number; pick: number }
  | { kind: 'join'; who: number; cls: number }
  | { kind: 'leave'; who: number; pick: number }
  | { kind: 'capacity'; cls: number; capacity: number }
  | { kind: 'remove'; cls: number; pick: number; refund: boolean };

const who = fc.integer({ min: 0, max: CUSTOMERS - 1 });
const cls = fc.constantFrom(...CLASSES);
const pick = fc.nat(20);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('book' as const), who, cls, guest: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), who, pick }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('join' as const), who, cls }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('leave' as const), who, pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('capacity' as const), cls, capacity: fc.integer({ min: 1, max: 5 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), cls, pick, refund: fc.boolean() }) },
);
/** A batch runs concurrently: customer and admin actions, or the promotion trigger firing for a few classes at once. */
const batch = fc.oneof(
  { weight: 3, arbitrary: fc.record({ promote: fc.constant(false), ops: fc.array(op, { minLength: 1, maxLength: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ promote: fc.constant(true), classes: fc.array(cls, { minLength: 1, maxLength: 3 }) }) },
);

let env: TestEnv;
let deps: Deps;
beforeEach(async () => {
  env = testEnv();
  // Every read of the clock moves it on a millisecond: joins get distinct, ordered times.
  let tick = new Date('2026-11-28T13:00:00Z').getTime();
  deps = { ...env.deps, now: () => new Date(tick++) };
});
afterEach(async () => {
  await env.cleanup();
});

const all = async <T>(collection: string) => (await env.store.collection(collection).get()).docs.map((d) => d.data() as unknown as T);

/** Refusals (4xx) and contention (503) are answers, not failures; anything else is a bug. */
async function tolerate(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return;
    if (error instanceof StoreError && error.code === 'aborted') return;
    throw error;
  }
}

async function perform(o: Op): Promise<void> {
  if (o.kind === 'book') await tolerate(() => bookClass(deps, identity(o.who), { single_class_id: o.cls, ...(o.guest ? { guest: 'Invitada' } : {}) }));
  else if (o.kind === 'join') await tolerate(() => joinWaitlist(deps, identity(o.who), { single_class_id: o.cls }));
  else if (o.kind === 'capacity') await tolerate(() => updateClass(deps, { single_class_id: o.cls, capacity: o.capacity }));
  else if (o.kind === 'cancel') {
    const mine = (await all<ClassReservationDoc>('class_reservations')).filter((r) => r.uid === `c${o.who}` && r.deletedAt === null);
    const r = mine[o.pick % Math.max(1, mine.length)];
    if (r) await tolerate(() => cancelOwnReservation(deps, identity(o.who), r.class_reservation_id));
  } else if (o.kind === 'leave') {
    const mine = (await all<WaitlistDoc>('waitlists')).filter((w) => w.uid === `c${o.who}` && w.status === 'waiting');
    const w = mine[o.pick % Math.max(1, mine.length)];
    if (w) await tolerate(() => leaveWaitlist(deps, identity(o.who), w.waitlist_id));
  } else {
    const active = (await all<ClassReservationDoc>('class_reservations')).filter((r) => r.single_class_id === o.cls && r.deletedAt === null);
    const r = active[o.pick % Math.max(1, active.length)];
    if (r) await tolerate(() => adminRemoveReservation(deps, ADMIN_UID, o.cls, r.class_reservation_id, { refund: o.refund }));
  }
}

async function checkInvariants(): Promise<void> {
  const reservations = await all<ClassReservationDoc>('class_reservations');
  const classes = await all<{ single_class_id: number; capacity: number }>('single_classes');
  for (const c of classes) {
    const active = reservations.filter((r) => r.single_class_id === c.single_class_id && r.deletedAt === null);
    const seats = await all<{ n: number; class_reservation_id: number | null }>(`single_classes/${c.single_class_id}/seats`);
    expect(active.length, `class ${c.single_class_id}: reservations ≤ capacity`).toBeLessThanOrEqual(c.capacity);
    expect(seats.length, `class ${c.single_class_id}: seats ≤ capacity`).toBeLessThanOrEqual(c.capacity);
    expect(Math.max(0, ...seats.map((s) => s.n)), 'seat numbers within capacity').toBeLessThanOrEqual(c.capacity);
    expect(new Set(active.map((r) => r.seat)).size, 'one seat per reservation').toBe(active.length);
    const own = active.filter((r) => r.guest === null).map((r) => r.customer_id);
    const guests = active.filter((r) => r.guest !== null).map((r) => r.customer_id);
    expect(new Set(own).size, 'nobody twice in one class').toBe(own.length);
    expect(new Set(guests).size, 'one guest per customer per class').toBe(guests.length);
  }
  for (const lot of await all<AvailableClassDoc>('available_classes')) {
    if (lot.available_classes !== -1) expect(lot.available_classes, `lot ${lot.available_class_id} ≥ 0`).toBeGreaterThanOrEqual(0);
  }
  for (const p of people) expect(await ledgerMismatches(env.store, p.customerId)).toEqual([]);
  const entries = await all<WaitlistDoc>('waitlists');
  for (const c of CLASSES) {
    const promoted = entries.filter((w) => w.single_class_id === c && w.status === 'promoted');
    const waiting = entries.filter((w) => w.single_class_id === c && w.status === 'waiting');
    for (const p of promoted) {
      for (const w of waiting) {
        expect(
          w.joinedAt.getTime() > p.joinedAt.getTime(),
          `class ${c}: waitlist ${w.waitlist_id} (still waiting) joined before ${p.waitlist_id} was promoted`,
        ).toBe(true);
      }
    }
  }
}

it('random interleavings of booking, cancelling, waiting, capacity changes and removals keep every invariant', { timeout: 600_000 }, async () => {
  const seed = process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : 20261123;
  let run = 0;
  const seen = { reservations: 0, promoted: 0, cancelled: 0 };
  await fc.assert(
    fc.asyncProperty(fc.array(batch, { minLength: 4, maxLength: 14 }), async (batches) => {
      // A fresh studio per run: 6 customers, two 2-seat classes at different times, 3 credits each (one unlimited).
      await env.cleanup();
      // The SDK's backoff (1 s, ×1.5) would make each conflict a second of waiting; the interleavings are the same with a short one.
      env = testEnv({ retryBackoff: { initialDelayMs: 10, factor: 1.5, maxDelayMs: 100 } });
      const base = env.deps;
      let tick = new Date('2026-11-28T13:00:00Z').getTime();
      deps = { ...base, now: () => new Date(tick++) };
      await seedScheduleCatalogue(env.store);
      await addCustomers(env.store, people);
      await createClass(deps, yogaClass({ capacity: 2 }));
      await createClass(deps, yogaClass({ capacity: 2, start_time: '18:00' }));
      for (const [i, p] of people.entries()) await giveLot(deps, { id: 100 + i, ...p, credits: i === 0 ? -1 : 3 });
      run++;
      for (const b of batches) {
        if (b.promote) await Promise.all(b.classes.map((c) => promoteWaitlist(deps, c)));
        else await Promise.all(b.ops.map(perform));
        await checkInvariants();
      }
      // The trigger settles every class: then nobody waits for a seat that is free or held.
      for (const c of CLASSES) await promoteWaitlist(deps, c);
      await checkInvariants();
      const reservations = await all<ClassReservationDoc>('class_reservations');
      seen.reservations += reservations.length;
      seen.cancelled += reservations.filter((r) => r.deletedAt !== null).length;
      seen.promoted += reservations.filter((r) => r.source === 'waitlist').length;
    }),
    { seed, numRuns: 100, endOnFailure: true },
  );
  // The runs did exercise what they check: bookings, cancellations and promotions happened.
  console.log(`booking property: ${run} runs; ${JSON.stringify(seen)}`);
  expect(run).toBeGreaterThan(0);
  expect(seen.reservations).toBeGreaterThan(0);
  expect(seen.cancelled).toBeGreaterThan(0);
  expect(seen.promoted).toBeGreaterThan(0);
});
