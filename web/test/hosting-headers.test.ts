import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

interface HeaderRule {
  source?: string;
  regex?: string;
  headers: Array<{ key: string; value: string }>;
}

// The Hosting emulator's own matcher (globs by minimatch, `regex` by RE2 or RegExp), so this test reads the rules as the emulator does.
const { configMatcher } = createRequire(import.meta.url)('superstatic/lib/utils/patterns.js') as {
  configMatcher: (path: string, rule: HeaderRule) => boolean;
};

const firebase = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../firebase.json'), 'utf8')) as { hosting: { headers?: HeaderRule[] } };

/** The headers Hosting sends with every page of the SPA: the security rule, which matches every path but those the function answers (they keep its own headers: docs/security). */
function spaHeaders(): Record<string, string> {
  const rule = firebase.hosting.headers?.find(
    (candidate) => configMatcher('/mystudio/reservas', candidate) && candidate.headers.some(({ key }) => key.toLowerCase() === 'content-security-policy'),
  );
  return Object.fromEntries((rule?.headers ?? []).map(({ key, value }) => [key.toLowerCase(), value]));
}

describe('Hosting headers for the SPA (firebase.json)', () => {
  it('forbids framing the app, in the CSP and in the legacy header alike', () => {
    const headers = spaHeaders();
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(headers['x-frame-options']).toBe('DENY');
  });

  it('keeps the CSP header to what a meta policy cannot say or must not depend on, so the two never disagree on scripts', () => {
    const directives = (spaHeaders()['content-security-policy'] ?? '').split(';').map((directive) => directive.trim().split(/\s+/)[0]);
    expect(directives).toEqual(['frame-ancestors', 'base-uri', 'form-action']);
  });

  it('pins https for a year with subdomains, and sends the referrer, sniffing and permissions rules', () => {
    const headers = spaHeaders();
    const maxAge = Number(/max-age=(\d+)/.exec(headers['strict-transport-security'] ?? '')?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
    expect(headers['strict-transport-security']).toContain('includeSubDomains');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-content-type-options']).toBe('nosniff');
    // The admin check-in scans QR codes with the camera; Stripe's and PayPal's frames may ask for the Payment Request API.
    expect(headers['permissions-policy']).toContain('camera=(self)');
    expect(headers['permissions-policy']).toMatch(/payment=\(self "https:\/\/js\.stripe\.com" "https:\/\/www\.paypal\.com"/);
  });

  it('leaves caching to its own rules', () => {
    expect(spaHeaders()['cache-control']).toBeUndefined();
  });
});

/** Every rule matching a path, in order, the later one winning on the same header (Hosting and its emulator agree on this). */
function headersFor(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of firebase.hosting.headers ?? []) {
    if (configMatcher(path, rule)) for (const { key, value } of rule.headers) out[key.toLowerCase()] = value;
  }
  return out;
}

describe('Hosting caching (firebase.json; docs/public-site "Caching")', () => {
  it('hashed assets are kept a year and never revalidated', () => {
    for (const path of ['/assets/index-D7mJ6SEa.js', '/assets/admin-area-BJNEVh-9.css', '/assets/fonts/inter.woff2']) {
      expect(headersFor(path)['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('index.html and every route of the SPA (served index.html) are revalidated on each visit, so a deploy is seen at once', () => {
    for (const path of ['/', '/index.html', '/calendario', '/paquetes/4', '/admin/horario', '/apartado', '/a', '/ap', '/apis', '/mi-cuenta/compras']) {
      expect(headersFor(path)['cache-control'], path).toBe('no-cache');
    }
  });

  it('leaves the function’s answers to the function (the API, sitemap and manifest set their own) and other files to Hosting’s default', () => {
    for (const path of ['/api/appconfig', '/api/single_class/single/1', '/api', '/sitemap.xml', '/manifest.webmanifest', '/brand/logo.svg']) {
      expect(headersFor(path)['cache-control'], path).toBeUndefined();
    }
  });
});
