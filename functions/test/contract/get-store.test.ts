import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseStore, findIndexesFile, getStore, setStoreForTests } from '../../src/data/store/get-store';
import { repoRoot, tempDir } from './support';

describe('store selection', () => {
  afterEach(async () => {
    vi.unstubAllEnvs();
    setStoreForTests(undefined);
  });

  it.each([
    [{}, 'local'],
    [{ FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' }, 'firestore'],
    [{ K_SERVICE: 'api' }, 'firestore'],
    [{ K_SERVICE: 'api', FUNCTIONS_EMULATOR: 'true' }, 'local'],
    [{ K_SERVICE: 'api', FUNCTIONS_EMULATOR: 'true', FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' }, 'firestore'],
  ])('%j → %s', (env, expected) => {
    expect(chooseStore(env as NodeJS.ProcessEnv)).toBe(expected);
  });

  it('finds the repository firestore.indexes.json from a nested directory', () => {
    expect(findIndexesFile(path.join(repoRoot, 'functions', 'src'))).toBe(path.join(repoRoot, 'firestore.indexes.json'));
  });

  it('explains what to set when no local database is configured', () => {
    vi.stubEnv('FIRESTORE_EMULATOR_HOST', '');
    vi.stubEnv('K_SERVICE', '');
    vi.stubEnv('STUDIO_LOCAL_DB', '');
    expect(() => getStore()).toThrow(/STUDIO_LOCAL_DB/);
  });

  it('opens the local engine once at STUDIO_LOCAL_DB, and lets tests swap it', async () => {
    const temp = tempDir();
    vi.stubEnv('FIRESTORE_EMULATOR_HOST', '');
    vi.stubEnv('K_SERVICE', '');
    vi.stubEnv('STUDIO_LOCAL_DB', path.join(temp.dir, 'env.sqlite'));
    vi.stubEnv('STUDIO_FIRESTORE_INDEXES', path.join(repoRoot, 'firestore.indexes.json'));
    const store = getStore();
    try {
      expect(store.kind).toBe('local');
      expect(getStore()).toBe(store);
      await store.doc('c/d').set({ v: 1 });
      const replacement = { kind: 'firestore' } as unknown as ReturnType<typeof getStore>;
      setStoreForTests(replacement);
      expect(getStore()).toBe(replacement);
    } finally {
      await store.close();
      temp.cleanup();
    }
  });
});
