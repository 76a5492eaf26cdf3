// Which package a loaded file belongs to, for the cold-start probes (bench-cold-start.ts and
// test/unit/platform/lazy-sdks.test.ts), which import it into their child processes by URL: plain
// JavaScript, so the benchmark's child needs no TypeScript loader.

/** `…/node_modules/@google-cloud/firestore/build/x.js` → `@google-cloud/firestore`; firebase-admin by entry point (`firebase-admin/auth`); null outside node_modules. */
export function packageOf(file) {
  const at = file.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const parts = file.slice(at + '/node_modules/'.length).split('/');
  // firebase-admin/x is lib/x (CommonJS) or lib/esm/x (its ESM wrapper of the same).
  if (parts[0] === 'firebase-admin' && parts[1] === 'lib' && parts[2]) return `firebase-admin/${parts[2] === 'esm' ? parts[3] : parts[2]}`;
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}
