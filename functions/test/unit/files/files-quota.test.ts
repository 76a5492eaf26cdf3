/**
 * Who may upload and how much (docs/files "Quotas"): a customer record is
 * required (admins excepted), and each customer has their own hourly count and
 * daily byte windows, checked before any byte is stored.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { createLocalFileStorage } from '../../../src/data/files/local-file-storage';
import { signUp } from '../../../src/services/customers/sign-up';
import { uploadFile } from '../../../src/services/files/upload-file';
import { uploadQuota } from '../../../src/services/files/upload-quota';
import { type TestEnv, testEnv } from '../support';
import { png } from './files-fixtures';

let env: TestEnv;
let filesDir: string;

const HOUR_MS = 60 * 60 * 1000;
const TEN_MB = 10 * 1024 * 1024;
const identity = (uid: string, admin = false) => ({ uid, email: `${uid}@example.com`, emailVerified: true, admin });

beforeEach(async () => {
  env = testEnv();
  filesDir = mkdtempSync(path.join(tmpdir(), 'studio-quota-'));
  env.deps.files = createLocalFileStorage(filesDir);
  await signUp(env.deps, identity('ana'), { uid: 'ana', name: 'Ana', last_name: 'López', phone: '5512345678' });
  await signUp(env.deps, identity('diego'), { uid: 'diego', name: 'Diego', last_name: 'Ruiz', phone: '5587654321' });
});
afterEach(async () => {
  await env.cleanup();
});

const upload = (token: string, bytes = png()) =>
  request(createApp(env.deps))
    .post('/api/files')
    .set('authorization', `Bearer ${token}`)
    .attach('file', bytes, { filename: 'foto.png', contentType: 'image/png' });

/** A PNG padded to exactly 10 MB, the largest upload allowed. */
const largest = () => Buffer.concat([png(), Buffer.alloc(TEN_MB - png().length)]);

const storedBytes = () => readdirSync(filesDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
const fileDocs = () => env.store.collection('files').count();

describe('uploads need a customer record', () => {
  it('refuses a signed-in identity without one with 403, storing nothing and counting nothing', async () => {
    const response = await upload('uid:sin-registro');
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({
      code: 'files/customer-required',
      message: 'Completa tu registro como cliente antes de subir archivos.',
    });
    expect(await fileDocs()).toBe(0);
    expect((await env.store.doc('counters/files').get()).exists).toBe(false);
    expect(storedBytes()).toBe(0);
    expect(await env.store.collection('rate_limits').count()).toBe(0);
  });

  it('refuses it through the service as well', async () => {
    const input = { file: { filename: 'foto.png', declaredType: 'image/png', bytes: png() }, data: undefined };
    await expect(uploadFile(env.deps, identity('sin-registro'), input)).rejects.toMatchObject({ kind: 'forbidden', code: 'files/customer-required' });
    expect(storedBytes()).toBe(0);
  });

  it('lets an admin without a customer record upload', async () => {
    expect((await upload('admin:sin-registro')).status).toBe(201);
  });
});

describe('per-customer upload quotas', () => {
  it(`allows ${uploadQuota.uploads.limit} uploads an hour, refuses the next with 429 before storing it, and allows more once the hour is over`, async () => {
    for (let i = 0; i < uploadQuota.uploads.limit; i++) expect((await upload('uid:ana', png(i + 1, 1))).status).toBe(201);

    const refused = await upload('uid:ana');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: 'files/upload-rate-limited',
      message: 'Subiste demasiados archivos en poco tiempo: puedes subir hasta 20 por hora. Intenta de nuevo más tarde.',
    });
    expect(await fileDocs()).toBe(uploadQuota.uploads.limit);
    expect(storedBytes()).toBe(uploadQuota.uploads.limit);

    // Another customer's window is their own.
    expect((await upload('uid:diego')).status).toBe(201);

    env.clock.now = new Date(env.clock.now.getTime() + HOUR_MS);
    expect((await upload('uid:ana')).status).toBe(201);
  });

  it('allows 50 MB a day, refuses the next byte with 429 before storing it, and allows more the next day', async () => {
    for (let i = 0; i < 5; i++) expect((await upload('uid:ana', largest())).status).toBe(201);

    const refused = await upload('uid:ana');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: 'files/upload-quota-exceeded',
      message: 'Alcanzaste el límite de 50 MB en archivos subidos por día. Intenta de nuevo más tarde.',
    });
    expect(await fileDocs()).toBe(5);
    expect(storedBytes()).toBe(5);
    expect((await upload('uid:diego', largest())).status).toBe(201);

    env.clock.now = new Date(env.clock.now.getTime() + 24 * HOUR_MS);
    expect((await upload('uid:ana')).status).toBe(201);
  });

  it('counts in per-customer documents, never one shared by all customers', async () => {
    await upload('uid:ana');
    await upload('uid:ana');
    await upload('uid:diego');
    const counts = (await env.store.collection('rate_limits').get()).docs.map((doc) => Number(doc.get('count')));
    // Two windows (uploads, bytes) for each customer, each holding only that customer's uploads.
    const byValue = (a: number, b: number) => a - b;
    expect(counts.sort(byValue)).toEqual([1, 2, png().length, 2 * png().length].sort(byValue));
  });

  it('lets no more than the hourly limit through a burst of parallel uploads', async () => {
    const burst = await Promise.all(Array.from({ length: uploadQuota.uploads.limit + 5 }, (_, i) => upload('uid:ana', png(i + 1, 1))));
    expect(new Set(burst.map((r) => r.status))).toEqual(new Set([201, 429]));
    const created = burst.filter((r) => r.status === 201).length;
    expect(created).toBe(uploadQuota.uploads.limit);
    expect(await fileDocs()).toBe(created);
    expect(storedBytes()).toBe(created);
  });

  it('does not limit admins', async () => {
    for (let i = 0; i < uploadQuota.uploads.limit + 1; i++) expect((await upload('admin:a1', png(i + 1, 1))).status).toBe(201);
    expect(await env.store.collection('rate_limits').count()).toBe(0);
  });
});
