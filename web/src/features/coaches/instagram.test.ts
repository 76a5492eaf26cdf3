import { describe, expect, it } from 'vitest';
import { instagramProfile } from './instagram';

describe('instagramProfile', () => {
  it.each([
    ['@ana.fit', 'https://www.instagram.com/ana.fit/', '@ana.fit'],
    ['ana_fit', 'https://www.instagram.com/ana_fit/', '@ana_fit'],
    ['instagram.com/ana.fit', 'https://www.instagram.com/ana.fit/', '@ana.fit'],
    ['https://www.instagram.com/ana.fit/?hl=es', 'https://www.instagram.com/ana.fit/', '@ana.fit'],
  ])('%s → %s', (value, href, handle) => {
    expect(instagramProfile(value)).toEqual({ href, handle });
  });

  it.each([null, '', '  ', 'Ana Fit', 'https://evil.example/ana', 'javascript:alert(1)'])('gives no link for %j', (value) => {
    expect(instagramProfile(value)).toBeNull();
  });
});
