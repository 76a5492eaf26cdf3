/**
 * A class-release rush through the deployed shape (ADR 0060): 200 signed-in
 * customers with one credit each, one new 20-seat class, everyone books it.
 * Exactly 20 places, the rest a clear 412 `booking/class-full`, no 5xx, no
 * credit spent twice, and the class's `booked` catches up (countReservations
 * trigger). See rush.ts for why requests go out from lanes rather than all at
 * once (the Functions emulator starts one worker process per concurrent request).
 */
import type { SingleClass } from '@studio/shared/schemas/single-class';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRushClass, creditsLeft, inLanes, rush, rushCustomers, type SetupTimings } from './rush';
import { api, seed, signIn, store } from './support';

const CUSTOMERS = 200;
const CAPACITY = 20;
/** Requests in flight at once (worker processes the emulator may start); override with RUSH_IN_FLIGHT. */
const IN_FLIGHT = Number(process.env.RUSH_IN_FLIGHT ?? 25);

let admin: string;
beforeAll(async () => {
  admin = (await signIn(seed.admin.email, seed.admin.password)).token;
});
afterAll(async () => {
  await store().close();
});

it(`a rush: ${CUSTOMERS} customers with one credit each book a ${CAPACITY}-seat class`, { timeout: 600_000 }, async () => {
  const t0 = Date.now();
  const setup: SetupTimings = { authMs: 0, signupMs: 0, grantMs: 0 };
  const customers = await rushCustomers(admin, CUSTOMERS, IN_FLIGHT, setup);
  const classId = await createRushClass(admin, CAPACITY);
  const t1 = Date.now();

  const answers = await rush(customers, classId, IN_FLIGHT);
  const t2 = Date.now();

  const byStatus = new Map<number, number>();
  for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
  console.log(
    `booking rush: set-up ${((t1 - t0) / 1000).toFixed(1)} s (Auth accounts ${(setup.authMs / 1000).toFixed(1)} s, sign-ups ${(setup.signupMs / 1000).toFixed(1)} s, grants ${(setup.grantMs / 1000).toFixed(1)} s); ${CUSTOMERS} bookings (${IN_FLIGHT} in flight) ${((t2 - t1) / 1000).toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries(byStatus))}`,
  );

  const winners = answers.filter((a) => a.status === 201);
  const losers = answers.filter((a) => a.status !== 201);
  expect([...byStatus.keys()].filter((s) => s >= 500)).toEqual([]);
  expect(winners).toHaveLength(CAPACITY);
  expect(losers.map((a) => [a.status, a.code])).toEqual(Array.from({ length: CUSTOMERS - CAPACITY }, () => [412, 'booking/class-full']));
  expect(new Set(winners.map((a) => a.reservationId)).size).toBe(CAPACITY);
  expect(new Set(winners.map((a) => a.customer.customerId)).size).toBe(CAPACITY);

  // No credit spent twice, none lost: each winner has 0 left, each loser still 1 (as the customers see it).
  const left = await inLanes(answers, IN_FLIGHT, async (a) => [a.status, await creditsLeft(a.customer)] as const);
  expect(left.filter(([status]) => status === 201).map(([, credits]) => credits)).toEqual(Array(CAPACITY).fill(0));
  expect(left.filter(([status]) => status !== 201).map(([, credits]) => credits)).toEqual(Array(CUSTOMERS - CAPACITY).fill(1));

  // The store agrees: the class's active reservations are exactly the winners', one seat each.
  const reservations = await store().collection('class_reservations').where('single_class_id', '==', classId).get();
  const byNumber = (a: number, b: number) => a - b;
  expect(reservations.docs.map((d) => d.get('class_reservation_id') as number).sort(byNumber)).toEqual(
    winners.map((a) => a.reservationId as number).sort(byNumber),
  );
  expect(await store().collection(`single_classes/${classId}/seats`).count()).toBe(CAPACITY);

  // `booked` follows by trigger (ADR 0060): it may lag, so wait for it (vitest's timeout is the only limit).
  let booked = -1;
  while (booked !== CAPACITY) {
    const single = await api<{ single_class: SingleClass }>('GET', `/api/single_class/single/${classId}`);
    booked = single.body.single_class?.booked ?? -1;
    if (booked !== CAPACITY) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const single = await api<{ single_class: SingleClass }>('GET', `/api/single_class/single/${classId}`);
  expect(single.body.single_class).toMatchObject({ booked: CAPACITY, spots_left: 0 });
  console.log(`booking rush: whole test ${((Date.now() - t0) / 1000).toFixed(1)} s`);
});
