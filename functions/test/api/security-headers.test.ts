/**
 * Security headers as a visitor receives them through the Hosting emulator
 * (issue 24, finding 5): firebase.json's rules for the SPA, and the function's
 * own on every path Hosting hands to it, which Hosting's rules would replace
 * (docs/security "Headers and CORS").
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../unit/files/files-fixtures';
import { uploadThroughApi, waitForProcessing } from './matrix/files';
import { BASE_URL, seed, signIn, store } from './support';

const assetsDir = path.resolve(import.meta.dirname, '../../../web/dist/assets');
const SPA_CSP = "frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

let admin: string;
beforeAll(async () => {
  admin = (await signIn(seed.admin.email, seed.admin.password)).token;
});
afterAll(async () => {
  await store().close();
});

const headersOf = async (pathname: string, token?: string) =>
  (await fetch(`${BASE_URL}${pathname}`, token ? { headers: { authorization: `Bearer ${token}` } } : {})).headers;

describe('security headers through Hosting', () => {
  it('the API’s answers keep the function’s own policy: data, never a page', async () => {
    for (const pathname of ['/api/appconfig', '/api/class_packages', '/api/no-existe', '/api/robots', '/sitemap.xml', '/manifest.webmanifest']) {
      const headers = await headersOf(pathname);
      expect(headers.get('content-security-policy'), pathname).toBe(API_CSP);
      expect(headers.get('referrer-policy'), pathname).toBe('same-origin');
      expect(headers.get('x-frame-options'), pathname).toBe('DENY');
      expect(headers.get('x-content-type-options'), pathname).toBe('nosniff');
      expect(headers.get('strict-transport-security'), pathname).toBe('max-age=31536000; includeSubDomains');
      // The SPA's feature policy is the page's business, not an answer's.
      expect(headers.get('permissions-policy'), pathname).toBeNull();
    }
  });

  it('an uploaded file keeps its sandbox', async () => {
    const upload = await uploadThroughApi(admin, png(), 'portada.png', 'image/png');
    expect(upload.status).toBe(201);
    const fileId = upload.body.file_id as number;
    expect(await waitForProcessing(fileId, admin)).toMatchObject({ status: 'ready' });
    const headers = await headersOf(`/api/files/raw/${fileId}`);
    expect(headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(headers.get('content-type')).toBe('image/png');
  });

  it('the SPA’s pages and assets get Hosting’s headers, routes that merely start like the API’s too', async () => {
    const script = readdirSync(assetsDir).find((name) => name.endsWith('.js'));
    for (const pathname of ['/', '/calendario', '/mystudio/pagos', '/apiary', '/sitemap.xml/otra', `/assets/${script}`]) {
      const headers = await headersOf(pathname);
      expect(headers.get('content-security-policy'), pathname).toBe(SPA_CSP);
      expect(headers.get('x-frame-options'), pathname).toBe('DENY');
      expect(headers.get('referrer-policy'), pathname).toBe('strict-origin-when-cross-origin');
      expect(headers.get('permissions-policy'), pathname).toContain('camera=(self)');
      expect(headers.get('strict-transport-security'), pathname).toBe('max-age=31536000; includeSubDomains');
    }
  });
});
