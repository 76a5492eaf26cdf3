/**
 * The web's shape, checked on the source (docs/adr/0080-web-server-state.md):
 * features never import each other (app/ composes them), shared code never
 * reaches into features or app, TanStack Query has one door (lib/server-data.ts),
 * Firebase one (lib/auth-client.ts), and the landing page's static import graph
 * stays free of server-data and admin code, so they never weigh on its first paint.
 * Tests are exempt: a feature's tests may render the whole app router.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');

interface Import {
  specifier: string;
  /** Absolute path for relative imports that resolve to a file in src, else null (packages). */
  file: string | null;
  /** import('…'): loads later, in its own chunk. */
  dynamic: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function resolveFile(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${relative(SRC, from)}: cannot resolve '${specifier}'`);
}

const STATIC_IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const found: Import[] = [];
  for (const match of text.matchAll(STATIC_IMPORT)) {
    const [, typeOnly, specifier = ''] = match;
    // `import type` is erased at build time: no runtime edge.
    if (!typeOnly) found.push({ specifier, file: resolveFile(file, specifier), dynamic: false });
  }
  for (const match of text.matchAll(DYNAMIC_IMPORT)) {
    const specifier = match[1] ?? '';
    found.push({ specifier, file: resolveFile(file, specifier), dynamic: true });
  }
  return found;
}

const files = sourceFiles(SRC);
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const area = (file: string) => relative(SRC, file).split('/');

describe('web architecture', () => {
  it('finds the source', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(graph.get(join(SRC, 'main.tsx'))?.length).toBeGreaterThan(0);
  });

  it('features never import another feature, nor app/', () => {
    const offences: string[] = [];
    for (const [file, imports] of graph) {
      const [top, feature] = area(file);
      if (top !== 'features') continue;
      for (const { file: target, specifier } of imports) {
        if (!target) continue;
        const [targetTop, targetFeature] = area(target);
        if (targetTop === 'app' || (targetTop === 'features' && targetFeature !== feature)) offences.push(`${relative(SRC, file)} → ${specifier}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('lib/ and components/ never import features/ or app/', () => {
    const offences: string[] = [];
    for (const [file, imports] of graph) {
      if (!['lib', 'components'].includes(area(file)[0] ?? '')) continue;
      for (const { file: target, specifier } of imports) {
        if (target && ['features', 'app'].includes(area(target)[0] ?? '')) offences.push(`${relative(SRC, file)} → ${specifier}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('only lib/server-data.ts imports TanStack Query, and only lib/auth-client.ts imports Firebase', () => {
    const importers = (prefix: string) =>
      [...graph].filter(([, imports]) => imports.some((entry) => entry.specifier.startsWith(prefix))).map(([file]) => relative(SRC, file));
    expect(importers('@tanstack/')).toEqual(['lib/server-data.ts']);
    expect(importers('firebase')).toEqual(['lib/auth-client.ts']);
  });

  it("keeps server-data and admin code out of the landing page's initial JavaScript", () => {
    // Everything main.tsx reaches through static imports ends up in the entry chunk.
    const reached = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const entry of graph.get(file) ?? []) {
        if (entry.dynamic) continue;
        if (entry.file) {
          if (!entry.file.endsWith('.css')) visit(entry.file);
        } else {
          packages.add(entry.specifier);
        }
      }
    };
    visit(join(SRC, 'main.tsx'));
    const eager = [...reached].map((file) => relative(SRC, file));

    expect(eager).not.toContain('lib/server-data.ts');
    expect([...packages].filter((name) => name.startsWith('@tanstack/') || name.startsWith('firebase'))).toEqual([]);
    expect(eager.filter((file) => file.startsWith('features/admin/'))).toEqual([]);
    // Lazy areas stay lazy: their screens are only reachable through import().
    expect(eager.filter((file) => /^features\/(auth|pages)\//.test(file) || file.startsWith('app/compositions/'))).toEqual([]);
  });

  it('reads the public catalogue lists through one query each (lib/catalogue-queries.ts), never a second declaration of the same key', () => {
    const home = join(SRC, 'lib', 'catalogue-queries.ts');
    const offenders = files.filter(
      (file) => file !== home && /['"]\/(locations|instructors|class_types)['"]\s*,\s*\{\s*signal/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((file) => relative(SRC, file))).toEqual([]);
  });

  it("brings form-field's look with every field it draws, so a screen opened first is not unstyled", () => {
    // A route's chunk carries the CSS its static imports reach; a field drawn without them looked fine only after another form had loaded.
    const look = join(SRC, 'components', 'form-field.css');
    const reaches = (from: string, seen = new Set<string>()): boolean => {
      if (from === look) return true;
      if (seen.has(from)) return false;
      seen.add(from);
      return (graph.get(from) ?? []).some((entry) => !entry.dynamic && entry.file !== null && reaches(entry.file, seen));
    };
    const drawing = files.filter((file) => /className=(?:"|\{`)field(?:[ "`]|__control)/.test(readFileSync(file, 'utf8')));
    expect(drawing.length).toBeGreaterThan(10);
    expect(drawing.filter((file) => !reaches(file)).map((file) => relative(SRC, file))).toEqual([]);
  });

  it('loads the QR decoder (jsqr) only from the check-in screen, through import() (ADR 0116)', () => {
    const importers = [...graph].flatMap(([file, imports]) =>
      imports.filter((entry) => entry.specifier === 'jsqr').map((entry) => `${relative(SRC, file)}${entry.dynamic ? ' (import())' : ''}`),
    );
    expect(importers).toEqual(['features/admin-checkin/kiosk/qr-decoder.ts (import())']);
  });
});
