import { StoreError } from '../types';

/** The pseudo-field Firestore uses for the document name in orderBy, where and cursors. */
export const DOCUMENT_ID_FIELD = '__name__';

const forbiddenPathChars = /[~*/[\]]/;

/**
 * Parses a dotted field path as the admin SDK does for string paths: it must
 * not be empty, start or end with '.', contain '..', or contain ~ * / [ ].
 */
export function parseFieldPath(path: string): string[] {
  if (typeof path !== 'string' || path.length === 0) {
    throw new StoreError('invalid-argument', 'A field path must be a non-empty string.');
  }
  if (path.startsWith('.') || path.endsWith('.') || path.includes('..')) {
    throw new StoreError('invalid-argument', `Invalid field path "${path}": paths must not start or end with "." or contain "..".`);
  }
  if (forbiddenPathChars.test(path)) {
    throw new StoreError('invalid-argument', `Invalid field path "${path}": paths can't contain "~", "*", "/", "[", or "]".`);
  }
  return path.split('.');
}

export function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date) && !(value instanceof Uint8Array);
}

export function getAtPath(data: Record<string, unknown>, segments: readonly string[]): { found: boolean; value: unknown } {
  let current: unknown = data;
  for (const segment of segments) {
    if (!isMap(current) || !Object.hasOwn(current, segment)) return { found: false, value: undefined };
    current = current[segment];
  }
  return { found: true, value: current };
}

/** Sets a nested field, creating maps on the way and replacing any non-map in the way (Firestore's update semantics). */
export function setAtPath(data: Record<string, unknown>, segments: readonly string[], value: unknown): void {
  let current = data;
  for (let i = 0; i < segments.length - 1; i++) {
    const segment = segments[i] as string;
    const next = current[segment];
    if (!isMap(next)) {
      const created: Record<string, unknown> = {};
      current[segment] = created;
      current = created;
    } else {
      current = next;
    }
  }
  current[segments[segments.length - 1] as string] = value;
}

export function deleteAtPath(data: Record<string, unknown>, segments: readonly string[]): void {
  let current: unknown = data;
  for (let i = 0; i < segments.length - 1; i++) {
    if (!isMap(current)) return;
    current = current[segments[i] as string];
  }
  if (isMap(current)) delete current[segments[segments.length - 1] as string];
}
