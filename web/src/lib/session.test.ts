import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCustomer, mockFetch } from '../../test/helpers';
import { makeUser, onIdTokenChanged, resetFakeAuth, setUser, signOut } from '../../test/mocks/firebase-auth';
import { useAlerts } from './alerts';
import { parseFirebaseConfig } from './auth-client';
import { beginSignup, completeSignup, startSession, useSession } from './session';

vi.mock('firebase/auth', () => import('../../test/mocks/firebase-auth'));
vi.mock('firebase/app', () => import('../../test/mocks/firebase-app'));

const firebaseConfig = { apiKey: 'demo-key', projectId: 'demo-studio' };

async function settle(): Promise<void> {
  await vi.waitFor(() => expect(useSession.getState().status).not.toBe('loading'));
}

describe('session store', () => {
  beforeEach(async () => {
    resetFakeAuth();
    useSession.setState({ status: 'signed-out', uid: null, customer: null, signupPending: false });
    useAlerts.setState({ error: null, success: null });
    startSession(firebaseConfig);
    // The SDK loads asynchronously; the session is live once it listens for identity changes.
    await vi.waitFor(() => expect(onIdTokenChanged).toHaveBeenCalled());
  });

  it('only starts Firebase when the app config carries a usable firebaseConfig', () => {
    expect(parseFirebaseConfig(null)).toBeNull();
    expect(parseFirebaseConfig({ projectId: 'demo-studio' })).toBeNull();
    expect(parseFirebaseConfig({ apiKey: '' })).toBeNull();
    expect(parseFirebaseConfig(firebaseConfig)).toEqual(firebaseConfig);
  });

  it('goes signed-out → loading → signed-in once GET /api/customer answers', async () => {
    const customer = makeCustomer({ uid: 'uid-1' });
    const { calls } = mockFetch(() => ({ body: { customer } }));
    setUser(makeUser('uid-1'));
    expect(useSession.getState().status).toBe('loading');

    await settle();
    expect(useSession.getState()).toMatchObject({ status: 'signed-in', uid: 'uid-1', customer });
    expect(calls.map((call) => call.url)).toEqual(['/api/customer']);
  });

  it('does not reload the customer on token refreshes of the same identity', async () => {
    const { calls } = mockFetch(() => ({ body: { customer: makeCustomer({ uid: 'uid-1' }) } }));
    const user = makeUser('uid-1');
    setUser(user);
    await settle();
    setUser(user);
    setUser(user);
    expect(calls).toHaveLength(1);
    expect(useSession.getState().status).toBe('signed-in');
  });

  it('signs out and shows the server message when the identity has no customer record', async () => {
    mockFetch(() => ({ status: 404, body: { error: { code: 'customer/not-found', message: 'No encontramos al cliente.' } } }));
    setUser(makeUser('uid-1'));
    await vi.waitFor(() => expect(signOut).toHaveBeenCalled());
    expect(useSession.getState().status).toBe('signed-out');
    expect(useAlerts.getState().error?.text).toBe('No encontramos al cliente.');
  });

  it('keeps the session through a server outage and retries loading the customer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const customer = makeCustomer({ uid: 'uid-1' });
      let calls = 0;
      mockFetch(() => (++calls < 3 ? { status: 503, body: { error: { code: 'store/unavailable', message: 'No disponible' } } } : { body: { customer } }));
      setUser(makeUser('uid-1'));
      await vi.advanceTimersByTimeAsync(10_000);
      await settle();
      expect(calls).toBe(3);
      expect(signOut).not.toHaveBeenCalled();
      expect(useSession.getState()).toMatchObject({ status: 'signed-in', customer });
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets sign-up register the customer instead of fetching it', () => {
    const { calls } = mockFetch(() => undefined);
    beginSignup();
    setUser(makeUser('uid-new'));
    expect(useSession.getState().status).toBe('loading');

    completeSignup(makeCustomer({ uid: 'uid-new' }));
    expect(useSession.getState()).toMatchObject({ status: 'signed-in', uid: 'uid-new', signupPending: false });
    expect(calls).toHaveLength(0);
  });

  it('returns to signed-out when the identity signs out', async () => {
    mockFetch(() => ({ body: { customer: makeCustomer({ uid: 'uid-1' }) } }));
    setUser(makeUser('uid-1'));
    await settle();
    setUser(null);
    expect(useSession.getState()).toMatchObject({ status: 'signed-out', uid: null, customer: null });
  });
});

describe('session admin claim', () => {
  beforeEach(async () => {
    resetFakeAuth();
    useSession.setState({ status: 'signed-out', uid: null, customer: null, signupPending: false, isAdmin: false });
    startSession(firebaseConfig);
    await vi.waitFor(() => expect(onIdTokenChanged).toHaveBeenCalled());
  });

  it("is unknown until the token is read, then follows the token's admin claim", async () => {
    mockFetch(() => ({ body: { customer: makeCustomer({ uid: 'uid-admin' }) } }));
    setUser(makeUser('uid-admin', 'admin@example.com', { admin: true }));
    expect(useSession.getState().isAdmin).toBeNull();
    await vi.waitFor(() => expect(useSession.getState().isAdmin).toBe(true));
    await settle();
    expect(useSession.getState()).toMatchObject({ status: 'signed-in', isAdmin: true });
  });

  it('picks up a grant or a revoke on the next token refresh, without reloading the customer', async () => {
    const { calls } = mockFetch(() => ({ body: { customer: makeCustomer({ uid: 'uid-1' }) } }));
    const user = makeUser('uid-1');
    setUser(user);
    await settle();
    await vi.waitFor(() => expect(useSession.getState().isAdmin).toBe(false));

    user.claims = { admin: true };
    setUser(user);
    await vi.waitFor(() => expect(useSession.getState().isAdmin).toBe(true));
    user.claims = {};
    setUser(user);
    await vi.waitFor(() => expect(useSession.getState().isAdmin).toBe(false));
    expect(calls).toHaveLength(1);
  });

  it('is false once signed out', async () => {
    mockFetch(() => ({ body: { customer: makeCustomer({ uid: 'uid-admin' }) } }));
    setUser(makeUser('uid-admin', null, { admin: true }));
    await vi.waitFor(() => expect(useSession.getState().isAdmin).toBe(true));
    setUser(null);
    expect(useSession.getState()).toMatchObject({ status: 'signed-out', isAdmin: false });
  });
});
