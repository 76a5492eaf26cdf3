/**
 * Firestore's total order over values, used for orderBy, range filters,
 * cursors and equality. Types sort in this order:
 * null < booleans < numbers (NaN first) < timestamps < strings < bytes
 * < references < geopoints < arrays < maps.
 */

/** A document name (`__name__`), compared segment by segment like a Firestore reference. */
export class DocumentName {
  readonly segments: readonly string[];
  constructor(segments: readonly string[]) {
    this.segments = segments;
  }
  get path(): string {
    return this.segments.join('/');
  }
}

const TYPE_NULL = 0;
const TYPE_BOOLEAN = 1;
const TYPE_NUMBER = 2;
const TYPE_TIMESTAMP = 3;
const TYPE_STRING = 4;
const TYPE_BYTES = 5;
const TYPE_REFERENCE = 6;
const TYPE_ARRAY = 8;
const TYPE_MAP = 9;

export function typeOrder(value: unknown): number {
  if (value === null) return TYPE_NULL;
  switch (typeof value) {
    case 'boolean':
      return TYPE_BOOLEAN;
    case 'number':
      return TYPE_NUMBER;
    case 'string':
      return TYPE_STRING;
    default:
      break;
  }
  if (value instanceof Date) return TYPE_TIMESTAMP;
  if (value instanceof Uint8Array) return TYPE_BYTES;
  if (value instanceof DocumentName) return TYPE_REFERENCE;
  if (Array.isArray(value)) return TYPE_ARRAY;
  return TYPE_MAP;
}

function sign(n: number): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

/**
 * Firestore orders strings by their UTF-8 bytes, which is code-point order.
 * JS compares UTF-16 code units; the two differ only when a surrogate (a code
 * point above U+FFFF) meets a BMP character at or above U+E000.
 */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    const sa = ca >= 0xd800 && ca <= 0xdfff;
    const sb = cb >= 0xd800 && cb <= 0xdfff;
    if (sa === sb) return ca < cb ? -1 : 1;
    return sa ? 1 : -1;
  }
  return sign(a.length - b.length);
}

function compareNumbers(a: number, b: number): number {
  const aNaN = Number.isNaN(a);
  const bNaN = Number.isNaN(b);
  if (aNaN || bNaN) return aNaN && bNaN ? 0 : aNaN ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return sign(d);
  }
  return sign(a.length - b.length);
}

function compareSegments(a: readonly string[], b: readonly string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareStrings(a[i] as string, b[i] as string);
    if (c !== 0) return c;
  }
  return sign(a.length - b.length);
}

export function sortedKeys(map: Record<string, unknown>): string[] {
  return Object.keys(map).sort(compareStrings);
}

export function compareValues(a: unknown, b: unknown): number {
  const ta = typeOrder(a);
  const tb = typeOrder(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  switch (ta) {
    case TYPE_NULL:
      return 0;
    case TYPE_BOOLEAN:
      return a === b ? 0 : a ? 1 : -1;
    case TYPE_NUMBER:
      return compareNumbers(a as number, b as number);
    case TYPE_TIMESTAMP:
      return compareNumbers((a as Date).getTime(), (b as Date).getTime());
    case TYPE_STRING:
      return compareStrings(a as string, b as string);
    case TYPE_BYTES:
      return compareBytes(a as Uint8Array, b as Uint8Array);
    case TYPE_REFERENCE:
      return compareSegments((a as DocumentName).segments, (b as DocumentName).segments);
    case TYPE_ARRAY: {
      const aa = a as unknown[];
      const bb = b as unknown[];
      const n = Math.min(aa.length, bb.length);
      for (let i = 0; i < n; i++) {
        const c = compareValues(aa[i], bb[i]);
        if (c !== 0) return c;
      }
      return sign(aa.length - bb.length);
    }
    default: {
      const am = a as Record<string, unknown>;
      const bm = b as Record<string, unknown>;
      const ak = sortedKeys(am);
      const bk = sortedKeys(bm);
      const n = Math.min(ak.length, bk.length);
      for (let i = 0; i < n; i++) {
        const keyA = ak[i] as string;
        const keyB = bk[i] as string;
        const kc = compareStrings(keyA, keyB);
        if (kc !== 0) return kc;
        const vc = compareValues(am[keyA], bm[keyB]);
        if (vc !== 0) return vc;
      }
      return sign(ak.length - bk.length);
    }
  }
}

/** Firestore equality: 1 == 1.0, NaN equals NaN, maps compare regardless of key order. */
export function valuesEqual(a: unknown, b: unknown): boolean {
  return compareValues(a, b) === 0;
}
