import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Bundle, preloadScript, routePreloadMap } from '../build/route-preloads';

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = [], css: string[] = [], isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  facadeModuleId,
  isEntry,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

const bundle: Bundle = {
  'assets/index.js': chunk('assets/index.js', '/repo/web/index.html', ['assets/react.js', 'assets/messages.js'], [], true),
  'assets/react.js': chunk('assets/react.js', null),
  'assets/messages.js': chunk('assets/messages.js', null),
  'assets/shop-screen.js': chunk(
    'assets/shop-screen.js',
    '/repo/web/src/features/shop/shop-screen.tsx',
    ['assets/react.js', 'assets/server-data.js'],
    ['assets/shop.css'],
  ),
  'assets/server-data.js': chunk('assets/server-data.js', null, ['assets/messages.js']),
  'assets/shop.css': { type: 'asset', fileName: 'assets/shop.css' },
};

afterEach(() => {
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('route preloads', () => {
  it("lists a screen's chunk, its CSS and what it imports, leaving out what the entry already loads", () => {
    expect(routePreloadMap(bundle, { '/paquetes': 'src/features/shop/shop-screen.tsx' })).toEqual({
      '/paquetes': ['/assets/shop-screen.js', '/assets/shop.css', '/assets/server-data.js'],
    });
  });

  it('refuses a screen module that is not in the bundle (a renamed file must not lose its preload silently)', () => {
    expect(() => routePreloadMap(bundle, { '/calendario': 'src/features/schedule/schedule-screen.tsx' })).toThrow(/schedule-screen/);
  });

  const afterFirstFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

  it('adds the preloads of the current path only, trailing slash or not, a frame after the first paint', async () => {
    const script = preloadScript({ '/paquetes': ['/assets/shop-screen.js', '/assets/shop.css'], '/avisos': ['/assets/avisos.js'] });
    window.history.replaceState(null, '', '/paquetes/');
    new Function(script)();
    // Not before the boot screen's first paint: the first paint never shares the network with them.
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
    await afterFirstFrame();
    const links = [...document.head.querySelectorAll('link')].map((link) => [
      link.rel,
      link.getAttribute('href'),
      link.getAttribute('as'),
      link.getAttribute('crossorigin'),
    ]);
    // CSS preloads carry crossorigin like the stylesheet Vite's loader adds, or the browser fetches it twice.
    expect(links).toEqual([
      ['modulepreload', '/assets/shop-screen.js', null, null],
      ['preload', '/assets/shop.css', 'style', ''],
    ]);
    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/');
    new Function(script)();
    await afterFirstFrame();
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });

  it("starts the screen's public reads, which the API client then takes once instead of asking again", async () => {
    const fetchMock = vi.fn(async (url: string) => new Response(JSON.stringify({ class_packages: [{ class_package_id: 1 }], url }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      window.history.replaceState(null, '', '/paquetes');
      new Function(preloadScript({ '/paquetes': [] }, { '/paquetes': { reads: ['/class_packages'] } }))();
      await afterFirstFrame();
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/class_packages']);
      const { api } = await import('../src/lib/api-client');
      expect(await api.get('/class_packages')).toEqual({ class_packages: [{ class_package_id: 1 }], url: '/api/class_packages' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // Taken once: the next read asks the server.
      await api.get('/class_packages');
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
      delete window.__studioEarly;
      window.history.replaceState(null, '', '/');
    }
  });

  it('preloads the first distinct images one of the reads names, same-origin paths and https only', async () => {
    const packages = [
      { image: { src: '/brand/a.svg' } },
      { image: { src: '/brand/a.svg' } },
      { image: null },
      { image: { src: '//otro.example/b.png' } },
      { image: { src: 'javascript:alert(1)' } },
      { image: { src: 'https://cdn.example/c.png' } },
      { image: { src: '/brand/d.svg' } },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ class_packages: packages }), { status: 200 })),
    );
    try {
      window.history.replaceState(null, '', '/paquetes');
      const images = { read: '/class_packages', list: 'class_packages', src: ['image', 'src'], max: 2 };
      new Function(preloadScript({ '/paquetes': [] }, { '/paquetes': { reads: ['/class_packages'], images } }))();
      await afterFirstFrame();
      await vi.waitFor(() => expect(document.head.querySelectorAll('link[as="image"]')).toHaveLength(2));
      expect([...document.head.querySelectorAll('link[as="image"]')].map((link) => link.getAttribute('href'))).toEqual([
        '/brand/a.svg',
        'https://cdn.example/c.png',
      ]);
    } finally {
      vi.unstubAllGlobals();
      delete window.__studioEarly;
      document.head.innerHTML = '';
      window.history.replaceState(null, '', '/');
    }
  });
});
