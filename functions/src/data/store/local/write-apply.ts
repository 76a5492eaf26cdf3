import type { DocumentData, FieldTransform } from '../types';
import { isFieldTransform, StoreError } from '../types';
import { isPlainObject, validateWriteData } from './document-validation';
import { deleteAtPath, getAtPath, isMap, parseFieldPath, setAtPath } from './field-path';
import { cloneValue } from './value-codec';
import { valuesEqual } from './value-order';

export type WriteOp = 'create' | 'set' | 'update' | 'delete';

export interface PendingWrite {
  readonly op: WriteOp;
  readonly path: string;
  readonly segments: readonly string[];
  /** A private deep copy taken when the write was queued, as the SDK serializes at call time. */
  readonly data?: DocumentData;
  readonly merge?: boolean;
}

interface TransformAt {
  readonly segments: readonly string[];
  readonly transform: FieldTransform;
}

export function makeWrite(op: WriteOp, path: string, segments: readonly string[], data?: unknown, merge?: boolean): PendingWrite {
  if (op === 'delete') return { op, path, segments };
  const kind = op === 'set' && merge === true ? 'set-merge' : op;
  validateWriteData(data, kind);
  return { op, path, segments, data: cloneValue(data as DocumentData), merge: op === 'set' ? merge === true : undefined };
}

/** Copies a map without its transform sentinels, collecting them with their full paths. */
function stripTransforms(map: Record<string, unknown>, base: readonly string[], out: TransformAt[]): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(map)) {
    const value = map[key];
    const segments = [...base, key];
    if (isFieldTransform(value)) out.push({ segments, transform: value });
    else if (isPlainObject(value)) copy[key] = stripTransforms(value, segments, out);
    else copy[key] = cloneValue(value);
  }
  return copy;
}

function onlyDeletes(value: Record<string, unknown>): boolean {
  return Object.values(value).every((v) =>
    isFieldTransform(v) ? v.__transform === 'delete' : isPlainObject(v) && Object.keys(v).length > 0 && onlyDeletes(v),
  );
}

/** set(..., {merge: true}): non-empty maps merge field by field; every other value (empty maps included) replaces. */
function mergeInto(target: Record<string, unknown>, source: Record<string, unknown>, base: readonly string[], out: TransformAt[]): void {
  for (const key of Object.keys(source)) {
    const value = source[key];
    const segments = [...base, key];
    if (isFieldTransform(value)) {
      out.push({ segments, transform: value });
    } else if (isPlainObject(value) && Object.keys(value).length > 0) {
      let child = target[key];
      // Firestore's update mask names only the leaves: deleting a.b where `a` is absent does not create `a`.
      if (!isMap(child) && onlyDeletes(value)) continue;
      if (!isMap(child)) {
        child = {};
        target[key] = child;
      }
      mergeInto(child as Record<string, unknown>, value, segments, out);
    } else {
      target[key] = cloneValue(value);
    }
  }
}

function applyTransform(doc: Record<string, unknown>, { segments, transform }: TransformAt, commitTime: Date): void {
  const current = getAtPath(doc, segments);
  switch (transform.__transform) {
    case 'serverTimestamp':
      setAtPath(doc, segments, new Date(commitTime.getTime()));
      return;
    case 'increment':
      setAtPath(doc, segments, typeof current.value === 'number' ? current.value + transform.by : transform.by);
      return;
    case 'arrayUnion': {
      const before: unknown[] = Array.isArray(current.value) ? current.value : [];
      const result = [...before];
      for (const element of transform.elements) {
        if (!result.some((existing) => valuesEqual(existing, element))) result.push(cloneValue(element));
      }
      setAtPath(doc, segments, result);
      return;
    }
    case 'arrayRemove': {
      const source: unknown[] = Array.isArray(current.value) ? current.value : [];
      setAtPath(
        doc,
        segments,
        source.filter((existing) => !transform.elements.some((element) => valuesEqual(existing, element))),
      );
      return;
    }
    case 'delete':
      deleteAtPath(doc, segments);
      return;
  }
}

/**
 * The document after one write, or undefined when it ends up deleted.
 * Firestore applies field transforms after the write's plain fields, so an
 * increment in a replacing set() starts from zero while one in update() or a
 * merge starts from the stored value.
 */
export function applyWrite(current: DocumentData | undefined, write: PendingWrite, commitTime: Date): DocumentData | undefined {
  const transforms: TransformAt[] = [];
  let doc: Record<string, unknown>;
  switch (write.op) {
    case 'delete':
      return undefined;
    case 'create':
      if (current !== undefined) throw new StoreError('already-exists', `Document already exists: ${write.path}`);
      doc = stripTransforms(write.data as DocumentData, [], transforms);
      break;
    case 'set':
      if (write.merge) {
        doc = current !== undefined ? cloneValue(current) : {};
        mergeInto(doc, write.data as DocumentData, [], transforms);
      } else {
        doc = stripTransforms(write.data as DocumentData, [], transforms);
      }
      break;
    case 'update': {
      if (current === undefined) throw new StoreError('not-found', `No document to update: ${write.path}`);
      doc = cloneValue(current);
      const data = write.data as DocumentData;
      for (const key of Object.keys(data)) {
        const segments = parseFieldPath(key);
        const value = data[key];
        if (isFieldTransform(value)) transforms.push({ segments, transform: value });
        else if (isPlainObject(value)) setAtPath(doc, segments, stripTransforms(value, segments, transforms));
        else setAtPath(doc, segments, cloneValue(value));
      }
      break;
    }
  }
  for (const transform of transforms) applyTransform(doc, transform, commitTime);
  return doc;
}
