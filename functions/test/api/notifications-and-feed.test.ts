/**
 * The customer's notifications and private calendar feed through the deployed
 * shape (Hosting → function, Auth emulator tokens), on the seeded demo studio.
 * Classes, credits, bookings and the cancellation that writes a notification
 * all go through the API.
 */
import { studioDay } from '@studio/shared/format/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservationEventUid } from '../../src/services/mail/booking-mail';
import { unfold } from '../../src/services/mail/calendar-invite';
import { api, BASE_URL, newCustomer, seed, signIn, store } from './support';

type Customer = Awaited<ReturnType<typeof newCustomer>>;
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Notice = { notification_id: string; read: boolean; readAt: string | null; createdAt: string; reference: { type: string; id: number } };
type ListBody = { notifications: Notice[]; unread: number };
type FeedBody = { url: string; webcal_url: string };

const PROJECT = process.env.GCLOUD_PROJECT ?? 'demo-studio';
let admin: string;

beforeAll(async () => {
  admin = (await signIn(seed.admin.email, seed.admin.password)).token;
});

afterAll(async () => {
  await store().close();
});

/** A fresh class `daysAhead` days from now (far from the seeded weeks), created by the admin. */
async function newClass(daysAhead: number): Promise<number> {
  const date = studioDay(new Date(Date.now() + daysAhead * 86_400_000));
  const created = await api<{ single_class: { single_class_id: number } }>('POST', '/api/single_class', {
    token: admin,
    body: { date, start_time: '09:00', duration_minutes: 50, capacity: 5, class_type_id: 2, location_id: 1, instructor_ids: [3] },
  });
  if (created.status !== 201) throw new Error(`setup class: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.single_class.single_class_id;
}

async function credit(customer: Customer, n: number): Promise<void> {
  const lot = await api('POST', '/api/available_classes', { token: admin, body: { customer_id: customer.customerId, available_classes: n } });
  if (lot.status !== 201) throw new Error(`setup credit: ${lot.status} ${JSON.stringify(lot.body)}`);
}

async function bookOne(customer: Customer, classId: number, guest?: string): Promise<number> {
  const booked = await api<{ class_reservation: { class_reservation_id: number } }>('POST', '/api/class_reservations', {
    token: customer.token,
    body: { single_class_id: classId, ...(guest ? { guest } : {}) },
  });
  if (booked.status !== 201) throw new Error(`setup booking: ${booked.status} ${JSON.stringify(booked.body)}`);
  return booked.body.class_reservation.class_reservation_id;
}

/** GETs a feed URL on the stack under test (the URL's host is whatever the request came to). */
async function fetchFeed(url: string): Promise<Response> {
  return fetch(`${BASE_URL}${new URL(url).pathname}`);
}

const values = (lines: string[], name: string) =>
  lines.filter((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`)).map((l) => l.slice(l.indexOf(':') + 1));

describe('notifications', () => {
  let ana: Customer;
  let beto: Customer;
  let classId: number;

  beforeAll(async () => {
    [ana, beto] = await Promise.all([newCustomer(), newCustomer()]);
    classId = await newClass(420);
    await Promise.all([credit(ana, 2), credit(beto, 2)]);
    await bookOne(ana, classId);
    await bookOne(beto, classId);
    const cancelled = await api('POST', `/api/single_class/${classId}/cancel`, { token: admin, body: { reason: 'Mantenimiento' } });
    if (cancelled.status !== 200) throw new Error(`setup cancel: ${cancelled.status} ${JSON.stringify(cancelled.body)}`);
  });

  it("lists the caller's own, newest first, with the unread count", async () => {
    const res = await api<ListBody>('GET', '/api/notifications', { token: ana.token });
    expect(res.status).toBe(200);
    expect(res.body.unread).toBe(1);
    expect(res.body.notifications).toMatchObject([
      { notification_id: `class-cancelled-${classId}-${ana.customerId}`, read: false, readAt: null, reference: { type: 'single_class', id: classId } },
    ]);
    expect(new Date(res.body.notifications[0]!.createdAt).toISOString()).toBe(res.body.notifications[0]!.createdAt);
  });

  it("marks one read (idempotently), and answers 404 for someone else's", async () => {
    const own = `class-cancelled-${classId}-${ana.customerId}`;
    const other = `class-cancelled-${classId}-${beto.customerId}`;
    const first = await api<{ notification: Notice; unread: number }>('PUT', `/api/notifications/${own}/read`, { token: ana.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ notification: { notification_id: own, read: true }, unread: 0 });
    const again = await api<{ notification: Notice }>('PUT', `/api/notifications/${own}/read`, { token: ana.token });
    expect(again.status).toBe(200);
    expect(again.body.notification.readAt).toBe(first.body.notification.readAt);
    const theirs = await api<ErrorBody>('PUT', `/api/notifications/${other}/read`, { token: ana.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toMatchObject({ code: 'notifications/not-found', message: 'No encontramos esa notificación.' });
    expect((await api<ListBody>('GET', '/api/notifications', { token: beto.token })).body.unread).toBe(1);
  });

  it('marks all read, then nothing more', async () => {
    const all = await api('PUT', '/api/notifications/read', { token: beto.token });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ marked: 1, unread: 0 });
    expect((await api('PUT', '/api/notifications/read', { token: beto.token })).body).toEqual({ marked: 0, unread: 0 });
  });

  it('answers 401 signed out and 400 for a malformed id or a body with fields', async () => {
    expect((await api('GET', '/api/notifications')).status).toBe(401);
    expect((await api('PUT', '/api/notifications/read')).status).toBe(401);
    const malformed = await api<ErrorBody>('PUT', '/api/notifications/no%20vale/read', { token: ana.token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.fields).toHaveProperty('notification_id');
    const withBody = await api<ErrorBody>('PUT', '/api/notifications/read', { token: ana.token, body: { read: false } });
    expect(withBody.status).toBe(400);
  });
});

describe('calendar feed', () => {
  let ana: Customer;
  let upcoming: number[];
  let cancelledId: number;

  beforeAll(async () => {
    ana = await newCustomer();
    const [soon, later, dropped] = await Promise.all([newClass(430), newClass(431), newClass(432)]);
    await credit(ana, 5);
    upcoming = [await bookOne(ana, soon as number), await bookOne(ana, soon as number, 'Pedro, amigo'), await bookOne(ana, later as number)];
    cancelledId = await bookOne(ana, dropped as number);
    const cancelled = await api('DELETE', `/api/class_reservations/${cancelledId}`, { token: ana.token });
    if (cancelled.status !== 200) throw new Error(`setup cancel: ${cancelled.status} ${JSON.stringify(cancelled.body)}`);
  });

  it('answers a stable URL and its webcal:// twin, stored only as a hash', async () => {
    const first = await api<FeedBody>('GET', '/api/calendar/feed', { token: ana.token });
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(/^https?:\/\/[^/]+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(first.body.webcal_url).toBe(first.body.url.replace(/^https?:/, 'webcal:'));
    expect((await api<FeedBody>('GET', '/api/calendar/feed', { token: ana.token })).body).toEqual(first.body);
    const token = /([A-Za-z0-9_-]{43})\.ics$/.exec(first.body.url)?.[1] as string;
    for (const collection of ['calendar_feeds', 'calendar_feed_tokens']) {
      for (const doc of (await store().collection(collection).get()).docs) expect(`${doc.path} ${JSON.stringify(doc.data())}`).not.toContain(token);
    }
  });

  it('serves the upcoming active reservations as text/calendar with the e-mails’ UIDs, no sign-in needed', async () => {
    const { url } = (await api<FeedBody>('GET', '/api/calendar/feed', { token: ana.token })).body;
    const res = await fetchFeed(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    const lines = unfold(await res.text());
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(values(lines, 'X-WR-CALNAME')).toHaveLength(1);
    expect(values(lines, 'UID').sort()).toEqual(upcoming.map((id) => reservationEventUid(id, PROJECT)).sort());
    expect(values(lines, 'UID')).not.toContain(reservationEventUid(cancelledId, PROJECT));
    expect(values(lines, 'SUMMARY').some((s) => s.includes('(Pedro\\, amigo)'))).toBe(true);
    expect(values(lines, 'DTSTART').every((v) => /^\d{8}T\d{6}Z$/.test(v))).toBe(true);
  });

  it('rotation kills the old URL at once; the new one works; unknown tokens are 404', async () => {
    const old = (await api<FeedBody>('GET', '/api/calendar/feed', { token: ana.token })).body;
    const rotated = await api<FeedBody>('POST', '/api/calendar/feed/rotate', { token: ana.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.url).not.toBe(old.url);
    expect((await fetchFeed(old.url)).status).toBe(404);
    expect((await fetchFeed(rotated.body.url)).status).toBe(200);
    expect((await api('GET', `/api/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await api('GET', '/api/calendar/feed')).status).toBe(401);
    expect((await api('POST', '/api/calendar/feed/rotate')).status).toBe(401);
  });
});
