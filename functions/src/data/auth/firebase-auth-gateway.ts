import type { Auth, UserRecord } from 'firebase-admin/auth';
import { adminApp, authSdk } from '../firebase-admin-sdks';
import { type AuthGateway, type AuthUser, EmailAlreadyExists, IdentityProviderUnavailable, TokenError, type VerifiedIdentity } from './auth-gateway';

/** firebase-admin/auth, loaded by the first call that needs it: requests without a token never do (docs/operations.md "Cold start"). */
function adminAuth(): Auth {
  return authSdk().getAuth(adminApp());
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

async function findUser(lookup: () => Promise<UserRecord>): Promise<AuthUser | null> {
  try {
    const user = await lookup();
    return { uid: user.uid, email: user.email ?? null, admin: user.customClaims?.admin === true };
  } catch (error) {
    if (errorCode(error) === 'auth/user-not-found') return null;
    throw error;
  }
}

export interface FirebaseAuthGatewayOptions {
  /** Web API key, needed for the REST call that sends reset e-mails. */
  webApiKey: string;
  /** Set when running against the Auth emulator (host:port). */
  emulatorHost?: string | undefined;
}

/**
 * Revocation as firebase-admin's checkRevoked decides it (a disabled account,
 * or a session signed in before the account's tokensValidAfterTime), with one
 * second of tolerance: both instants are whole seconds, and the Auth emulator
 * can stamp a brand-new account's tokensValidAfterTime a second after the
 * auth_time of the token it just minted, which read as revoked at sign-up.
 */
async function assertNotRevoked(uid: string, authTimeSeconds: number): Promise<void> {
  const user = await adminAuth().getUser(uid);
  if (user.disabled) throw Object.assign(new Error('User disabled'), { code: 'auth/user-disabled' });
  const validSince = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0;
  if (authTimeSeconds * 1000 + 1000 < validSince) throw Object.assign(new Error('Token revoked'), { code: 'auth/id-token-revoked' });
}

/** Firebase Auth through firebase-admin; works unchanged against the Auth emulator. */
export function createFirebaseAuthGateway(options: FirebaseAuthGatewayOptions): AuthGateway {
  const identityToolkit = options.emulatorHost
    ? `http://${options.emulatorHost}/identitytoolkit.googleapis.com/v1`
    : 'https://identitytoolkit.googleapis.com/v1';

  return {
    async verifyIdToken(token: string, verifyOptions: { checkRevoked?: boolean } = {}): Promise<VerifiedIdentity> {
      try {
        const decoded = await adminAuth().verifyIdToken(token);
        // Admin rights are always checked against revocation (one lookup, admins only):
        // removing the claim also revokes the person's sessions, so a former
        // admin cannot keep using a token minted before the change.
        if (verifyOptions.checkRevoked === true || decoded.admin === true) await assertNotRevoked(decoded.uid, decoded.auth_time);
        return {
          uid: decoded.uid,
          email: decoded.email ?? null,
          emailVerified: decoded.email_verified === true,
          admin: decoded.admin === true,
        };
      } catch (error) {
        const code = errorCode(error);
        if (code === 'auth/id-token-expired') throw new TokenError('auth/id-token-expired', 'Token expired');
        if (code === 'auth/id-token-revoked' || code === 'auth/user-disabled') throw new TokenError('auth/id-token-revoked', 'Token revoked');
        if (code === 'auth/argument-error' || code === 'auth/invalid-id-token' || code === 'auth/user-not-found') {
          throw new TokenError('auth/invalid-token', 'Invalid token');
        }
        // Anything else (certificates unreachable, provider outage) is not the caller's fault.
        throw new IdentityProviderUnavailable(error);
      }
    },

    async getUser(uid: string): Promise<AuthUser | null> {
      return findUser(() => adminAuth().getUser(uid));
    },

    async getUserByEmail(email: string): Promise<AuthUser | null> {
      return findUser(() => adminAuth().getUserByEmail(email));
    },

    async setAdmin(uid: string, admin: boolean): Promise<void> {
      const auth = adminAuth();
      const user = await auth.getUser(uid);
      const claims = { ...(user.customClaims ?? {}) };
      if (admin) claims.admin = true;
      else delete claims.admin;
      await auth.setCustomUserClaims(uid, claims);
      if (!admin) await auth.revokeRefreshTokens(uid);
    },

    async sendPasswordResetEmail(email: string): Promise<void> {
      // The identity provider sends its own templated e-mail; we only ask for it.
      const response = await fetch(`${identityToolkit}/accounts:sendOobCode?key=${encodeURIComponent(options.webApiKey)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-firebase-locale': 'es' },
        body: JSON.stringify({ requestType: 'PASSWORD_RESET', email }),
      });
      if (response.ok) return;
      const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
      const reason = body.error?.message ?? '';
      // Unknown or disabled accounts look exactly like success to the caller.
      if (reason.startsWith('EMAIL_NOT_FOUND') || reason.startsWith('USER_DISABLED')) return;
      throw new Error(`Password reset e-mail failed: ${response.status} ${reason}`);
    },

    async createUser(input: { email: string; displayName?: string }): Promise<AuthUser> {
      try {
        // No password: the person chooses one through the reset link we e-mail them.
        const user = await adminAuth().createUser({ email: input.email, ...(input.displayName ? { displayName: input.displayName } : {}) });
        return { uid: user.uid, email: user.email ?? input.email, admin: false };
      } catch (error) {
        if (errorCode(error) === 'auth/email-already-exists') throw new EmailAlreadyExists();
        throw error;
      }
    },

    async deleteUser(uid: string): Promise<void> {
      try {
        await adminAuth().deleteUser(uid);
      } catch (error) {
        if (errorCode(error) !== 'auth/user-not-found') throw error;
      }
    },

    async generatePasswordResetLink(email: string): Promise<string> {
      // firebase-admin talks to the Auth emulator too (FIREBASE_AUTH_EMULATOR_HOST), whose links work locally.
      return adminAuth().generatePasswordResetLink(email);
    },
  };
}
