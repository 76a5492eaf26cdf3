import { sanitizeHtml } from '@studio/shared/format/sanitize-html';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPage, updatePage } from '../../../src/services/pages';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
beforeEach(() => {
  env = testEnv();
});
afterEach(async () => {
  await env.cleanup();
});

describe('pages: HTML sanitised on write', () => {
  it('stores created content without scripts, handlers or unsafe links', async () => {
    const page = await createPage(env.deps, {
      title: 'Aviso',
      slug: 'aviso',
      content: '<p onclick="x">Hola<script>alert(1)</script></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">y</a>',
    });
    expect(page.content).toBe('<p>Hola</p><a>y</a>');
    const stored = (await env.store.doc(`pages/${page.page_id}`).get()).data() as { content: string };
    expect(stored.content).toBe('<p>Hola</p><a>y</a>');
  });

  it('sanitises on update, and content that sanitises to nothing is stored as null', async () => {
    const page = await createPage(env.deps, { title: 'Aviso', slug: 'aviso', content: '<p>x</p>' });
    const updated = await updatePage(env.deps, { page_id: page.page_id, title: 'Aviso', slug: 'aviso', content: '<svg><script>alert(1)</script></svg>' });
    expect(updated.content).toBeNull();
    const linked = await updatePage(env.deps, { page_id: page.page_id, title: 'Aviso', slug: 'aviso', content: '<a href="https://a.mx">a</a>' });
    expect(linked.content).toBe('<a href="https://a.mx" target="_blank" rel="noopener noreferrer nofollow">a</a>');
  });
});

// Fragments an attacker would combine; any mix of them must come out inert and stable.
const FRAGMENTS = [
  '<',
  '>',
  '/',
  '"',
  "'",
  '=',
  ' ',
  '&',
  '#',
  ';',
  'script',
  'svg',
  'a',
  'p',
  'img',
  'href',
  'onerror',
  'javascript:',
  'https://x.mx',
  '<!--',
  '-->',
  '\t',
  'x',
];

describe('sanitizeHtml on arbitrary input', () => {
  it('never lets a script, a handler or a javascript: link through, and is idempotent', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }), (parts) => {
        const out = sanitizeHtml(parts.join(''));
        expect(out).not.toMatch(/<(?!\/?(p|h2|h3|h4|strong|em|u|s|a|ul|ol|li|blockquote|br|hr)[ >])/i);
        // Inside tags only: 'onerror=' as visible text is harmless.
        for (const tag of out.match(/<[^>]*>/g) ?? [])
          expect(tag).toMatch(
            /^<\/?[a-z0-9]+( href="(https?:\/\/|mailto:|[^"a-z:]|[a-z0-9.\-_~%]*[/?#"])[^"]*"( target="_blank" rel="noopener noreferrer nofollow")?)?>$/,
          );
        expect(sanitizeHtml(out)).toBe(out);
      }),
      { numRuns: 2000 },
    );
  });
});
