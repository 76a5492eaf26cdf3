/**
 * robots.txt, sitemap.xml and the web app manifest: the pure generators, then
 * the three routes through the in-process app with a studio's pages,
 * instructors, config and uploads.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { FINDABLE_CACHE_CONTROL } from '../../../src/routes/findable';
import { faviconFileId } from '../../../src/services/findable/findable';
import { BRAND_ICONS, manifestIcons, webManifest } from '../../../src/services/findable/manifest';
import { isDisallowed, robotsTxt } from '../../../src/services/findable/robots';
import { normalisePackagesPath, sitemapEntries, type SitemapSource, sitemapXml } from '../../../src/services/findable/sitemap';
import { configuredOrigin, deploymentOrigin, siteOrigin } from '../../../src/services/site-origin';
import { type TestEnv, testEnv } from '../support';

const day = new Date('2026-11-20T10:00:00Z');

describe('site origin (services/site-origin.ts)', () => {
  it('uses the configured domain, with https when it has no scheme', () => {
    expect(configuredOrigin('estudiolatido.mx')).toBe('https://estudiolatido.mx');
    expect(configuredOrigin('https://www.estudiolatido.mx/')).toBe('https://www.estudiolatido.mx');
    expect(configuredOrigin('http://estudio.test:8080/x')).toBe('http://estudio.test:8080');
    expect(siteOrigin('estudiolatido.mx', 'https://studio-prod.web.app')).toBe('https://estudiolatido.mx');
  });

  it('falls back to the deployment’s own site when the domain is empty, loopback or not a host, then to localhost', () => {
    expect(configuredOrigin('')).toBeNull();
    expect(configuredOrigin('localhost')).toBeNull();
    expect(configuredOrigin('127.0.0.1:5000')).toBeNull();
    for (const domain of ['', 'localhost', '127.0.0.1:5000', 'a b', 42, undefined]) {
      expect(siteOrigin(domain, 'https://studio-prod.web.app')).toBe('https://studio-prod.web.app');
    }
    expect(siteOrigin('', undefined)).toBe('http://localhost');
  });

  it('names the deployment’s site from the project (its default Hosting site), or the local stack’s Hosting', () => {
    expect(deploymentOrigin('studio-prod', {})).toBe('https://studio-prod.web.app');
    expect(deploymentOrigin('demo-studio', {})).toBeUndefined();
    expect(deploymentOrigin('demo-studio', { STUDIO_SITE_ORIGIN: 'http://127.0.0.1:5000' })).toBe('http://127.0.0.1:5000');
    expect(deploymentOrigin('studio-prod', { STUDIO_SITE_ORIGIN: 'javascript:alert(1)' })).toBe('https://studio-prod.web.app');
  });
});

describe('robots.txt', () => {
  it('closes the private areas and the API but not public uploads, and names the sitemap absolutely', () => {
    const text = robotsTxt('https://estudiolatido.mx');
    for (const path of ['/mystudio', '/admin', '/checkout', '/gracias', '/api']) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain('Allow: /api/files/raw/\n');
    expect(text).toMatch(/^User-agent: \*\n/);
    expect(text).toContain('\nSitemap: https://estudiolatido.mx/sitemap.xml\n');
    expect(isDisallowed('/checkout/3')).toBe(true);
    expect(isDisallowed('/paquetes')).toBe(false);
  });
});

describe('sitemap', () => {
  const source = (overrides: Partial<SitemapSource> = {}): SitemapSource => ({
    packagesPath: '/paquetes',
    packagesEnabled: true,
    scheduleEnabled: true,
    pages: [],
    instructors: [],
    ...overrides,
  });

  it('lists the landing, the shop, the fixed public routes, content pages and both pages of each instructor', () => {
    const entries = sitemapEntries(
      source({
        pages: [
          { slug: 'nosotros', content: '<p>Hola</p>', required_signup: false, updatedAt: day },
          { slug: 'terminos', content: '<p>Términos</p>', required_signup: true, updatedAt: day },
          { slug: 'vacia', content: null, required_signup: false, updatedAt: day },
          { slug: 'checkout-ayuda', content: 'x', required_signup: false, updatedAt: day },
        ],
        instructors: [{ instructor_id: 4, updatedAt: day }],
      }),
    );
    expect(entries.map((e) => e.path)).toEqual([
      '/',
      '/paquetes',
      '/avisos',
      '/ubicacion',
      '/calendario',
      '/preguntas-frecuentes',
      '/nosotros',
      '/coach/4',
      '/instructor/4',
    ]);
    expect(entries.find((e) => e.path === '/nosotros')?.lastmod).toBe('2026-11-20');
  });

  it('follows the configured shop path and leaves out switched-off screens', () => {
    expect(normalisePackagesPath('clases')).toBe('/clases');
    expect(normalisePackagesPath('  ')).toBe('/paquetes');
    expect(sitemapEntries(source({ packagesPath: 'clases' })).map((e) => e.path)).toContain('/clases');
    const off = sitemapEntries(source({ packagesEnabled: false, scheduleEnabled: false })).map((e) => e.path);
    expect(off).not.toContain('/paquetes');
    expect(off).not.toContain('/calendario');
  });

  it('writes a sitemaps.org urlset with absolute, escaped locations', () => {
    const xml = sitemapXml('https://estudio.mx', [{ path: '/' }, { path: '/a&b', lastmod: '2026-11-20' }]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(xml).toContain('<url><loc>https://estudio.mx/</loc></url>');
    expect(xml).toContain('<url><loc>https://estudio.mx/a&amp;b</loc><lastmod>2026-11-20</lastmod></url>');
  });
});

describe('web app manifest', () => {
  it('names the studio, uses its colours and starts at the landing', () => {
    const manifest = webManifest({ businessName: 'Estudio Pulso', tagline: 'Muévete', primary: '#123456', light: '#fafafa', icons: [...BRAND_ICONS] });
    expect(manifest).toMatchObject({
      name: 'Estudio Pulso',
      short_name: 'Estudio Pulso',
      description: 'Muévete',
      theme_color: '#123456',
      background_color: '#fafafa',
      start_url: '/',
      display: 'standalone',
      lang: 'es-MX',
    });
    expect(manifest.icons).toEqual(BRAND_ICONS);
  });

  it('uses the favicon only when it is a square PNG of at least 192 px', () => {
    const png = (side: number, height = side) => ({ type: 'image/png', width: side, height });
    expect(manifestIcons('/api/files/raw/9', png(512))).toEqual([{ src: '/api/files/raw/9', sizes: '512x512', type: 'image/png', purpose: 'any' }]);
    expect(manifestIcons('/api/files/raw/9', png(64))).toEqual(BRAND_ICONS);
    expect(manifestIcons('/api/files/raw/9', png(512, 300))).toEqual(BRAND_ICONS);
    expect(manifestIcons('/api/files/raw/9', { type: 'image/jpeg', width: 512, height: 512 })).toEqual(BRAND_ICONS);
    expect(manifestIcons('/brand/favicon.svg', null)).toEqual(BRAND_ICONS);
  });

  it('recognises uploads by the API path or the configured files prefix', () => {
    expect(faviconFileId('/api/files/raw/12', '/api/files/raw')).toBe(12);
    expect(faviconFileId('https://cdn.estudio.mx/files/7', 'https://cdn.estudio.mx/files/')).toBe(7);
    expect(faviconFileId('/brand/favicon.svg', '/api/files/raw')).toBeNull();
    expect(faviconFileId('/api/files/raw/12/x', '/api/files/raw')).toBeNull();
  });
});

describe('the routes', () => {
  let env: TestEnv;
  beforeEach(() => {
    env = testEnv();
  });
  afterEach(async () => {
    await env.cleanup();
  });

  const ADMIN = 'Bearer admin:valeria';
  const setConfig = async (entries: Array<{ key: string; value: unknown }>) => {
    const response = await request(createApp(env.deps)).put('/api/appconfig').set('authorization', ADMIN).send({ entries });
    expect(response.status).toBe(200);
  };

  it('answers robots.txt as cacheable plain text, naming the deployment’s site while no domain is configured', async () => {
    env.deps.siteOrigin = 'https://studio-prod.web.app';
    const response = await request(createApp(env.deps)).get('/robots.txt').set('x-forwarded-host', '127.0.0.1:5000');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe(FINDABLE_CACHE_CONTROL);
    expect(response.text).toContain('Sitemap: https://studio-prod.web.app/sitemap.xml');
  });

  it('never takes the site from the request: a forged Host or X-Forwarded-Host reaches no cached answer', async () => {
    const app = createApp(env.deps);
    for (const path of ['/robots.txt', '/api/robots', '/sitemap.xml']) {
      const forged = await request(app).get(path).set('host', 'evil.example').set('x-forwarded-host', 'evil.example');
      expect(forged.status).toBe(200);
      expect(forged.headers['cache-control'], path).toBe(FINDABLE_CACHE_CONTROL);
      expect(forged.text, path).not.toContain('evil.example');
      expect(forged.text, path).toContain('http://localhost/');
    }
    await setConfig([{ key: 'domain', value: 'estudiolatido.mx' }]);
    for (const path of ['/robots.txt', '/sitemap.xml']) {
      const forged = await request(app).get(path).set('x-forwarded-host', 'evil.example');
      expect(forged.text, path).not.toContain('evil.example');
      expect(forged.text, path).toContain('https://estudiolatido.mx/');
    }
  });

  it('lists the catalogue in sitemap.xml under the configured domain', async () => {
    const app = createApp(env.deps);
    await setConfig([
      { key: 'domain', value: 'estudiolatido.mx' },
      { key: 'class_packages_path', value: '/clases' },
    ]);
    const page = await request(app).post('/api/pages').set('authorization', ADMIN).send({ title: 'Nosotros', slug: 'nosotros', content: '<p>Hola</p>' });
    expect(page.status).toBe(201);
    const coach = await request(app).post('/api/instructors').set('authorization', ADMIN).send({ name: 'Valeria' });
    expect(coach.status).toBe(201);
    const id = coach.body.instructor.instructor_id as number;

    const response = await request(app).get('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe(FINDABLE_CACHE_CONTROL);
    for (const path of ['/', '/clases', '/calendario', '/nosotros', `/coach/${id}`, `/instructor/${id}`]) {
      expect(response.text).toContain(`<loc>https://estudiolatido.mx${path}</loc>`);
    }
    expect(response.text).not.toContain('/paquetes');
  });

  it('serves the manifest from the config, with the favicon upload as icon when it is big enough', async () => {
    const app = createApp(env.deps);
    const plain = await request(app).get('/manifest.webmanifest');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(plain.headers['cache-control']).toBe(FINDABLE_CACHE_CONTROL);
    expect(JSON.parse(plain.text)).toMatchObject({ name: 'Estudio Latido', theme_color: '#d9485f', background_color: '#f7f5f2', icons: BRAND_ICONS });

    const now = env.clock.now;
    await env.store.doc('files/41').set({
      file_id: 41,
      name: 'icono.png',
      alt: null,
      type: 'image/png',
      size: 1000,
      sha256: 'x',
      key: 'files/x.png',
      visibility: 'public',
      owner_uid: 'valeria',
      customer_id: null,
      status: 'ready',
      width: 256,
      height: 256,
      rejection: null,
      createdAt: now,
      updatedAt: now,
      processedAt: now,
    });
    await setConfig([
      { key: 'favicon', value: '/api/files/raw/41' },
      { key: 'business_name', value: 'Pulso' },
    ]);
    const custom = JSON.parse((await request(app).get('/manifest.webmanifest')).text);
    expect(custom.name).toBe('Pulso');
    expect(custom.icons).toEqual([{ src: '/api/files/raw/41', sizes: '256x256', type: 'image/png', purpose: 'any' }]);
  });
});
