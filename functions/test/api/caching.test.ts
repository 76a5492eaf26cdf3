/**
 * Cache headers as a visitor receives them through the Hosting emulator:
 * firebase.json's rules for the SPA and its hashed assets, and the function's
 * own for the API (which Hosting's rules must not overwrite).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, BASE_URL, newCustomer } from './support';

const assetsDir = path.resolve(import.meta.dirname, '../../../web/dist/assets');

describe('caching through Hosting', () => {
  it('hashed assets are immutable for a year; index.html and the SPA’s routes are revalidated', async () => {
    const script = readdirSync(assetsDir).find((name) => name.endsWith('.js'));
    expect(script).toBeDefined();
    const asset = await fetch(`${BASE_URL}/assets/${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const page of ['/', '/calendario', '/paquetes']) {
      const response = await fetch(`${BASE_URL}${page}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control'), page).toBe('no-cache');
    }
  });

  it('public reads reach the visitor with the function’s shared-cache lifetime; signed-in reads stay no-store', async () => {
    const config = await api('GET', '/api/appconfig');
    expect(config.status).toBe(200);
    expect(config.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300');
    expect(config.headers.get('vary')).toMatch(/Authorization/i);
    const week = await api('GET', '/api/single_class');
    expect(week.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10');

    const { token } = await newCustomer();
    const mine = await api('GET', '/api/single_class', { token });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('no-store');
  });
});
