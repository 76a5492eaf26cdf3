import { normalizeForSearch, queryTerms } from '../customers/search-terms';

const MIN_PREFIX = 2;
const MAX_PREFIX = 20;

/** Prefixes of every word of the name, so one array-contains finds "yoga" from "yo". */
export function videoSearchTerms(name: string): string[] {
  const words = normalizeForSearch(name)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const out = new Set<string>();
  for (const word of words) {
    for (let n = MIN_PREFIX; n <= Math.min(word.length, MAX_PREFIX); n++) out.add(word.slice(0, n));
  }
  return [...out];
}

/** The query's words as they are matched against videoSearchTerms (longest first). */
export function videoQueryTerms(query: string | undefined): string[] {
  return queryTerms((query ?? '').replace(/[^\p{L}\p{N}]+/gu, ' '));
}
