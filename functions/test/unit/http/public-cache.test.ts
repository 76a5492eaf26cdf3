import { isSharedRead } from '@studio/shared/config/shared-reads';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { type Freshness, publicCacheControl, SHARED_CACHE_SECONDS } from '../../../src/http/public-cache';
import { createClass } from '../../../src/services/schedule/create-class';
import { seedAccessFixtures } from '../access/access-fixtures';
import { seedScheduleCatalogue, yogaClass } from '../schedule/schedule-fixtures';
import { testEnv } from '../support';

const env = testEnv();
const app = createApp(env.deps);

beforeAll(async () => {
  await seedScheduleCatalogue(env.store);
  await seedAccessFixtures(env.store);
  await createClass(env.deps, yogaClass({ capacity: 3 }));
  // The schedule fixtures' catalogue is bare (what booking needs); lists also read the record dates.
  for (const name of ['locations', 'instructors']) {
    for (const doc of (await env.store.collection(name).get()).docs)
      await env.store.doc(`${name}/${doc.id}`).update({ createdAt: new Date(), updatedAt: new Date(), deletedAt: null });
  }
  await env.store.doc('pages/1').set({ page_id: 1, title: 'Términos', slug: 'terminos', content: 'x', createdAt: new Date(), updatedAt: new Date() });
});
afterAll(async () => {
  await env.cleanup();
});

/** Every read Hosting's CDN may answer for anonymous visitors, with how fresh it must be (docs/api "Caching"). */
const PUBLIC_READS: ReadonlyArray<[path: string, freshness: Freshness]> = [
  ['/api/appconfig', 'catalogue'],
  ['/api/pages', 'catalogue'],
  ['/api/pages/terminos', 'catalogue'],
  ['/api/class_packages', 'catalogue'],
  ['/api/class_packages/presenciales/all', 'catalogue'],
  ['/api/class_packages/online/home', 'catalogue'],
  ['/api/class_packages/especiales/all', 'catalogue'],
  ['/api/class_packages/4', 'catalogue'],
  ['/api/locations', 'catalogue'],
  ['/api/class_types', 'catalogue'],
  ['/api/class_types/1', 'catalogue'],
  ['/api/class_categories', 'catalogue'],
  ['/api/class_categories/available', 'catalogue'],
  ['/api/instructors', 'catalogue'],
  ['/api/instructors/home/all', 'catalogue'],
  ['/api/tags', 'catalogue'],
  ['/api/announcements', 'catalogue'],
  ['/api/programs', 'catalogue'],
  ['/api/video_types', 'catalogue'],
  ['/api/class_packages/online/all', 'catalogue'],
  ['/api/class_packages/presenciales/home', 'catalogue'],
  ['/api/class_packages/especiales/home', 'catalogue'],
  ['/api/locations/1', 'catalogue'],
  ['/api/class_categories/1', 'catalogue'],
  ['/api/instructors/1', 'catalogue'],
  ['/api/tags/1', 'catalogue'],
  ['/api/payment_methods', 'catalogue'],
  ['/api/payment_methods/1', 'catalogue'],
  ['/api/programs/1', 'catalogue'],
  ['/api/video_types/1', 'catalogue'],
  ['/api/forms', 'catalogue'],
  ['/api/custom_fields', 'catalogue'],
  ['/api/single_class?start_date=2026-11-30&end_date=2026-12-06', 'schedule'],
  ['/api/single_class/single/1', 'class'],
];

describe('public reads: cacheable by Hosting’s CDN for anonymous visitors only', () => {
  it.each(PUBLIC_READS)('%s answers anonymous visitors with a shared-cache lifetime (%s)', async (path, freshness) => {
    const answer = await request(app).get(path);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe(`public, max-age=0, s-maxage=${SHARED_CACHE_SECONDS[freshness]}`);
    expect(answer.headers.vary).toMatch(/\bAuthorization\b/);
  });

  it.each(PUBLIC_READS)('%s stays private for a signed-in caller (their places, an admin’s drafts)', async (path) => {
    for (const token of ['Bearer uid:ana', 'Bearer admin:valeria']) {
      const answer = await request(app).get(path).set('Authorization', token);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('the web sends without a customer’s token exactly the reads whose answer is the same for every non-admin (shared-reads.ts)', () => {
    for (const [path, freshness] of PUBLIC_READS) expect(isSharedRead(path.replace(/^\/api/, '')), path).toBe(freshness === 'catalogue');
  });

  it('seconds for spots left, minutes for the catalogue', () => {
    expect(SHARED_CACHE_SECONDS.class).toBeLessThanOrEqual(SHARED_CACHE_SECONDS.schedule);
    expect(SHARED_CACHE_SECONDS.schedule).toBeLessThan(60);
    expect(SHARED_CACHE_SECONDS.catalogue).toBeGreaterThanOrEqual(60);
    expect(publicCacheControl('class')).toBe('public, max-age=0, s-maxage=5');
  });

  it('a refusal on a public route is never kept: a missing class, a bad query, a broken token', async () => {
    const answers = await Promise.all([
      request(app).get('/api/single_class/single/999'),
      request(app).get('/api/class_packages/999'),
      request(app).get('/api/pages/no-existe'),
      request(app).get('/api/single_class?start_date=2026-13-45'),
      request(app).get('/api/appconfig').set('Authorization', 'Bearer expired'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 400, 401]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('no other route offers a shared cache anything (personal and admin reads stay no-store)', async () => {
    interface Layer {
      route?: { path: string; methods: Record<string, boolean> };
      handle?: { stack?: Layer[] };
      rawPath?: string;
    }
    const walk = (stack: Layer[], prefix = ''): string[] =>
      stack.flatMap((layer) => {
        if (layer.route) return layer.route.methods.get ? [`${prefix}${layer.route.path}`] : [];
        if (layer.handle?.stack) return walk(layer.handle.stack, layer.rawPath && layer.rawPath !== '/' ? `${prefix}${layer.rawPath}` : prefix);
        return [];
      });
    const getRoutes = walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
    expect(getRoutes.length).toBeGreaterThan(40);
    const publicPaths = new Set(PUBLIC_READS.map(([path]) => path.split('?')[0]));
    // Routes with their own lifetimes: robots, sitemap and manifest (findable.ts), public images (files.ts), the calendar feed (a secret URL).
    const ownLifetimes = /^\/(robots\.txt|sitemap\.xml|manifest\.webmanifest)$|^\/api\/(robots|files\/raw\/|calendar\/)/;
    const cacheable: string[] = [];
    for (const route of getRoutes) {
      const path = route
        .replace(/(.)\/$/, '$1')
        .replace(/:slug/g, 'terminos')
        .replace(/:[a-z_]+/g, '1');
      if (ownLifetimes.test(path)) continue;
      for (const token of [undefined, 'Bearer uid:ana', 'Bearer admin:valeria']) {
        const call = request(app).get(path);
        const answer = await (token ? call.set('Authorization', token) : call);
        const shared = /\bpublic\b|s-maxage/.test(String(answer.headers['cache-control']));
        if (shared && (token !== undefined || !publicPaths.has(path))) cacheable.push(`${route} (${token ?? 'anónimo'})`);
        // A private read (refused to visitors, or answered but not cacheable) sent without the token would be refused or answered for nobody.
        const privateRead = token === undefined && !shared && [200, 401, 403].includes(answer.status);
        if (privateRead && path.startsWith('/api/')) expect(isSharedRead(path.slice(4)), path).toBe(false);
      }
    }
    expect(cacheable).toEqual([]);
  });
});
