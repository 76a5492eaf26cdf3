/** What the rules tests check, shared by the static check (unit) and the emulator tests (rules). */
import type { DenyAllSpec } from './rules-scan';

export const FIRESTORE_RULES: Omit<DenyAllSpec, 'paths'> = {
  service: 'cloud.firestore',
  root: ['databases', '{database}', 'documents'],
  catchAll: '{document=**}',
};

export const STORAGE_RULES: Omit<DenyAllSpec, 'paths'> = {
  service: 'firebase.storage',
  root: ['b', '{bucket}', 'o'],
  catchAll: '{allPaths=**}',
};

/**
 * Object keys the API writes: uploads are `files/<uuid>.<ext>`
 * (functions/src/services/files/upload-file.ts); the second stands for any
 * key a client might try outside that layout.
 */
export const STORAGE_KEYS = ['files/00000000-0000-4000-8000-000000000000.png', 'customers/sample-uid/photo.jpg'];
