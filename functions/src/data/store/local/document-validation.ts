import type { DocumentData } from '../types';
import { isFieldTransform, StoreError } from '../types';
import { isMap, parseFieldPath } from './field-path';
import { isReservedName, MAX_NAME_BYTES, utf8Length } from './resource-path';
import { compareValues } from './value-order';
import type { PendingWrite } from './write-apply';

/*
 * Limits from Firestore's "Usage and limits" page,
 * https://firebase.google.com/docs/firestore/quotas (Standard edition), unless
 * a comment names another source.
 */

/** "Maximum depth of fields in a map or array: 20" (the admin SDK counts path segments, array indexes included). */
export const MAX_DEPTH = 20;
/** "Maximum size for a document: 1 MiB (1,048,576 bytes)". */
export const MAX_DOCUMENT_BYTES = 1_048_576;
/** "Maximum API request size: 10 MiB" — what bounds a commit (batch or transaction) today. */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
/** "Maximum number of field transformations that can be performed on a single document in a Commit operation or in a transaction: 500". */
export const MAX_TRANSFORMS_PER_DOCUMENT = 500;
/** "Maximum number of index entries for each document: 40,000". */
export const MAX_INDEX_ENTRIES = 40_000;
/**
 * The range of a Firestore Timestamp, 0001-01-01T00:00:00Z to
 * 9999-12-31T23:59:59.999999999Z, in the milliseconds a Date holds. The admin
 * SDK converts a Date with Timestamp.fromDate(), whose constructor refuses
 * seconds outside [-62135596800, 253402300799]
 * (@google-cloud/firestore build/src/timestamp.js, MIN_SECONDS/MAX_SECONDS).
 */
export const MIN_TIMESTAMP_SECONDS = -62_135_596_800;
export const MAX_TIMESTAMP_SECONDS = 253_402_300_799;

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

/**
 * A Date must be valid and fit a Firestore Timestamp. The message carries the
 * admin SDK's own wording (validateInteger in build/src/validate.js).
 */
function assertTimestampRange(date: Date, what: string, path: readonly string[]): void {
  const ms = date.getTime();
  if (Number.isNaN(ms)) {
    throw invalid(`${what}: invalid Date${where(path)}. (Admin SDK: Value for argument "seconds" is not a valid integer.)`);
  }
  const seconds = Math.floor(ms / 1000);
  if (seconds < MIN_TIMESTAMP_SECONDS || seconds > MAX_TIMESTAMP_SECONDS) {
    throw invalid(
      `${what}: Date ${date.toISOString()} is outside the range of a Firestore Timestamp ` +
        `(0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z)${where(path)}. ` +
        `(Admin SDK: Value for argument "seconds" must be within [${MIN_TIMESTAMP_SECONDS}, ${MAX_TIMESTAMP_SECONDS}] inclusive, but was: ${seconds})`,
    );
  }
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
    assertTimestampRange(value, rules.what, path);
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

/** The name part of the storage-size formula: each path segment's UTF-8 bytes + 1, + 16. */
function documentNameSize(pathSegments: readonly string[]): number {
  return pathSegments.reduce((sum, segment) => sum + stringSize(segment), 0) + 16;
}

/**
 * Firestore's storage-size formula (https://firebase.google.com/docs/firestore/storage-size):
 * name (ids + 1 each, + 16) + fields + 32.
 */
export function documentSize(pathSegments: readonly string[], data: DocumentData): number {
  return documentNameSize(pathSegments) + mapSize(data) + 32;
}

// ---- index entries -----------------------------------------------------

/** Distinct elements under Firestore equality (1 == 1.0, NaN == NaN, maps regardless of key order). */
function distinctCount(values: readonly unknown[]): number {
  if (values.length < 2) return values.length;
  const sorted = [...values].sort(compareValues);
  let count = 1;
  for (let i = 1; i < sorted.length; i++) if (compareValues(sorted[i - 1], sorted[i]) !== 0) count++;
  return count;
}

function mapIndexEntries(map: Record<string, unknown>, distinct: boolean): number {
  let entries = 0;
  for (const key of Object.keys(map)) {
    const value = map[key];
    // Every field, a whole array or map included, gets an ascending and a descending entry.
    entries += 2;
    if (Array.isArray(value)) entries += distinct ? distinctCount(value) : value.length;
    else if (isMap(value)) entries += mapIndexEntries(value, distinct);
  }
  return entries;
}

/**
 * The entries Firestore's default automatic indexes give a document, counted
 * as https://firebase.google.com/docs/firestore/query-data/index-overview
 * describes them ("Automatic index defaults" and the "Index entries" example):
 * - every field, at any depth, whole arrays and maps included: one ascending
 *   and one descending entry;
 * - every array: one array-contains entry per distinct element (an index holds
 *   one entry per value, so repeated elements count once);
 * - maps recurse into their subfields; elements of arrays do not.
 * Approximations: fieldOverrides (exemptions, COLLECTION_GROUP indexes) and
 * composite-index entries are not counted, since the document check has no
 * index configuration. The overview lists only array-contains for arrays
 * nested in maps; they are counted like top-level arrays here (2 more entries,
 * on the strict side).
 */
export function indexEntryCount(data: DocumentData): number {
  return mapIndexEntries(data, true);
}

/**
 * Checks a document about to be stored (the result of a write, transforms
 * applied): its storage size and its index-entry count.
 */
export function assertDocumentSize(path: string, pathSegments: readonly string[], data: DocumentData): void {
  const size = documentSize(pathSegments, data);
  if (size > MAX_DOCUMENT_BYTES) {
    throw invalid(
      `Document "${path}" cannot be written because its size (${size.toLocaleString('en-US')} bytes) exceeds the maximum allowed size of ${MAX_DOCUMENT_BYTES.toLocaleString('en-US')} bytes.`,
    );
  }
  assertIndexEntries(path, data);
}

export function assertIndexEntries(path: string, data: DocumentData): void {
  // Counting every array element is an upper bound; deduplicate (a sort) only when that bound is over the limit.
  if (mapIndexEntries(data, false) <= MAX_INDEX_ENTRIES) return;
  const entries = indexEntryCount(data);
  if (entries > MAX_INDEX_ENTRIES) {
    throw invalid(
      `too many index entries for entity /${path}: the document needs ${entries.toLocaleString('en-US')} entries in Firestore's automatic indexes ` +
        `(ascending + descending per field, + one per distinct array element) and Firestore allows at most ${MAX_INDEX_ENTRIES.toLocaleString('en-US')}. ` +
        'Keep large arrays and maps out of indexed documents, or exempt the field from indexing with a fieldOverride in firestore.indexes.json ' +
        '(the local engine still counts it).',
    );
  }
}

// ---- commit limits -----------------------------------------------------

/**
 * The commit-size estimate. Firestore limits the API request (a CommitRequest
 * protobuf), not stored bytes; the local engine estimates it from the
 * storage-size formula and errs on the large side, so that a commit it
 * accepts also fits in production:
 * - per commit: REQUEST_ENVELOPE_BYTES for the database name, the
 *   transaction id and the framing of the request;
 * - per write: the full resource name ("projects/{project}/databases/
 *   {database}/documents/" + path: RESOURCE_NAME_PREFIX_BYTES + the
 *   storage-size name part) + 32 (as in the storage formula: the write's own
 *   framing, precondition and update mask header);
 * - per value (a field, an array element, a transform): its storage size plus
 *   FRAMING_BYTES_PER_VALUE for protobuf tags and length prefixes (at most
 *   ~13 bytes for one field of a value under 16 MiB);
 * - update() and set(..., {merge: true}) also send an update mask: each
 *   updated field path again; transforms send their field path again.
 */
const REQUEST_ENVELOPE_BYTES = 1_024;
/** "projects/" + project id (≤ 30) + "/databases/" + database id (≤ 63) + "/documents/" rounds up to 128. */
const RESOURCE_NAME_PREFIX_BYTES = 128;
const FRAMING_BYTES_PER_VALUE = 16;

/** A value as it travels in a Write: storage size plus framing, recursively. */
function framedSize(value: unknown): number {
  if (Array.isArray(value)) return FRAMING_BYTES_PER_VALUE + value.reduce((sum: number, element) => sum + framedSize(element), 0);
  if (isPlainObject(value) && !isFieldTransform(value)) return FRAMING_BYTES_PER_VALUE + framedMapSize(value);
  return FRAMING_BYTES_PER_VALUE + valueSize(value);
}

function framedMapSize(map: Record<string, unknown>): number {
  let size = 0;
  for (const key of Object.keys(map)) size += stringSize(key) + framedSize(map[key]);
  return size;
}

interface WriteParts {
  bytes: number;
  transforms: number;
}

/**
 * Walks a write's data: plain values go into the document's fields, transforms
 * into FieldTransforms that name their full path, and, with `mask` (merge),
 * each leaf's path into the update mask.
 */
function walkWriteData(map: Record<string, unknown>, basePathBytes: number, mask: boolean, parts: WriteParts): void {
  for (const key of Object.keys(map)) {
    const value = map[key];
    const keyBytes = stringSize(key);
    const pathBytes = basePathBytes + keyBytes;
    if (isFieldTransform(value)) {
      parts.transforms += value.__transform === 'delete' ? 0 : 1;
      // A delete is only a mask entry; the others are FieldTransform {field_path, operand}.
      if (value.__transform === 'delete') {
        parts.bytes += pathBytes + FRAMING_BYTES_PER_VALUE;
        continue;
      }
      const operand =
        value.__transform === 'arrayUnion' || value.__transform === 'arrayRemove'
          ? value.elements.reduce((sum: number, element) => sum + framedSize(element), 0)
          : value.__transform === 'increment'
            ? 8
            : 1;
      parts.bytes += pathBytes + FRAMING_BYTES_PER_VALUE + operand;
      continue;
    }
    if (isPlainObject(value) && Object.keys(value).length > 0) {
      // A map: its key and framing in the document's fields, then its subfields (leaves go into the mask when merging).
      parts.bytes += keyBytes + FRAMING_BYTES_PER_VALUE;
      walkWriteData(value, pathBytes, mask, parts);
      continue;
    }
    parts.bytes += keyBytes + framedSize(value);
    if (mask) parts.bytes += pathBytes + FRAMING_BYTES_PER_VALUE;
  }
}

/** The estimated request bytes of one write and its number of field transforms (see the estimate above). */
export function estimateWrite(write: PendingWrite): { bytes: number; transforms: number } {
  const parts: WriteParts = { bytes: RESOURCE_NAME_PREFIX_BYTES + documentNameSize(write.segments) + 32, transforms: 0 };
  if (write.op === 'delete' || write.data === undefined) return parts;
  if (write.op === 'update') {
    // update() keys are field paths: each is a mask entry as given, its value replaces what is there.
    for (const key of Object.keys(write.data)) {
      const value = write.data[key];
      walkWriteData({ [key]: value }, 0, false, parts);
      if (!isFieldTransform(value)) parts.bytes += stringSize(key) + FRAMING_BYTES_PER_VALUE;
    }
    return parts;
  }
  walkWriteData(write.data, 0, write.op === 'set' && write.merge === true, parts);
  return parts;
}

/**
 * The commit-level limits of today's Firestore, checked before anything is
 * applied (so a refused commit writes nothing):
 * - no limit on the number of writes (release notes, 2023-03-29:
 *   https://cloud.google.com/firestore/docs/release-notes#March_29_2023 —
 *   "Previously, the limit was 500. Limits for request size and the
 *   transaction time limit still apply.");
 * - the request at most MAX_REQUEST_BYTES (10 MiB), estimated as estimateWrite()
 *   describes;
 * - at most MAX_TRANSFORMS_PER_DOCUMENT field transforms on one document.
 * Not modelled: production's "Transaction too big" (INVALID_ARGUMENT), which
 * also counts the index entries and stored data of the documents a commit
 * touches (firebase/firebase-tools#1036); it can refuse commits this accepts.
 */
export function assertCommitWithinLimits(writes: readonly PendingWrite[], what: string): void {
  let bytes = REQUEST_ENVELOPE_BYTES;
  const transformsPerDocument = new Map<string, number>();
  for (const write of writes) {
    const estimate = estimateWrite(write);
    bytes += estimate.bytes;
    if (estimate.transforms > 0) {
      const transforms = (transformsPerDocument.get(write.path) ?? 0) + estimate.transforms;
      transformsPerDocument.set(write.path, transforms);
      if (transforms > MAX_TRANSFORMS_PER_DOCUMENT) {
        throw invalid(
          `${what}: more than ${MAX_TRANSFORMS_PER_DOCUMENT} field transforms (serverTimestamp, increment, arrayUnion, arrayRemove) on document "${write.path}" in one commit; Firestore allows at most ${MAX_TRANSFORMS_PER_DOCUMENT}.`,
        );
      }
    }
  }
  if (bytes > MAX_REQUEST_BYTES) {
    throw invalid(
      `${what}: the commit's ${writes.length.toLocaleString('en-US')} writes make a request of about ${bytes.toLocaleString('en-US')} bytes ` +
        `(the local engine's estimate errs on the large side); Firestore refuses API requests over ${MAX_REQUEST_BYTES.toLocaleString('en-US')} bytes (10 MiB). ` +
        'Split the writes into smaller commits.',
    );
  }
}
