/**
 * Stand-in for the 'firebase/auth' module (the web's boundary with the identity
 * provider). Tests drive it with setUser() and inspect the vi.fn() calls.
 */
import { vi } from 'vitest';

export interface FakeUser {
  uid: string;
  email: string | null;
  getIdToken: ReturnType<typeof vi.fn<(forceRefresh?: boolean) => Promise<string>>>;
  /** The token's custom claims (e.g. `admin`), as Firebase's IdTokenResult carries them. */
  claims: Record<string, unknown>;
  getIdTokenResult: ReturnType<typeof vi.fn<(forceRefresh?: boolean) => Promise<{ claims: Record<string, unknown> }>>>;
}

type Listener = (user: FakeUser | null) => void;

const listeners = new Set<Listener>();

export const fakeAuth: { currentUser: FakeUser | null; languageCode: string | null } = { currentUser: null, languageCode: null };

export function makeUser(uid: string, email: string | null = `${uid}@example.com`, claims: Record<string, unknown> = {}): FakeUser {
  const user: FakeUser = {
    uid,
    email,
    getIdToken: vi.fn(async () => `token-${uid}`),
    claims,
    // Reads the claims at call time, so a test can change them and then report a token refresh.
    getIdTokenResult: vi.fn(async () => ({ claims: { ...user.claims } })),
  };
  return user;
}

/** Changes the signed-in user and notifies onIdTokenChanged listeners, as Firebase does. */
export function setUser(user: FakeUser | null): void {
  fakeAuth.currentUser = user;
  for (const listener of listeners) listener(user);
}

export function resetFakeAuth(): void {
  listeners.clear();
  fakeAuth.currentUser = null;
}

export const indexedDBLocalPersistence = { type: 'LOCAL' };
export const browserLocalPersistence = { type: 'LOCAL' };
export const initializeAuth = vi.fn(() => fakeAuth);
export const connectAuthEmulator = vi.fn();

export const onIdTokenChanged = vi.fn((_auth: unknown, listener: Listener) => {
  listeners.add(listener);
  listener(fakeAuth.currentUser);
  return () => listeners.delete(listener);
});

export const signInWithEmailAndPassword = vi.fn(async (_auth: unknown, email: string, _password: string) => {
  const user = makeUser('uid-login', email);
  setUser(user);
  return { user };
});

export const createUserWithEmailAndPassword = vi.fn(async (_auth: unknown, email: string, _password: string) => {
  const user = makeUser('uid-new', email);
  setUser(user);
  return { user };
});

export const sendEmailVerification = vi.fn(async (_user: FakeUser) => undefined);

export const deleteUser = vi.fn(async (_user: FakeUser) => setUser(null));

export const signOut = vi.fn(async (_auth: unknown) => setUser(null));
