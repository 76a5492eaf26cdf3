/**
 * The web's only door to Firebase Auth. The SDK is imported dynamically so the
 * landing page's critical path never downloads it: it loads right after boot,
 * in parallel with the first render.
 */
import { messages } from '@studio/shared/messages';
import type { FirebaseApp, FirebaseOptions } from 'firebase/app';
import type { AppCheck } from 'firebase/app-check';
import type { Auth, User } from 'firebase/auth';

export interface FirebaseWebConfig extends FirebaseOptions {
  emulators?: { auth?: string };
  /** reCAPTCHA Enterprise site key: set where the API enforces App Check (docs/auth "App Check"); absent locally. */
  appCheckSiteKey?: string;
}

export interface Identity {
  uid: string;
  email: string | null;
}

/** GET /api/appconfig's firebaseConfig, or null when the environment has none. */
export function parseFirebaseConfig(value: unknown): FirebaseWebConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const config = value as FirebaseWebConfig;
  return typeof config.apiKey === 'string' && config.apiKey !== '' ? config : null;
}

let authPromise: Promise<Auth> | null = null;
// Synchronous view of the resolved instance, so API calls made before the SDK arrives go out without waiting for it.
let readyAuth: Auth | null = null;

const loadSdk = () => import('firebase/auth');

// App Check, where the environment has a site key: started once someone is
// signed in (or at the first protected call), never for an anonymous landing
// visit, so reCAPTCHA's script and its assessments cost nothing there.
let appCheckStart: (() => Promise<AppCheck>) | null = null;
let appCheckPromise: Promise<AppCheck> | null = null;

function startAppCheck(): Promise<AppCheck> | null {
  if (appCheckStart) appCheckPromise ??= appCheckStart();
  return appCheckPromise;
}

/** Gets a token ready before the first protected call; a failed start is tried again by that call. */
function warmAppCheck(): void {
  void startAppCheck()?.catch(() => {
    appCheckPromise = null;
  });
}

function prepareAppCheck(app: FirebaseApp, siteKey: string): void {
  appCheckStart = async () => {
    const { initializeAppCheck, ReCaptchaEnterpriseProvider } = await import('firebase/app-check');
    // Auto-refresh keeps a valid token ready, so a booking at a class release does not wait for reCAPTCHA.
    return initializeAppCheck(app, { provider: new ReCaptchaEnterpriseProvider(siteKey), isTokenAutoRefreshEnabled: true });
  };
}

// The SDK starts after the first paint; a form sent before that (a quick
// typist, a password manager's autofill and Enter) waits for it instead of
// failing. If the environment turns out to have no Firebase, it fails then.
let authArrival: { promise: Promise<Auth>; resolve: (auth: Promise<Auth>) => void; reject: (error: Error) => void } | null = null;
let authUnavailable = false;

function waitForAuth(): Promise<Auth> {
  if (!authArrival) {
    let resolve!: (auth: Promise<Auth>) => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<Auth>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    authArrival = { promise, resolve, reject };
  }
  return authArrival.promise;
}

/** The app config carried no usable Firebase configuration: whoever waits for the SDK gets the generic error. */
export function markAuthUnavailable(): void {
  authUnavailable = true;
  authArrival?.reject(new Error(messages.common.genericError));
  authArrival = null;
}

export function initAuth(config: FirebaseWebConfig): Promise<Auth> {
  if (authPromise) return authPromise;
  authPromise = (async () => {
    const [{ initializeApp }, sdk] = await Promise.all([import('firebase/app'), loadSdk()]);
    const { emulators, appCheckSiteKey, ...options } = config;
    const app = initializeApp(options);
    if (appCheckSiteKey) prepareAppCheck(app, appCheckSiteKey);
    // initializeAuth with explicit persistence skips the popup/redirect resolver getAuth() would bundle.
    const auth = sdk.initializeAuth(app, { persistence: [sdk.indexedDBLocalPersistence, sdk.browserLocalPersistence] });
    auth.languageCode = 'es';
    if (emulators?.auth) sdk.connectAuthEmulator(auth, emulators.auth, { disableWarnings: true });
    readyAuth = auth;
    return auth;
  })();
  authArrival?.resolve(authPromise);
  authArrival = null;
  return authPromise;
}

// Set while the session's start is deferred (lib/session.ts deferSession): the first caller that needs the SDK starts it.
let authStarter: (() => void) | null = null;

export function setAuthStarter(start: (() => void) | null): void {
  authStarter = start;
}

function requireAuth(): Promise<Auth> {
  if (!authPromise && authStarter) {
    const start = authStarter;
    authStarter = null;
    start();
  }
  if (authPromise) return authPromise;
  if (authUnavailable) return Promise.reject(new Error(messages.common.genericError));
  return waitForAuth();
}

function toIdentity(user: User | null): Identity | null {
  return user ? { uid: user.uid, email: user.email } : null;
}

/** Fires on sign-in, sign-out and every token refresh. */
export async function onIdentityChanged(listener: (identity: Identity | null) => void): Promise<() => void> {
  const [auth, sdk] = await Promise.all([requireAuth(), loadSdk()]);
  return sdk.onIdTokenChanged(auth, (user) => {
    if (user) warmAppCheck();
    listener(toIdentity(user));
  });
}

export async function signIn(email: string, password: string): Promise<void> {
  const [auth, sdk] = await Promise.all([requireAuth(), loadSdk()]);
  await sdk.signInWithEmailAndPassword(auth, email, password);
}

/** Creates the identity (which also signs it in) and returns its uid. */
export async function createIdentity(email: string, password: string): Promise<string> {
  const [auth, sdk] = await Promise.all([requireAuth(), loadSdk()]);
  const credential = await sdk.createUserWithEmailAndPassword(auth, email, password);
  return credential.user.uid;
}

export async function deleteCurrentIdentity(): Promise<void> {
  const [auth, sdk] = await Promise.all([requireAuth(), loadSdk()]);
  if (auth.currentUser) await sdk.deleteUser(auth.currentUser);
}

export async function sendVerificationEmail(): Promise<void> {
  const [auth, sdk] = await Promise.all([requireAuth(), loadSdk()]);
  if (auth.currentUser) await sdk.sendEmailVerification(auth.currentUser);
}

export async function signOut(): Promise<void> {
  if (!authPromise) return;
  const [auth, sdk] = await Promise.all([authPromise, loadSdk()]);
  await sdk.signOut(auth);
}

/** For tests: no SDK loaded yet, as on a fresh page. */
export function resetAuthForTests(): void {
  authPromise = null;
  readyAuth = null;
  authStarter = null;
  authArrival = null;
  authUnavailable = false;
}

/** The current ID token, or null while signed out or before the SDK has loaded. */
export async function currentIdToken(forceRefresh = false): Promise<string | null> {
  const user = readyAuth?.currentUser;
  return user ? user.getIdToken(forceRefresh) : null;
}

/**
 * An App Check token for the API's protected calls (X-Firebase-AppCheck), or
 * null where the environment has no site key (locally) or none could be had
 * (the API then answers app-check/invalid with its Spanish message).
 */
export async function currentAppCheckToken(): Promise<string | null> {
  const starting = startAppCheck();
  if (!starting) return null;
  try {
    const [appCheck, { getToken }] = await Promise.all([starting, import('firebase/app-check')]);
    return (await getToken(appCheck)).token;
  } catch {
    appCheckPromise = null;
    return null;
  }
}

/**
 * Whether the current ID token carries the `admin` custom claim, the only admin
 * marker (docs/auth). A grant or revoke shows up when the token refreshes.
 */
export async function currentAdminClaim(): Promise<boolean> {
  const user = readyAuth?.currentUser;
  if (!user) return false;
  const { claims } = await user.getIdTokenResult();
  return claims.admin === true;
}
