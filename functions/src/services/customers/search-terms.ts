const MIN_PREFIX = 2;
const MAX_PREFIX = 20;

/** Lower case, no accents, so 'Ángela' is found by 'angela'. */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

function tokens(text: string): string[] {
  return normalizeForSearch(text)
    .split(/[^a-z0-9@._+-]+/)
    .filter(Boolean);
}

function prefixes(token: string): string[] {
  const out: string[] = [];
  for (let n = MIN_PREFIX; n <= Math.min(token.length, MAX_PREFIX); n++) out.push(token.slice(0, n));
  return out;
}

/**
 * Prefixes of every word of the name, of the e-mail (whole and local part) and
 * of the phone; one `array-contains` on them finds a customer by any of those.
 */
export function buildSearchTerms(fields: { name: string; last_name: string; email: string; phone: string }): string[] {
  const words = [...tokens(fields.name), ...tokens(fields.last_name)];
  const email = normalizeForSearch(fields.email);
  const local = email.split('@')[0] ?? '';
  const all = [...words, email, local, fields.phone].flatMap(prefixes);
  return [...new Set(all)];
}

/** The query's words, longest first: the longest is the most selective for the index lookup. */
export function queryTerms(query: string): string[] {
  return [
    ...new Set(
      tokens(query)
        .map((t) => t.slice(0, MAX_PREFIX))
        .filter((t) => t.length >= MIN_PREFIX),
    ),
  ].sort((a, b) => b.length - a.length);
}
