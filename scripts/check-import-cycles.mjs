// Fails when runtime imports form a cycle (import type / export type are
// erased, so they cannot). Follows relative imports of the workspaces'
// TypeScript sources; `npm run lint` runs it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sources = ['shared/src', 'functions/src', 'functions/scripts', 'web/src', 'emulators'];
const skip = new Set(['node_modules', 'lib', 'dist']);

function walk(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) out.push(full);
  }
  return out;
}

function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

// Static imports and re-exports that survive compilation; dynamic import() is lazy and cannot deadlock module evaluation.
const statement = /^\s*(import|export)\s+(type\s+)?([^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm;
const files = sources.flatMap((dir) => (existsSync(path.join(root, dir)) ? walk(path.join(root, dir)) : []));
const graph = new Map();
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const edges = [];
  for (const match of text.matchAll(statement)) {
    if (match[2]) continue;
    const clause = match[3] ?? '';
    // `import { type A, type B } from` is erased too.
    const named = /^\{([^}]*)\}\s+from\s+$/.exec(clause.trim() + ' ');
    if (named && named[1].split(',').every((part) => part.trim() === '' || part.trim().startsWith('type '))) continue;
    const target = resolve(file, match[4]);
    if (target) edges.push(target);
  }
  graph.set(file, edges);
}

// Tarjan's strongly connected components: any component with more than one file (or a self-import) is a cycle.
let index = 0;
const indices = new Map();
const lowlinks = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function connect(node) {
  indices.set(node, index);
  lowlinks.set(node, index);
  index++;
  stack.push(node);
  onStack.add(node);
  for (const next of graph.get(node) ?? []) {
    if (!indices.has(next)) {
      connect(next);
      lowlinks.set(node, Math.min(lowlinks.get(node), lowlinks.get(next)));
    } else if (onStack.has(next)) {
      lowlinks.set(node, Math.min(lowlinks.get(node), indices.get(next)));
    }
  }
  if (lowlinks.get(node) === indices.get(node)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component);
  }
}
for (const file of graph.keys()) if (!indices.has(file)) connect(file);

if (cycles.length > 0) {
  console.error(`Import cycles (${cycles.length}):`);
  for (const cycle of cycles) console.error(`  ${cycle.map((file) => path.relative(root, file)).join(' ⇄ ')}`);
  process.exit(1);
}
console.log(`No import cycles among ${graph.size} files.`);
