/** Completion marks, favorites, ratings and the rating e-mail, through the deployed shape (docs/videos). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newCustomer, seed, signIn, store } from './support';

/** What these tests read of the answers (the unit tests check the full shapes). */
interface Body {
  message: string;
  error: { code: string; message: string; fields?: Record<string, string> };
  video: { video_id: number; name: string; favorite: 0 | 1; completed: 0 | 1; rating?: { average: number | null; count: number; mine: number | null } };
  videos: Array<{ video_id: number; favorite: 0 | 1; completed: 0 | 1 }>;
  favorite: { video_id: number; favorite: 0 | 1 };
  favorites: Array<{ video_id: number; favorite: 0 | 1 }>;
  rating: { video_id: number; stars: number; comment: string | null };
  summary: { average: number | null; count: number; mine: number | null };
}
const NOT_FOUND = 'Lo sentimos, no hemos encontrado este video.';
const NO_MEMBERSHIP = 'Lo sentimos, no cuentas con una membresía activa para clases online';

let admin: string;
let member: Awaited<ReturnType<typeof newCustomer>>;
let second: Awaited<ReturnType<typeof newCustomer>>;
let outsider: Awaited<ReturnType<typeof newCustomer>>;
let videoId: number;

async function giveOnline(customerId: number): Promise<void> {
  const granted = await api('POST', '/api/customer/giveAccess', { token: admin, body: { customer_id: customerId, class_package_id: 8, is_gift: true } });
  if (granted.status !== 201) throw new Error(`setup giveAccess: ${granted.status} ${JSON.stringify(granted.body)}`);
}

beforeAll(async () => {
  admin = (await signIn(seed.admin.email, seed.admin.password)).token;
  [member, second, outsider] = await Promise.all([newCustomer(), newCustomer(), newCustomer()]);
  await giveOnline(member.customerId);
  await giveOnline(second.customerId);
  // A fresh video per run, so a rerun against the same store starts clean.
  const created = await api<Body>('POST', '/api/videos', { token: admin, body: { name: 'Marcas API', url: 'https://player.vimeo.com/video/7' } });
  if (created.status !== 201) throw new Error(`setup video: ${created.status} ${JSON.stringify(created.body)}`);
  videoId = created.body.video.video_id;
});
afterAll(async () => {
  await store().close();
});

describe('video marks', () => {
  it('complete and uncomplete are idempotent and drive the completed filter', async () => {
    const token = member.token;
    for (let i = 0; i < 2; i++) {
      const done = await api<Body>('PUT', `/api/videos/${videoId}/complete`, { token });
      expect(done.status).toBe(200);
      expect(done.body.video).toMatchObject({ video_id: videoId, completed: 1 });
    }
    const completed = await api<Body>('GET', '/api/videos?completed=true', { token });
    expect(completed.body.videos.map((v) => v.video_id)).toEqual([videoId]);
    const others = await api<Body>('GET', '/api/videos?completed=false', { token });
    expect(others.body.videos.map((v) => v.video_id)).not.toContain(videoId);
    for (let i = 0; i < 2; i++) expect((await api<Body>('PUT', `/api/videos/${videoId}/uncomplete`, { token })).body.video.completed).toBe(0);
    expect((await api<Body>('GET', '/api/videos?completed=true', { token })).body.videos).toEqual([]);
  });

  it('favorites: added once, listed, flagged 1/0, removed by video id', async () => {
    const token = member.token;
    expect((await api<Body>('POST', '/api/favorites', { token, body: { video_id: videoId } })).status).toBe(201);
    const twice = await api<Body>('POST', '/api/favorites', { token, body: { video_id: videoId } });
    expect(twice.status).toBe(200);
    expect(twice.body.favorite).toMatchObject({ video_id: videoId, favorite: 1 });
    const list = await api<Body>('GET', '/api/favorites', { token });
    expect(list.status).toBe(200);
    expect(list.body.favorites.map((f) => [f.video_id, f.favorite])).toEqual([[videoId, 1]]);
    expect((await api<Body>('GET', `/api/videos/${videoId}`, { token })).body.video.favorite).toBe(1);
    expect((await api('DELETE', `/api/favorites/${videoId}`, { token })).status).toBe(204);
    expect((await api('DELETE', `/api/favorites/${videoId}`, { token })).status).toBe(204);
    expect((await api<Body>('GET', '/api/favorites', { token })).body.favorites).toEqual([]);
    expect((await api<Body>('GET', `/api/videos/${videoId}`, { token })).body.video.favorite).toBe(0);
    const unknown = await api<Body>('POST', '/api/favorites', { token, body: { video_id: 999999 } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(NOT_FOUND);
  });

  it('ratings: one per customer, updated by a second post, averaged over customers', async () => {
    const first = await api<Body>('POST', '/api/videos/rating', { token: member.token, body: { video_id: videoId, stars: 5, comment: 'Muy buena' } });
    expect(first.status).toBe(201);
    expect(first.body.summary).toEqual({ average: 5, count: 1, mine: 5 });
    expect((await api<Body>('POST', '/api/videos/rating', { token: second.token, body: { video_id: videoId, stars: 2 } })).body.summary).toEqual({
      average: 3.5,
      count: 2,
      mine: 2,
    });
    const updated = await api<Body>('POST', '/api/videos/rating', { token: member.token, body: { video_id: videoId, stars: 4 } });
    expect(updated.status).toBe(200);
    expect(updated.body.summary).toEqual({ average: 3, count: 2, mine: 4 });
    expect((await api<Body>('GET', `/api/videos/${videoId}`, { token: second.token })).body.video.rating).toEqual({ average: 3, count: 2, mine: 2 });

    const before = await store().collection(`videos/${videoId}/ratings`).get();
    for (const stars of [0, 6, 3.5, '4']) {
      const bad = await api<Body>('POST', '/api/videos/rating', { token: member.token, body: { video_id: videoId, stars } });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.error.fields ?? {})).toEqual(['stars']);
    }
    const after = await store().collection(`videos/${videoId}/ratings`).get();
    expect(after.docs.map((d) => d.data())).toEqual(before.docs.map((d) => d.data()));
  });

  it('the rating e-mail is written once per customer and video', async () => {
    const first = await api<Body>('POST', '/api/videos/rating/email', { token: member.token, body: { video_id: videoId } });
    expect(first.status).toBe(202);
    expect(first.body.message).toBe('Te enviamos un correo para que califiques este video.');
    const again = await api<Body>('POST', '/api/videos/rating/email', { token: member.token, body: { video_id: videoId } });
    expect(again.status).toBe(200);
    const mail = await store().doc(`mail/video-${videoId}-rating-${member.customerId}`).get();
    expect(mail.exists).toBe(true);
    expect(mail.get('to')).toBe(member.email);
    expect(mail.get('kind')).toBe('video-rating');
  });

  it('refuses customers without an online membership (412) and signed-out callers (401)', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['PUT', `/api/videos/${videoId}/complete`],
      ['PUT', `/api/videos/${videoId}/uncomplete`],
      ['GET', '/api/favorites'],
      ['POST', '/api/favorites', { video_id: videoId }],
      ['DELETE', `/api/favorites/${videoId}`],
      ['POST', '/api/videos/rating', { video_id: videoId, stars: 3 }],
      ['POST', '/api/videos/rating/email', { video_id: videoId }],
    ];
    for (const [method, path, body] of calls) {
      const refused = await api<Body>(method, path, { token: outsider.token, ...(body ? { body } : {}) });
      expect(refused.status, `${method} ${path}`).toBe(412);
      expect(refused.body.error.message).toBe(NO_MEMBERSHIP);
      expect((await api(method, path, body ? { body } : {})).status, `${method} ${path}`).toBe(401);
    }
    expect((await store().collection(`customers/${outsider.uid}/video_marks`).get()).size).toBe(0);
  });
});
