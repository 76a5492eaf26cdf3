import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AppCheckGateway, AppCheckTokenInvalid } from '../../src/data/app-check/app-check-gateway';
import { type AuthGateway, type AuthUser, EmailAlreadyExists, TokenError } from '../../src/data/auth/auth-gateway';
import { createLocalFileStorage } from '../../src/data/files/local-file-storage';
import { openLocalStore, type RetryBackoff } from '../../src/data/store/local/local-store';
import type { DocumentStore } from '../../src/data/store/types';
import type { Deps } from '../../src/deps';

/**
 * Tokens for the fake gateway: "uid:<uid>" for a customer, "admin:<uid>" for
 * an admin, "revoked:<uid>" for a customer whose sessions were revoked (valid
 * until revocation is checked), "expired" and anything else invalid.
 * Identities the server creates (the front desk) are kept in `accounts`, and
 * every revocation lookup's uid in `revocationChecks`, which tests inspect.
 */
export function fakeAuth(): AuthGateway & { resetEmails: string[]; accounts: Map<string, AuthUser>; revocationChecks: string[] } {
  const resetEmails: string[] = [];
  const revocationChecks: string[] = [];
  const users = new Map<string, AuthUser>();
  const accounts = new Map<string, AuthUser>();
  let nextAccount = 1;
  return {
    resetEmails,
    accounts,
    revocationChecks,
    async verifyIdToken(token, options) {
      if (token === 'expired') throw new TokenError('auth/id-token-expired', 'expired');
      const match = /^(uid|admin|revoked):(.+)$/.exec(token);
      if (!match) throw new TokenError('auth/invalid-token', 'invalid');
      const uid = match[2] as string;
      if (options?.checkRevoked) {
        revocationChecks.push(uid);
        if (match[1] === 'revoked') throw new TokenError('auth/id-token-revoked', 'revoked');
      }
      return { uid, email: `${uid}@example.com`, emailVerified: true, admin: match[1] === 'admin' };
    },
    async getUser(uid) {
      return users.get(uid) ?? null;
    },
    async getUserByEmail(email) {
      return [...users.values()].find((u) => u.email === email) ?? null;
    },
    async setAdmin(uid, admin) {
      users.set(uid, { uid, email: `${uid}@example.com`, admin });
    },
    async sendPasswordResetEmail(email) {
      resetEmails.push(email);
    },
    async createUser({ email }) {
      if ([...accounts.values()].some((u) => u.email === email.toLowerCase())) throw new EmailAlreadyExists();
      const user = { uid: `desk-${nextAccount++}`, email: email.toLowerCase(), admin: false };
      accounts.set(user.uid, user);
      return user;
    },
    async deleteUser(uid) {
      accounts.delete(uid);
    },
    async generatePasswordResetLink(email) {
      return `https://auth.example.test/reset?email=${encodeURIComponent(email)}&oob=abc`;
    },
  };
}

/** App Check as enforced in production, for tests that turn it on: "app-check:ok" is the one valid token. */
export function fakeAppCheck(): AppCheckGateway {
  return {
    async verifyAppCheckToken(token) {
      if (token !== 'app-check:ok') throw new AppCheckTokenInvalid();
    },
  };
}

export interface TestEnv {
  deps: Deps;
  store: DocumentStore;
  clock: { now: Date };
  cleanup(): Promise<void>;
}

/** A real local store in a temp file, a fake identity provider and a settable clock. */
export function testEnv(options: { retryBackoff?: RetryBackoff } = {}): TestEnv {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-unit-'));
  const store = openLocalStore({
    path: path.join(dir, 'store.sqlite'),
    indexes: path.resolve(import.meta.dirname, '../../../firestore.indexes.json'),
    ...(options.retryBackoff ? { retryBackoff: options.retryBackoff } : {}),
  });
  const clock = { now: new Date('2026-11-22T18:00:00Z') };
  const deps: Deps = {
    store,
    auth: fakeAuth(),
    files: createLocalFileStorage(path.join(dir, 'files')),
    now: () => new Date(clock.now),
    web: { projectId: 'demo-studio', apiKey: 'demo-api-key', authDomain: 'demo-studio.firebaseapp.com' },
  };
  return {
    deps,
    store,
    clock,
    async cleanup() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
