/**
 * The app's own route table, read from Express's routers, and the checks every
 * fuzzing test makes (fuzz-routes.test.ts, fuzz-hostile.test.ts): a new route
 * is fuzzed without touching them.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Express } from 'express';
import type { Schema } from 'yup';
import type { LocalDocumentStore } from '../../../src/data/store/local/local-store';
import type { DocumentStore } from '../../../src/data/store/types';

export interface RouteEntry {
  method: string;
  /** Express's pattern, e.g. '/api/single_class/:id/attendance'. */
  path: string;
  /** Its parameters' names, in order. */
  params: string[];
  /** What its validate() middlewares check (http/validate.ts keeps them on the handler). */
  validators: { schema: Schema; source: 'body' | 'query' }[];
}

interface RouterLayer {
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: { handle: unknown; method?: string }[] };
  handle?: { stack?: RouterLayer[] };
  rawPath?: string | string[] | RegExp;
}

const PARAM = /:([A-Za-z_$][\w$]*)/g;

/** Every method + path the app answers, by walking Express 5's router stacks (mounted routers recursively). */
function routesOf(stack: RouterLayer[], prefix = ''): RouteEntry[] {
  const found: RouteEntry[] = [];
  const pathsOf = (value: string | string[] | RegExp | undefined) => (Array.isArray(value) ? value : [value]);
  for (const layer of stack) {
    if (layer.route) {
      for (const routePath of pathsOf(layer.route.path)) {
        const full = `${prefix}${String(routePath)}`;
        for (const method of Object.keys(layer.route.methods)) {
          const validators = layer.route.stack
            .filter((step) => step.method === undefined || step.method === method)
            .map((step) => step.handle as { schema?: Schema; source?: 'body' | 'query' })
            .filter((handle): handle is { schema: Schema; source: 'body' | 'query' } => handle.schema !== undefined && handle.source !== undefined)
            .map(({ schema, source }) => ({ schema, source }));
          found.push({ method: method.toUpperCase(), path: full, params: [...full.matchAll(PARAM)].map((match) => match[1] as string), validators });
        }
      }
    } else if (layer.handle?.stack) {
      for (const mount of pathsOf(layer.rawPath)) {
        found.push(...routesOf(layer.handle.stack, mount === '/' || mount === undefined ? prefix : `${prefix}${String(mount)}`));
      }
    }
  }
  return found;
}

export function routeTable(app: Express): RouteEntry[] {
  return routesOf((app as unknown as { router: { stack: RouterLayer[] } }).router.stack);
}

/** The route's path with each parameter replaced by the next of `values` (cycling); values are put in as they are (already %-encoded). */
export function fillParams(route: RouteEntry, values: readonly string[]): string {
  let index = 0;
  return route.path.replace(PARAM, () => values[index++ % values.length] as string);
}

/** Collections a refused request may change: `rate_limits` (the abuse limiter counts refused attempts on purpose). */
export const BOOKKEEPING_COLLECTIONS = ['rate_limits'];

/** Every document's path and version (bookkeeping aside) and every stored file, read beside the app's own connection. */
export function storeSnapshot(store: DocumentStore): string {
  const storeFile = (store as LocalDocumentStore).filePath;
  const filesDir = path.join(path.dirname(storeFile), 'files');
  const db = new DatabaseSync(storeFile, { readOnly: true });
  try {
    const placeholders = BOOKKEEPING_COLLECTIONS.map(() => '?').join(',');
    const rows = db.prepare(`SELECT path, version FROM documents WHERE collection_id NOT IN (${placeholders}) ORDER BY path`).all(...BOOKKEEPING_COLLECTIONS);
    const files = existsSync(filesDir) ? readdirSync(filesDir, { recursive: true }).map(String).sort() : [];
    return JSON.stringify([rows, files]);
  } finally {
    db.close();
  }
}

const ENGLISH = /\b(the|is|must|field|required|cannot|unexpected|token|should|found|invalid|undefined|nan|object|expected|failed|internal|server|error)\b/i;

/** A heuristic: non-empty, no unfilled template, none of the words yup, Express or JSON.parse use in their defaults. */
export function spanishProblem(text: unknown): string | null {
  if (typeof text !== 'string' || text.trim() === '') return `mensaje vacío: ${JSON.stringify(text)}`;
  if (text.includes('${') || ENGLISH.test(text)) return `mensaje no español: ${text}`;
  return null;
}

/** What is wrong with an error answer's texts: the top-level message and each field's. */
export function errorTextProblems(body: unknown): string[] {
  const error = (body as { error?: { message?: unknown; fields?: Record<string, unknown> } }).error;
  return [error?.message, ...Object.values(error?.fields ?? {})].map(spanishProblem).filter((problem): problem is string => problem !== null);
}

/** A stable 32-bit hash (FNV-1a): a seed per case, so a failure replays exactly. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash | 0;
}

export interface StringLeaf {
  /** Field names, '[]' for an array's element. */
  segments: string[];
  /** From the shared text helpers' meta (shared/src/schemas/fields.ts): 'other' is a string with its own format (a code, a date, a choice). */
  kind: 'line' | 'multiline' | 'other';
}

/** Every string field of a yup object schema, nested objects and arrays' elements included (lazy and mixed fields are not strings). */
export function stringLeaves(schema: unknown, segments: string[] = []): StringLeaf[] {
  const fields = (schema as { fields?: Record<string, unknown> }).fields;
  const inner = (schema as { innerType?: unknown }).innerType;
  const type = (schema as { type?: unknown }).type;
  if (type === 'object' && fields) return Object.entries(fields).flatMap(([name, field]) => stringLeaves(field, [...segments, name]));
  if (type === 'array' && inner) return stringLeaves(inner, [...segments, '[]']);
  if (type !== 'string') return [];
  const meta = (schema as Schema).describe().meta as { text?: 'line' | 'multiline' } | undefined;
  return [{ segments, kind: meta?.text ?? 'other' }];
}

/** The path yup files a leaf's error under: 'guests[0].name'. */
export function errorPathOf(segments: string[]): string {
  return segments.map((segment, i) => (segment === '[]' ? '[0]' : i === 0 ? segment : `.${segment}`)).join('');
}

/** One object holding `text` at every leaf (arrays get one element). */
export function bodyWith(leaves: StringLeaf[], text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const { segments } of leaves) {
    let node: Record<string, unknown> | unknown[] = root;
    segments.forEach((segment, i) => {
      const last = i === segments.length - 1;
      const key = segment === '[]' ? 0 : segment;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[key] = text;
        return;
      }
      const nextIsArray = segments[i + 1] === '[]';
      container[key] ??= nextIsArray ? [] : {};
      node = container[key] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}
