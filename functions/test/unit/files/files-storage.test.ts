import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCloudFileStorage, type StorageBucket } from '../../../src/data/files/cloud-file-storage';
import { FileExistsError, type FileStorage } from '../../../src/data/files/file-storage';
import { chooseFileStorage } from '../../../src/data/files/get-file-storage';
import { createLocalFileStorage } from '../../../src/data/files/local-file-storage';

/**
 * An in-memory stand-in for a Cloud Storage bucket that behaves as the real
 * service does for the calls the adapter makes: a write with
 * ifGenerationMatch 0 fails with 412 when the object exists, a download of a
 * missing object fails with 404.
 */
function fakeBucket(): StorageBucket & { objects: Map<string, { bytes: Buffer; contentType: string }> } {
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const httpError = (code: number) => Object.assign(new Error(`HTTP ${code}`), { code });
  const file = (name: string) => ({
    async save(bytes: Buffer, options: { contentType: string; preconditionOpts?: { ifGenerationMatch?: number } }) {
      await Promise.resolve();
      if (options.preconditionOpts?.ifGenerationMatch === 0 && objects.has(name)) throw httpError(412);
      objects.set(name, { bytes: Buffer.from(bytes), contentType: options.contentType });
    },
    async download() {
      const object = objects.get(name);
      if (!object) throw httpError(404);
      return [Buffer.from(object.bytes)];
    },
    async exists() {
      return [objects.has(name)];
    },
    createReadStream() {
      return Readable.from([objects.get(name)?.bytes ?? Buffer.alloc(0)]);
    },
    async delete(options: { ignoreNotFound?: boolean }) {
      if (!objects.delete(name) && !options.ignoreNotFound) throw httpError(404);
    },
  });
  return { objects, file: file as unknown as StorageBucket['file'] };
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'studio-files-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const implementations: Array<[string, () => FileStorage]> = [
  ['local directory', () => createLocalFileStorage(dir)],
  ['Cloud Storage', () => createCloudFileStorage(fakeBucket())],
];

describe.each(implementations)('FileStorage: %s', (_name, open) => {
  it('stores, reads, streams and deletes', async () => {
    const files = open();
    await files.save('files/a.png', Buffer.from('uno'), 'image/png');
    expect((await files.read('files/a.png'))?.toString()).toBe('uno');
    const stream = await files.openReadStream('files/a.png');
    expect(stream && (await text(stream))).toBe('uno');
    await files.delete('files/a.png');
    expect(await files.read('files/a.png')).toBeNull();
    expect(await files.openReadStream('files/a.png')).toBeNull();
    await files.delete('files/a.png');
  });

  it('never overwrites: of concurrent saves to one key exactly one wins, intact', async () => {
    const files = open();
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => files.save('files/same.png', Buffer.from(`contenido ${i}`), 'image/png')));
    const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(FileExistsError);
    expect((await files.read('files/same.png'))?.toString()).toBe(`contenido ${won[0]}`);
  });

  it('refuses keys that could leave the storage area', async () => {
    const files = open();
    for (const key of ['../x.png', 'files/../../x.png', '/etc/passwd', 'files//x', 'files/./x', 'Files/X.png', 'files/x y.png', '']) {
      await expect(files.save(key, Buffer.from('x'), 'image/png'), key).rejects.toThrow(/Invalid storage key/);
    }
  });
});

describe('local directory storage', () => {
  it('leaves no temporary files behind, even after a refused save', async () => {
    const files = createLocalFileStorage(dir);
    await files.save('files/b.pdf', Buffer.from('%PDF-'), 'application/pdf');
    await expect(files.save('files/b.pdf', Buffer.from('otro'), 'application/pdf')).rejects.toBeInstanceOf(FileExistsError);
    expect(readdirSync(path.join(dir, 'files'))).toEqual(['b.pdf']);
  });
});

describe('chooseFileStorage', () => {
  it('uses Cloud Storage when deployed or with a Storage emulator, the local directory otherwise', () => {
    expect(chooseFileStorage({ K_SERVICE: 'api' })).toBe('cloud-storage');
    expect(chooseFileStorage({ FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199' })).toBe('cloud-storage');
    expect(chooseFileStorage({ K_SERVICE: 'api', FUNCTIONS_EMULATOR: 'true' })).toBe('local');
    expect(chooseFileStorage({})).toBe('local');
  });
});
