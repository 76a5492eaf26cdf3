/** Completion marks, favorites, ratings and the rating e-mail of videos (docs/videos). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, grant, http, seedAccessFixtures, T0, tokenOf } from '../access/access-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
beforeEach(async () => {
  env = testEnv();
  env.clock.now = new Date(T0);
  await seedAccessFixtures(env.store);
  // ana (2) and diego (3) may watch; eva (4) has no online membership.
  await grant(env, { customer_id: 2, class_package_id: 8 });
  await grant(env, { customer_id: 3, class_package_id: 8 });
  env.clock.now = new Date(T0.getTime() - 60_000);
  for (const name of ['Yoga suave', 'Cycling intenso', 'Barre']) await createVideo({ name });
  await createVideo({ name: 'Borrador', available: false });
  env.clock.now = new Date(T0);
});
afterEach(async () => {
  await env.cleanup();
});

const NOT_FOUND = 'Lo sentimos, no hemos encontrado este video.';
const NO_MEMBERSHIP = 'Lo sentimos, no cuentas con una membresía activa para clases online';
type VideoBody = { video_id: number; name: string; favorite: 0 | 1; completed: 0 | 1; [k: string]: unknown };

async function createVideo(body: Record<string, unknown>) {
  const response = await http(env)
    .post('/api/videos')
    .set('authorization', adminToken)
    .send({ url: 'https://player.vimeo.com/video/1', ...body });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.video as VideoBody;
}

const as = (uid: string) => ({
  get: (path: string) => http(env).get(path).set('authorization', tokenOf(uid)),
  put: (path: string) => http(env).put(path).set('authorization', tokenOf(uid)),
  post: (path: string, body: unknown) =>
    http(env)
      .post(path)
      .set('authorization', tokenOf(uid))
      .send(body as object),
  delete: (path: string) => http(env).delete(path).set('authorization', tokenOf(uid)),
});
const names = (response: { body: { videos?: VideoBody[]; favorites?: VideoBody[] } }) =>
  (response.body.videos ?? response.body.favorites ?? []).map((v) => v.name);
const flagsById = (videos: VideoBody[]) => Object.fromEntries(videos.map((v) => [v.video_id, { favorite: v.favorite, completed: v.completed }]));

/** Every document the marks, ratings and mail calls could write. */
async function written() {
  const out: Record<string, unknown> = {};
  const paths = [
    'mail',
    'videos',
    ...['ana', 'diego', 'eva'].map((uid) => `customers/${uid}/video_marks`),
    ...[1, 2, 3, 4, 99].map((id) => `videos/${id}/ratings`),
  ];
  for (const path of paths) out[path] = (await env.store.collection(path).get()).docs.map((doc) => [doc.id, doc.data()]);
  return out;
}

describe('completion marks', () => {
  it('marks complete and uncomplete idempotently, flags the video and filters the list both ways', async () => {
    const ana = as('ana');
    const first = await ana.put('/api/videos/1/complete');
    expect(first.status).toBe(200);
    expect(first.body.video).toMatchObject({ video_id: 1, name: 'Yoga suave', completed: 1, favorite: 0 });
    const mark = (await env.store.doc('customers/ana/video_marks/1').get()).data();
    expect(mark).toMatchObject({ video_id: 1, uid: 'ana', completed: true, completedAt: T0, favorite: false });

    env.clock.now = new Date(T0.getTime() + 5000);
    const again = await ana.put('/api/videos/1/complete');
    expect(again.status).toBe(200);
    expect(again.body.video.completed).toBe(1);
    // Idempotent: the first instant stays.
    expect((await env.store.doc('customers/ana/video_marks/1').get()).get('completedAt')).toEqual(T0);

    expect(names(await ana.get('/api/videos?completed=true'))).toEqual(['Yoga suave']);
    expect(names(await ana.get('/api/videos?completed=false'))).toEqual(['Barre', 'Cycling intenso']);
    expect(names(await ana.get('/api/videos'))).toEqual(['Barre', 'Cycling intenso', 'Yoga suave']);
    expect(flagsById((await ana.get('/api/videos')).body.videos)).toEqual({
      1: { favorite: 0, completed: 1 },
      2: { favorite: 0, completed: 0 },
      3: { favorite: 0, completed: 0 },
    });
    expect((await ana.get('/api/videos/1')).body.video.completed).toBe(1);
    // Marks are the caller's own.
    expect(names(await as('diego').get('/api/videos?completed=true'))).toEqual([]);
    expect((await as('diego').get('/api/videos/1')).body.video.completed).toBe(0);

    for (let i = 0; i < 2; i++) {
      const undone = await ana.put('/api/videos/1/uncomplete');
      expect(undone.status).toBe(200);
      expect(undone.body.video.completed).toBe(0);
    }
    expect(names(await ana.get('/api/videos?completed=true'))).toEqual([]);
    expect(names(await ana.get('/api/videos?completed=false'))).toEqual(['Barre', 'Cycling intenso', 'Yoga suave']);
    // Nothing left to remember: the mark document is gone.
    expect((await env.store.doc('customers/ana/video_marks/1').get()).exists).toBe(false);
  });

  it('answers unknown and draft videos with the spec 404, and bad ids with 400, writing nothing', async () => {
    const before = await written();
    for (const id of [4, 99]) {
      const response = await as('ana').put(`/api/videos/${id}/complete`);
      expect(response.status).toBe(404);
      expect(response.body.error.message).toBe(NOT_FOUND);
    }
    expect((await as('ana').put('/api/videos/uno/complete')).status).toBe(400);
    expect(await written()).toEqual(before);
  });
});

describe('favorites', () => {
  it('adds once however often it is added, lists newest first, flags 1/0 and removes idempotently', async () => {
    const ana = as('ana');
    const added = await ana.post('/api/favorites', { video_id: 2 });
    expect(added.status).toBe(201);
    expect(added.body.favorite).toMatchObject({ video_id: 2, name: 'Cycling intenso', favorite: 1, completed: 0 });
    const twice = await ana.post('/api/favorites', { video_id: 2 });
    expect(twice.status).toBe(200);
    expect(twice.body.favorite.favorite).toBe(1);

    env.clock.now = new Date(T0.getTime() + 1000);
    expect((await ana.post('/api/favorites', { video_id: 1 })).status).toBe(201);
    await ana.put('/api/videos/1/complete');

    const list = await ana.get('/api/favorites');
    expect(list.status).toBe(200);
    expect(names(list)).toEqual(['Yoga suave', 'Cycling intenso']);
    expect(flagsById(list.body.favorites)).toEqual({ 1: { favorite: 1, completed: 1 }, 2: { favorite: 1, completed: 0 } });
    expect(list.body.favorites[0]).toMatchObject({ instructor: null, tags: [], playbacks: 0 });
    expect(flagsById((await ana.get('/api/videos')).body.videos)).toEqual({
      1: { favorite: 1, completed: 1 },
      2: { favorite: 1, completed: 0 },
      3: { favorite: 0, completed: 0 },
    });
    expect((await ana.get('/api/videos/2')).body.video.favorite).toBe(1);
    expect((await as('diego').get('/api/favorites')).body.favorites).toEqual([]);

    // DELETE takes the video's id; removing twice is not an error.
    expect((await ana.delete('/api/favorites/2')).status).toBe(204);
    expect((await ana.delete('/api/favorites/2')).status).toBe(204);
    expect(names(await ana.get('/api/favorites'))).toEqual(['Yoga suave']);
    expect((await ana.get('/api/videos/2')).body.video.favorite).toBe(0);
    expect((await env.store.doc('customers/ana/video_marks/2').get()).exists).toBe(false);
    // The other mark on the same video survives removing the favorite.
    await ana.delete('/api/favorites/1');
    expect((await ana.get('/api/videos/1')).body.video).toMatchObject({ favorite: 0, completed: 1 });
  });

  it('keeps a favorite of a video later unpublished, without listing it', async () => {
    await as('ana').post('/api/favorites', { video_id: 3 });
    await http(env).put('/api/videos').set('authorization', adminToken).send({ video_id: 3, name: 'Barre', url: '/v', available: false }).expect(200);
    expect((await as('ana').get('/api/favorites')).body.favorites).toEqual([]);
  });

  it('refuses unknown videos with the spec 404 and bad input with a Spanish 400, writing nothing', async () => {
    const before = await written();
    for (const id of [4, 99]) {
      const response = await as('ana').post('/api/favorites', { video_id: id });
      expect(response.status).toBe(404);
      expect(response.body.error).toEqual({ code: 'videos/not-found', message: NOT_FOUND });
    }
    expect((await as('ana').delete('/api/favorites/99')).body.error.message).toBe(NOT_FOUND);
    const missing = await as('ana').post('/api/favorites', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ video_id: 'Debes llenar este campo.' });
    expect(missing.body.error.message).toBe('Revisa el campo: Video');
    expect((await as('ana').post('/api/favorites', { video_id: '2' })).body.error.fields).toEqual({ video_id: 'Debe ser un número.' });
    expect((await as('ana').post('/api/favorites', { video_id: 2, customer_id: 3 })).status).toBe(400);
    expect((await as('ana').delete('/api/favorites/dos')).status).toBe(400);
    expect(await written()).toEqual(before);
  });
});

describe('ratings', () => {
  it('keeps one rating per customer (a second post updates it) and an exact average', async () => {
    const created = await as('ana').post('/api/videos/rating', { video_id: 1, stars: 5, comment: '  ¡Excelente! ' });
    expect(created.status).toBe(201);
    expect(created.body.rating).toEqual({
      video_id: 1,
      customer_id: 2,
      stars: 5,
      comment: '¡Excelente!',
      createdAt: T0.toISOString(),
      updatedAt: T0.toISOString(),
    });
    expect(created.body.summary).toEqual({ average: 5, count: 1, mine: 5 });

    const diego = await as('diego').post('/api/videos/rating', { video_id: 1, stars: 4 });
    expect(diego.body.summary).toEqual({ average: 4.5, count: 2, mine: 4 });

    env.clock.now = new Date(T0.getTime() + 1000);
    const updated = await as('ana').post('/api/videos/rating', { video_id: 1, stars: 2 });
    expect(updated.status).toBe(200);
    expect(updated.body.rating).toMatchObject({ stars: 2, comment: null, createdAt: T0.toISOString(), updatedAt: '2026-11-22T18:00:01.000Z' });
    expect(updated.body.summary).toEqual({ average: 3, count: 2, mine: 2 });
    expect((await env.store.collection('videos/1/ratings').get()).size).toBe(2);

    expect((await as('diego').get('/api/videos/1')).body.video.rating).toEqual({ average: 3, count: 2, mine: 4 });
    expect((await as('ana').get('/api/videos/2')).body.video.rating).toEqual({ average: null, count: 0, mine: null });
    // The video document itself is never written by a rating.
    expect((await env.store.doc('videos/1').get()).get('updatedAt')).toEqual(new Date(T0.getTime() - 60_000));
  });

  it('takes concurrent raters of one video without losing any', async () => {
    await grant(env, { customer_id: 4, class_package_id: 8 });
    const results = await Promise.all((['ana', 'diego', 'eva'] as const).map((uid, i) => as(uid).post('/api/videos/rating', { video_id: 2, stars: i + 3 })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    expect((await as('ana').get('/api/videos/2')).body.video.rating).toEqual({ average: 4, count: 3, mine: 3 });
  });

  it('refuses invalid stars and unknown videos in Spanish, writing nothing', async () => {
    const before = await written();
    for (const stars of [0, 6, 2.5, '5', null]) {
      const response = await as('ana').post('/api/videos/rating', { video_id: 1, stars });
      expect(response.status, String(stars)).toBe(400);
      expect(response.body.error.code).toBe('invalid-argument');
      expect(Object.keys(response.body.error.fields)).toEqual(['stars']);
    }
    expect((await as('ana').post('/api/videos/rating', { video_id: 1, stars: 9 })).body.error.fields).toEqual({ stars: 'Elige de 1 a 5 estrellas.' });
    const missing = await as('ana').post('/api/videos/rating', { video_id: 1 });
    expect(missing.body.error).toMatchObject({ message: 'Revisa el campo: Estrellas', fields: { stars: 'Elige de 1 a 5 estrellas.' } });
    expect((await as('ana').post('/api/videos/rating', { video_id: 1, stars: 3, comment: 'x'.repeat(1001) })).status).toBe(400);
    const unknown = await as('ana').post('/api/videos/rating', { video_id: 99, stars: 3 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(NOT_FOUND);
    expect((await as('ana').post('/api/videos/rating', { video_id: 4, stars: 3 })).status).toBe(404);
    expect(await written()).toEqual(before);
  });
});

describe('the rating e-mail', () => {
  it('writes one e-mail per customer and video, ever', async () => {
    const first = await as('ana').post('/api/videos/rating/email', { video_id: 2 });
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ message: 'Te enviamos un correo para que califiques este video.' });
    const again = await as('ana').post('/api/videos/rating/email', { video_id: 2 });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: 'Ya te habíamos enviado un correo para calificar este video.' });
    expect((await as('diego').post('/api/videos/rating/email', { video_id: 2 })).status).toBe(202);

    const mail = await env.store.collection('mail').get();
    expect(mail.docs.map((doc) => doc.id).sort()).toEqual(['video-2-rating-2', 'video-2-rating-3']);
    const doc = (await env.store.doc('mail/video-2-rating-2').get()).data() as Record<string, unknown> & { message: Record<string, string> };
    expect(doc).toMatchObject({ to: 'ana@example.com', kind: 'video-rating', customer_id: 2, reference: { type: 'video', id: 2 }, createdAt: T0 });
    expect(doc.message.subject).toBe('¿Qué te pareció Cycling intenso? Califícalo en Estudio Latido');
    expect(doc.message.text).toContain('Hola, ana:');
    // No public domain configured (the demo's 'localhost'): no link, the way there in words.
    expect(doc.message.text).toContain('desde la sección Online de tu cuenta');
    expect(doc.message.html).not.toContain('<a ');
  });

  it('links the deployment’s own site while the studio has no domain, never the request’s host', async () => {
    env.deps.siteOrigin = 'https://studio-prod.web.app';
    expect((await as('ana').post('/api/videos/rating/email', { video_id: 1 })).status).toBe(202);
    const doc = (await env.store.doc('mail/video-1-rating-2').get()).data() as { message: Record<string, string> };
    expect(doc.message.html).toContain('href="https://studio-prod.web.app/mystudio/video/1"');
  });

  it('links the video page when the studio has a domain, escaping what users wrote', async () => {
    await env.store.doc('app_config/main').set({ values: { domain: 'estudiolatido.mx', business_name: 'Latido & Co' } });
    await env.store.doc('customers/ana').set({ name: '<b>Ana</b>' }, { merge: true });
    expect((await as('ana').post('/api/videos/rating/email', { video_id: 1 })).status).toBe(202);
    const doc = (await env.store.doc('mail/video-1-rating-2').get()).data() as { message: Record<string, string> };
    expect(doc.message.text).toContain('https://estudiolatido.mx/mystudio/video/1');
    expect(doc.message.html).toContain('href="https://estudiolatido.mx/mystudio/video/1"');
    expect(doc.message.html).toContain('&lt;b&gt;Ana&lt;/b&gt;');
    expect(doc.message.html).toContain('Latido &amp; Co');
  });

  it('refuses unknown videos, bad input and callers without an address, writing nothing', async () => {
    const before = await written();
    const unknown = await as('ana').post('/api/videos/rating/email', { video_id: 99 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(NOT_FOUND);
    expect((await as('ana').post('/api/videos/rating/email', {})).status).toBe(400);
    await env.store.doc('customers/diego').set({ email: '' }, { merge: true });
    const noEmail = await as('diego').post('/api/videos/rating/email', { video_id: 1 });
    expect(noEmail.status).toBe(412);
    expect(noEmail.body.error.code).toBe('videos/no-email');
    expect(await written()).toEqual(before);
  });
});

describe('who may mark, favorite and rate', () => {
  const calls: Array<[string, (who: ReturnType<typeof as>) => PromiseLike<{ status: number; body: { error?: unknown } }>]> = [
    ['PUT complete', (who) => who.put('/api/videos/1/complete')],
    ['PUT uncomplete', (who) => who.put('/api/videos/1/uncomplete')],
    ['GET favorites', (who) => who.get('/api/favorites')],
    ['POST favorites', (who) => who.post('/api/favorites', { video_id: 1 })],
    ['DELETE favorites', (who) => who.delete('/api/favorites/1')],
    ['POST rating', (who) => who.post('/api/videos/rating', { video_id: 1, stars: 4 })],
    ['POST rating/email', (who) => who.post('/api/videos/rating/email', { video_id: 1 })],
  ];

  it('answers customers without an online membership with the spec 412, even for unknown videos, writing nothing', async () => {
    const before = await written();
    for (const [name, call] of calls) {
      const response = await call(as('eva'));
      expect(response.status, name).toBe(412);
      expect(response.body.error, name).toEqual({ code: 'videos/no-online-membership', message: NO_MEMBERSHIP });
    }
    expect((await as('eva').post('/api/favorites', { video_id: 99 })).status).toBe(412);
    expect(await written()).toEqual(before);
  });

  it('answers signed-out callers 401, writing nothing', async () => {
    const before = await written();
    const anonymous = {
      get: (path: string) => http(env).get(path),
      put: (path: string) => http(env).put(path),
      post: (path: string, body: unknown) =>
        http(env)
          .post(path)
          .send(body as object),
      delete: (path: string) => http(env).delete(path),
    };
    for (const [name, call] of calls) expect((await call(anonymous)).status, name).toBe(401);
    expect(await written()).toEqual(before);
  });

  it('lets admins do it too (their own marks)', async () => {
    expect((await http(env).put('/api/videos/4/complete').set('authorization', adminToken)).status).toBe(200);
    expect((await http(env).post('/api/favorites').set('authorization', adminToken).send({ video_id: 4 })).status).toBe(201);
    expect((await env.store.doc('customers/valeria/video_marks/4').get()).data()).toMatchObject({ completed: true, favorite: true });
  });
});
