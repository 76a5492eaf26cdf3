import { isFieldTransform, StoreError } from '../types';
import type { DocumentData } from '../types';
import { parseFieldPath } from './field-path';
import { isReservedName, MAX_NAME_BYTES, utf8Length } from './resource-path';

/** Firestore: "Maximum depth of fields in a map or array: 20" (the admin SDK counts path segments, array indexes included). */
export const MAX_DEPTH = 20;
/** Firestore: "Maximum size for a document: 1 MiB (1,048,576 bytes)". */
export const MAX_DOCUMENT_BYTES = 1_048_576;
/** Firestore: at most 500 writes in one commit (batch or transaction). */
export const MAX_WRITES_PER_COMMIT = 500;

export type WriteKind = 'create' | 'set' | 'set-merge' | 'update';

interface Rules {
  readonly what: string;
  readonly allowTransforms: boolean;
  /** none: create/set; root: update (top-level keys only); any: set with merge. */
  readonly deletes: 'none' | 'root' | 'any';
}

function invalid(message: string): StoreError {
  return new StoreError('invalid-argument', message);
}

function where(path: readonly string[]): string {
  return path.length > 0 ? ` (found in field "${path.join('.')}")` : '';
}

/** The admin SDK's notion of a plain object: what it will serialize as a map. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function validateFieldName(name: string, path: readonly string[]): void {
  if (name.length === 0) throw invalid(`Field names must not be empty${where(path)}.`);
  if (isReservedName(name)) throw invalid(`Field name "${name}" is reserved: names matching __.*__ are not allowed${where(path)}.`);
  if (utf8Length(name) > MAX_NAME_BYTES) throw invalid(`Field name "${name.slice(0, 40)}…" is longer than ${MAX_NAME_BYTES} bytes.`);
}

/**
 * `inArray`: somewhere inside an array (field transforms are refused at any
 * depth there); `directlyInArray`: an element of an array itself (only then is
 * another array refused — Firestore stores arrays of maps that hold arrays).
 */
function validateValue(value: unknown, path: string[], level: number, inArray: boolean, rules: Rules, directlyInArray = inArray): void {
  if (path.length - 1 > MAX_DEPTH) {
    throw invalid(`${rules.what}: input object is deeper than ${MAX_DEPTH} levels${where(path)}.`);
  }
  if (value === undefined) {
    throw invalid(`${rules.what}: cannot use "undefined" as a Firestore value${where(path)}. Omit the field or use null.`);
  }
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') return;
  if (typeof value !== 'object') {
    throw invalid(`${rules.what}: values of type ${typeof value} are not supported${where(path)}.`);
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw invalid(`${rules.what}: invalid Date${where(path)}.`);
    return;
  }
  if (value instanceof Uint8Array) return;
  if (Array.isArray(value)) {
    if (directlyInArray) throw invalid(`${rules.what}: nested arrays are not supported${where(path)}.`);
    value.forEach((element, index) => validateValue(element, [...path, String(index)], level + 1, true, rules));
    return;
  }
  if (isFieldTransform(value)) {
    const name = `FieldValue.${value.__transform}()`;
    if (inArray) throw invalid(`${rules.what}: ${name} cannot be used inside of an array${where(path)}.`);
    if (value.__transform === 'delete') {
      const ok = rules.deletes === 'any' || (rules.deletes === 'root' && level === 0);
      if (!ok) {
        throw invalid(`${rules.what}: ${name} must appear at the top-level and can only be used in update() or set() with {merge:true}${where(path)}.`);
      }
      return;
    }
    if (!rules.allowTransforms) throw invalid(`${rules.what}: ${name} can only be used in set(), create() or update()${where(path)}.`);
    if (value.__transform === 'increment' && typeof value.by !== 'number') {
      throw invalid(`${rules.what}: FieldValue.increment() needs a number${where(path)}.`);
    }
    if (value.__transform === 'arrayUnion' || value.__transform === 'arrayRemove') {
      const elementRules: Rules = { ...rules, allowTransforms: false, deletes: 'none' };
      value.elements.forEach((element, index) => validateValue(element, [...path, String(index)], level + 1, true, elementRules));
    }
    return;
  }
  if (isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      validateFieldName(key, path);
      validateValue(value[key], [...path, key], level + 1, inArray, rules, false);
    }
    return;
  }
  const typeName = (value as { constructor?: { name?: string } }).constructor?.name ?? 'unknown';
  throw invalid(
    `${rules.what}: couldn't serialize object of type "${typeName}"${where(path)}. Only plain objects, arrays, Date, Uint8Array and primitives are stored.`,
  );
}

/** Checks data for create/set/update the way Firestore (client SDK + backend) would, before anything is written. */
export function validateWriteData(data: unknown, kind: WriteKind): void {
  const what = kind === 'set-merge' ? 'set() with merge' : `${kind}()`;
  if (!isPlainObject(data)) {
    throw invalid(`${what}: data must be a plain JavaScript object.`);
  }
  const rules: Rules = { what, allowTransforms: true, deletes: kind === 'update' ? 'root' : kind === 'set-merge' ? 'any' : 'none' };
  if (kind !== 'update') {
    for (const key of Object.keys(data)) {
      validateFieldName(key, []);
      validateValue(data[key], [key], 1, false, rules);
    }
    return;
  }
  const keys = Object.keys(data);
  if (keys.length === 0) throw invalid('update(): at least one field must be updated.');
  const paths = keys.map((key) => {
    const segments = parseFieldPath(key);
    segments.forEach((segment) => validateFieldName(segment, []));
    return segments;
  });
  const sorted = [...paths].sort((a, b) => (a.join('\u0000') < b.join('\u0000') ? -1 : 1));
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1] as string[];
    const curr = sorted[i] as string[];
    if (prev.length <= curr.length && prev.every((segment, index) => segment === curr[index])) {
      throw invalid(`update(): field "${prev.join('.')}" was specified multiple times (it conflicts with "${curr.join('.')}").`);
    }
  }
  keys.forEach((key, index) => validateValue(data[key], paths[index] as string[], 0, false, rules));
}

/** Values used in where() and cursors: plain Firestore values, no sentinels. */
export function validateQueryValue(value: unknown, what: string): void {
  validateValue(value, [], 1, false, { what, allowTransforms: false, deletes: 'none' });
}

function stringSize(value: string): number {
  return utf8Length(value) + 1;
}

function valueSize(value: unknown): number {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'number' || value instanceof Date) return 8;
  if (typeof value === 'string') return stringSize(value);
  if (value instanceof Uint8Array) return value.byteLength;
  if (Array.isArray(value)) return value.reduce((sum: number, element) => sum + valueSize(element), 0);
  return mapSize(value as Record<string, unknown>);
}

function mapSize(map: Record<string, unknown>): number {
  let size = 0;
  for (const key of Object.keys(map)) size += stringSize(key) + valueSize(map[key]);
  return size;
}

/** Firestore's storage-size formula: name (ids + 1 each, + 16) + fields + 32. */
export function documentSize(pathSegments: readonly string[], data: DocumentData): number {
  const nameSize = pathSegments.reduce((sum, segment) => sum + stringSize(segment), 0) + 16;
  return nameSize + mapSize(data) + 32;
}

export function assertDocumentSize(path: string, pathSegments: readonly string[], data: DocumentData): void {
  const size = documentSize(pathSegments, data);
  if (size > MAX_DOCUMENT_BYTES) {
    throw invalid(
      `Document "${path}" cannot be written because its size (${size.toLocaleString('en-US')} bytes) exceeds the maximum allowed size of ${MAX_DOCUMENT_BYTES.toLocaleString('en-US')} bytes.`,
    );
  }
}
