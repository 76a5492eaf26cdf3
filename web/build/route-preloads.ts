import type { Plugin } from 'vite';

/** The parts of Rollup's output chunk the preload map reads (kept structural so tests can build small bundles). */
export interface BundleChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}
export type Bundle = Record<string, BundleChunk | { type: 'asset'; fileName: string }>;

/**
 * For each path, the files its screen needs beyond what index.html already
 * loads: the screen module's chunk, the chunks it imports statically, and
 * their CSS. Throws when a screen module is not in the bundle (a renamed file
 * must not silently lose its preload).
 */
export function routePreloadMap(bundle: Bundle, routes: Record<string, string>): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((out): out is BundleChunk => out.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const initial = new Set<string>();
  const addInitial = (file: string) => {
    if (initial.has(file)) return;
    initial.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) addInitial(imported);
  };
  for (const chunk of chunks) if (chunk.isEntry) addInitial(chunk.fileName);

  const map: Record<string, string[]> = {};
  for (const [path, source] of Object.entries(routes)) {
    const screen = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${source}`));
    if (!screen) throw new Error(`route-preloads: no chunk for ${source} (${path})`);
    const files: string[] = [];
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file) || initial.has(file)) return;
      seen.add(file);
      const chunk = byFile.get(file);
      files.push(`/${file}`);
      for (const css of chunk?.viteMetadata?.importedCss ?? []) {
        if (seen.has(css)) continue;
        seen.add(css);
        files.push(`/${css}`);
      }
      for (const imported of chunk?.imports ?? []) visit(imported);
    };
    visit(screen.fileName);
    map[path] = files;
  }
  return map;
}

/** The inline script: on a mapped path, preload its files while the entry downloads (CSS as style, JS as modulepreload). */
export function preloadScript(map: Record<string, string[]>): string {
  return `(function(){var m=${JSON.stringify(map)};var p=location.pathname.replace(/\\/+$/,'')||'/';(m[p]||[]).forEach(function(h){var l=document.createElement('link');if(/\\.css$/.test(h)){l.rel='preload';l.setAttribute('as','style')}else{l.rel='modulepreload'}l.href=h;document.head.appendChild(l)})})();`;
}

/**
 * A public screen behind a lazy route waits for the entry to run before its
 * own chunk is even requested. For the screens people land on from search
 * (docs/public-site "Speed"), index.html starts those downloads at once.
 * `routes`: path → screen module, relative to web/ (e.g. src/features/shop/shop-screen.tsx).
 */
export function routePreloads(routes: Record<string, string>): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        const map = routePreloadMap(context.bundle as unknown as Bundle, routes);
        return [{ tag: 'script', children: preloadScript(map), injectTo: 'head' }];
      },
    },
  };
}
