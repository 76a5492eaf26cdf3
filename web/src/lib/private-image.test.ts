import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/helpers';
import { fetchPhotoUrl, isApiFile } from './private-image';

// Whoever is signed in: the customer for their own photo, staff at the desk for anyone's.
vi.mock('./auth-client', () => ({ currentIdToken: async () => 'staff-token' }));

describe('private images (customers’ photos)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fetches our private file with the signed-in token and answers an object URL', async () => {
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:foto'), configurable: true });
    const { calls } = mockFetch((call) => (call.url === '/api/files/raw/5/ana.jpg' ? { body: 'jpeg' } : undefined));
    await expect(fetchPhotoUrl('/api/files/raw/5/ana.jpg', new AbortController().signal)).resolves.toBe('blob:foto');
    expect(calls[0]?.headers).toEqual({ Authorization: 'Bearer staff-token' });
  });

  it('fails on an unreadable file (the caller shows the initials)', async () => {
    mockFetch(() => ({ status: 403, body: { error: { code: 'auth/forbidden', message: 'No.' } } }));
    await expect(fetchPhotoUrl('/api/files/raw/6/x.jpg', new AbortController().signal)).rejects.toMatchObject({ status: 403 });
  });

  it('sends the token to our own files only', () => {
    expect(isApiFile('/api/files/raw/5/ana.jpg')).toBe(true);
    expect(isApiFile('https://cdn.example.com/api/files/raw/5/ana.jpg')).toBe(false);
    expect(isApiFile('/uploads/ana.jpg')).toBe(false);
  });
});
