/**
 * The waitlist under a cancellation rush, through the deployed shape: 50
 * customers fill a 50-seat class, 50 more wait in its line, then all 50
 * cancel at once. The promotion triggers (run by the stack's dispatcher, as
 * Firestore runs them deployed) must hand each freed seat to exactly one
 * person in line: 50 promotions, nobody twice, every credit accounted for.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AvailableClassDoc } from '../../src/data/repos/credits-repo';
import type { ClassReservationDoc } from '../../src/data/repos/reservations-repo';
import type { WaitlistDoc } from '../../src/data/repos/waitlists-repo';
import { ledgerMismatches } from '../unit/schedule/schedule-fixtures';
import { createRushClass, inLanes, rushCustomers } from './rush';
import { api, seed, signIn, store } from './support';

const SEATS = 50;
let admin: string;

beforeAll(async () => {
  admin = (await signIn(seed.admin.email, seed.admin.password)).token;
});
afterAll(async () => {
  await store().close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('50 cancellations at once with 50 people waiting: each freed seat is promoted exactly once', { timeout: 300_000 }, async () => {
  const started = performance.now();
  const classId = await createRushClass(admin, SEATS);
  // 100 customers with one credit each, created in lanes (rush.ts: the Functions emulator starts a worker per concurrent request).
  const customers = await rushCustomers(admin, 2 * SEATS, 25);
  const booked = customers.slice(0, SEATS);
  const waiting = customers.slice(SEATS);

  const bookings = await inLanes(booked, 25, (c) =>
    api<{ class_reservation: { class_reservation_id: number } }>('POST', '/api/class_reservations', { token: c.token, body: { single_class_id: classId } }),
  );
  expect(bookings.map((b) => b.status)).toEqual(Array(SEATS).fill(201));
  // The line, in order: one after the other.
  const line: number[] = [];
  for (const c of waiting) {
    const joined = await api<{ waitlist: { waitlist_id: number; position: number } }>('POST', '/api/waitlist', {
      token: c.token,
      body: { single_class_id: classId },
    });
    expect(joined.status).toBe(201);
    line.push(joined.body.waitlist.waitlist_id);
  }

  const cancelledAt = performance.now();
  const cancels = await Promise.all(
    booked.map((c, i) => api('DELETE', `/api/class_reservations/${bookings[i]?.body.class_reservation.class_reservation_id}`, { token: c.token })),
  );
  expect(cancels.filter((r) => r.status >= 500)).toEqual([]);
  expect(cancels.map((r) => r.status)).toEqual(Array(SEATS).fill(200));

  // The triggers run behind the API: wait until the line is empty (the test's own timeout bounds the wait).
  const entriesOf = async () =>
    (await store().collection('waitlists').where('single_class_id', '==', classId).get()).docs.map((d) => d.data() as unknown as WaitlistDoc);
  while ((await entriesOf()).some((w) => w.status === 'waiting')) await sleep(250);
  const promotedAt = performance.now();
  await sleep(1000); // anything still in flight (a second promotion run) would show now
  console.log(
    `waitlist rush: set-up ${((cancelledAt - started) / 1000).toFixed(1)} s; 50 cancellations answered and every entry promoted ${((promotedAt - cancelledAt) / 1000).toFixed(1)} s later`,
  );

  const entries = await entriesOf();
  expect(entries.map((w) => w.status)).toEqual(Array(SEATS).fill('promoted'));
  const reservations = (await store().collection('class_reservations').where('single_class_id', '==', classId).get()).docs.map(
    (d) => d.data() as unknown as ClassReservationDoc,
  );
  const active = reservations.filter((r) => r.deletedAt === null);
  expect(active).toHaveLength(SEATS);
  expect(active.every((r) => r.source === 'waitlist')).toBe(true);
  // Nobody promoted twice; everyone in line promoted once, into their own reservation.
  const promotedCustomers = active.map((r) => r.customer_id);
  expect(new Set(promotedCustomers).size).toBe(SEATS);
  expect(new Set(promotedCustomers)).toEqual(new Set(waiting.map((c) => c.customerId)));
  expect(new Set(entries.map((w) => w.class_reservation_id)).size).toBe(SEATS);
  // First in, first out: the promotions were made in the order of the line.
  const bookedAt = new Map(active.map((r) => [r.class_reservation_id, r.createdAt.getTime()]));
  const byPromotion = [...entries].sort((a, b) => (bookedAt.get(a.class_reservation_id ?? 0) ?? 0) - (bookedAt.get(b.class_reservation_id ?? 0) ?? 0));
  expect(byPromotion.map((w) => w.waitlist_id)).toEqual(line);
  const seats = (await store().collection(`single_classes/${classId}/seats`).get()).docs.map((d) => d.data());
  expect(seats).toHaveLength(SEATS);
  expect(seats.filter((s) => s?.held_for_waitlist === true)).toEqual([]);
  // Credits: the cancellers got theirs back, the promoted spent theirs, every ledger adds up.
  const lots = (await store().collection('available_classes').get()).docs.map((d) => d.data() as unknown as AvailableClassDoc);
  const left = new Map(lots.map((l) => [l.customer_id, l.available_classes]));
  for (const c of booked) expect(left.get(c.customerId)).toBe(1);
  for (const c of waiting) expect(left.get(c.customerId)).toBe(0);
  for (const c of customers.slice(0, 10)) expect(await ledgerMismatches(store(), c.customerId)).toEqual([]);
  for (const c of waiting.slice(0, 10)) expect(await ledgerMismatches(store(), c.customerId)).toEqual([]);
});
