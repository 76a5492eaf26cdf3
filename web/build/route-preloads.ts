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

/**
 * Images a screen shows from one of its reads: `list` is the answer's array,
 * `src` the path to each item's image address; the first `max` distinct ones
 * are preloaded when the answer arrives (the shop's cards: the largest thing
 * on the screen would otherwise wait for the app to render it).
 */
export interface EarlyImages {
  read: string;
  list: string;
  src: string[];
  max: number;
}

/** What index.html starts for one path beyond its files: public reads, and images found in one of them. */
export interface EarlyData {
  reads: string[];
  images?: EarlyImages;
}

/**
 * The inline script, on a mapped path: the screen's files (CSS as style, JS as
 * modulepreload) and its public data (API paths, fetched once into
 * `window.__studioEarly`, which lib/api-client.ts takes instead of asking
 * again), then the images the data names. Everything starts a frame after
 * the boot screen first paints: it downloads beside the entry, and the first
 * paint never shares the network with it.
 */
export function preloadScript(map: Record<string, string[]>, data: Record<string, EarlyData> = {}): string {
  return `(function(){var m=${JSON.stringify(map)},d=${JSON.stringify(data)};var p=location.pathname.replace(/\\/+$/,'')||'/';var f=m[p]||[],e=d[p]||{reads:[]};if(!f.length&&!e.reads.length)return;var early=window.__studioEarly={};function link(rel,href,as,cors){var l=document.createElement('link');l.rel=rel;if(as)l.setAttribute('as',as);if(cors)l.crossOrigin='';l.href=href;document.head.appendChild(l)}requestAnimationFrame(function(){setTimeout(function(){e.reads.forEach(function(a){early[a]=fetch('/api'+a,{headers:{Accept:'application/json'}}).then(function(r){return r.ok?r.json():null}).catch(function(){return null})});var i=e.images;if(i&&early[i.read])early[i.read].then(function(j){var seen=[];((j&&j[i.list])||[]).forEach(function(item){var v=item;i.src.forEach(function(k){v=v&&v[k]});if(typeof v==='string'&&/^(\\/(?!\\/)|https:\\/\\/)/.test(v)&&seen.indexOf(v)<0&&seen.length<i.max){seen.push(v);link('preload',v,'image')}})});f.forEach(function(h){if(/\\.css$/.test(h))link('preload',h,'style',true);else link('modulepreload',h)})},0)})})();`;
}

/** A screen to preload: its module (relative to web/) and, optionally, the public API reads it starts with. */
export type RouteScreen = string | ({ screen: string } & EarlyData);

/**
 * A public screen behind a lazy route waits for the entry to run before its
 * own chunk is even requested, and for its render before its data is. For
 * the screens people land on from search (docs/public-site "Speed"),
 * index.html starts those downloads at once. `reads` may list only public
 * reads that answer the same to everyone (no token is sent with them).
 * `routes`: path → screen module (e.g. src/features/shop/shop-screen.tsx) or { screen, reads, images }.
 */
export function routePreloads(routes: Record<string, RouteScreen>): Plugin {
  const screens = Object.fromEntries(Object.entries(routes).map(([path, route]) => [path, typeof route === 'string' ? route : route.screen]));
  const data: Record<string, EarlyData> = Object.fromEntries(
    Object.entries(routes).flatMap(([path, route]) =>
      typeof route === 'string' ? [] : [[path, { reads: route.reads, ...(route.images ? { images: route.images } : {}) }]],
    ),
  );
  return {
    name: 'route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        const map = routePreloadMap(context.bundle as unknown as Bundle, screens);
        return [{ tag: 'script', children: preloadScript(map, data), injectTo: 'head' }];
      },
    },
  };
}
