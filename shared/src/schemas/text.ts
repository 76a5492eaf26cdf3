/**
 * Characters no text a person types may hold, whatever the field: the server
 * refuses them (bodies are validated strictly, without transforms) and the
 * forms say so under the field, with the same schemas. Output is escaped
 * anyway; these rules are about what gets stored and sent on (e-mail
 * subjects and headers, calendar files, the processors, the admin's screens).
 *
 * - C0 and C1 control characters and DEL (NUL, ESC, backspace, U+0085 NEL…).
 *   A multi-line field keeps tab, line feed and carriage return.
 * - Line and paragraph separators (U+2028, U+2029): line breaks, so only in
 *   multi-line fields.
 * - The bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 *   U+2066–U+2069): they reorder what is shown after them, so a name can
 *   display as something else ("Trojan Source"). The marks U+200E/U+200F,
 *   which only hint a direction, stay allowed.
 * - Unpaired surrogates: not text (no UTF-8 form; the store refuses them).
 */

/** Line breaks: refused in single-line fields (a name with CR/LF can break an e-mail header or a calendar line). */
const LINE_BREAK = /[\r\n\u2028\u2029]/;
/** Controls a multi-line field refuses too: every C0 control but tab, LF and CR; DEL; every C1 control. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Tab, refused in single-line fields only. */
const TAB = /\t/;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/** In a `u` regular expression a surrogate pair is one code point, so this matches unpaired halves only. */
const LONE_SURROGATE = /\p{Cs}/u;

export type TextProblem = 'line-break' | 'control';

/** What is wrong with a text value, or null: `line-break` only in a single-line field. */
export function textProblem(value: string, options: { multiline?: boolean } = {}): TextProblem | null {
  if (CONTROL.test(value) || BIDI_CONTROL.test(value) || LONE_SURROGATE.test(value)) return 'control';
  if (options.multiline) return null;
  if (LINE_BREAK.test(value)) return 'line-break';
  if (TAB.test(value)) return 'control';
  return null;
}
