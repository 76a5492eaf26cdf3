import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { createNotification, getNotification, type NotificationDoc } from '../../../src/data/repos/notifications-repo';
import { cancelClass } from '../../../src/services/schedule/cancel-class';
import { createClass } from '../../../src/services/schedule/create-class';
import { addCustomers } from '../booking/booking-fixtures';
import { ADMIN_UID, book, giveLot, seedScheduleCatalogue, yogaClass } from '../schedule/schedule-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
let app: ReturnType<typeof createApp>;
const ana = { customerId: 2, uid: 'ana' };
const beto = { customerId: 3, uid: 'beto' };

beforeEach(async () => {
  env = testEnv();
  app = createApp(env.deps);
  await seedScheduleCatalogue(env.store);
  await addCustomers(env.store, [ana, beto]);
});
afterEach(async () => {
  await env.cleanup();
});

const as = (uid: string) => `Bearer uid:${uid}`;
const listAs = (uid: string) => request(app).get('/api/notifications').set('Authorization', as(uid));
const readOneAs = (uid: string, id: string) => request(app).put(`/api/notifications/${id}/read`).set('Authorization', as(uid));
const readAllAs = (uid: string) => request(app).put('/api/notifications/read').set('Authorization', as(uid));

async function notify(owner: { uid: string; customerId: number }, id: string, createdAt: string, read = false): Promise<void> {
  const doc: NotificationDoc = {
    notification_id: id,
    customer_id: owner.customerId,
    uid: owner.uid,
    type: 'class-cancelled',
    title: `Aviso ${id}`,
    body: 'Cancelamos tu clase.',
    read,
    reference: { type: 'single_class', id: 1 },
    createdAt: new Date(createdAt),
  };
  await env.store.runTransaction(async (tx) => createNotification(env.store, tx, doc));
}

/** Three of Ana's (one read already) and one of Beto's. */
async function seedNotices(): Promise<void> {
  await notify(ana, 'n-old', '2026-11-01T10:00:00Z', true);
  await notify(ana, 'n-new', '2026-11-20T10:00:00Z');
  await notify(ana, 'n-mid', '2026-11-10T10:00:00Z');
  await notify(beto, 'n-beto', '2026-11-21T10:00:00Z');
}

describe('GET /api/notifications', () => {
  it("answers only the caller's own, newest first, with ISO dates and the unread count", async () => {
    await seedNotices();
    const res = await listAs('ana');
    expect(res.status).toBe(200);
    expect(res.body.unread).toBe(2);
    expect(res.body.notifications.map((n: { notification_id: string }) => n.notification_id)).toEqual(['n-new', 'n-mid', 'n-old']);
    expect(res.body.notifications[0]).toEqual({
      notification_id: 'n-new',
      customer_id: 2,
      type: 'class-cancelled',
      title: 'Aviso n-new',
      body: 'Cancelamos tu clase.',
      read: false,
      reference: { type: 'single_class', id: 1 },
      createdAt: '2026-11-20T10:00:00.000Z',
      readAt: null,
    });
    expect(JSON.stringify(res.body)).not.toContain('beto');
    const beto = await listAs('beto');
    expect(beto.body).toMatchObject({ unread: 1, notifications: [{ notification_id: 'n-beto' }] });
  });

  it('lists the notice a class cancellation writes', async () => {
    await createClass(env.deps, yogaClass());
    await giveLot(env.deps, { id: 101, ...ana, credits: 2 });
    await book(env.deps, { reservationId: 1001, classId: 1, ...ana, lotId: 101 });
    await cancelClass(env.deps, ADMIN_UID, 1, { reason: 'Lluvia' });
    const res = await listAs('ana');
    expect(res.body.unread).toBe(1);
    expect(res.body.notifications).toMatchObject([{ notification_id: 'class-cancelled-1-2', read: false, reference: { type: 'single_class', id: 1 } }]);
  });

  it('answers an empty list to a customer without notifications', async () => {
    expect((await listAs('ana')).body).toEqual({ notifications: [], unread: 0 });
  });

  it('refuses the signed-out with a Spanish 401', async () => {
    const res = await request(app).get('/api/notifications');
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'auth/unauthenticated', message: 'Debes iniciar sesión para continuar.' });
    expect((await request(app).put('/api/notifications/read')).status).toBe(401);
    expect((await request(app).put('/api/notifications/n-new/read')).status).toBe(401);
  });
});

describe('PUT /api/notifications/{id}/read', () => {
  it("marks one of the caller's own read, with when, and answers it with the new unread count", async () => {
    await seedNotices();
    env.clock.now = new Date('2026-11-22T19:30:00Z');
    const res = await readOneAs('ana', 'n-new');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ notification: { notification_id: 'n-new', read: true, readAt: '2026-11-22T19:30:00.000Z' }, unread: 1 });
    expect(await getNotification(env.store, 'n-new')).toMatchObject({ read: true, readAt: new Date('2026-11-22T19:30:00Z') });
  });

  it('is idempotent: again answers the same and writes nothing', async () => {
    await seedNotices();
    await readOneAs('ana', 'n-new');
    const before = await env.store.doc('notifications/n-new').get();
    env.clock.now = new Date('2026-11-23T08:00:00Z');
    const again = await readOneAs('ana', 'n-new');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ notification: { read: true, readAt: '2026-11-22T18:00:00.000Z' }, unread: 1 });
    const after = await env.store.doc('notifications/n-new').get();
    expect(after.updateTime?.getTime()).toBe(before.updateTime?.getTime());
  });

  it("answers 404 in Spanish for someone else's notification, and leaves it unread", async () => {
    await seedNotices();
    const res = await readOneAs('ana', 'n-beto');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'notifications/not-found', message: 'No encontramos esa notificación.' });
    expect((await getNotification(env.store, 'n-beto'))?.read).toBe(false);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await readOneAs('ana', 'no-existe')).status).toBe(404);
    const bad = await readOneAs('ana', 'a%20b');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'invalid-argument', fields: { notification_id: 'El identificador de la notificación no es válido.' } });
    // A '/' (or an id the store reserves) never gets this far: the path guard refuses it for every route (http/url.ts).
    expect((await readOneAs('ana', 'a%2Fb')).body.error.code).toBe('http/invalid-path');
    const long = await readOneAs('ana', 'x'.repeat(201));
    expect(long.status).toBe(400);
  });

  it('refuses a body with fields (400, not 500)', async () => {
    await seedNotices();
    const res = await request(app).put('/api/notifications/n-new/read').set('Authorization', as('ana')).send({ read: false });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/no está permitido/);
  });
});

describe('PUT /api/notifications/read', () => {
  it("marks every unread one of the caller's, writes only those, and leaves others' alone", async () => {
    await seedNotices();
    const oldBefore = await env.store.doc('notifications/n-old').get();
    const res = await readAllAs('ana');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ marked: 2, unread: 0 });
    const list = (await listAs('ana')).body;
    expect(list.unread).toBe(0);
    expect(list.notifications.every((n: { read: boolean }) => n.read)).toBe(true);
    // The one read already was not rewritten (and got no readAt it never had).
    const oldAfter = await env.store.doc('notifications/n-old').get();
    expect(oldAfter.updateTime?.getTime()).toBe(oldBefore.updateTime?.getTime());
    expect(oldAfter.get('readAt')).toBeUndefined();
    expect((await getNotification(env.store, 'n-beto'))?.read).toBe(false);
  });

  it('is idempotent: a second call marks nothing', async () => {
    await seedNotices();
    await readAllAs('ana');
    expect((await readAllAs('ana')).body).toEqual({ marked: 0, unread: 0 });
    expect((await readAllAs('nadie')).body).toEqual({ marked: 0, unread: 0 });
  });
});
