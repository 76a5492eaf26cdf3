/**
 * The scheduled clean-up (docs/files "Clean-up"): a customer's private upload
 * that their customer record does not reference is deleted, metadata and
 * bytes, once the grace period has passed; referenced files, public files and
 * admins' uploads stay. Runs are bounded and resume where the last one stopped.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../src/app';
import type { FileDoc } from '../../../src/data/files/files-repo';
import { scheduledJobs } from '../../../src/scheduled/registry';
import { signUp } from '../../../src/services/customers/sign-up';
import { CLEAN_UP_FILES_PER_RUN, CLEAN_UP_GRACE_DAYS, CLEAN_UP_JOB, cleanUpFiles } from '../../../src/services/files/clean-up-files';
import { type TestEnv, testEnv } from '../support';
import { pdf, png } from './files-fixtures';

let env: TestEnv;
let app: ReturnType<typeof createApp>;

const DAY_MS = 24 * 60 * 60 * 1000;
const T0 = new Date('2026-11-22T18:00:00Z');
const identity = (uid: string) => ({ uid, email: `${uid}@example.com`, emailVerified: true, admin: false });
const ana = { name: 'Ana', last_name: 'López', phone: '5512345678' };

beforeEach(async () => {
  env = testEnv();
  env.clock.now = T0;
  app = createApp(env.deps);
  await signUp(env.deps, identity('ana'), { uid: 'ana', ...ana });
  // The studio asks customers for a medical certificate (a file) and photos (a list of images).
  for (const [id, key, type] of [
    [1, 'certificado', 'file'],
    [2, 'fotos', 'image'],
  ] as const) {
    await env.store.doc(`custom_fields/${id}`).set({
      custom_field_id: id,
      key,
      label: key,
      type,
      object: 'customer',
      required: false,
      options: [],
      createdAt: T0,
      updatedAt: T0,
      deletedAt: null,
    });
  }
});
afterEach(async () => {
  vi.restoreAllMocks();
  await env.cleanup();
});

async function upload(token: string, bytes: Buffer, filename: string, contentType: string, data?: object): Promise<number> {
  let req = request(app).post('/api/files').set('authorization', `Bearer ${token}`);
  if (data) req = req.field('data', JSON.stringify(data));
  const response = await req.attach('file', bytes, { filename, contentType });
  expect(response.status).toBe(201);
  return response.body.file_id as number;
}

const ref = (fileId: number, name: string, type: string) => ({ file_id: fileId, name, type, src: `/api/files/raw/${fileId}` });
const setPhoto = (fileId: number | null) =>
  request(app)
    .put('/api/customer')
    .set('authorization', 'Bearer uid:ana')
    .send({ ...ana, file_id: fileId });
const keyOf = async (fileId: number) => (await env.store.doc(`files/${fileId}`).get()).get('key') as string;
const exists = async (fileId: number) => (await env.store.doc(`files/${fileId}`).get()).exists;
const at = (days: number, extraMs = 0) => {
  env.clock.now = new Date(T0.getTime() + days * DAY_MS + extraMs);
};

describe('cleanUpFiles', () => {
  it('deletes only a customer’s unreferenced uploads, and only after the grace period', async () => {
    const photo = await upload('uid:ana', png(), 'perfil.png', 'image/png');
    const certificate = await upload('uid:ana', pdf(), 'certificado.pdf', 'application/pdf');
    const listed = await upload('uid:ana', png(2, 2), 'rodilla.png', 'image/png');
    const orphan = await upload('uid:ana', png(3, 3), 'sin-usar.png', 'image/png');
    const catalogue = await upload('admin:admin', png(4, 4), 'portada.png', 'image/png');
    const adminPrivate = await upload('admin:admin', pdf(), 'contrato.pdf', 'application/pdf', { visibility: 'private' });
    expect((await setPhoto(photo)).status).toBe(200);
    const answers = { certificado: ref(certificate, 'certificado.pdf', 'application/pdf'), fotos: [ref(listed, 'rodilla.png', 'image/png')] };
    expect((await request(app).put('/api/customer/custom_values').set('authorization', 'Bearer uid:ana').send({ values: answers })).status).toBe(200);
    const orphanKey = await keyOf(orphan);

    // Within the grace period nothing goes, referenced or not.
    at(CLEAN_UP_GRACE_DAYS, -60_000);
    expect(await cleanUpFiles(env.deps)).toEqual({ examined: 5, deleted: [] });
    expect(await env.deps.files.read(orphanKey)).not.toBeNull();

    at(CLEAN_UP_GRACE_DAYS);
    expect(await cleanUpFiles(env.deps)).toEqual({ examined: 5, deleted: [orphan] });
    expect(await exists(orphan)).toBe(false);
    expect(await env.deps.files.read(orphanKey)).toBeNull();
    for (const kept of [photo, certificate, listed, catalogue, adminPrivate]) {
      expect(await exists(kept), `file ${kept}`).toBe(true);
      expect(await env.deps.files.read(await keyOf(kept)), `bytes of ${kept}`).not.toBeNull();
    }
    // The catalogue image is still served (to its admin here: no processing trigger runs in this test to make it public).
    expect((await request(app).get(`/api/files/raw/${catalogue}`).set('authorization', 'Bearer admin:admin')).status).toBe(200);

    // Idempotent: a repeated run finds nothing more.
    expect((await cleanUpFiles(env.deps)).deleted).toEqual([]);
  });

  it('deletes a photo once it is replaced, on a later pass, but not its young replacement', async () => {
    const first = await upload('uid:ana', png(), 'perfil.png', 'image/png');
    await setPhoto(first);
    at(CLEAN_UP_GRACE_DAYS + 1);
    expect((await cleanUpFiles(env.deps)).deleted).toEqual([]);

    const second = await upload('uid:ana', png(2, 2), 'perfil-nueva.png', 'image/png');
    await setPhoto(second);
    expect((await cleanUpFiles(env.deps)).deleted).toEqual([first]);
    expect(await exists(second)).toBe(true);

    // Removing the photo leaves the new file unreferenced: it goes once it too is past the grace period.
    await setPhoto(null);
    expect((await cleanUpFiles(env.deps)).deleted).toEqual([]);
    at(2 * CLEAN_UP_GRACE_DAYS + 1);
    expect((await cleanUpFiles(env.deps)).deleted).toEqual([second]);
  });

  it('keeps files stored before uploads recorded who made them', async () => {
    const legacy = await upload('uid:ana', png(), 'vieja.png', 'image/png');
    const { by_admin: _, ...withoutMark } = (await env.store.doc(`files/${legacy}`).get()).data() as unknown as FileDoc;
    await env.store.doc(`files/${legacy}`).set(withoutMark);
    at(CLEAN_UP_GRACE_DAYS + 1);
    expect((await cleanUpFiles(env.deps)).deleted).toEqual([]);
    expect(await exists(legacy)).toBe(true);
  });

  it('deletes the uploads of an identity with no customer record', async () => {
    // Uploads now need a customer record; an account deleted since, or one from before that rule, has nothing to reference its files.
    const stray = await upload('uid:ana', png(), 'foto.png', 'image/png');
    await env.store.doc('customers/ana').delete();
    at(CLEAN_UP_GRACE_DAYS + 1);
    expect((await cleanUpFiles(env.deps)).deleted).toEqual([stray]);
  });

  it('removes the metadata even when the bytes cannot be removed now (the processing trigger retries them)', async () => {
    const orphan = await upload('uid:ana', png(), 'sin-usar.png', 'image/png');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(env.deps.files, 'delete').mockRejectedValueOnce(new Error('storage down'));
    at(CLEAN_UP_GRACE_DAYS + 1);
    expect((await cleanUpFiles(env.deps)).deleted).toEqual([orphan]);
    expect(await exists(orphan)).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
  });

  it(`examines at most ${CLEAN_UP_FILES_PER_RUN} files a run, resumes below the last one, and starts over after the oldest`, async () => {
    // Files 1..120, every tenth public (the sweep does not even read those), and 121 uploaded a day ago.
    const total = CLEAN_UP_FILES_PER_RUN + 21;
    const young = total;
    at(CLEAN_UP_GRACE_DAYS + 1);
    const batch = env.store.batch();
    for (let id = 1; id <= total; id++) {
      const doc: FileDoc = {
        file_id: id,
        name: `foto-${id}.png`,
        alt: null,
        type: 'image/png',
        size: 10,
        sha256: 'x',
        key: `files/foto-${id}.png`,
        visibility: id % 10 === 0 ? 'public' : 'private',
        owner_uid: 'ana',
        by_admin: false,
        customer_id: null,
        status: 'ready',
        width: 1,
        height: 1,
        rejection: null,
        createdAt: id === young ? new Date(env.clock.now.getTime() - DAY_MS) : T0,
        updatedAt: T0,
        processedAt: T0,
      };
      batch.set(env.store.doc(`files/${id}`), { ...doc });
    }
    await batch.commit();
    const publicCount = Math.floor(total / 10);
    const privateCount = total - publicCount;

    const first = await cleanUpFiles(env.deps);
    expect(first.examined).toBe(CLEAN_UP_FILES_PER_RUN);
    // Newest first: the young file stays, the rest of the batch goes, and the next run continues below the last one.
    expect(first.deleted).not.toContain(young);
    expect(first.deleted).toHaveLength(CLEAN_UP_FILES_PER_RUN - 1);
    expect((await env.store.doc(`jobs/${CLEAN_UP_JOB}`).get()).get('below_id')).toBe(Math.min(...first.deleted));

    const second = await cleanUpFiles(env.deps);
    expect(second.examined).toBe(privateCount - CLEAN_UP_FILES_PER_RUN);
    expect(second.deleted).toHaveLength(second.examined);
    expect((await env.store.doc(`jobs/${CLEAN_UP_JOB}`).get()).get('below_id')).toBeNull();

    // From the top again: only the young file is left among the private ones.
    expect(await cleanUpFiles(env.deps)).toEqual({ examined: 1, deleted: [] });
    expect(await env.store.collection('files').count()).toBe(1 + publicCount);
  });

  it('runs every hour as the scheduled job cleanUpFiles', () => {
    expect(scheduledJobs.find((job) => job.name === CLEAN_UP_JOB)?.everyMinutes).toBe(60);
  });
});
