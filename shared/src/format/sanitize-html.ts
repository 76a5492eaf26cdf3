/**
 * Allow-list HTML sanitiser for admin-authored content pages (docs/catalogue,
 * "Pages: HTML sanitised on write"). Pure and dependency-free so the API (on
 * write) and the editor's preview (web) run the very same rules; the web's
 * HtmlContent still runs DOMPurify on render as a second line of defence.
 *
 * It does not build a DOM: it walks the input once, keeps the allowed tags
 * (re-serialised from scratch, lower-case, only known-safe attributes), turns
 * every other `<` into text and drops forbidden elements whose content is
 * code or foreign markup (script, style, svg…) together with that content.
 * Output is always balanced: unclosed allowed tags are closed at the end and
 * stray closing tags are dropped.
 */

/** Tags kept; everything else is removed (its text content stays unless listed in DROP_WITH_CONTENT). */
const ALLOWED = new Set(['p', 'h2', 'h3', 'h4', 'strong', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'br', 'hr']);
const VOID = new Set(['br', 'hr']);
/** What browsers' editing commands and pasted documents write for the same formatting (execCommand('bold') gives <b>). */
const ALIASES: Readonly<Record<string, string>> = { b: 'strong', i: 'em', strike: 's', del: 's', h1: 'h2', h5: 'h4', h6: 'h4' };
/** Browsers read these as raw text up to their closing tag: skip straight to it, so `</p>` inside a script is never a tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);
/** Foreign or inert subtrees: their content is not page text, so it goes with them (nesting counted). */
const DROP_WITH_CONTENT = new Set(['svg', 'math', 'template', 'object', 'select', 'head']);

const TAG_NAME = /^[a-zA-Z][a-zA-Z0-9:-]*/;
const ATTRIBUTE = /^[\s/]*([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/;
const TEXT_ENTITY = /^&(?:[a-zA-Z][a-zA-Z0-9]{0,31};|#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};)/;

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  period: '.',
  lpar: '(',
  rpar: ')',
  nbsp: '\u00a0',
};

function escapeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '<') out += '&lt;';
    else if (c === '>') out += '&gt;';
    else if (c === '&') {
      // Existing well-formed entities stay as written (&aacute;, &#233;); a bare & becomes &amp;.
      const entity = TEXT_ENTITY.exec(text.slice(i, i + 40));
      if (entity) {
        out += entity[0];
        i += entity[0].length - 1;
      } else out += '&amp;';
    } else out += c;
  }
  return out;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Attribute values as the browser would read them, so the scheme check sees `&#106;avascript:` as `javascript:`. */
function decodeAttribute(value: string): string {
  return value.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);?/g, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

export type SafeHref = { href: string; external: boolean };

/**
 * http(s), mailto and same-site relative links only. The decoded value is what
 * is checked and what is written back (escaped), so the browser can never read
 * a different URL from the one that passed.
 */
export function safeHref(raw: string): SafeHref | null {
  // As the URL parser does: strip leading and trailing controls and spaces, and tabs and newlines anywhere ('java\tscript:').
  const href = decodeAttribute(raw)
    // eslint-disable-next-line no-control-regex
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
    .replace(/[\t\n\r]/g, '');
  // Any other control character left is never part of a link an admin meant: refuse rather than guess.
  // eslint-disable-next-line no-control-regex
  if (href === '' || /[\u0000-\u001f\u007f]/.test(href)) return null;
  if (/^https?:\/\/[^/\\]/i.test(href)) return { href, external: true };
  if (/^mailto:[^\s]+$/i.test(href)) return { href, external: false };
  // Relative: no scheme before the first / ? #, and never protocol-relative (//evil.com or /\evil.com).
  if (/^[/\\][/\\]/.test(href)) return null;
  const schemeEnd = href.search(/[/?#]/);
  const head = schemeEnd === -1 ? href : href.slice(0, schemeEnd);
  if (head.includes(':') || href.includes('\\')) return null;
  return { href, external: false };
}

function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  let rest = source;
  for (;;) {
    const match = ATTRIBUTE.exec(rest);
    if (!match?.[1]) break;
    const name = match[1].toLowerCase();
    // The first occurrence wins, as in browsers.
    if (!attributes.has(name)) attributes.set(name, match[2] ?? match[3] ?? match[4] ?? '');
    rest = rest.slice(match[0].length);
  }
  return attributes;
}

/** Where a tag that starts at `start` (the `<`) ends: the first `>` outside quotes, or -1. */
function tagEnd(html: string, start: number): number {
  let quote: string | null = null;
  for (let i = start + 1; i < html.length; i++) {
    const c = html[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      // Quotes only open a value right after '='; elsewhere they are just characters.
      if (/=\s*$/.test(html.slice(Math.max(start, i - 20), i))) quote = c;
    } else if (c === '>') return i;
  }
  return -1;
}

function openTag(name: string, attributeSource: string): string {
  if (name !== 'a') return `<${name}>`;
  const link = safeHref(parseAttributes(attributeSource).get('href') ?? '');
  if (!link) return '<a>';
  // Author-supplied rel/target are never kept: external links open apart and pass no opener or referrer.
  const extra = link.external ? ' target="_blank" rel="noopener noreferrer nofollow"' : '';
  return `<a href="${escapeAttribute(link.href)}"${extra}>`;
}

export function sanitizeHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let dropDepth = 0;
  let dropName = '';
  let i = 0;
  const emit = (text: string) => {
    if (dropDepth === 0) out += text;
  };

  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      emit(escapeText(html.slice(i)));
      break;
    }
    emit(escapeText(html.slice(i, lt)));
    i = lt;

    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    const next = html[i + 1] ?? '';
    if (next === '!' || next === '?') {
      // Doctype, CDATA, processing instructions: never content.
      const end = html.indexOf('>', i);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    const closing = next === '/';
    const nameMatch = TAG_NAME.exec(html.slice(i + (closing ? 2 : 1), i + 80));
    if (!nameMatch) {
      // '<' not starting a tag ('a < b', '</ >') is text.
      emit('&lt;');
      i += 1;
      continue;
    }
    const tagName = nameMatch[0].toLowerCase();
    const end = tagEnd(html, i);
    if (end === -1) {
      // An unterminated tag at the end: the browser would drop it; so do we.
      break;
    }
    const nameEnd = i + (closing ? 2 : 1) + nameMatch[0].length;
    const attributeSource = html.slice(nameEnd, end);
    i = end + 1;

    if (dropDepth > 0) {
      if (tagName === dropName) dropDepth += closing ? -1 : /\/\s*$/.test(attributeSource) ? 0 : 1;
      continue;
    }
    const name = ALIASES[tagName] ?? tagName;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    if (RAW_TEXT.has(name)) {
      const close = html.toLowerCase().indexOf(`</${name}`, i);
      if (close === -1) break;
      const closeEnd = html.indexOf('>', close);
      i = closeEnd === -1 ? html.length : closeEnd + 1;
      continue;
    }
    if (DROP_WITH_CONTENT.has(name)) {
      if (!/\/\s*$/.test(attributeSource)) {
        dropDepth = 1;
        dropName = name;
      }
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    out += openTag(name, attributeSource);
    if (!VOID.has(name)) open.push(name);
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}
