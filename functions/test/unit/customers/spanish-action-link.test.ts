import { describe, expect, it } from 'vitest';
import { spanishActionLink } from '../../../src/services/customers/spanish-action-link';

describe('account action links in Spanish', () => {
  it('replaces the provider’s lang=en with lang=es and keeps every other parameter', () => {
    const link = 'https://demo.firebaseapp.com/__/auth/action?mode=resetPassword&oobCode=abc-123&apiKey=key&lang=en';
    const spanish = new URL(spanishActionLink(link));
    expect(spanish.searchParams.get('lang')).toBe('es');
    expect(spanish.searchParams.getAll('lang')).toEqual(['es']);
    expect(spanish.searchParams.get('mode')).toBe('resetPassword');
    expect(spanish.searchParams.get('oobCode')).toBe('abc-123');
    expect(spanish.searchParams.get('apiKey')).toBe('key');
    expect(spanish.origin + spanish.pathname).toBe('https://demo.firebaseapp.com/__/auth/action');
  });

  it('adds lang=es to a link without one, and leaves what is no URL alone', () => {
    expect(spanishActionLink('http://127.0.0.1:9099/emulator/action?mode=verifyEmail&oobCode=x')).toBe(
      'http://127.0.0.1:9099/emulator/action?mode=verifyEmail&oobCode=x&lang=es',
    );
    expect(spanishActionLink('no es un enlace')).toBe('no es un enlace');
  });
});
