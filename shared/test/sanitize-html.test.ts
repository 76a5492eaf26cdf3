import { describe, expect, it } from 'vitest';
import { safeHref, sanitizeHtml } from '../src/format/sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps the allowed formatting as it is', () => {
    const html =
      '<h2>Título</h2><p>Hola <strong>fuerte</strong>, <em>énfasis</em>, <u>sub</u> y <s>tachado</s>.</p><ul><li>uno</li></ul><ol><li>dos</li></ol><blockquote>cita</blockquote><p>a<br>b</p><hr><h3>x</h3><h4>y</h4>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops script and style elements with their content', () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeHtml('<style>body{display:none}</style>ok')).toBe('ok');
    expect(sanitizeHtml('<SCRIPT SRC=//evil.js></SCRIPT>x')).toBe('x');
    // A closing tag inside a script is script text, not markup.
    expect(sanitizeHtml('<script>"</p><img src=x onerror=alert(1)>"</script>y')).toBe('y');
    // An unterminated script takes the rest of the input with it.
    expect(sanitizeHtml('a<script>alert(1)')).toBe('a');
  });

  it("writes the editor's browser tags as the allowed ones", () => {
    expect(sanitizeHtml('<b>a</b><i>b</i><strike>c</strike><del>d</del><h1>e</h1>')).toBe('<strong>a</strong><em>b</em><s>c</s><s>d</s><h2>e</h2>');
    expect(sanitizeHtml('<B>a</strong>')).toBe('<strong>a</strong>');
  });

  it('strips event handlers, styles and every other attribute', () => {
    expect(sanitizeHtml('<img src=x onerror=alert(1)>')).toBe('');
    expect(sanitizeHtml('<p onclick="alert(1)" style="color:red" class="x">t</p>')).toBe('<p>t</p>');
    expect(sanitizeHtml('<P ONMOUSEOVER=alert(1)>t</P>')).toBe('<p>t</p>');
    expect(sanitizeHtml("<strong title='a>b' onclick=x>t</strong>")).toBe('<strong>t</strong>');
  });

  it('keeps the text of unknown tags but not the tags', () => {
    expect(sanitizeHtml('<div><span>hola</span></div>')).toBe('hola');
    expect(sanitizeHtml('<iframe src="https://evil"></iframe>z')).toBe('z');
  });

  it('drops svg and math subtrees, nested ones included', () => {
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
    expect(sanitizeHtml('<svg onload=alert(1)><svg><g/></svg><a href="javascript:x">t</a></svg>fin')).toBe('fin');
    expect(sanitizeHtml('<math><mtext><img src=x onerror=alert(1)></mtext></math>ok')).toBe('ok');
    expect(sanitizeHtml('<svg/>ok')).toBe('ok');
  });

  it('allows only safe link targets and forces rel and target', () => {
    expect(sanitizeHtml('<a href="https://ejemplo.mx/a?b=1&c=2" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://ejemplo.mx/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeHtml('<a href="/paquetes">x</a>')).toBe('<a href="/paquetes">x</a>');
    expect(sanitizeHtml('<a href="mailto:hola@ejemplo.mx" target="_blank">x</a>')).toBe('<a href="mailto:hola@ejemplo.mx">x</a>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=JaVaScRiPt:alert(1)>x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="&#106;avascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="&#x6A;ava&Tab;script&colon;alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" java\tscript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="//evil.com">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="/\\evil.com">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="https://x.mx" href="javascript:alert(1)">x</a>')).toContain('href="https://x.mx"');
    expect(sanitizeHtml('<a href="https://x.mx/"onclick="alert(1)">x</a>')).not.toContain('onclick');
  });

  it('escapes text so it can never become markup, keeping valid entities', () => {
    expect(sanitizeHtml('a < b > c & d')).toBe('a &lt; b &gt; c &amp; d');
    expect(sanitizeHtml('&lt;script&gt; &aacute; &#233; &#xE9;')).toBe('&lt;script&gt; &aacute; &#233; &#xE9;');
    expect(sanitizeHtml('<<script>alert(1)</script>p>')).toBe('&lt;p&gt;');
    expect(sanitizeHtml('</ p>x')).toBe('&lt;/ p&gt;x');
  });

  it('removes comments, doctypes and CDATA', () => {
    expect(sanitizeHtml('<!-- <script>alert(1)</script> -->a<!DOCTYPE html><![CDATA[<x>]]>b')).toBe('a]]&gt;b');
    expect(sanitizeHtml('a<!-- unterminated <script>')).toBe('a');
  });

  it('balances tags: closes what is open, drops stray closings', () => {
    expect(sanitizeHtml('<p><strong>abierto')).toBe('<p><strong>abierto</strong></p>');
    expect(sanitizeHtml('</p>x</em>')).toBe('x');
    expect(sanitizeHtml('<ul><li>a<li>b</ul>')).toBe('<ul><li>a<li>b</li></li></ul>');
    expect(sanitizeHtml('<p>a</br></p>')).toBe('<p>a</p>');
    expect(sanitizeHtml('<p>a<img src=x onerror="alert(1)"')).toBe('<p>a</p>');
  });

  it('drops forbidden tags nested inside allowed ones', () => {
    expect(sanitizeHtml('<p><em><script>alert(1)</script>ok</em></p>')).toBe('<p><em>ok</em></p>');
    expect(sanitizeHtml('<p><form action=x><input onfocus=alert(1) autofocus>t</form></p>')).toBe('<p>t</p>');
  });
});

describe('safeHref', () => {
  it('accepts http(s), mailto and same-site relative links', () => {
    expect(safeHref('https://a.mx')).toEqual({ href: 'https://a.mx', external: true });
    expect(safeHref('http://a.mx/x')).toEqual({ href: 'http://a.mx/x', external: true });
    expect(safeHref('mailto:a@b.mx')).toEqual({ href: 'mailto:a@b.mx', external: false });
    expect(safeHref('terminos')).toEqual({ href: 'terminos', external: false });
    expect(safeHref('#arriba')).toEqual({ href: '#arriba', external: false });
    expect(safeHref('/a?x=b:c')).toEqual({ href: '/a?x=b:c', external: false });
  });

  it('refuses other schemes and protocol-relative links', () => {
    for (const href of ['javascript:alert(1)', 'vbscript:x', 'data:text/html,x', '//evil.com', 'https:evil', 'ftp://x', '', '   ', 'JAVASCRIPT&colon;x'])
      expect(safeHref(href)).toBeNull();
  });
});
