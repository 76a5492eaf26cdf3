import { messages } from '@studio/shared/messages';
import { errorMessage } from '../../lib/api-client';

const a = messages.auth;

/** Identity-provider error codes with a Spanish message; anything else is shown as its own text (spec §8). */
const MESSAGES_BY_CODE: Readonly<Record<string, string>> = {
  'auth/user-not-found': a.userNotFound,
  'auth/wrong-password': a.wrongPassword,
  'auth/invalid-credential': a.invalidCredential,
  'auth/invalid-login-credentials': a.invalidCredential,
  'auth/too-many-requests': a.tooManyAttempts,
  'auth/network-request-failed': a.network,
  'auth/invalid-email': a.invalidEmail,
  'auth/email-already-in-use': a.emailInUse,
};

export function authErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (typeof code === 'string' && MESSAGES_BY_CODE[code]) return MESSAGES_BY_CODE[code];
  return errorMessage(error);
}
