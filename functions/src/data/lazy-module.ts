import { createRequire } from 'node:module';

// A require of our own, not the global one: esbuild leaves calls through it
// alone, so a package loaded here is neither bundled nor hoisted into a
// top-level import of lib/index.js (a static `import` anywhere in the ESM
// bundle would be, even in code only reached lazily).
const requireFromHere = createRequire(import.meta.url);

/**
 * A memoised synchronous loader for a package that only some requests need,
 * so the deployed module does not pay for it at load (docs/operations.md
 * "Cold start"). Synchronous on purpose: getStore(), getFileStorage() and the
 * gateway factories keep their shapes. Use `import type` for the package's
 * types, and only for packages in functions/package.json `dependencies`
 * (installed beside the bundle; the build does not see these calls).
 */
export function lazyModule<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireFromHere(specifier) as T);
}
