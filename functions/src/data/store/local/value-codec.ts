import type { DocumentData } from '../types';

/**
 * Documents are stored as JSON. Values JSON cannot carry are tagged as a
 * one-key object whose key starts with `$`: `{"$t": ms}` for a Date,
 * `{"$b": base64}` for bytes, `{"$n": "NaN"|"Infinity"|"-Infinity"|"-0"}`
 * for the numbers JSON lacks, and `{"$m": {...}}` wraps a user map that has a
 * key starting with `$`, so user data can never be mistaken for a tag.
 * Dates keep millisecond precision, all a JS Date has.
 */

function encodeValue(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return Object.is(value, -0) ? { $n: '-0' } : value;
    return { $n: String(value) };
  }
  if (value instanceof Date) return { $t: value.getTime() };
  if (value instanceof Uint8Array) return { $b: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  if (Array.isArray(value)) return value.map(encodeValue);
  return encodeMap(value as Record<string, unknown>);
}

function encodeMap(map: Record<string, unknown>): unknown {
  const out: Record<string, unknown> = {};
  let needsWrap = false;
  for (const key of Object.keys(map)) {
    if (key.startsWith('$')) needsWrap = true;
    out[key] = encodeValue(map[key]);
  }
  return needsWrap ? { $m: out } : out;
}

function decodeValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(decodeValue);
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj);
  if (keys.length === 1) {
    const key = keys[0] as string;
    if (key.startsWith('$')) {
      const tagged = obj[key];
      switch (key) {
        case '$t':
          return new Date(tagged as number);
        case '$b':
          return new Uint8Array(Buffer.from(tagged as string, 'base64'));
        case '$n':
          return tagged === '-0' ? -0 : Number(tagged);
        case '$m':
          return decodePlainMap(tagged as Record<string, unknown>);
        default:
          throw new Error(`Corrupt document encoding: unknown tag ${key}`);
      }
    }
  }
  return decodePlainMap(obj);
}

function decodePlainMap(obj: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(obj)) out[key] = decodeValue(obj[key]);
  return out;
}

export function encodeDocument(data: DocumentData): string {
  return JSON.stringify(encodeMap(data));
}

export function decodeDocument(json: string): DocumentData {
  return decodeValue(JSON.parse(json)) as DocumentData;
}

/** Deep copy of a stored value, so callers can mutate what they read. */
export function cloneValue<V>(value: V): V {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime()) as V;
  if (value instanceof Uint8Array) return new Uint8Array(value) as V;
  if (Array.isArray(value)) return value.map(cloneValue) as V;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = cloneValue((value as Record<string, unknown>)[key]);
  return out as V;
}
