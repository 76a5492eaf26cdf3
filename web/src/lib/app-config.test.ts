import { afterEach, describe, expect, it } from 'vitest';
import { type FetchCall, mockFetch } from '../../test/helpers';
import { loadAppConfig } from './app-config';

afterEach(() => {
  delete window.__studioConfig;
});

describe('loadAppConfig', () => {
  it('takes the configuration index.html already asked for, without asking again', async () => {
    const { calls } = mockFetch(() => ({ body: [] }));
    window.__studioConfig = Promise.resolve([{ key: 'business_name', value: 'Pulso' }]);
    const config = await loadAppConfig();
    expect(config.business_name).toBe('Pulso');
    expect(calls).toEqual([]);
    expect(window.__studioConfig).toBeUndefined();
  });

  it('asks through the API client when the early request failed or is missing', async () => {
    const { calls } = mockFetch((call: FetchCall) => (call.url === '/api/appconfig' ? { body: [{ key: 'business_name', value: 'Ritmo' }] } : undefined));
    window.__studioConfig = Promise.resolve(null);
    expect((await loadAppConfig()).business_name).toBe('Ritmo');
    expect((await loadAppConfig()).business_name).toBe('Ritmo');
    expect(calls.map((call) => call.url)).toEqual(['/api/appconfig', '/api/appconfig']);
  });
});
