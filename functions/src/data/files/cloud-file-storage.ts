import type { Bucket } from '@google-cloud/storage';
import { assertStorageKey, FileExistsError, type FileStorage } from './file-storage';

const statusOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** The part of a Cloud Storage bucket this uses (tests pass a fake of the same shape). */
export type StorageBucket = Pick<Bucket, 'file'>;

/**
 * Cloud Storage for Firebase. Objects are private (storage.rules deny every
 * client); the API reads and serves them. `ifGenerationMatch: 0` makes the
 * write conditional on the object not existing, so a key is never overwritten
 * even by a retried request.
 */
export function createCloudFileStorage(bucket: StorageBucket): FileStorage {
  const file = (key: string) => {
    assertStorageKey(key);
    return bucket.file(key);
  };

  return {
    async save(key, bytes, contentType) {
      try {
        await file(key).save(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
          contentType,
          resumable: false,
          preconditionOpts: { ifGenerationMatch: 0 },
        });
      } catch (error) {
        if (statusOf(error) === 412) throw new FileExistsError(key);
        throw error;
      }
    },

    async read(key) {
      try {
        const [bytes] = await file(key).download();
        return bytes;
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },

    async openReadStream(key) {
      // A read stream reports a missing object only once read; ask first so callers get null before sending headers.
      const object = file(key);
      const [exists] = await object.exists();
      return exists ? object.createReadStream() : null;
    },

    async delete(key) {
      await file(key).delete({ ignoreNotFound: true });
    },
  };
}
