import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCustomer, mockFetch } from '../../test/helpers';
import * as fake from '../../test/mocks/firebase-auth';
import * as auth from './auth-client';
import * as session from './session';

vi.mock('firebase/auth', () => import('../../test/mocks/firebase-auth'));
vi.mock('firebase/app', () => import('../../test/mocks/firebase-app'));

const firebaseConfig = { apiKey: 'demo-key', projectId: 'demo-studio' };

/** A fresh page: no SDK loaded, no session started, the fake SDK's call counts at zero. */
function freshPage() {
  auth.resetAuthForTests();
  session.resetSessionStartForTests();
  session.useSession.setState({ status: 'signed-out', uid: null, customer: null, signupPending: false, isAdmin: false, resolved: false });
  fake.resetFakeAuth();
  fake.initializeAuth.mockClear();
  fake.onIdTokenChanged.mockClear();
}

describe('a visitor who never signed in on this device (docs/auth "Who loads the SDK")', () => {
  beforeEach(() => {
    localStorage.clear();
    freshPage();
  });

  it('has no session marker, and a deferred session loads no SDK', async () => {
    expect(session.hasSessionMarker()).toBe(false);
    session.deferSession(firebaseConfig);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.initializeAuth).not.toHaveBeenCalled();
    expect(session.useSession.getState()).toMatchObject({ status: 'signed-out', resolved: false });
  });

  it('starts the SDK when a page needs the session (ensureSession), once', async () => {
    session.deferSession(firebaseConfig);
    session.ensureSession();
    session.ensureSession();
    await vi.waitFor(() => expect(fake.onIdTokenChanged).toHaveBeenCalledTimes(1));
    expect(fake.initializeAuth).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(session.useSession.getState().resolved).toBe(true));
  });

  it('starts the SDK when a form signs in, and the sign-in goes through', async () => {
    mockFetch(() => ({ body: { customer: makeCustomer({ uid: 'uid-login' }) } }));
    session.deferSession(firebaseConfig);
    await auth.signIn('ana@example.com', 'secreta123');
    expect(fake.initializeAuth).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(session.useSession.getState()).toMatchObject({ status: 'signed-in', uid: 'uid-login' }));
  });

  it('marks the device while someone is signed in, and clears the mark on signing out', async () => {
    mockFetch(() => ({ body: { customer: makeCustomer({ uid: 'uid-1' }) } }));
    session.startSession(firebaseConfig);
    await vi.waitFor(() => expect(fake.onIdTokenChanged).toHaveBeenCalled());
    expect(session.hasSessionMarker()).toBe(false);
    fake.setUser(fake.makeUser('uid-1'));
    await vi.waitFor(() => expect(session.hasSessionMarker()).toBe(true));
    fake.setUser(null);
    expect(session.hasSessionMarker()).toBe(false);
  });

  it('counts storage that cannot be read as marked: the SDK then loads as before', async () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      expect(session.hasSessionMarker()).toBe(true);
    } finally {
      getItem.mockRestore();
    }
  });
});
