import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, grant, http, seedAccessFixtures, snapshotOf, T0, tokenOf } from '../access/access-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
beforeEach(async () => {
  env = testEnv();
  env.clock.now = new Date(T0);
  await seedAccessFixtures(env.store);
});
afterEach(async () => {
  await env.cleanup();
});

const DAY = 24 * 60 * 60 * 1000;
const NO_MEMBERSHIP = 'Lo sentimos, no cuentas con una membresía activa para clases online';
type VideoBody = { video_id: number; name: string; [k: string]: unknown };

async function createVideo(body: Record<string, unknown>) {
  const response = await http(env)
    .post('/api/videos')
    .set('authorization', adminToken)
    .send({ url: 'https://player.vimeo.com/video/1', ...body });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.video as VideoBody;
}

const get = (path: string, uid?: string) =>
  http(env)
    .get(path)
    .set('authorization', uid ? tokenOf(uid) : adminToken);
const names = (response: { body: { videos: VideoBody[] } }) => response.body.videos.map((v) => v.name);

describe('who may watch', () => {
  beforeEach(async () => {
    await createVideo({ name: 'Cycling 45' });
  });

  it('refuses customers without an online membership with the spec 412, on every read', async () => {
    for (const path of ['/api/videos', '/api/videos/1', '/api/videos/upcoming', '/api/videos/tag/1', '/api/videos/program/1']) {
      const response = await get(path, 'ana');
      expect(response.status, path).toBe(412);
      expect(response.body.error).toEqual({ code: 'videos/no-online-membership', message: NO_MEMBERSHIP });
    }
    expect((await http(env).get('/api/videos')).status).toBe(401);
  });

  it('lets a customer with an active online membership watch', async () => {
    await grant(env, { customer_id: 2, class_package_id: 8 });
    const list = await get('/api/videos', 'ana');
    expect(list.status).toBe(200);
    expect(names(list)).toEqual(['Cycling 45']);
    expect((await get('/api/videos/1', 'ana')).body.video.name).toBe('Cycling 45');
  });

  it('does not count in-person credits, even unlimited ones', async () => {
    await grant(env, { customer_id: 3, class_package_id: 5 });
    expect((await get('/api/videos', 'diego')).status).toBe(412);
  });

  it('ends with the membership: expired → 412, revoked → 412', async () => {
    await grant(env, { customer_id: 2, class_package_id: 8, package_days: 1 }); // through 23 Nov, studio time
    env.clock.now = new Date('2026-11-24T05:59:59.999Z');
    expect((await get('/api/videos', 'ana')).status).toBe(200);
    env.clock.now = new Date('2026-11-24T06:00:00.000Z');
    expect((await get('/api/videos', 'ana')).status).toBe(412);

    const { purchase } = await grant(env, { customer_id: 3, class_package_id: 8 });
    expect((await get('/api/videos', 'diego')).status).toBe(200);
    await http(env).put('/api/customer/revokeAccess').set('authorization', adminToken).send({ purchase_id: purchase.purchase_id }).expect(200);
    expect((await get('/api/videos', 'diego')).status).toBe(412);
  });

  it('always lets admins read', async () => {
    expect((await get('/api/videos')).status).toBe(200);
    expect((await get('/api/videos/1')).status).toBe(200);
    expect((await get('/api/videos/upcoming')).status).toBe(200);
  });
});

describe('video lists', () => {
  beforeEach(async () => {
    await grant(env, { customer_id: 2, class_package_id: 8 });
    env.clock.now = new Date(T0.getTime() - 10 * DAY);
    const at = (days: number) => new Date(T0.getTime() - days * DAY).toISOString();
    await createVideo({
      name: 'Yoga para principiantes',
      duration: 30,
      instructor_id: 1,
      class_type_id: 2,
      tags: [1],
      release_date: at(5),
      class_category_id: 1,
    });
    await createVideo({ name: 'Cycling intenso', duration: 45, instructor_id: 2, class_type_id: 1, tags: [2], release_date: at(4), video_type_id: 1 });
    await createVideo({ name: 'Cycling suave', duration: 20, instructor_id: 1, class_type_id: 1, tags: [1, 2], release_date: at(3), program_id: 1 });
    await createVideo({ name: 'Borrador de yoga', duration: 15, instructor_id: 1, available: false, release_date: at(2) });
    await createVideo({ name: 'Estreno de barre', duration: 40, release_date: new Date(T0.getTime() + 2 * DAY).toISOString() });
    env.clock.now = new Date(T0);
  });

  it('shows customers released, published videos, newest first, with instructor and tags', async () => {
    const response = await get('/api/videos', 'ana');
    expect(response.status).toBe(200);
    expect(names(response)).toEqual(['Cycling suave', 'Cycling intenso', 'Yoga para principiantes']);
    expect(response.body).toMatchObject({ total: 3, page: 1, page_size: 32 });
    expect(response.body.videos[0]).toMatchObject({
      instructor: { instructor_id: 1, name: 'Mariana', last_name: 'Gutiérrez', nick_name: 'Mar', file: null },
      tags: [
        { tag_id: 1, name: 'Principiantes', color: '#2b9fa8' },
        { tag_id: 2, name: 'Intenso', color: '#d9485f' },
      ],
      tag_ids: [1, 2],
      duration: 20,
      playbacks: 0,
      available: true,
    });
    expect(response.body.videos[0]).not.toHaveProperty('search_terms');
  });

  it('shows admins drafts and upcoming videos too', async () => {
    expect(names(await get('/api/videos'))).toEqual(['Estreno de barre', 'Borrador de yoga', 'Cycling suave', 'Cycling intenso', 'Yoga para principiantes']);
  });

  it('filters by every spec filter', async () => {
    const filtered = async (query: string) => names(await get(`/api/videos?${query}`, 'ana'));
    expect(await filtered('class_type_id=1')).toEqual(['Cycling suave', 'Cycling intenso']);
    expect(await filtered('instructor_id=1')).toEqual(['Cycling suave', 'Yoga para principiantes']);
    expect(await filtered('tag_id=2')).toEqual(['Cycling suave', 'Cycling intenso']);
    expect(await filtered('class_category_id=1')).toEqual(['Yoga para principiantes']);
    expect(await filtered('video_type_id=1')).toEqual(['Cycling intenso']);
    expect(await filtered('program_id=1')).toEqual(['Cycling suave']);
    expect(await filtered('duration=30')).toEqual(['Cycling suave', 'Yoga para principiantes']);
    expect(await filtered('query=cycl')).toEqual(['Cycling suave', 'Cycling intenso']);
    expect(await filtered('query=CICLO')).toEqual([]);
    expect(await filtered('query=suave%20cyc')).toEqual(['Cycling suave']);
    expect(await filtered('query=yoga')).toEqual(['Yoga para principiantes']);
    expect(await filtered('tag_id=1&instructor_id=1&query=cycling')).toEqual(['Cycling suave']);
    expect(await filtered('completed=true')).toEqual([]);
    expect(await filtered('completed=false&class_type_id=&instructor_id=&query=')).toEqual(['Cycling suave', 'Cycling intenso', 'Yoga para principiantes']);
    expect(names(await get('/api/videos/tag/1', 'ana'))).toEqual(['Cycling suave', 'Yoga para principiantes']);
    expect(names(await get('/api/videos/program/1', 'ana'))).toEqual(['Cycling suave']);
  });

  it('searches beyond the name: description, coach, tags, category, class type, video type and program, without accents', async () => {
    await createVideo({
      name: 'Vinyasa flow',
      description: '<p>Respiración y <strong>Electroestimulación</strong> suave</p>',
      instructor_id: 2,
      class_type_id: 2,
      class_category_id: 1,
      video_type_id: 1,
      program_id: 1,
      tags: [2],
      release_date: T0.toISOString(),
    });
    const found = async (query: string) => names(await get(`/api/videos?query=${encodeURIComponent(query)}`, 'ana'));
    expect(await found('yoga')).toEqual(['Vinyasa flow', 'Yoga para principiantes']); // class type 'Yoga Vinyasa'
    expect(await found('electro')).toEqual(['Vinyasa flow']); // description
    expect(await found('ELECTROESTIMULACIÓN')).toEqual(['Vinyasa flow']);
    expect(await found('respiracion')).toEqual(['Vinyasa flow']);
    expect(await found('strong')).toEqual([]); // markup is not a word
    expect(await found('fuentes')).toEqual(['Vinyasa flow', 'Cycling intenso']); // coach's last name
    expect(await found('rod')).toEqual(['Vinyasa flow', 'Cycling intenso']); // coach's nickname
    expect(await found('gutierrez')).toEqual(['Cycling suave', 'Yoga para principiantes']);
    expect(await found('intenso')).toEqual(['Vinyasa flow', 'Cycling suave', 'Cycling intenso']); // tag 'Intenso'
    expect(await found('cardio')).toEqual(['Vinyasa flow', 'Yoga para principiantes']); // category
    expect(await found('completa')).toEqual(['Vinyasa flow', 'Cycling intenso']); // video type 'Clase completa'
    expect(await found('reto dias')).toEqual(['Vinyasa flow', 'Cycling suave']); // program 'Reto 21 días'
    expect(await found('yoga rodrigo')).toEqual(['Vinyasa flow']);
    expect(await found('pilates')).toEqual([]);
  });

  it('finds a video by today’s names whatever terms it was stored with, and a rewrite drops the stored ones', async () => {
    // A video written before the search looked past the name, and a tag renamed since.
    await env.store.doc('videos/3').set({ search_terms: ['cy', 'cyc', 'cycl'] }, { merge: true });
    await env.store.doc('tags/1').set({ name: 'Estiramiento' }, { merge: true });
    const found = async (query: string) => names(await get(`/api/videos?query=${encodeURIComponent(query)}`, 'ana'));
    expect(await found('mariana')).toEqual(['Cycling suave', 'Yoga para principiantes']);
    expect(await found('estira')).toEqual(['Cycling suave', 'Yoga para principiantes']);
    expect(await found('principiantes')).toEqual(['Yoga para principiantes']);

    const rewritten = await http(env).put('/api/videos').set('authorization', adminToken).send({ video_id: 3, name: 'Cycling suave', url: '/v' });
    expect(rewritten.status).toBe(200);
    // Nothing reads stored terms any more (ADR 0119): the rewrite leaves none behind to go stale.
    expect((await env.store.doc('videos/3').get()).get('search_terms')).toBeUndefined();
    expect(await found('estira')).toEqual(['Cycling suave', 'Yoga para principiantes']);
  });

  it('pages by 32', async () => {
    for (let i = 0; i < 33; i++) await createVideo({ name: `Extra ${i}`, release_date: new Date(T0.getTime() - (20 + i) * 60_000).toISOString() });
    const first = await get('/api/videos', 'ana');
    expect(first.body.videos).toHaveLength(32);
    expect(first.body.total).toBe(36);
    const second = await get('/api/videos?page=2', 'ana');
    expect(names(second)).toEqual(['Extra 32', 'Cycling suave', 'Cycling intenso', 'Yoga para principiantes']);
    expect((await get('/api/videos?page=3', 'ana')).body.videos).toEqual([]);
  });

  it('lists upcoming releases soonest first; they open only once released', async () => {
    const upcoming = await get('/api/videos/upcoming', 'ana');
    expect(names(upcoming)).toEqual(['Estreno de barre']);
    expect((await get('/api/videos/5', 'ana')).status).toBe(404);
    expect((await get('/api/videos/5')).status).toBe(200);
    env.clock.now = new Date(T0.getTime() + 3 * DAY);
    expect((await get('/api/videos/5', 'ana')).status).toBe(200);
    expect(names(await get('/api/videos/upcoming', 'ana'))).toEqual([]);
  });

  it('answers unknown and draft videos with the spec 404 for customers', async () => {
    for (const id of [4, 99]) {
      const response = await get(`/api/videos/${id}`, 'ana');
      expect(response.status).toBe(404);
      expect(response.body.error.message).toBe('Lo sentimos, no hemos encontrado este video.');
    }
    expect((await get('/api/videos/4')).status).toBe(200);
  });

  it('refuses bad filters in Spanish', async () => {
    const response = await get('/api/videos?instructor_id=uno', 'ana');
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ instructor_id: 'Debe ser un número.' });
    expect((await get('/api/videos?page=0', 'ana')).status).toBe(400);
    expect((await get('/api/videos/tag/uno', 'ana')).status).toBe(400);
  });
});

describe('admin writes', () => {
  it('creates, updates (keeping what is not sent) and deletes', async () => {
    const created = await http(env)
      .post('/api/videos')
      .set('authorization', adminToken)
      .send({
        name: '  HIIT 20 ',
        description: 'Intervalos',
        duration: 20,
        url: 'https://player.vimeo.com/video/20',
        thumbnail: '/api/files/raw/hiit.jpg',
        file: { name: 'hiit.jpg', type: 'image/jpeg', src: '/api/files/raw/hiit.jpg' },
        instructor_id: 2,
        video_type_id: 1,
        program_id: 1,
        class_type_id: 1,
        class_category_id: 1,
        tags: [2, 2],
        available: true,
      });
    expect(created.status).toBe(201);
    expect(created.body.video).toMatchObject({
      video_id: 1,
      name: 'HIIT 20',
      tag_ids: [2],
      release_date: T0.toISOString(),
      instructor: expect.objectContaining({ name: 'Rodrigo' }),
    });

    env.clock.now = new Date(T0.getTime() + 1000);
    const updated = await http(env)
      .put('/api/videos')
      .set('authorization', adminToken)
      .send({ video_id: 1, name: 'HIIT 25', url: 'https://player.vimeo.com/video/25', duration: 25, description: null, available: false });
    expect(updated.status).toBe(200);
    expect(updated.body.video).toMatchObject({
      name: 'HIIT 25',
      duration: 25,
      description: null,
      available: false,
      instructor_id: 2,
      tag_ids: [2],
      thumbnail: '/api/files/raw/hiit.jpg',
      createdAt: T0.toISOString(),
      updatedAt: '2026-11-22T18:00:01.000Z',
    });
    expect((await get('/api/videos/1')).body.video.name).toBe('HIIT 25');

    expect((await http(env).delete('/api/videos/1').set('authorization', adminToken)).status).toBe(204);
    expect((await get('/api/videos/1')).status).toBe(404);
    expect((await http(env).delete('/api/videos/1').set('authorization', adminToken)).status).toBe(404);
  });

  it('refuses bad input and missing references in Spanish, writing nothing', async () => {
    await createVideo({ name: 'Existente', instructor_id: 1 });
    const before = await snapshotOf(env.store);
    const post = (body: Record<string, unknown>) => http(env).post('/api/videos').set('authorization', adminToken).send(body);
    const empty = await post({});
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Revisa los campos faltantes o inválidos');
    expect(empty.body.error.fields).toEqual({ name: 'Debes llenar este campo.', url: 'Debes llenar este campo.' });
    expect((await post({ name: 'X', url: 'javascript:alert(1)' })).body.error.fields).toEqual({ url: 'Escribe una dirección que empiece con https:// o /.' });
    expect((await post({ name: 'X', url: '/v', duration: '20' })).body.error.fields).toEqual({ duration: 'Debe ser un número.' });
    expect((await post({ name: 'X', url: '/v', release_date: '2026-11-22' })).body.error.fields).toEqual({
      release_date: 'Debe ser una fecha y hora válida (ISO 8601 con zona).',
    });
    expect((await post({ name: 'X', url: '/v', playbacks: 1000 })).body.error.message).toBe('El campo playbacks no está permitido.');
    const refs = await post({ name: 'X', url: '/v', instructor_id: 9, video_type_id: 5, tags: [1, 7] });
    expect(refs.status).toBe(400);
    expect(refs.body.error.fields).toEqual({ instructor_id: 'No existe.', video_type_id: 'No existe.', tags: 'No existe.' });
    const one = await post({ name: 'X', url: '/v', program_id: 4 });
    expect(one.body.error.fields).toEqual({ program_id: 'No existe.' });
    expect(one.body.error.message).toMatch(/^Revisa el campo: /);
    const put = await http(env).put('/api/videos').set('authorization', adminToken).send({ video_id: 99, name: 'X', url: '/v' });
    expect(put.status).toBe(404);
    expect(put.body.error.message).toBe('Lo sentimos, no hemos encontrado este video.');
    expect(await snapshotOf(env.store)).toEqual(before);
  });

  it('keeps an archived reference the video already had', async () => {
    const video = await createVideo({ name: 'Con coach', instructor_id: 2 });
    await env.store.doc('instructors/2').set({ deletedAt: T0 }, { merge: true });
    const response = await http(env)
      .put('/api/videos')
      .set('authorization', adminToken)
      .send({ video_id: video.video_id, name: 'Renombrado', url: '/v', instructor_id: 2 });
    expect(response.status).toBe(200);
    const moved = await http(env)
      .put('/api/videos')
      .set('authorization', adminToken)
      .send({ video_id: video.video_id, name: 'Renombrado', url: '/v', instructor_id: 9 });
    expect(moved.status).toBe(400);
  });

  it('is for admins only', async () => {
    await grant(env, { customer_id: 2, class_package_id: 8 });
    const before = await snapshotOf(env.store);
    expect((await http(env).post('/api/videos').set('authorization', tokenOf('ana')).send({ name: 'X', url: '/v' })).status).toBe(403);
    expect((await http(env).post('/api/videos').send({ name: 'X', url: '/v' })).status).toBe(401);
    expect(await snapshotOf(env.store)).toEqual(before);
  });
});
