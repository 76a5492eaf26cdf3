import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { reservationEventUid } from '../../../src/services/mail/booking-mail';
import { unfold } from '../../../src/services/mail/calendar-invite';
import { cancelClass } from '../../../src/services/schedule/cancel-class';
import { createClass } from '../../../src/services/schedule/create-class';
import { addCustomers, setConfig } from '../booking/booking-fixtures';
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
// A host of the request's own choosing never reaches the URL (services/site-origin.ts).
const feedOf = (uid: string) => request(app).get('/api/calendar/feed').set('Authorization', as(uid)).set('Host', 'evil.example');
const rotate = (uid: string) => request(app).post('/api/calendar/feed/rotate').set('Authorization', as(uid)).set('X-Forwarded-Host', 'evil.example');
/** The path part of a feed URL, to fetch it in-process. */
const pathOf = (url: string) => new URL(url).pathname;
const fetchIcs = (url: string) => request(app).get(pathOf(url));
const tokenOf = (url: string) => /\/api\/calendar\/([^/]+)\.ics$/.exec(url)?.[1] as string;

/** The values of a property across the calendar (first of each content line). */
const values = (lines: string[], name: string) =>
  lines.filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`)).map((line) => line.slice(line.indexOf(':') + 1));

/**
 * Ana's reservations: class 1 (yoga, Roma, 1 Dec 13:00Z) for herself and for
 * her guest; class 2 (cycling, Coyoacán, 3 Dec) cancelled by her; class 3
 * (yoga, 5 Dec) cancelled by the studio; class 4 (20 Nov) already past. Beto
 * has class 1 too.
 */
async function seedReservations(): Promise<void> {
  env.clock.now = new Date('2026-11-15T12:00:00Z');
  await createClass(env.deps, yogaClass());
  await createClass(env.deps, yogaClass({ class_type_id: 1, capacity: undefined, date: '2026-12-03', location_id: 2 }));
  await createClass(env.deps, yogaClass({ date: '2026-12-05' }));
  await createClass(env.deps, yogaClass({ date: '2026-11-20' }));
  await giveLot(env.deps, { id: 101, ...ana, credits: 10 });
  await giveLot(env.deps, { id: 102, ...beto, credits: 10 });
  await book(env.deps, { reservationId: 1001, classId: 1, ...ana, lotId: 101 });
  await book(env.deps, { reservationId: 1002, classId: 1, ...ana, lotId: 101, guest: 'Pedro; y, amigos' });
  await book(env.deps, { reservationId: 1003, classId: 2, ...ana, lotId: 101, spot: 4 });
  await book(env.deps, { reservationId: 1004, classId: 3, ...ana, lotId: 101 });
  await book(env.deps, { reservationId: 1005, classId: 4, ...ana, lotId: 101 });
  await book(env.deps, { reservationId: 1006, classId: 1, ...beto, lotId: 102 });
  const r1003 = await env.store.doc('class_reservations/1003').get();
  await env.store.doc('class_reservations/1003').set({ ...r1003.data(), deletedAt: new Date('2026-11-16T00:00:00Z'), cancel_reason: 'customer' });
  await cancelClass(env.deps, ADMIN_UID, 3, { reason: null });
  env.clock.now = new Date('2026-11-22T18:00:00Z');
}

describe('GET /api/calendar/feed', () => {
  it('creates the URL on first use and answers the same one afterwards, with its webcal:// twin', async () => {
    env.deps.siteOrigin = 'https://studio-prod.web.app';
    const first = await feedOf('ana');
    expect(first.status).toBe(200);
    // No domain configured: the deployment's own site.
    expect(first.body.url).toMatch(/^https:\/\/studio-prod\.web\.app\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(first.body.webcal_url).toBe(first.body.url.replace(/^https:/, 'webcal:'));
    const again = await feedOf('ana');
    expect(again.body).toEqual(first.body);
    expect((await env.store.collection('calendar_feed_tokens').get()).size).toBe(1);
    const beto = await feedOf('beto');
    expect(beto.body.url).not.toBe(first.body.url);
  });

  it('uses the configured domain when there is one', async () => {
    await setConfig(env.store, { domain: 'reservas.latido.mx' });
    const res = await feedOf('ana');
    expect(res.body.url).toMatch(/^https:\/\/reservas\.latido\.mx\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(res.body.webcal_url).toMatch(/^webcal:\/\/reservas\.latido\.mx\//);
  });

  it('gives one feed to two first uses at once', async () => {
    const [a, b] = await Promise.all([feedOf('ana'), feedOf('ana')]);
    expect(a.body.url).toBe(b.body.url);
    expect((await env.store.collection('calendar_feed_tokens').get()).size).toBe(1);
  });

  it('stores the token nowhere: only its sha256', async () => {
    const { url } = (await feedOf('ana')).body;
    const token = tokenOf(url);
    const feed = (await env.store.doc('calendar_feeds/ana').get()).data();
    expect(feed).toMatchObject({ uid: 'ana', token_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    for (const collection of ['calendar_feeds', 'calendar_feed_tokens', 'app_secrets', 'customers']) {
      for (const doc of (await env.store.collection(collection).get()).docs) {
        expect(`${doc.path} ${JSON.stringify(doc.data())}`).not.toContain(token);
      }
    }
  });

  it('refuses the signed-out with 401', async () => {
    expect((await request(app).get('/api/calendar/feed')).status).toBe(401);
    expect((await request(app).post('/api/calendar/feed/rotate')).status).toBe(401);
  });
});

describe('GET /api/calendar/{token}.ics', () => {
  it("lists the customer's upcoming active reservations as a calendar, with the e-mails' event UIDs", async () => {
    await seedReservations();
    const { url } = (await feedOf('ana')).body;
    const res = await fetchIcs(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const text = res.text;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const raw of text.split('\r\n')) expect(Buffer.byteLength(raw, 'utf8')).toBeLessThanOrEqual(75);
    const lines = unfold(text);
    expect(values(lines, 'X-WR-CALNAME')).toEqual(['Estudio Latido — Mis clases']);
    expect(values(lines, 'REFRESH-INTERVAL')).toEqual(['PT1H']);
    expect(values(lines, 'X-PUBLISHED-TTL')).toEqual(['PT1H']);
    expect(values(lines, 'METHOD')).toEqual(['PUBLISH']);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines.filter((l) => l === 'END:VEVENT')).toHaveLength(2);
    // Only 1001 and its guest's 1002: not the one she cancelled, the cancelled class, the past class, nor Beto's.
    expect(values(lines, 'UID')).toEqual([reservationEventUid(1001, 'demo-studio'), reservationEventUid(1002, 'demo-studio')]);
    expect(values(lines, 'DTSTART')).toEqual(['20261201T130000Z', '20261201T130000Z']);
    expect(values(lines, 'DTEND')).toEqual(['20261201T135000Z', '20261201T135000Z']);
    expect(values(lines, 'DTSTAMP')).toEqual(['20261122T180000Z', '20261122T180000Z']);
    expect(values(lines, 'STATUS')).toEqual(['CONFIRMED', 'CONFIRMED']);
    expect(values(lines, 'LOCATION')).toEqual(['Latido Roma\\, Álvaro Obregón 120', 'Latido Roma\\, Álvaro Obregón 120']);
    expect(values(lines, 'SUMMARY')).toEqual(['Yoga Vinyasa — Estudio Latido', 'Yoga Vinyasa (Pedro\\; y\\, amigos) — Estudio Latido']);
    expect(values(lines, 'DESCRIPTION')).toContain('Reservación 1002 en Estudio Latido.');
    expect(lines.some((l) => l.startsWith('ATTENDEE') || l.startsWith('ORGANIZER'))).toBe(false);
  });

  it("names the calendar after the studio's business_name, escaped and folded", async () => {
    await setConfig(env.store, { business_name: 'Latido, Yoga; Ciclismo y Bienestar Integral — Sucursal Coyoacán Centro Histórico' });
    await seedReservations();
    const { url } = (await feedOf('ana')).body;
    const text = (await fetchIcs(url)).text;
    expect(text).toMatch(/\r\n /);
    for (const raw of text.split('\r\n')) expect(Buffer.byteLength(raw, 'utf8')).toBeLessThanOrEqual(75);
    const lines = unfold(text);
    expect(values(lines, 'X-WR-CALNAME')).toEqual(['Latido\\, Yoga\\; Ciclismo y Bienestar Integral — Sucursal Coyoacán Centro Histórico — Mis clases']);
  });

  it('drops a class once it has ended, and keeps one in progress', async () => {
    await seedReservations();
    const { url } = (await feedOf('ana')).body;
    env.clock.now = new Date('2026-12-01T13:30:00Z');
    expect(values(unfold((await fetchIcs(url)).text), 'UID')).toHaveLength(2);
    env.clock.now = new Date('2026-12-01T13:50:00Z');
    const after = unfold((await fetchIcs(url)).text);
    expect(after.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(0);
    expect(after.at(-1)).toBe('END:VCALENDAR');
  });

  it('answers 404 for unknown and malformed tokens, in Spanish, cacheable by nobody', async () => {
    const unknown = await request(app).get(`/api/calendar/${'A'.repeat(43)}.ics`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'calendar-feed/not-found' });
    expect(unknown.headers['cache-control']).toBe('no-store');
    expect((await request(app).get('/api/calendar/corto.ics')).status).toBe(404);
    expect((await request(app).get(`/api/calendar/${'A'.repeat(43)}`)).status).toBe(404);
  });

  it('rotation gives a new URL that works, and the old one is a 404 at once', async () => {
    await seedReservations();
    const old = (await feedOf('ana')).body;
    const rotated = await rotate('ana');
    expect(rotated.status).toBe(200);
    expect(rotated.body.url).not.toBe(old.url);
    expect(rotated.body.webcal_url).toBe(rotated.body.url.replace(/^http:/, 'webcal:'));
    expect((await fetchIcs(old.url)).status).toBe(404);
    const fresh = await fetchIcs(rotated.body.url);
    expect(fresh.status).toBe(200);
    expect(values(unfold(fresh.text), 'UID')).toHaveLength(2);
    // GET answers the new URL from now on; one lookup left.
    expect((await feedOf('ana')).body).toEqual(rotated.body);
    expect((await env.store.collection('calendar_feed_tokens').get()).size).toBe(1);
  });

  it('rotation before any feed simply creates one', async () => {
    const rotated = await rotate('ana');
    expect(rotated.status).toBe(200);
    expect((await fetchIcs(rotated.body.url)).status).toBe(200);
    expect((await feedOf('ana')).body).toEqual(rotated.body);
  });

  it('opens nothing through a lookup that does not match the feed', async () => {
    const { url } = (await feedOf('ana')).body;
    const lookup = (await env.store.collection('calendar_feed_tokens').get()).docs[0];
    await env.store.doc('calendar_feeds/ana').set({ ...(await env.store.doc('calendar_feeds/ana').get()).data(), token_hash: 'f'.repeat(64) });
    expect(lookup?.exists).toBe(true);
    expect((await fetchIcs(url)).status).toBe(404);
  });
});
