import { normalizeForSearch, queryTerms } from '../customers/search-terms';

const MIN_PREFIX = 2;
const MAX_PREFIX = 20;

/**
 * What a video is found by: its own words and the names of what it points at
 * (a search for 'yoga' finds 'Vinyasa flow' of the class type 'Yoga', one for
 * 'mariana' the videos of that coach).
 */
export interface VideoSearchTexts {
  name: string;
  description?: string | null;
  /** Coach's name, last name and nickname; tag, category, class type, video type and program names. */
  related?: Array<string | null | undefined>;
}

/** Lower-case words without accents ('Electroestimulación' → 'electroestimulacion'); markup in a description is not a word. */
function words(text: string): string[] {
  return normalizeForSearch(text.replace(/<[^>]*>/g, ' '))
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Prefixes of every word of the texts, so 'electro' finds 'Electroestimulación' and 'yo' finds 'Yoga'. */
export function videoSearchTerms(texts: VideoSearchTexts): string[] {
  const all = [texts.name, texts.description ?? '', ...(texts.related ?? []).map((t) => t ?? '')].flatMap(words);
  const out = new Set<string>();
  for (const word of all) {
    for (let n = MIN_PREFIX; n <= Math.min(word.length, MAX_PREFIX); n++) out.add(word.slice(0, n));
  }
  return [...out];
}

/** The query's words as they are matched against videoSearchTerms (longest first). */
export function videoQueryTerms(query: string | undefined): string[] {
  return queryTerms((query ?? '').replace(/[^\p{L}\p{N}]+/gu, ' '));
}
