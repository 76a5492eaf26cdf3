import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { createLocalFileStorage } from '../../../src/data/files/local-file-storage';
import { signUp } from '../../../src/services/customers/sign-up';
import { findFileRef } from '../../../src/services/files/file-refs';
import { type TestEnv, testEnv } from '../support';
import { jpeg, pdf, png } from './files-fixtures';

let env: TestEnv;
let app: ReturnType<typeof createApp>;

const as = (token: string | null) => ({
  get: (url: string) => (token ? request(app).get(url).set('authorization', `Bearer ${token}`) : request(app).get(url)),
  put: (body: object) => (token ? request(app).put('/api/files').set('authorization', `Bearer ${token}`) : request(app).put('/api/files')).send(body),
  delete: (url: string) => (token ? request(app).delete(url).set('authorization', `Bearer ${token}`) : request(app).delete(url)),
});

async function uploadAs(token: string, bytes: Buffer, filename: string, contentType: string): Promise<number> {
  const response = await request(app).post('/api/files').set('authorization', `Bearer ${token}`).attach('file', bytes, { filename, contentType });
  expect(response.status).toBe(201);
  return response.body.file_id as number;
}

const setStatus = (fileId: number, status: string) => env.store.doc(`files/${fileId}`).update({ status });
const keyOf = async (fileId: number) => (await env.store.doc(`files/${fileId}`).get()).get('key') as string;

let publicId: number;
let anaId: number;
let diegoId: number;

beforeEach(async () => {
  env = testEnv();
  env.deps.files = createLocalFileStorage(mkdtempSync(path.join(tmpdir(), 'studio-access-')));
  app = createApp(env.deps);
  // Only customers (and admins) upload.
  for (const [uid, phone] of [
    ['ana', '5511111111'],
    ['diego', '5522222222'],
  ] as const) {
    await signUp(env.deps, { uid, email: `${uid}@example.com`, emailVerified: true, admin: false }, { uid, name: uid, last_name: 'Prueba', phone });
  }
  publicId = await uploadAs('admin:admin', png(), 'portada.png', 'image/png');
  anaId = await uploadAs('uid:ana', pdf(), 'certificado.pdf', 'application/pdf');
  diegoId = await uploadAs('uid:diego', jpeg(), 'perfil.jpg', 'image/jpeg');
});
afterEach(async () => {
  await env.cleanup();
});

describe('GET /api/files', () => {
  it('lists a customer’s own files only, and everything for admins, newest first and paged', async () => {
    expect((await as(null).get('/api/files')).status).toBe(401);
    const ana = await as('uid:ana').get('/api/files');
    expect(ana.status).toBe(200);
    expect(ana.body).toMatchObject({ total: 1, page: 1, page_size: 50 });
    expect(ana.body.files.map((f: { file_id: number }) => f.file_id)).toEqual([anaId]);
    const anaPublic = await as('uid:ana').get('/api/files?visibility=public');
    expect(anaPublic.body.files.map((f: { file_id: number }) => f.file_id)).toEqual([anaId]);

    const admin = await as('admin:admin').get('/api/files');
    expect(admin.body.total).toBe(3);
    expect(admin.body.files.map((f: { file_id: number }) => f.file_id)).toEqual([diegoId, anaId, publicId]);
    const onlyPublic = await as('admin:admin').get('/api/files?visibility=public');
    expect(onlyPublic.body.files.map((f: { file_id: number }) => f.file_id)).toEqual([publicId]);
    expect((await as('admin:admin').get('/api/files?page=2')).body).toMatchObject({ files: [], total: 3, page: 2 });
  });

  it('validates the query', async () => {
    const bad = await as('admin:admin').get('/api/files?visibility=todas&page=0');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['page', 'visibility']);
    // Unknown query parameters are dropped (as on every list), so no one can widen their own list.
    const widened = await as('uid:ana').get('/api/files?owner_uid=diego');
    expect(widened.body.files.map((f: { file_id: number }) => f.file_id)).toEqual([anaId]);
  });
});

describe('GET /api/files/{id} and /api/files/raw/{id}', () => {
  it('shows a public file to everyone once processing verified it, and to its owner and admins before', async () => {
    for (const url of [`/api/files/${publicId}`, `/api/files/raw/${publicId}`]) {
      expect((await as(null).get(url)).status, url).toBe(404);
      expect((await as('uid:ana').get(url)).status, url).toBe(404);
      expect((await as('admin:other-admin').get(url)).status, url).toBe(200);
    }
    await setStatus(publicId, 'ready');
    const meta = await as(null).get(`/api/files/${publicId}`);
    expect(meta.status).toBe(200);
    expect(meta.body.file).toMatchObject({
      file_id: publicId,
      name: 'portada.png',
      type: 'image/png',
      src: `/api/files/raw/${publicId}`,
      visibility: 'public',
      status: 'ready',
    });
    expect(meta.body.file).not.toHaveProperty('key');
    expect(meta.body.file).not.toHaveProperty('owner_uid');
    const raw = await as(null).get(`/api/files/raw/${publicId}`);
    expect(raw.status).toBe(200);
    expect(raw.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('shows a private file only to its owner and admins; others are told it does not exist', async () => {
    await setStatus(anaId, 'ready');
    for (const url of [`/api/files/${anaId}`, `/api/files/raw/${anaId}`]) {
      for (const token of [null, 'uid:diego']) {
        const response = await as(token).get(url);
        expect(response.status, `${url} ${token}`).toBe(404);
        expect(response.body.error).toEqual({ code: 'files/not-found', message: 'No encontramos el archivo.' });
      }
      expect((await as('uid:ana').get(url)).status).toBe(200);
      expect((await as('admin:admin').get(url)).status).toBe(200);
    }
    const raw = await as('uid:ana').get(`/api/files/raw/${anaId}`);
    expect(raw.headers['cache-control']).toBe('private, no-store');
    expect(raw.headers['content-type']).toBe('application/pdf');
    expect(raw.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a repeat request with 304 when the bytes are unchanged', async () => {
    const first = await as('uid:ana').get(`/api/files/raw/${anaId}`);
    const again = await as('uid:ana')
      .get(`/api/files/raw/${anaId}`)
      .set('if-none-match', first.headers.etag as string);
    expect(again.status).toBe(304);
  });

  it('serves no bytes for a rejected file, though its owner still sees why it is missing', async () => {
    await setStatus(diegoId, 'rejected');
    expect((await as('uid:diego').get(`/api/files/raw/${diegoId}`)).status).toBe(404);
    expect((await as('uid:diego').get(`/api/files/${diegoId}`)).body.file.status).toBe('rejected');
  });

  it('refuses ids that are not positive integers and unknown ids', async () => {
    expect((await as('uid:ana').get('/api/files/abc')).status).toBe(400);
    expect((await as('uid:ana').get('/api/files/raw/-1')).status).toBe(400);
    expect((await as('admin:admin').get('/api/files/999')).status).toBe(404);
  });
});

describe('PUT /api/files', () => {
  it('lets the owner and admins rename and describe; others get 404 or 403 and change nothing', async () => {
    const own = await as('uid:ana').put({ file_id: anaId, name: 'Certificado 2026', alt: ' Documento médico ' });
    expect(own.status).toBe(200);
    expect(own.body.file).toMatchObject({ file_id: anaId, name: 'Certificado 2026.pdf', alt: 'Documento médico', type: 'application/pdf' });
    expect((await as('admin:admin').put({ file_id: anaId, alt: null })).body.file).toMatchObject({ name: 'Certificado 2026.pdf', alt: null });

    const before = (await env.store.doc(`files/${anaId}`).get()).data();
    expect((await as(null).put({ file_id: anaId, name: 'x' })).status).toBe(401);
    expect((await as('uid:diego').put({ file_id: anaId, name: 'x' })).status).toBe(404);
    await setStatus(publicId, 'ready');
    expect((await as('uid:ana').put({ file_id: publicId, name: 'mía' })).status).toBe(403);
    expect((await as('admin:admin').put({ file_id: 999, name: 'x' })).status).toBe(404);
    expect((await env.store.doc(`files/${anaId}`).get()).data()).toEqual(before);
  });

  it('validates names and refuses fields that are not display metadata', async () => {
    const before = (await env.store.doc(`files/${anaId}`).get()).data();
    const path = await as('uid:ana').put({ file_id: anaId, name: '../../otro.pdf' });
    expect(path.status).toBe(400);
    expect(path.body.error).toMatchObject({ message: 'Revisa el campo: Nombre', fields: { name: 'El nombre del archivo no es válido.' } });
    const visibility = await as('uid:ana').put({ file_id: anaId, visibility: 'public' });
    expect(visibility.status).toBe(400);
    expect(visibility.body.error.message).toBe('El campo visibility no está permitido.');
    expect((await as('uid:ana').put({ file_id: String(anaId), name: 'x' })).status).toBe(400);
    expect((await env.store.doc(`files/${anaId}`).get()).data()).toEqual(before);
  });
});

describe('DELETE /api/files/{id}', () => {
  it('removes metadata and bytes for the owner', async () => {
    const key = await keyOf(anaId);
    expect((await as('uid:ana').delete(`/api/files/${anaId}`)).status).toBe(204);
    expect((await env.store.doc(`files/${anaId}`).get()).exists).toBe(false);
    expect(await env.deps.files.read(key)).toBeNull();
    expect((await as('uid:ana').delete(`/api/files/${anaId}`)).status).toBe(404);
  });

  it('lets admins delete anyone’s; other customers get 404 (private) or 403 (public) and nothing goes', async () => {
    await setStatus(publicId, 'ready');
    expect((await as(null).delete(`/api/files/${diegoId}`)).status).toBe(401);
    expect((await as('uid:ana').delete(`/api/files/${diegoId}`)).status).toBe(404);
    expect((await as('uid:ana').delete(`/api/files/${publicId}`)).status).toBe(403);
    expect(await env.store.collection('files').count()).toBe(3);
    expect(await env.deps.files.read(await keyOf(diegoId))).not.toBeNull();
    expect((await as('admin:admin').delete(`/api/files/${diegoId}`)).status).toBe(204);
    expect(await env.store.collection('files').count()).toBe(2);
  });
});

describe('findFileRef (for records that embed a file)', () => {
  it('gives the spec’s {file_id, name, type, src} only for a usable file', async () => {
    expect(await findFileRef(env.deps, publicId, 'public')).toEqual({
      file_id: publicId,
      name: 'portada.png',
      type: 'image/png',
      src: `/api/files/raw/${publicId}`,
    });
    expect(await findFileRef(env.deps, anaId, 'public')).toBeNull();
    expect(await findFileRef(env.deps, anaId, { ownerUid: 'ana' })).toMatchObject({ file_id: anaId });
    expect(await findFileRef(env.deps, anaId, { ownerUid: 'diego' })).toBeNull();
    await setStatus(publicId, 'rejected');
    expect(await findFileRef(env.deps, publicId, 'public')).toBeNull();
    expect(await findFileRef(env.deps, 999, 'public')).toBeNull();
  });
});
