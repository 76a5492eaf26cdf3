import { defaultAppConfig } from '@studio/shared/config/app-config';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyBranding, insertTrackingCodes } from './theme';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('tracking codes', () => {
  it('adds the head and body snippets from the config, with scripts rebuilt so the browser runs them', () => {
    applyBranding({
      ...defaultAppConfig(),
      head_tracking_codes: '<meta name="google-site-verification" content="abc"><script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>',
      body_tracking_codes: '<noscript><img src="https://px.example.com/p.gif" alt=""></noscript><script>window.tracked = true;</script>',
    });
    expect(document.head.querySelector('meta[name="google-site-verification"]')).toHaveAttribute('content', 'abc');
    const headScript = document.head.querySelector('script[src^="https://www.googletagmanager.com"]');
    expect(headScript).toHaveAttribute('async');
    expect(headScript?.ownerDocument).toBe(document);
    expect(document.body.querySelector('noscript')).not.toBeNull();
    expect(document.body.querySelector('script')?.textContent).toBe('window.tracked = true;');
  });

  it('creates each script afresh: one parsed from HTML would never run', () => {
    const created = vi.spyOn(document, 'createElement');
    const target = document.createElement('div');
    insertTrackingCodes(target, '<script data-x="1">1</script>');
    const inserted = target.querySelector('script');
    expect(created.mock.results.map((result): unknown => result.value)).toContain(inserted);
    expect(inserted).toHaveAttribute('data-x', '1');
    expect(inserted?.textContent).toBe('1');
    created.mockRestore();
  });

  it('adds nothing when no codes are configured', () => {
    applyBranding(defaultAppConfig());
    expect(document.head.querySelector('script')).toBeNull();
    expect(document.body.querySelector('script')).toBeNull();
  });
});
