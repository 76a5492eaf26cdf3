import { messages } from '@studio/shared/messages';
import type { Customer } from '@studio/shared/types/api';
import { create } from 'zustand';
import { showError } from './alerts';
import { api, ApiError, errorMessage } from './api-client';
import {
  currentAdminClaim,
  type Identity,
  initAuth,
  markAuthUnavailable,
  onIdentityChanged,
  parseFirebaseConfig,
  setAuthStarter,
  signOut,
} from './auth-client';

const CUSTOMER_LOAD_ATTEMPTS = 3;
const CUSTOMER_LOAD_BACKOFF_MS = 1500;

/** signed-out → loading (identity known, customer being fetched) → signed-in (customer loaded). */
export type SessionStatus = 'signed-out' | 'loading' | 'signed-in';

interface SessionState {
  status: SessionStatus;
  uid: string | null;
  customer: Customer | null;
  /** While sign-up runs, the identity exists before its customer record does. */
  signupPending: boolean;
  /** The ID token's `admin` claim; null while the identity's token has not been read yet. */
  isAdmin: boolean | null;
  /** Whether the identity provider has told who (if anyone) is signed in: before that, 'signed-out' only means "not known yet". */
  resolved: boolean;
}

export const useSession = create<SessionState>(() => ({
  status: 'signed-out',
  uid: null,
  customer: null,
  signupPending: false,
  isAdmin: false,
  resolved: false,
}));

/** Read on every token change, so a granted or revoked claim takes effect when the token refreshes. */
async function readAdminClaim(uid: string): Promise<void> {
  const isAdmin = await currentAdminClaim().catch(() => false);
  if (useSession.getState().uid === uid) useSession.setState({ isAdmin });
}

/**
 * Set while someone is signed in on this device: a visitor without it has no
 * session the SDK could restore, so public pages do not load the SDK for them
 * (docs/auth "Who loads the SDK"). Storage that cannot be read counts as set.
 */
const SESSION_MARKER = 'studio.session';

export function hasSessionMarker(): boolean {
  try {
    return localStorage.getItem(SESSION_MARKER) !== null;
  } catch {
    return true;
  }
}

function setSessionMarker(present: boolean): void {
  try {
    if (present) localStorage.setItem(SESSION_MARKER, '1');
    else localStorage.removeItem(SESSION_MARKER);
  } catch {
    // Private modes may refuse storage: the SDK then simply loads on every page.
  }
}

async function handleIdentity(identity: Identity | null): Promise<void> {
  setSessionMarker(identity !== null);
  if (!identity) {
    useSession.setState({ status: 'signed-out', uid: null, customer: null, isAdmin: false, resolved: true });
    return;
  }
  const state = useSession.getState();
  const sameIdentity = identity.uid === state.uid;
  if (!sameIdentity) useSession.setState({ status: 'loading', uid: identity.uid, customer: null, isAdmin: null, resolved: true });
  void readAdminClaim(identity.uid);
  // Token refreshes (every API response may trigger one) report the same identity: no customer to load.
  if (sameIdentity) return;
  if (state.signupPending) return;
  for (let attempt = 1; ; attempt++) {
    try {
      const { customer } = await api.get<{ customer: Customer }>('/customer');
      if (useSession.getState().uid === identity.uid) useSession.setState({ status: 'signed-in', customer });
      return;
    } catch (error) {
      if (useSession.getState().uid !== identity.uid) return;
      // 401/403/404: this identity cannot use the app (no customer record, session ended); let the person start over.
      const definitive = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 409 && error.status !== 429;
      if (definitive) {
        showError(errorMessage(error));
        await signOut();
        return;
      }
      // A network drop or a server hiccup must not throw a signed-in customer out: try again, then wait in 'loading'.
      if (attempt >= CUSTOMER_LOAD_ATTEMPTS) {
        showError(errorMessage(error));
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, attempt * CUSTOMER_LOAD_BACKOFF_MS));
    }
  }
}

let started = false;

export function startSession(firebaseConfig: unknown): void {
  if (started) return;
  started = true;
  const config = parseFirebaseConfig(firebaseConfig);
  if (!config) {
    markAuthUnavailable();
    return;
  }
  initAuth(config)
    .then(() => onIdentityChanged((identity) => void handleIdentity(identity)))
    .catch(() => showError(messages.common.genericError));
}

let deferredConfig: { value: unknown } | null = null;

/**
 * The session of a visitor who has never signed in on this device, on a page
 * that works without one: the SDK (the largest download after React) is not
 * loaded until something needs it — a form that signs in or up, or a page
 * that needs to know who is there (`ensureSession`).
 */
export function deferSession(firebaseConfig: unknown): void {
  if (started) return;
  deferredConfig = { value: firebaseConfig };
  setAuthStarter(ensureSession);
}

/** Starts a deferred session now; nothing when none is waiting. */
export function ensureSession(): void {
  if (!deferredConfig) return;
  const { value } = deferredConfig;
  deferredConfig = null;
  setAuthStarter(null);
  startSession(value);
}

/** For tests: a session that has not started. */
export function resetSessionStartForTests(): void {
  started = false;
  deferredConfig = null;
  setAuthStarter(null);
}

export function signOutSession(): Promise<void> {
  return signOut();
}

export function beginSignup(): void {
  useSession.setState({ signupPending: true });
}

export function completeSignup(customer: Customer): void {
  useSession.setState({ status: 'signed-in', uid: customer.uid, customer, signupPending: false });
}

export function abortSignup(): void {
  useSession.setState({ signupPending: false });
}

export function updateCustomer(customer: Customer): void {
  useSession.setState({ customer });
}
