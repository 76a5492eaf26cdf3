import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

interface HeaderRule {
  source: string;
  headers: Array<{ key: string; value: string }>;
}

const firebase = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../firebase.json'), 'utf8')) as { hosting: { headers?: HeaderRule[] } };

/** The headers Hosting sends with every page of the SPA (the rule for every path). */
function spaHeaders(): Record<string, string> {
  const rule = firebase.hosting.headers?.find((candidate) => candidate.source === '**');
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

  it('leaves caching to its own rules (hashed assets are another issue)', () => {
    expect(spaHeaders()['cache-control']).toBeUndefined();
  });
});
