import { randomBytes } from 'node:crypto';
import { StoreError } from '../types';

/** Firestore caps every id (collection or document) and field name at 1,500 UTF-8 bytes. */
export const MAX_NAME_BYTES = 1500;

const reservedName = /^__.*__$/;
const autoIdAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function utf8Length(value: string): number {
  return Buffer.byteLength(value, 'utf8');
}

/**
 * Splits a slash-separated path the way the admin SDK does: leading and
 * trailing slashes are tolerated, empty segments in the middle are not.
 */
export function splitPath(path: string, what: string): string[] {
  if (typeof path !== 'string' || path.length === 0) {
    throw new StoreError('invalid-argument', `${what} must be a non-empty string.`);
  }
  if (path.includes('//')) {
    throw new StoreError('invalid-argument', `${what} "${path}" must not contain "//".`);
  }
  return path.split('/').filter((segment) => segment.length > 0);
}

export function parseDocumentPath(path: string): string[] {
  const segments = splitPath(path, 'A document path');
  if (segments.length === 0 || segments.length % 2 !== 0) {
    throw new StoreError('invalid-argument', `"${path}" is not a document path: it must have an even number of segments (collection/doc[/collection/doc...]).`);
  }
  return segments;
}

export function parseCollectionPath(path: string): string[] {
  const segments = splitPath(path, 'A collection path');
  if (segments.length % 2 !== 1) {
    throw new StoreError('invalid-argument', `"${path}" is not a collection path: it must have an odd number of segments (collection[/doc/collection...]).`);
  }
  return segments;
}

/**
 * Firestore checks ids on the server, so the local engine checks them when an
 * operation runs rather than when a reference is built: code that builds a
 * reference from user input fails at the same line on both implementations.
 */
export function validatePathSegments(segments: readonly string[]): void {
  segments.forEach((segment, index) => {
    const kind = index % 2 === 0 ? 'Collection id' : 'Document id';
    if (segment === '.' || segment === '..') {
      throw new StoreError('invalid-argument', `${kind} "${segment}" is not allowed: ids cannot be "." or "..".`);
    }
    if (reservedName.test(segment)) {
      throw new StoreError('invalid-argument', `${kind} "${segment}" is reserved: ids matching __.*__ are not allowed.`);
    }
    if (utf8Length(segment) > MAX_NAME_BYTES) {
      throw new StoreError('invalid-argument', `${kind} "${segment.slice(0, 40)}…" is longer than ${MAX_NAME_BYTES} bytes.`);
    }
  });
}

export function validateCollectionId(collectionId: string): void {
  if (typeof collectionId !== 'string' || collectionId.length === 0 || collectionId.includes('/')) {
    throw new StoreError('invalid-argument', `Invalid collection id "${String(collectionId)}": it must be a non-empty string without "/".`);
  }
  validatePathSegments([collectionId]);
}

/** 20 characters from [A-Za-z0-9], like the admin SDK's auto ids. */
export function autoId(): string {
  const bytes = randomBytes(40);
  let id = '';
  for (const byte of bytes) {
    // 248 is the largest multiple of 62 below 256; rejecting above it keeps ids uniform.
    if (byte >= 248) continue;
    id += autoIdAlphabet[byte % 62];
    if (id.length === 20) return id;
  }
  return id + autoId().slice(id.length);
}

export function isReservedName(name: string): boolean {
  return reservedName.test(name);
}
