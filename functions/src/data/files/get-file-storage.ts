import type { Bucket } from '@google-cloud/storage';
import { adminApp, storageSdk } from '../firebase-admin-sdks';
import { createCloudFileStorage, type StorageBucket } from './cloud-file-storage';
import type { FileStorage } from './file-storage';
import { createLocalFileStorage } from './local-file-storage';

export type FileStorageChoice = 'cloud-storage' | 'local';

/** Default directory of the local implementation, relative to the working directory. */
export const DEFAULT_LOCAL_FILES_DIR = '.local/files';

/**
 * Chosen the way getStore() chooses the document store: Cloud Storage when
 * deployed (K_SERVICE outside the Functions emulator) or when a Storage
 * emulator is configured; otherwise the directory STUDIO_LOCAL_FILES.
 */
export function chooseFileStorage(env: NodeJS.ProcessEnv = process.env): FileStorageChoice {
  if (env.FIREBASE_STORAGE_EMULATOR_HOST) return 'cloud-storage';
  if (env.K_SERVICE && env.FUNCTIONS_EMULATOR !== 'true') return 'cloud-storage';
  return 'local';
}

/**
 * The project's default bucket (from FIREBASE_CONFIG when deployed) unless
 * STUDIO_FILES_BUCKET names another. Opened, and Cloud Storage's SDK loaded,
 * by the first file operation rather than when the deps are built: only the
 * files routes and jobs need it (docs/operations.md "Cold start").
 */
export function lazyCloudBucket(env: NodeJS.ProcessEnv = process.env): StorageBucket {
  let bucket: Bucket | undefined;
  const open = () =>
    (bucket ??= storageSdk()
      .getStorage(adminApp())
      .bucket(env.STUDIO_FILES_BUCKET || undefined));
  return { file: (name, options) => open().file(name, options) };
}

function openDefault(env: NodeJS.ProcessEnv): FileStorage {
  if (chooseFileStorage(env) === 'cloud-storage') return createCloudFileStorage(lazyCloudBucket(env));
  return createLocalFileStorage(env.STUDIO_LOCAL_FILES || DEFAULT_LOCAL_FILES_DIR);
}

let current: FileStorage | undefined;

/** The process-wide file storage, created on first use. */
export function getFileStorage(): FileStorage {
  current ??= openDefault(process.env);
  return current;
}
