import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalFileStorage } from '../../../src/data/files/local-file-storage';
import { startTriggerDispatcher, type TriggerDispatcher } from '../../../src/data/store/local/trigger-dispatcher';
import type { DocumentChangeEvent } from '../../../src/data/store/types';
import { processFileChange } from '../../../src/services/files/process-upload';
import { uploadFile } from '../../../src/services/files/upload-file';
import { processFileTrigger } from '../../../src/triggers/process-file';
import { documentTriggers } from '../../../src/triggers/registry';
import { type TestEnv, testEnv } from '../support';
import { gif, jpegOfSize, pdf, png, webp, webpOfSize } from './files-fixtures';

let env: TestEnv;
let dispatcher: TriggerDispatcher;
/** Every event the trigger was given, so a test can deliver one again. */
let delivered: DocumentChangeEvent[];

beforeEach(() => {
  env = testEnv();
  env.deps.files = createLocalFileStorage(mkdtempSync(path.join(tmpdir(), 'studio-processing-')));
  delivered = [];
  // The registered trigger's pattern, with the test's dependencies instead of the process-wide ones.
  dispatcher = startTriggerDispatcher(
    env.store,
    [
      {
        ...processFileTrigger,
        handler: async (event) => {
          delivered.push(event);
          await processFileChange(env.deps, event);
        },
      },
    ],
    { pollMs: 20, backoffMs: 10 },
  );
});
afterEach(async () => {
  await dispatcher.stop();
  await env.cleanup();
});

const admin = { uid: 'a1', email: 'a1@example.com', emailVerified: true, admin: true };

async function upload(bytes: Buffer, name: string, type: string): Promise<number> {
  const file = await uploadFile(env.deps, admin, { file: { filename: name, declaredType: type, bytes }, data: undefined });
  return file.file_id;
}

const docOf = async (fileId: number) => (await env.store.doc(`files/${fileId}`).get()).data() as Record<string, unknown> & { key: string };

describe('processFile trigger', () => {
  it('is registered for files/{fileId} under the name index.ts exports', () => {
    expect(documentTriggers).toContain(processFileTrigger);
    expect(processFileTrigger).toMatchObject({ name: 'processFile', document: 'files/{fileId}' });
  });

  it('marks verified uploads ready with their image size', async () => {
    const ids = [
      await upload(png(640, 480), 'a.png', 'image/png'),
      await upload(jpegOfSize(1200, 800), 'b.jpg', 'image/jpeg'),
      await upload(gif(), 'c.gif', 'image/gif'),
      await upload(webp(), 'd.webp', 'image/webp'),
      await upload(pdf(), 'e.pdf', 'application/pdf'),
    ];
    await dispatcher.drain();
    const docs = await Promise.all(ids.map(docOf));
    expect(docs.map((d) => [d.status, d.width, d.height])).toEqual([
      ['ready', 640, 480],
      ['ready', 1200, 800],
      ['ready', 1, 1],
      ['ready', 1, 1],
      ['ready', null, null],
    ]);
    expect(docs[0]).toMatchObject({ rejection: null, processedAt: env.clock.now });
  });

  it('is idempotent: an event delivered again (or twice at once) changes nothing more', async () => {
    const fileId = await upload(png(), 'a.png', 'image/png');
    await dispatcher.drain();
    const ready = await docOf(fileId);
    expect(ready.status).toBe('ready');
    const uploadedEvent = delivered.find((e) => e.after?.get('status') === 'uploaded');
    expect(uploadedEvent).toBeDefined();

    env.clock.now = new Date('2026-11-23T10:00:00Z');
    await Promise.all([processFileChange(env.deps, uploadedEvent!), processFileChange(env.deps, uploadedEvent!)]);
    for (const event of delivered) await processFileChange(env.deps, event);
    expect(await docOf(fileId)).toEqual(ready);
    expect(await env.deps.files.read(ready.key)).not.toBeNull();
  });

  it('rejects what the upload check cannot see, and removes the bytes', async () => {
    const whole = png(3, 2);
    const cut = await upload(whole.subarray(0, whole.length - 12), 'cortada.png', 'image/png');
    const bomb = await upload(webpOfSize(16_000, 16_000), 'bomba.webp', 'image/webp');
    const huge = await upload(jpegOfSize(30_000, 10), 'panorama.jpg', 'image/jpeg');
    await dispatcher.drain();
    for (const [fileId, reason] of [
      [cut, 'unreadable'],
      [bomb, 'too-many-pixels'],
      [huge, 'too-many-pixels'],
    ] as const) {
      const doc = await docOf(fileId);
      expect(doc, String(fileId)).toMatchObject({ status: 'rejected', rejection: reason, width: null, height: null });
      expect(await env.deps.files.read(doc.key)).toBeNull();
    }
  });

  it('rejects stored bytes that differ from what was received, or are missing', async () => {
    await dispatcher.stop();
    const swapped = await upload(png(), 'a.png', 'image/png');
    const missing = await upload(png(), 'b.png', 'image/png');
    const swappedKey = (await docOf(swapped)).key;
    await env.deps.files.delete(swappedKey);
    await env.deps.files.save(swappedKey, png(9, 9), 'image/png');
    await env.deps.files.delete((await docOf(missing)).key);
    dispatcher = startTriggerDispatcher(env.store, [{ ...processFileTrigger, handler: (event) => processFileChange(env.deps, event) }], { pollMs: 20 });
    await dispatcher.drain();
    expect(await docOf(swapped)).toMatchObject({ status: 'rejected', rejection: 'checksum-mismatch' });
    expect(await docOf(missing)).toMatchObject({ status: 'rejected', rejection: 'missing-bytes' });
    expect(await env.deps.files.read(swappedKey)).toBeNull();
  });

  it('removes the bytes when metadata is deleted without them', async () => {
    const fileId = await upload(pdf(), 'a.pdf', 'application/pdf');
    await dispatcher.drain();
    const { key } = await docOf(fileId);
    await env.store.doc(`files/${fileId}`).delete();
    await dispatcher.drain();
    expect(await env.deps.files.read(key)).toBeNull();
  });

  it('leaves metadata edits of ready files alone', async () => {
    const fileId = await upload(png(), 'a.png', 'image/png');
    await dispatcher.drain();
    await env.store.doc(`files/${fileId}`).update({ name: 'otro.png' });
    await dispatcher.drain();
    expect(await docOf(fileId)).toMatchObject({ status: 'ready', name: 'otro.png' });
    expect(await env.deps.files.read((await docOf(fileId)).key)).not.toBeNull();
  });
});
