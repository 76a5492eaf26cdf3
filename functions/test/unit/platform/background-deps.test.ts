import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingMailDeps, fileDeps, mailDeps, storeDeps } from '../../../src/background-deps';
import { systemNow } from '../../../src/data/clock/system-clock';
import { setStoreForTests } from '../../../src/data/store/get-store';
import type { DocumentStore } from '../../../src/data/store/types';

// The background handlers' dependencies, built in one place (issue 26, finding 5).
describe('background handler dependencies', () => {
  const store = { name: 'test store' } as unknown as DocumentStore;
  afterEach(() => {
    setStoreForTests(undefined);
    vi.unstubAllEnvs();
  });

  it('give every handler the process store and the system clock', () => {
    setStoreForTests(store);
    const deps = storeDeps();
    expect(deps.store).toBe(store);
    expect(deps.now).toBe(systemNow);
  });

  it('give mail handlers the project, and booking mail the site the links point to', () => {
    setStoreForTests(store);
    vi.stubEnv('GCLOUD_PROJECT', 'estudio-latido');
    vi.stubEnv('STUDIO_SITE_ORIGIN', 'https://reservas.example.mx');
    expect(mailDeps()).toMatchObject({ store, projectId: 'estudio-latido' });
    expect(mailDeps()).not.toHaveProperty('siteOrigin');
    expect(bookingMailDeps()).toMatchObject({ store, projectId: 'estudio-latido', siteOrigin: 'https://reservas.example.mx' });
  });

  it('give file handlers the file storage', () => {
    setStoreForTests(store);
    expect(fileDeps().files).toBeDefined();
  });
});
