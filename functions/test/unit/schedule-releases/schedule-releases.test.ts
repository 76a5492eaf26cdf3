import { MAX_UPCOMING_RELEASES, type ScheduleRelease } from '@studio/shared/schemas/schedule-release';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../src/app';
import { type TestEnv, testEnv } from '../support';

/** /api/schedule_releases (docs/adr/0103) through the whole app, on the real local store. */
let env: TestEnv;
beforeEach(() => {
  env = testEnv();
  // Tuesday 1 Dec 2026, 12:00 in Mexico City.
  env.clock.now = new Date('2026-12-01T12:00:00-06:00');
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await env.cleanup();
});

const ADMIN = 'Bearer admin:a1';
const CUSTOMER = 'Bearer uid:c1';
const app = () => createApp(env.deps);
const PATH = '/api/schedule_releases';

const post = (body: unknown, auth = ADMIN) =>
  request(app())
    .post(PATH)
    .set('authorization', auth)
    .send(body as object);
const list = (auth = ADMIN) => request(app()).get(PATH).set('authorization', auth);

async function create(starts_at: string, name = 'Horario de diciembre'): Promise<ScheduleRelease> {
  const response = await post({ starts_at, name });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as ScheduleRelease;
}

async function storedReleases() {
  const snap = await env.store.collection('schedule_releases').get();
  return snap.docs.map((doc) => doc.id);
}

describe('who may use it', () => {
  it('answers 401 without a token and 403 to a customer, on every route', async () => {
    const body = { starts_at: '2026-12-01T15:00:00-06:00', name: 'Horario' };
    expect((await request(app()).get(PATH)).status).toBe(401);
    expect((await request(app()).post(PATH).send(body)).status).toBe(401);
    expect((await request(app()).delete(`${PATH}/abc`)).status).toBe(401);
    expect((await list(CUSTOMER)).status).toBe(403);
    expect((await post(body, CUSTOMER)).status).toBe(403);
    expect((await request(app()).delete(`${PATH}/abc`).set('authorization', CUSTOMER)).status).toBe(403);
    expect(await storedReleases()).toEqual([]);
  });
});

describe('create, list, delete', () => {
  it('creates a release (name trimmed, instant in UTC) and lists it with the scaling state', async () => {
    const created = await create('2026-12-01T15:00:00-06:00', '  Horario de diciembre  ');
    expect(created).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
      starts_at: '2026-12-01T21:00:00.000Z',
      name: 'Horario de diciembre',
      created_at: '2026-12-01T18:00:00.000Z',
      created_by: 'a1',
    });
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: [created],
      scaling: { min_instances: 0, baseline: 0, warm: 3, release_id: null, applied_at: null },
    });
  });

  it('a retried submission with the same Idempotency-Key adds nothing and gets the first answer', async () => {
    const body = { starts_at: '2026-12-01T15:00:00-06:00', name: 'Horario de diciembre' };
    const send = () => request(app()).post(PATH).set('authorization', ADMIN).set('idempotency-key', 'release-key-0001').send(body);
    const first = await send();
    const again = await send();
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await storedReleases()).toEqual([first.body.data.id]);
  });

  it('lists upcoming releases and those whose window is still open, earliest first; not those that ended', async () => {
    const late = await create('2026-12-20T09:00:00-06:00', 'Enero');
    const soon = await create('2026-12-01T12:20:00-06:00', 'Diciembre');
    env.clock.now = new Date('2026-12-01T12:50:00-06:00'); // 30 min after `soon`: its window closes now
    expect((await list()).body.data.map((r: ScheduleRelease) => r.id)).toEqual([soon.id, late.id]);
    env.clock.now = new Date('2026-12-01T12:50:01-06:00');
    expect((await list()).body.data.map((r: ScheduleRelease) => r.id)).toEqual([late.id]);
  });

  it('reports the applied state and the deployed settings', async () => {
    vi.stubEnv('API_MIN_INSTANCES', '1');
    vi.stubEnv('API_WARM_MIN_INSTANCES', '4');
    await env.store.doc('instance_scaling/api').set({ min_instances: 4, release_id: 'r1', applied_at: new Date('2026-12-01T17:45:00Z') });
    expect((await list()).body.scaling).toEqual({ min_instances: 4, baseline: 1, warm: 4, release_id: 'r1', applied_at: '2026-12-01T17:45:00.000Z' });
  });

  it('deletes a release (204) and answers 404 in Spanish when it is not there', async () => {
    const created = await create('2026-12-02T10:00:00-06:00');
    const gone = await request(app()).delete(`${PATH}/${created.id}`).set('authorization', ADMIN);
    expect(gone.status).toBe(204);
    expect(await storedReleases()).toEqual([]);
    for (const id of [created.id, 'nope']) {
      const missing = await request(app())
        .delete(`${PATH}/${encodeURIComponent(id)}`)
        .set('authorization', ADMIN);
      expect(missing.status, id).toBe(404);
      expect(missing.body.error).toEqual({ code: 'schedule-releases/not-found', message: 'No encontramos ese lanzamiento; quizá ya se eliminó.' });
    }
    // Ids the store reserves never reach the service: the path guard refuses them for every route (http/url.ts).
    for (const id of ['__x__', '..']) {
      const refused = await request(app())
        .delete(`${PATH}/${encodeURIComponent(id)}`)
        .set('authorization', ADMIN);
      expect(refused.status, id).toBe(400);
      expect(refused.body.error.code).toBe('http/invalid-path');
    }
  });
});

describe('refusals write nothing', () => {
  it('refuses a past or present instant, and one more than 90 days ahead, in Spanish', async () => {
    const past = await post({ starts_at: '2026-12-01T11:59:00-06:00', name: 'Horario' });
    expect(past.status).toBe(400);
    expect(past.body.error).toEqual({
      code: 'invalid-argument',
      message: 'La fecha del lanzamiento debe ser futura.',
      fields: { starts_at: 'La fecha del lanzamiento debe ser futura.' },
    });
    expect((await post({ starts_at: '2026-12-01T18:00:00.000Z', name: 'Ahora' })).body.error.message).toBe('La fecha del lanzamiento debe ser futura.');

    // 90 days after 1 Dec 18:00Z is 1 Mar 18:00Z: that instant is allowed, one second later is not.
    expect((await post({ starts_at: '2027-03-01T18:00:01Z', name: 'Marzo' })).body.error.message).toBe(
      'La fecha del lanzamiento puede estar como máximo 90 días adelante.',
    );
    expect(await storedReleases()).toEqual([]);
    await create('2027-03-01T18:00:00Z', 'Marzo');
  });

  it('refuses bad shapes with the schema’s Spanish messages', async () => {
    const cases: unknown[] = [
      {},
      { starts_at: '2026-12-02', name: 'Sin hora' },
      { starts_at: '2026-12-02T10:00:00', name: 'Sin zona' },
      { starts_at: '2026-02-30T10:00:00Z', name: 'Día imposible' },
      { starts_at: 1764700000000, name: 'Número' },
      { starts_at: '2026-12-02T10:00:00Z', name: '   ' },
      { starts_at: '2026-12-02T10:00:00Z', name: 'x'.repeat(121) },
      { starts_at: '2026-12-02T10:00:00Z', name: 'Extra', id: 'mine' },
    ];
    for (const body of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.message, JSON.stringify(body)).toMatch(/^[^a-z]*[A-ZÁÉÍÓÚ¿]/);
    }
    expect((await post(cases[1])).body.error.fields).toEqual({ starts_at: 'Escribe una fecha y hora válidas.' });
    expect(await storedReleases()).toEqual([]);
  });

  it(`refuses more than ${MAX_UPCOMING_RELEASES} releases not yet over; one that ended no longer counts`, async () => {
    await create('2026-12-01T12:10:00-06:00', 'Primero');
    for (let i = 1; i < MAX_UPCOMING_RELEASES; i++) await create(`2026-12-${String(2 + i).padStart(2, '0')}T10:00:00-06:00`, `Lanzamiento ${i}`);
    const before = await storedReleases();
    const refused = await post({ starts_at: '2027-01-15T10:00:00-06:00', name: 'Uno más' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({ code: 'schedule-releases/too-many', message: 'Solo puedes tener 20 lanzamientos próximos.' });
    expect(await storedReleases()).toEqual(before);

    env.clock.now = new Date('2026-12-01T12:40:01-06:00'); // the first one's window ended at 12:40
    await create('2027-01-15T10:00:00-06:00', 'Uno más');
  });
});
