import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * The local stack's own origins (emulators/start.ts): the Auth emulator and
 * the Stripe and PayPal fakes. The same web/dist runs there and in
 * production, so they are in the one policy; each is an exact loopback port,
 * which only a program on the visitor's own machine could answer.
 */
const LOCAL_AUTH = 'http://127.0.0.1:9099';
const LOCAL_STRIPE = 'http://127.0.0.1:12111';
const LOCAL_PAYPAL = 'http://127.0.0.1:12112';

/**
 * Where index.html may load from (docs/security "Headers and CORS", ADR 0100).
 * `script-src` is a "strict" policy: the build's inline-script hashes (added
 * per page) and `'strict-dynamic'`, which lets a script those hashes trust
 * create more scripts (the entry the loader below inserts, its lazy chunks,
 * Stripe.js, PayPal's SDK, the admin's tracking codes and what they load)
 * while nothing parser-inserted runs without a hash. A browser that knows
 * `'strict-dynamic'` ignores host and scheme sources and `'unsafe-inline'`
 * here; the last three are only for one that does not: CSP2 honours the
 * hashes and ignores `'unsafe-inline'` beside them, CSP1 knows neither and
 * falls back to `'unsafe-inline'` (no worse than no policy).
 * `connect-src https:`: the admin's tracking vendors send beacons to hosts
 * we cannot list; a script that runs can send data out anyway (an image, a
 * navigation), so script-src is the defence, not connect-src.
 */
export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'strict-dynamic'", "'self'", 'https:', "'unsafe-inline'"],
  'connect-src': ["'self'", 'https:', LOCAL_AUTH, LOCAL_STRIPE],
  // Any https page: a video's url may be any player (Vimeo, YouTube, a streaming page); Stripe's card, 3-D Secure and OXXO frames and PayPal's are among them.
  'frame-src': ['https:', LOCAL_STRIPE, LOCAL_PAYPAL],
  // Catalogue images, logos and video files may be any https address; data: and blob: are the bundle's inline images and local previews.
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'media-src': ["'self'", 'blob:', 'https:'],
  // The studio's app_css (an admin's <style>, web fonts it imports) and the processors' scripts set inline styles.
  'style-src': ["'self'", "'unsafe-inline'", 'https:'],
  'font-src': ["'self'", 'data:', 'https:'],
  'object-src': ["'none'"],
};

/** Script types a browser never runs (data blocks): nothing to allow. */
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(ld\+)?json/i;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The code of every inline script the browser will run, exactly as written between its tags. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(SCRIPT)]
    .filter(([, attributes = '']) => !/\bsrc\s*=/i.test(attributes) && !DATA_BLOCK.test(attributes))
    .map(([, , code = '']) => code);
}

/** A CSP hash source: base64 SHA-256 of the script's UTF-8 text. */
export function scriptHash(code: string): string {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}

/** The policy for one page: the directives, with the page's inline scripts hashed into script-src. */
export function policyFor(html: string): string {
  const hashes = [...new Set(inlineScripts(html).map(scriptHash))];
  return Object.entries(CONTENT_SECURITY_POLICY)
    .map(([directive, sources]) => [directive, ...sources, ...(directive === 'script-src' ? hashes : [])].join(' '))
    .join('; ');
}

/** Inline scripts of a page whose hash its own <meta> policy lacks (all of them when it has none). */
export function unhashedScripts(html: string): string[] {
  const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/i.exec(html)?.[1] ?? '';
  const scriptSources = policy.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
  return inlineScripts(html).filter((code) => !scriptSources.split(/\s+/).includes(scriptHash(code)));
}

/** A <script src> or <link rel=modulepreload> as the parser reads it: under 'strict-dynamic' neither is trusted. */
const PARSER_LOAD = /<script\b(?=[^>]*\bsrc\s*=)[^>]*>\s*<\/script\s*>|<link\b(?=[^>]*\brel\s*=\s*["']?modulepreload\b)[^>]*>/gi;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

/** The external scripts and module preloads the page leaves to the parser, as written. */
export function parserInsertedLoads(html: string): string[] {
  return [...html.matchAll(PARSER_LOAD)].map(([tag]) => tag);
}

type Element = [tag: 'link' | 'script', attributes: Record<string, string>];

function element(tag: string): Element {
  const [, name = '', attributes = ''] = /^<(\w+)([^>]*)>/.exec(tag) ?? [];
  const parsed = Object.fromEntries(
    [...attributes.matchAll(ATTRIBUTE)].map(([, key = '', double, single, bare]) => [key.toLowerCase(), double ?? single ?? bare ?? '']),
  );
  if (name.toLowerCase() === 'link') return ['link', parsed];
  // A classic script would run at once where it was, blocking the parser: the loader cannot keep that, and Vite writes none.
  if (parsed.type !== 'module') throw new Error(`content-security-policy: ${tag} is not a module script; load it from the entry instead`);
  return ['script', parsed];
}

/**
 * The inline script that replaces the parser's loads: the module preloads
 * now, in their order, plus one for each entry so its download starts as
 * early as before; the entry scripts once the document is parsed, which is
 * when the parser ran them (a module script is deferred; one a script adds is
 * not, and must not run before #root and the config fetch exist).
 */
function loaderScript(elements: readonly Element[]): string {
  const scripts = elements.filter(([tag]) => tag === 'script');
  const links: Element[] = elements.flatMap(([tag, attributes]): Element[] =>
    tag === 'link'
      ? [[tag, attributes]]
      : [['link', { rel: 'modulepreload', ...('crossorigin' in attributes ? { crossorigin: attributes.crossorigin ?? '' } : {}), href: attributes.src ?? '' }]],
  );
  // `<` escaped: an attribute's text must not close the script element.
  const json = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');
  return `(function(){var l=${json(links)},s=${json(scripts)};function add(t){var e=document.createElement(t[0]);for(var k in t[1])e.setAttribute(k,t[1][k]);if(t[0]==='script')e.async=false;document.head.appendChild(e)}l.forEach(add);function run(){s.forEach(add)}if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',run);else run()})();`;
}

/**
 * The page with Vite's entry <script type=module src> and <link
 * rel=modulepreload> tags replaced by one inline loader where the first of
 * them was: 'strict-dynamic' trusts what a hashed script creates, never what
 * the parser inserts.
 */
function withScriptLoader(html: string): string {
  const tags = parserInsertedLoads(html);
  if (tags.length === 0) return html;
  const first = html.search(PARSER_LOAD);
  const rest = html.slice(first).replace(new RegExp(`[ \\t]*(?:${PARSER_LOAD.source})[ \\t]*\\n?`, 'gi'), '');
  return `${html.slice(0, first)}<script>${loaderScript(tags.map(element))}</script>\n${rest}`;
}

const CHARSET = /<meta\s+charset\s*=[^>]*>/i;
const HEAD = /<head\b[^>]*>/i;

/**
 * The page with its scripts' loader and its policy as a <meta http-equiv>
 * right after the charset (which must stay within the first 1024 bytes). A
 * meta policy covers only what follows it, so nothing that loads may come
 * before it.
 */
export function withContentSecurityPolicy(source: string): string {
  const html = withScriptLoader(source);
  const anchor = CHARSET.exec(html) ?? HEAD.exec(html);
  if (!anchor) throw new Error('content-security-policy: index.html has no <head>');
  const at = anchor.index + anchor[0].length;
  if (/<(script|link|style)\b/i.test(html.slice(0, at))) throw new Error('content-security-policy: something loads before the policy');
  const meta = `\n    <meta http-equiv="Content-Security-Policy" content="${policyFor(html)}" />`;
  return html.slice(0, at) + meta + html.slice(at);
}

/**
 * Writes the entry's loader and the policy into the built index.html. Its
 * inline scripts (the loader, the config fetch, the route preloads) change
 * with every build, so their hashes are
 * taken here from the final HTML; Hosting's static headers (firebase.json)
 * cannot know them. Listed last among the plugins: it must see every other
 * plugin's inline script. Not in the dev server, whose own inline scripts
 * (React refresh) would need other rules.
 */
export function contentSecurityPolicy(): Plugin {
  return {
    name: 'content-security-policy',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: { order: 'post', handler: withContentSecurityPolicy },
    // A later change to the page (a plugin listed after this one) would leave a script or a parser's load the policy blocks: the build fails instead.
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      const html = page?.type === 'asset' ? String(page.source) : '';
      if (!html) this.error('content-security-policy: no index.html');
      const unlisted = unhashedScripts(html);
      if (unlisted.length > 0) this.error(`content-security-policy: index.html has ${unlisted.length} inline script(s) its policy does not allow`);
      const parsed = parserInsertedLoads(html);
      if (parsed.length > 0)
        this.error(`content-security-policy: index.html has ${parsed.length} <script src> or modulepreload link(s) 'strict-dynamic' does not trust`);
    },
  };
}
