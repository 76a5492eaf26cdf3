import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import type { AvailableClassDoc } from '../../../src/data/repos/credits-repo';
import type { LocalDocumentStore } from '../../../src/data/store/local/local-store';
import { createClass } from '../../../src/services/schedule/create-class';
import { giveLot, ledgerMismatches, seedScheduleCatalogue, yogaClass } from '../schedule/schedule-fixtures';
import { type TestEnv, testEnv } from '../support';
import { addCustomers } from './booking-fixtures';

let env: TestEnv;
let server: Server;
beforeEach(async () => {
  env = testEnv();
  await seedScheduleCatalogue(env.store);
  server = createApp(env.deps).listen(0);
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await env.cleanup();
});

const CUSTOMERS = 200;
const CAPACITY = 20;

it('a rush: 200 customers with one credit each book a 20-seat class at once', { timeout: 120_000 }, async () => {
  await createClass(env.deps, yogaClass({ capacity: CAPACITY }));
  const people = Array.from({ length: CUSTOMERS }, (_, i) => ({ uid: `rush-${i}`, customerId: 1000 + i }));
  await addCustomers(env.store, people);
  for (const [i, p] of people.entries()) await giveLot(env.deps, { id: 5000 + i, ...p, credits: 1 });
  const classBefore = (await env.store.doc('single_classes/1').get()).updateTime;
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The meter keeps per-second rows: start the interval on a fresh second, after the set-up's writes.
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
  const since = new Date();

  const started = Date.now();
  const answers = await Promise.all(
    people.map((p) => request(url).post('/api/class_reservations').set('Authorization', `Bearer uid:${p.uid}`).send({ single_class_id: 1 })),
  );
  const ms = Date.now() - started;

  const byStatus = new Map<number, number>();
  for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
  const codes = new Set(answers.filter((a) => a.status !== 201).map((a) => a.body.error?.code));
  const reservations = (await env.store.collection('class_reservations').where('single_class_id', '==', 1).get()).docs.map(
    (d) => d.data() as Record<string, unknown>,
  );
  const seats = (await env.store.collection('single_classes/1/seats').get()).docs.map((d) => Number(d.get('n')));
  const lots = (await env.store.collection('available_classes').get()).docs.map((d) => d.data() as unknown as AvailableClassDoc);
  const entries = (await env.store.collection('credit_ledger').where('kind', '==', 'book').get()).docs.map((d) => d.data());
  const heat = await (env.store as LocalDocumentStore).meter.hottest({ since, limit: 5 });
  const shared = await (env.store as LocalDocumentStore).meter.hottest({ since, pathPrefix: 'single_classes/1', limit: 50 });
  const counters = await (env.store as LocalDocumentStore).meter.hottest({ since, pathPrefix: 'counters/', limit: 50 });

  console.log(
    `rush: ${CUSTOMERS} bookings of ${CAPACITY} seats in ${ms} ms; statuses ${JSON.stringify(Object.fromEntries(byStatus))}; codes ${[...codes].join(', ')}`,
  );
  console.log('meter top 5:', JSON.stringify(heat, null, 1));

  expect(byStatus.get(201)).toBe(CAPACITY);
  expect(byStatus.get(412)).toBe(CUSTOMERS - CAPACITY);
  expect([...codes]).toEqual(['booking/class-full']);
  expect([...byStatus.keys()].filter((s) => s >= 500)).toEqual([]);
  expect(reservations).toHaveLength(CAPACITY);
  expect(new Set(reservations.map((r) => r.customer_id)).size).toBe(CAPACITY);
  expect(new Set(reservations.map((r) => r.class_reservation_id)).size).toBe(CAPACITY);
  expect(seats.sort((a, b) => a - b)).toEqual(Array.from({ length: CAPACITY }, (_, i) => i + 1));
  // No credit spent twice: exactly the winners' lots went to 0, each with one 'book' entry.
  const spent = lots.filter((l) => l.available_classes === 0);
  expect(spent).toHaveLength(CAPACITY);
  expect(new Set(spent.map((l) => l.customer_id))).toEqual(new Set(reservations.map((r) => r.customer_id)));
  expect(entries).toHaveLength(CAPACITY);
  for (const p of people.slice(0, 40)) expect(await ledgerMismatches(env.store, p.customerId)).toEqual([]);
  const total = lots.reduce((sum, l) => sum + l.available_classes, 0);
  expect(total).toBe(CUSTOMERS - CAPACITY);
  // Nothing the bookings share was written: not the class, not a counter. Only per-booking documents.
  expect((await env.store.doc('single_classes/1').get()).updateTime).toEqual(classBefore);
  expect(shared.filter((h) => h.path === 'single_classes/1')).toEqual([]);
  expect(counters).toEqual([]);
  expect(Math.max(...heat.map((h) => h.writes))).toBe(1);
});
