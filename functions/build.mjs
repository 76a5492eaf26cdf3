// Bundles the functions with the shared workspace inlined, so functions/ deploys
// as a self-contained package: Cloud Build installs only package.json's
// dependencies, and @studio/shared is not published anywhere.
//
// Two files: lib/index.js, what is deployed, and lib/local-engine.mjs, the
// embedded SQLite engine that only the local stack loads (data/store/local-engine.ts;
// firebase.json leaves it out of a deploy). The build fails if the engine ends
// up in lib/index.js.
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}),
  // Some bundled CommonJS code calls require(); give ESM output a real one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
};

/** In the deployed bundle, local-engine.ts loads lib/local-engine.mjs on its first call instead of bundling the engine. */
const engineApart = {
  name: 'local-engine-apart',
  setup(b) {
    b.onLoad({ filter: /[\\/]data[\\/]store[\\/]local-engine\.ts$/ }, () => ({
      loader: 'ts',
      contents: [
        "import { createRequire } from 'node:module';",
        "import type { openLocalStore } from './local/local-store';",
        'let engine: { openLocalStore: typeof openLocalStore } | undefined;',
        // require() of an ES module (Node 22.12+): synchronous, as getStore() is.
        "export function localEngine() { return (engine ??= createRequire(import.meta.url)('./local-engine.mjs')); }",
      ].join('\n'),
    }));
  },
};

await build({ ...common, entryPoints: ['src/index.ts'], outfile: 'lib/index.js', plugins: [engineApart] });
await build({ ...common, entryPoints: ['src/data/store/local/local-store.ts'], outfile: 'lib/local-engine.mjs' });

// What only the engine contains: its SQLite module and statement API. Checked in the engine's own file too, so the check cannot pass vacuously.
const markers = ['node:sqlite', 'DatabaseSync'];
const deployed = await readFile(new URL('./lib/index.js', import.meta.url), 'utf8');
const engine = await readFile(new URL('./lib/local-engine.mjs', import.meta.url), 'utf8');
if (!markers.every((marker) => engine.includes(marker))) {
  console.error(`functions/build.mjs: lib/local-engine.mjs lacks ${markers.join(' and ')}; update the markers that tell the engine apart.`);
  process.exit(1);
}
const leaked = markers.filter((marker) => deployed.includes(marker));
if (leaked.length > 0) {
  console.error(`functions/build.mjs: the local engine is in lib/index.js (found ${leaked.join(', ')}); it must stay in lib/local-engine.mjs.`);
  process.exit(1);
}
