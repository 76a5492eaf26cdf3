import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/helpers';
import { makeUser, onIdTokenChanged, setUser } from '../../test/mocks/firebase-auth';
import { api } from './api-client';
import { initAuth, onIdentityChanged } from './auth-client';

const appCheck = vi.hoisted(() => ({
  initializeAppCheck: vi.fn((app: unknown, options: unknown) => ({ app, options })),
  ReCaptchaEnterpriseProvider: vi.fn(function (this: { siteKey: string }, siteKey: string) {
    this.siteKey = siteKey;
  }),
  getToken: vi.fn(async () => ({ token: 'app-check-token' })),
}));

vi.mock('firebase/auth', () => import('../../test/mocks/firebase-auth'));
vi.mock('firebase/app', () => import('../../test/mocks/firebase-app'));
vi.mock('firebase/app-check', () => appCheck);

describe('api client with App Check (an environment with a site key)', () => {
  beforeAll(async () => {
    await initAuth({ apiKey: 'demo-key', projectId: 'demo-studio', appCheckSiteKey: 'site-key-1' });
  });

  beforeEach(() => {
    setUser(makeUser('uid-1'));
  });

  it('keeps the site key out of the Firebase options and starts App Check only once someone signs in', async () => {
    expect(appCheck.initializeAppCheck).not.toHaveBeenCalled();
    await onIdentityChanged(() => undefined);
    expect(onIdTokenChanged).toHaveBeenCalled();
    await vi.waitFor(() => expect(appCheck.initializeAppCheck).toHaveBeenCalledTimes(1));
    const [app, options] = appCheck.initializeAppCheck.mock.calls[0] as [{ options: object }, { provider: { siteKey: string } }];
    expect(app.options).toEqual({ apiKey: 'demo-key', projectId: 'demo-studio' });
    expect(options).toMatchObject({ provider: { siteKey: 'site-key-1' }, isTokenAutoRefreshEnabled: true });
  });

  it('sends the App Check token with writes', async () => {
    const { calls } = mockFetch(() => ({ status: 201, body: {} }));
    await api.post('/class_reservations', { single_class_id: 1 });
    await api.delete('/class_reservations/1');
    expect(calls.map((call) => call.headers['X-Firebase-AppCheck'])).toEqual(['app-check-token', 'app-check-token']);
    expect(calls[0]?.headers.Authorization).toBe('Bearer token-uid-1');
  });

  it('never asks for one on reads', async () => {
    const { calls } = mockFetch(() => ({ body: { class_reservations: [] } }));
    await api.get('/class_reservations');
    expect(calls[0]?.headers['X-Firebase-AppCheck']).toBeUndefined();
    expect(appCheck.getToken).not.toHaveBeenCalled();
  });

  it('sends the write without the header when no token can be had (the API explains the refusal)', async () => {
    appCheck.getToken.mockRejectedValueOnce(new Error('reCAPTCHA blocked'));
    const { calls } = mockFetch(() => ({ status: 201, body: {} }));
    await api.post('/checkout', {});
    expect(calls[0]?.headers['X-Firebase-AppCheck']).toBeUndefined();
  });
});
