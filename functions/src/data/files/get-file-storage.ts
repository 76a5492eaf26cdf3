import { getApps, initializeApp } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { createCloudFileStorage } from './cloud-file-storage';
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

function openDefault(env: NodeJS.ProcessEnv): FileStorage {
  if (chooseFileStorage(env) === 'cloud-storage') {
    const app = getApps()[0] ?? initializeApp();
    // The project's default bucket (from FIREBASE_CONFIG when deployed) unless STUDIO_FILES_BUCKET names another.
    return createCloudFileStorage(getStorage(app).bucket(env.STUDIO_FILES_BUCKET || undefined));
  }
  return createLocalFileStorage(env.STUDIO_LOCAL_FILES || DEFAULT_LOCAL_FILES_DIR);
}

let current: FileStorage | undefined;

/** The process-wide file storage, created on first use. */
export function getFileStorage(): FileStorage {
  current ??= openDefault(process.env);
  return current;
}
