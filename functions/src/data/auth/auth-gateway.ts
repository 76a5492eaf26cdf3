/** What the API needs from the identity provider (Firebase Auth). */
export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** The `admin` custom claim. */
  admin: boolean;
}

export type TokenProblem = 'auth/id-token-expired' | 'auth/id-token-revoked' | 'auth/invalid-token';

export class TokenError extends Error {
  readonly code: TokenProblem;
  constructor(code: TokenProblem, message: string) {
    super(message);
    this.name = 'TokenError';
    this.code = code;
  }
}

/** The identity provider could not answer; the request may succeed later. */
export class IdentityProviderUnavailable extends Error {
  constructor(cause: unknown) {
    super('Identity provider unavailable', { cause });
    this.name = 'IdentityProviderUnavailable';
  }
}

/** createUser: the identity provider already has an account with that e-mail. */
export class EmailAlreadyExists extends Error {
  constructor() {
    super('E-mail already in use');
    this.name = 'EmailAlreadyExists';
  }
}

export interface AuthUser {
  uid: string;
  email: string | null;
  admin: boolean;
}

export interface AuthGateway {
  /**
   * Throws TokenError for a bad, expired or revoked token; IdentityProviderUnavailable when it cannot tell.
   * Revocation is only looked up (one identity-provider call) for admin tokens and when `checkRevoked` asks for it.
   */
  verifyIdToken(token: string, options?: { checkRevoked?: boolean }): Promise<VerifiedIdentity>;
  getUser(uid: string): Promise<AuthUser | null>;
  getUserByEmail(email: string): Promise<AuthUser | null>;
  /** Removing the claim also revokes the person's sessions. */
  setAdmin(uid: string, admin: boolean): Promise<void>;
  /**
   * Asks the identity provider to e-mail a password-reset link. Resolves
   * whether or not the account exists, so callers cannot enumerate accounts.
   */
  sendPasswordResetEmail(email: string): Promise<void>;
  /* Identities made by the server (a customer created at the front desk, docs/auth/README.md). */
  /** Creates a password-less identity; throws EmailAlreadyExists when the address has one. */
  createUser(input: { email: string; displayName?: string }): Promise<AuthUser>;
  /** Removes an identity (undoing a createUser whose customer record was refused); a missing one is fine. */
  deleteUser(uid: string): Promise<void>;
  /** A link that lets the account's owner choose a password (the reset flow), for an e-mail we send ourselves. */
  generatePasswordResetLink(email: string): Promise<string>;
}
