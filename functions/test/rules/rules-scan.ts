/**
 * Static checks behind the rules tests (ADR 0003: clients reach neither
 * Firestore nor Storage). A "deny all" with a recursive wildcard covers every
 * path, so the useful questions are: which collections does the code use,
 * does every one fall under a match, and has anything been opened? Regexes
 * over the source, not the compiler: cheap, and they run on every machine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface SourceFile {
  file: string;
  text: string;
}

/**
 * Template segments in a collection position that name no collection by
 * themselves: the names they take are found elsewhere by this scan. A new
 * dynamic segment fails the scan until it is listed here or in HOLDING_UNIONS.
 */
const RESOLVED_ELSEWHERE: Record<string, string> = {
  // catalogue-repo's recordRef/listRecords: names come from `collection: '…'` specs, `*COLLECTION = '…'` and literal arguments.
  collection: 'catalogue collections',
  // number-claims: names come from the NumberSpace literals (`collection: '…'`).
  'space.collection': 'number spaces',
};

/** Template segments whose names are a string-literal union declared in the source (`type X = 'a' | 'b'`). */
const HOLDING_UNIONS: Record<string, string> = { kind: 'ClassHolding' };

const QUOTED = String.raw`(?<quote>['"\x60])(?<path>(?:(?!\k<quote>)[^\\\n])*)\k<quote>`;
// store.collection('…'), collectionGroup('…'), doc('…'): the argument is a path from the root.
const PATH_CALL = new RegExp(String.raw`(?<!\)\s*\.)\b(collection|collectionGroup|doc)\(\s*` + QUOTED, 'g');
// `collection: '…'` (NumberSpace, catalogue specs) and `document: '…'` (trigger paths with {wildcards}).
const PATH_PROPERTY = new RegExp(String.raw`\b(collection|document)\s*:\s*` + QUOTED, 'g');
// const COLLECTION = '…' (a service that names its catalogue collection once).
const COLLECTION_CONST = new RegExp(String.raw`\b[A-Z_]*COLLECTION[A-Z_]*\s*=\s*` + QUOTED, 'g');
// getRecord(deps.store, 'tags', id): catalogue-repo helpers take the collection as their first string argument.
const CATALOGUE_CALL = new RegExp(
  String.raw`\b(?:getRecord|listRecords|createRecord|replaceRecord|deleteRecord|allocateId)\b(?:<[^>()]*>)?\([^()'"\x60{]*?` + QUOTED,
  'g',
);

// typedCollection<PurchaseDoc>(store, 'purchases'): a repository's typed collection (data/store/typed-collection.ts), the path its second argument.
const TYPED_CALL = new RegExp(String.raw`\btypedCollection\b(?:<[^>()]*>)?\(\s*[\w.]+\s*,\s*` + QUOTED, 'g');

const quoted = (match: RegExpMatchArray) => match.groups?.path ?? '';

/** Every .ts file under a directory (tests excluded), for scanCollections. */
export function readSources(dir: string): SourceFile[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => ({ file: path.join(dir, name), text: readFileSync(path.join(dir, name), 'utf8') }));
}

function unions(sources: readonly SourceFile[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const { text } of sources) {
    for (const match of text.matchAll(/\btype\s+(\w+)\s*=\s*((?:'[\w-]+'\s*\|?\s*)+);/g)) {
      const [, name = '', body = ''] = match;
      found.set(
        name,
        [...body.matchAll(/'([\w-]+)'/g)].map(([, value = '']) => value),
      );
    }
  }
  return found;
}

/**
 * Collection paths the code uses, as `customers` or `single_classes/{}/seats`
 * (`{}` stands for any document id), each with the places that name it.
 * Throws on a dynamic collection segment it cannot resolve.
 */
export function scanCollections(sources: readonly SourceFile[]): Map<string, string[]> {
  const literalUnions = unions(sources);
  const found = new Map<string, string[]>();
  const add = (collectionPath: string, where: string) => found.set(collectionPath, [...(found.get(collectionPath) ?? []), where]);

  const record = (raw: string, isDocument: boolean, where: string) => {
    const segments = raw.replace(/^\/+|\/+$/g, '').split('/');
    // A document path ends in an id; a collection path in a collection.
    const collectionSegments = isDocument ? segments.slice(0, -1) : segments;
    if (collectionSegments.length === 0 || segments.some((segment) => segment === '')) return;
    let expanded: string[][] = [[]];
    for (const [index, segment] of collectionSegments.entries()) {
      if (index % 2 === 1) {
        expanded = expanded.map((prefix) => [...prefix, '{}']);
        continue;
      }
      const template = /^\$\{([\w.]+)\}$/.exec(segment);
      if (template === null && /[${}]/.test(segment)) throw new Error(`${where}: cannot read collection segment ${JSON.stringify(segment)}`);
      if (template === null) {
        expanded = expanded.map((prefix) => [...prefix, segment]);
        continue;
      }
      const name = template[1] ?? '';
      if (name in RESOLVED_ELSEWHERE) return;
      const union = HOLDING_UNIONS[name];
      const values = union === undefined ? undefined : literalUnions.get(union);
      if (values === undefined) {
        throw new Error(`${where}: collection segment \${${name}} is not resolved; list where its names come from in rules-scan.ts`);
      }
      expanded = expanded.flatMap((prefix) => values.map((value) => [...prefix, value]));
    }
    for (const parts of expanded) add(parts.join('/'), where);
  };

  for (const { file, text } of sources) {
    const at = (offset: number) => `${file}:${text.slice(0, offset).split('\n').length}`;
    for (const match of text.matchAll(PATH_CALL)) record(quoted(match), match[1] === 'doc', at(match.index));
    for (const match of text.matchAll(PATH_PROPERTY)) record(quoted(match), match[1] === 'document', at(match.index));
    for (const match of text.matchAll(COLLECTION_CONST)) record(quoted(match), false, at(match.index));
    for (const match of text.matchAll(CATALOGUE_CALL)) record(quoted(match), false, at(match.index));
    for (const match of text.matchAll(TYPED_CALL)) record(quoted(match), false, at(match.index));
  }
  return new Map([...found].sort(([a], [b]) => a.localeCompare(b)));
}

/** A concrete path inside a collection, for matching against rules and for the emulator tests. */
export const sampleDocument = (collectionPath: string) => `${collectionPath.replaceAll('{}', 'sample-parent')}/sample-doc`;

interface Allow {
  methods: string[];
  condition: string | null;
}

interface MatchBlock {
  /** Full path segments from the service root, e.g. ['databases', '{database}', 'documents', '{document=**}']. */
  segments: string[];
  allows: Allow[];
}

/** The match blocks of a rules file, with their full paths and allow statements. Comments are ignored. */
export function parseRules(rules: string): { service: string | null; blocks: MatchBlock[] } {
  const text = rules.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
  const token = /\bservice\s+([\w.]+)\s*\{|\bmatch\s+(\S+)\s*\{|\ballow\s+([\w\s,]+?)\s*(?::\s*if\s+([^;]*?))?\s*;|\{|\}/g;
  const stack: Array<MatchBlock | null> = [];
  const blocks: MatchBlock[] = [];
  let service: string | null = null;
  for (const match of text.matchAll(token)) {
    const [whole, serviceName, matchPath, methods, condition] = match;
    const parent = [...stack].reverse().find((block) => block !== null);
    if (serviceName !== undefined) {
      service = serviceName;
      stack.push(null);
    } else if (matchPath !== undefined) {
      const block = { segments: [...(parent?.segments ?? []), ...matchPath.split('/').filter(Boolean)], allows: [] };
      blocks.push(block);
      stack.push(block);
    } else if (methods !== undefined) {
      // An allow outside any match still counts: the checker must see it.
      const target = parent ?? { segments: [], allows: [] };
      if (parent === undefined) blocks.push(target);
      target.allows.push({ methods: methods.split(/[\s,]+/).filter(Boolean), condition: condition?.trim() ?? null });
    } else if (whole === '{') {
      stack.push(null);
    } else {
      stack.pop();
    }
  }
  return { service, blocks };
}

function matches(pattern: readonly string[], target: readonly string[]): boolean {
  if (pattern.length === 0) return target.length === 0;
  const [head = '', ...rest] = pattern;
  if (/^\{\w+=\*\*\}$/.test(head)) return rest.length === 0 || target.some((_, index) => matches(rest, target.slice(index)));
  if (target.length === 0) return false;
  if (!/^\{\w+\}$/.test(head) && head !== target[0]) return false;
  return matches(rest, target.slice(1));
}

// `read` is get + list and `write` is create + update + delete; either spelling covers the operation.
const READ_AND_WRITE = [
  { all: 'read', each: ['get', 'list'] },
  { all: 'write', each: ['create', 'update', 'delete'] },
];
const deniesEverything = (block: MatchBlock) =>
  block.allows.length > 0 &&
  block.allows.every((allow) => allow.condition === 'false') &&
  READ_AND_WRITE.every((group) => block.allows.some((allow) => allow.methods.includes(group.all) || group.each.every((m) => allow.methods.includes(m))));

export interface DenyAllSpec {
  service: string;
  /** Segments of the service's root match, e.g. ['databases', '{database}', 'documents']. */
  root: string[];
  /** The recursive catch-all under the root, e.g. '{document=**}'. */
  catchAll: string;
  /** Concrete paths under the root the code uses; each must fall under a match that denies clients. */
  paths: string[];
}

/** Problems with a rules file that should deny every client everything; empty when it does. */
export function checkDenyAll(rules: string, spec: DenyAllSpec): string[] {
  const { service, blocks } = parseRules(rules);
  const problems: string[] = [];
  if (service !== spec.service) problems.push(`expected service ${spec.service}, found ${service ?? 'none'}`);
  for (const block of blocks) {
    for (const allow of block.allows) {
      if (allow.condition !== 'false') {
        problems.push(
          `/${block.segments.join('/')}: "allow ${allow.methods.join(', ')}" opens it (${allow.condition === null ? 'no condition' : `if ${allow.condition}`}); only "if false" is allowed (ADR 0003)`,
        );
      }
    }
  }
  const catchAll = [...spec.root, spec.catchAll].join('/');
  if (!blocks.some((block) => block.segments.join('/') === catchAll && deniesEverything(block))) {
    problems.push(`no "match /${catchAll}" with "allow read, write: if false"`);
  }
  for (const target of spec.paths) {
    const full = [...spec.root.map((segment) => (/^\{\w+\}$/.test(segment) ? 'default' : segment)), ...target.split('/')];
    if (!blocks.some((block) => matches(block.segments, full) && deniesEverything(block))) problems.push(`${target}: no match denies it`);
  }
  return problems;
}
