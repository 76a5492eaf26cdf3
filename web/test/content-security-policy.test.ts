import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  contentSecurityPolicy,
  inlineScripts,
  parserInsertedLoads,
  unhashedScripts,
  withContentSecurityPolicy,
} from '../build/content-security-policy';
import { preloadScript } from '../build/route-preloads';

const indexHtml = readFileSync(resolve(import.meta.dirname, '../index.html'), 'utf8');

/** Vite's tags for the entry, as it writes them into the head. */
const entryTags = [
  '<script type="module" crossorigin src="/assets/index.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react.js">',
  '<link rel="modulepreload" crossorigin href="/assets/app-config.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index.css">',
];

/** index.html as Vite leaves it: the entry as a module file with its preloads and stylesheet, the route preloads' inline script at the end of the head. */
function builtPage(): string {
  const preloads = preloadScript({ '/paquetes': ['/assets/shop-screen.js', '/assets/shop.css'] }, { '/paquetes': { reads: ['/class_packages'] } });
  return indexHtml
    .replace('<script type="module" src="/src/main.tsx"></script>', '')
    .replace('</head>', `    ${entryTags.join('\n    ')}\n<script>${preloads}</script>\n</head>`);
}

/** What the loader script adds to a fresh document, run as the browser would. */
function runLoader(code: string, readyState: string): { added: string[]; onParsed: () => void } {
  const added: string[] = [];
  let onParsed = () => {};
  const document = {
    readyState,
    head: { appendChild: (element: { describe: () => string }) => added.push(element.describe()) },
    addEventListener: (event: string, listener: () => void) => {
      if (event === 'DOMContentLoaded') onParsed = listener;
    },
    createElement: (tag: string) => {
      const attributes: Record<string, string> = {};
      const element = {
        async: true,
        setAttribute: (name: string, value: string) => (attributes[name] = value),
        describe: () => `${tag} ${JSON.stringify(attributes)}${tag === 'script' ? ` async=${String(element.async)}` : ''}`,
      };
      return element;
    },
  };
  new Function('document', code)(document);
  return { added, onParsed: () => onParsed() };
}

/** The page's meta policy as directive → sources. */
function metaPolicy(html: string): Record<string, string[]> {
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1];
  if (content === undefined) throw new Error('no policy');
  return Object.fromEntries(
    content
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

describe('content security policy of index.html', () => {
  it('allows exactly the inline scripts of the page, by hash, and never inline script in general', () => {
    const page = withContentSecurityPolicy(builtPage());
    const scripts = inlineScripts(page);
    // The entry's loader (where Vite put the entry), the route preloads (build/route-preloads.ts, in the head) and the config fetch (index.html's body).
    expect(scripts).toHaveLength(3);
    expect(scripts[0]).toContain('/assets/index.js');
    expect(scripts[2]).toContain("fetch('/api/appconfig')");
    const scriptSrc = metaPolicy(page)['script-src'] ?? [];
    for (const code of scripts) expect(scriptSrc).toContain(sha256(code));
    // 'strict-dynamic' with hashes: a CSP3 browser ignores 'unsafe-inline', 'self' and https: (fallbacks for older ones; CSP2 ignores 'unsafe-inline' beside hashes).
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc.filter((source) => source.startsWith("'sha256-"))).toHaveLength(3);
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(unhashedScripts(page)).toEqual([]);
  });

  it("replaces the parser's entry script and module preloads with the hashed loader, in their place and order", () => {
    const page = withContentSecurityPolicy(builtPage());
    expect(parserInsertedLoads(page)).toEqual([]);
    // The stylesheet stays a tag (style-src is not strict-dynamic); the loader sits where the entry script was.
    const loaderAt = page.indexOf('<script>(function(){var l=');
    expect(loaderAt).toBeGreaterThan(0);
    expect(page.indexOf(entryTags[3] ?? '')).toBeGreaterThan(loaderAt);
    expect(page.indexOf('</head>')).toBeGreaterThan(loaderAt);

    const loader = inlineScripts(page)[0] ?? '';
    const link = (href: string) => `link ${JSON.stringify({ rel: 'modulepreload', crossorigin: '', href })}`;
    const entry = `script ${JSON.stringify({ type: 'module', crossorigin: '', src: '/assets/index.js' })} async=false`;
    // While the document is parsed: the downloads start at once, the entry runs once #root and the config fetch exist (as the deferred module did).
    const parsing = runLoader(loader, 'loading');
    expect(parsing.added).toEqual([link('/assets/index.js'), link('/assets/react.js'), link('/assets/app-config.js')]);
    parsing.onParsed();
    expect(parsing.added.at(-1)).toBe(entry);
    expect(runLoader(loader, 'interactive').added.at(-1)).toBe(entry);

    expect(() => withContentSecurityPolicy(builtPage().replace('</head>', '<script src="/legacy.js"></script></head>'))).toThrow(/not a module script/);
  });

  it('hashes no data block, and names a script added after it', () => {
    const page = withContentSecurityPolicy(
      '<html><head><meta charset="UTF-8" /><script type="application/ld+json">{"@type":"Organization"}</script></head><body></body></html>',
    );
    expect(metaPolicy(page)['script-src']?.filter((source) => source.startsWith("'sha256-"))).toEqual([]);
    expect(unhashedScripts(page.replace('</body>', '<script>alert(1)</script></body>'))).toEqual(['alert(1)']);
  });

  it('goes right after the charset, before anything that loads (a meta policy covers only what follows it)', () => {
    const page = withContentSecurityPolicy(builtPage());
    const policyAt = page.indexOf('http-equiv="Content-Security-Policy"');
    expect(page.indexOf('<meta charset="UTF-8" />')).toBeLessThan(policyAt);
    expect(page.search(/<(script|link|style)\b/)).toBeGreaterThan(policyAt);
    expect(() => withContentSecurityPolicy('<html><head><script>1</script><meta charset="UTF-8" /></head></html>')).toThrow(/before the policy/);
  });

  it('lets Stripe, PayPal and Firebase Auth work, in production and on the local stack', () => {
    const policy = metaPolicy(withContentSecurityPolicy(builtPage()));
    // Stripe.js and PayPal's SDK are added by our bundle: 'strict-dynamic' trusts them wherever they come from.
    expect(policy['script-src']).toContain("'strict-dynamic'");
    // Any https API: Stripe's, PayPal's, Firebase Auth's and the beacons of whatever tracking vendor the admin configures.
    expect(policy['connect-src']).toContain('https:');
    // Stripe's card, 3-D Secure and OXXO frames (js.stripe.com, hooks.stripe.com) and PayPal's are https pages.
    expect(policy['frame-src']).toContain('https:');
    // emulators/start.ts: the Auth emulator and the Stripe and PayPal fakes.
    expect(policy['connect-src']).toEqual(expect.arrayContaining(['http://127.0.0.1:9099', 'http://127.0.0.1:12111']));
    expect(policy['frame-src']).toEqual(expect.arrayContaining(['http://127.0.0.1:12111', 'http://127.0.0.1:12112']));
    expect(policy['img-src']).toContain('https:');
    expect(policy['object-src']).toEqual(["'none'"]);
    // Ignored in a meta policy: it lives in Hosting's header (firebase.json).
    expect(policy['frame-ancestors']).toBeUndefined();
    expect(Object.keys(CONTENT_SECURITY_POLICY)).toEqual(Object.keys(policy));
  });

  it('fails the build when the emitted index.html has a script its policy does not allow or the parser would load', () => {
    const plugin = contentSecurityPolicy();
    const generateBundle = plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
    const context = {
      error(message: string): never {
        throw new Error(message);
      },
    };
    const bundleWith = (source: string) => ({ 'index.html': { type: 'asset', fileName: 'index.html', source } });
    const page = withContentSecurityPolicy(builtPage());
    expect(() => generateBundle.call(context, {}, bundleWith(page))).not.toThrow();
    expect(() => generateBundle.call(context, {}, bundleWith(page.replace('</body>', '<script>late()</script></body>')))).toThrow(/1 inline script/);
    expect(() => generateBundle.call(context, {}, bundleWith(builtPage()))).toThrow(/inline script/);
    expect(() => generateBundle.call(context, {}, bundleWith(page.replace('</head>', `${entryTags[0] ?? ''}</head>`)))).toThrow(/1 <script src>/);
    expect(() => generateBundle.call(context, {}, bundleWith(page.replace('</head>', `${entryTags[1] ?? ''}</head>`)))).toThrow(/modulepreload/);
    expect((plugin as Plugin).apply).toBe('build');
  });
});
