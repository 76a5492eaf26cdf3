import { messages } from '@studio/shared/messages';
import { describe, expect, it } from 'vitest';
import { authErrorMessage } from './auth-errors';

function firebaseError(code: string): Error & { code: string } {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code });
}

describe('Firebase Auth error → message', () => {
  it.each([
    ['auth/user-not-found', messages.auth.userNotFound],
    ['auth/wrong-password', messages.auth.wrongPassword],
    ['auth/invalid-credential', messages.auth.invalidCredential],
    ['auth/too-many-requests', messages.auth.tooManyAttempts],
    ['auth/network-request-failed', messages.auth.network],
    ['auth/invalid-email', messages.auth.invalidEmail],
    ['auth/email-already-in-use', messages.auth.emailInUse],
  ])('%s → catalogue message', (code, expected) => {
    expect(authErrorMessage(firebaseError(code))).toBe(expected);
  });

  it('uses the exact spec wording for the two named errors', () => {
    expect(authErrorMessage(firebaseError('auth/user-not-found'))).toBe('Lo sentimos. No encontramos una cuenta con ese correo. ¡Regístrate!');
    expect(authErrorMessage(firebaseError('auth/wrong-password'))).toBe('La contraseña es incorrecta. Por favor, intenta de nuevo');
  });

  it('shows any other error as its own text', () => {
    expect(authErrorMessage(firebaseError('auth/operation-not-allowed'))).toBe('Firebase: Error (auth/operation-not-allowed).');
  });

  it('falls back to the generic message when there is no text at all', () => {
    expect(authErrorMessage({ code: 'auth/unknown' })).toBe(messages.common.genericError);
    expect(authErrorMessage(undefined)).toBe(messages.common.genericError);
  });
});
