/**
 * Revoked customer sessions on money and booking writes, and App Check on the
 * routes bots race for at a release (docs/auth "Revoked tokens", "App Check").
 */
import { messages } from '@studio/shared/messages';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { REVOCATION_CHECK_TTL_MS } from '../../../src/http/authenticate';
import { createClass } from '../../../src/services/schedule/create-class';
import { addCustomers } from '../booking/booking-fixtures';
import { giveLot, seedScheduleCatalogue, yogaClass } from '../schedule/schedule-fixtures';
import { fakeAppCheck, type fakeAuth, type TestEnv, testEnv } from '../support';

let env: TestEnv;
const people = [
  { customerId: 10, uid: 'ana' },
  { customerId: 11, uid: 'bea' },
];
const checksOf = () => (env.deps.auth as ReturnType<typeof fakeAuth>).revocationChecks;

beforeEach(async () => {
  env = testEnv();
  env.clock.now = new Date('2026-11-30T13:00:00Z');
  await seedScheduleCatalogue(env.store);
  await addCustomers(env.store, people);
  await createClass(env.deps, yogaClass({ capacity: 5 }));
  for (const [i, p] of people.entries()) await giveLot(env.deps, { id: 100 + i, ...p, credits: 3 });
});
afterEach(async () => {
  await env.cleanup();
});

const bookAs = (app: ReturnType<typeof createApp>, token: string, headers: Record<string, string> = {}) =>
  request(app).post('/api/class_reservations').set('authorization', `Bearer ${token}`).set(headers).send({ single_class_id: 1 });

describe('revoked customer tokens', () => {
  it('refuses a booking write with 401 auth/id-token-revoked and books nothing', async () => {
    const res = await bookAs(createApp(env.deps), 'revoked:ana');
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'auth/id-token-revoked', message: messages.auth.tokenRevoked });
    expect((await env.store.collection('class_reservations').get()).docs).toHaveLength(0);
  });

  it('refuses waitlist joins, checkout, purchase cancels and saved cards', async () => {
    const app = createApp(env.deps);
    const auth = { authorization: 'Bearer revoked:ana' };
    const calls = [
      request(app).post('/api/waitlist').set(auth).send({ single_class_id: 1 }),
      request(app).post('/api/checkout/attempt').set(auth).send({ class_package_id: 4, payment_method: 'card' }),
      request(app).post('/api/checkout').set(auth).send({}),
      request(app).post('/api/purchases/cancel/1').set(auth).send({}),
      request(app).post('/api/payment_sources').set(auth).send({}),
      request(app).delete('/api/payment_sources/pm_1').set(auth),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('auth/id-token-revoked');
    }
  });

  it('still answers plain reads: their revocation is not looked up', async () => {
    const app = createApp(env.deps);
    const res = await request(app).get('/api/class_reservations').set('authorization', 'Bearer revoked:ana');
    expect(res.status).toBe(200);
    expect(checksOf()).toEqual([]);
  });

  it('books with a live token, looking revocation up once per customer per window', async () => {
    const app = createApp(env.deps);
    const booked = await bookAs(app, 'uid:ana');
    expect(booked.status).toBe(201);
    const id = String(booked.body.class_reservation.class_reservation_id);
    const cancel = await request(app).delete(`/api/class_reservations/${id}`).set('authorization', 'Bearer uid:ana');
    expect(cancel.status).toBe(200);
    expect(checksOf()).toEqual(['ana']);

    env.clock.now = new Date(env.clock.now.getTime() + REVOCATION_CHECK_TTL_MS);
    expect((await bookAs(app, 'uid:ana')).status).toBe(201);
    expect(checksOf()).toEqual(['ana', 'ana']);
  });

  it('does not look admins up twice: authenticate already checked their revocation', async () => {
    const res = await request(createApp(env.deps)).post('/api/checkout').set('authorization', 'Bearer admin:ana').send({});
    expect(res.status).toBe(400);
    expect(checksOf()).toEqual([]);
  });
});

describe('App Check', () => {
  const guarded = (app: ReturnType<typeof createApp>, headers: Record<string, string>) => [
    request(app).post('/api/customer/signup').set(headers).send({}),
    request(app).post('/api/class_reservations').set(headers).send({}),
    request(app).delete('/api/class_reservations/1').set(headers),
    request(app).post('/api/waitlist').set(headers).send({}),
    request(app).post('/api/checkout/attempt').set(headers).send({}),
    request(app).post('/api/checkout').set(headers).send({}),
  ];

  it('when enforced, refuses sign-up, booking writes and checkout without a valid token', async () => {
    env.deps.appCheck = fakeAppCheck();
    const app = createApp(env.deps);
    const attempts: Array<Record<string, string>> = [{ authorization: 'Bearer uid:ana' }, { authorization: 'Bearer uid:ana', 'x-firebase-appcheck': 'forged' }];
    for (const headers of attempts) {
      for (const res of await Promise.all(guarded(app, headers))) {
        expect(res.status).toBe(401);
        expect(res.body.error).toMatchObject({ code: 'app-check/invalid', message: messages.auth.appCheckInvalid });
      }
    }
    // Refused before the identity provider is asked anything.
    expect(checksOf()).toEqual([]);
  });

  it('when enforced, lets a valid token through', async () => {
    env.deps.appCheck = fakeAppCheck();
    const app = createApp(env.deps);
    expect((await bookAs(app, 'uid:ana', { 'X-Firebase-AppCheck': 'app-check:ok' })).status).toBe(201);
    // The other guarded routes reach their body validation.
    for (const res of await Promise.all(guarded(app, { authorization: 'Bearer uid:bea', 'x-firebase-appcheck': 'app-check:ok' }).filter((_, i) => i !== 2))) {
      expect(res.status).toBe(400);
    }
  });

  it('leaves reads and the quote alone when enforced', async () => {
    env.deps.appCheck = fakeAppCheck();
    const app = createApp(env.deps);
    expect((await request(app).get('/api/class_reservations').set('authorization', 'Bearer uid:ana')).status).toBe(200);
    expect((await request(app).get('/api/checkout/quote?class_package_id=999')).status).not.toBe(401);
  });

  it('asks for nothing when not enforced (locally, in tests)', async () => {
    const res = await bookAs(createApp(env.deps), 'uid:ana');
    expect(res.status).toBe(201);
  });
});
