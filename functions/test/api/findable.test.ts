/**
 * robots.txt, sitemap.xml and the web app manifest through the Hosting
 * emulator's rewrites to the function, on the seeded demo studio (its
 * `domain` is the loopback default, so URLs name the deployment's own site:
 * the stack's Hosting, STUDIO_SITE_ORIGIN; functions/src/services/site-origin.ts).
 */
import { describe, expect, it } from 'vitest';
import { api, BASE_URL } from './support';

const CACHE = 'public, max-age=300, s-maxage=600';
const origin = new URL(BASE_URL).origin;

describe('GET /robots.txt', () => {
  it('is the function’s plain text, not the SPA, and points at the sitemap', async () => {
    // One hop: the Functions Framework answers /robots.txt itself, so Hosting redirects it under /api (ADR 0081).
    const hop = await fetch(`${BASE_URL}/robots.txt`, { redirect: 'manual' });
    expect(hop.status).toBe(301);
    expect(new URL(hop.headers.get('location') ?? '', BASE_URL).pathname).toBe('/api/robots');
    const response = await api<string>('GET', '/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe(CACHE);
    for (const path of ['/mystudio', '/admin', '/checkout', '/gracias', '/api']) expect(response.body).toContain(`Disallow: ${path}\n`);
    expect(response.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(response.body).not.toContain('<html');
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the public routes, the public content pages and the coaches, absolutely', async () => {
    const response = await api<string>('GET', '/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe(CACHE);
    for (const path of [
      '/',
      '/paquetes',
      '/avisos',
      '/ubicacion',
      '/calendario',
      '/preguntas-frecuentes',
      '/politicas-de-cancelacion',
      '/coach/1',
      '/instructor/1',
    ]) {
      expect(response.body).toContain(`<loc>${origin}${path}</loc>`);
    }
    // Sign-up documents are not content for search engines; private areas never appear.
    expect(response.body).not.toContain('terminos-y-condiciones');
    expect(response.body).not.toContain('/mystudio');
  });
});

describe('the site in cached answers', () => {
  it('is never the host a request names: a forged X-Forwarded-Host reaches neither robots.txt nor the sitemap', async () => {
    for (const path of ['/api/robots', '/sitemap.xml']) {
      const forged = await api<string>('GET', path, { headers: { 'x-forwarded-host': 'evil.example' } });
      expect(forged.status).toBe(200);
      expect(forged.headers.get('cache-control'), path).toBe(CACHE);
      expect(forged.body, path).not.toContain('evil.example');
      expect(forged.body, path).toContain(`${origin}/`);
    }
  });
});

describe('GET /manifest.webmanifest', () => {
  it('names the studio, uses its colours and icons that exist', async () => {
    const response = await api<Record<string, unknown>>('GET', '/manifest.webmanifest');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe(CACHE);
    expect(response.body).toMatchObject({
      name: 'Estudio Latido',
      start_url: '/',
      display: 'standalone',
      lang: 'es-MX',
      theme_color: '#d9485f',
      background_color: '#f7f5f2',
    });
    const icons = response.body.icons as Array<{ src: string; sizes: string; type: string }>;
    expect(icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    for (const icon of icons) {
      const file = await fetch(`${BASE_URL}${icon.src}`);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type'), icon.src).toBe('image/png');
    }
  });

  it('is linked from the SPA’s index.html', async () => {
    const html = await (await fetch(`${BASE_URL}/`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  });
});
