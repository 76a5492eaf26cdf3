import { afterEach, describe, expect, it } from 'vitest';
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

  it('adds the preloads of the current path only, trailing slash or not', () => {
    const script = preloadScript({ '/paquetes': ['/assets/shop-screen.js', '/assets/shop.css'], '/avisos': ['/assets/avisos.js'] });
    window.history.replaceState(null, '', '/paquetes/');
    new Function(script)();
    const links = [...document.head.querySelectorAll('link')].map((link) => [link.rel, link.getAttribute('href'), link.getAttribute('as')]);
    expect(links).toEqual([
      ['modulepreload', '/assets/shop-screen.js', null],
      ['preload', '/assets/shop.css', 'style'],
    ]);
    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/');
    new Function(script)();
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});
