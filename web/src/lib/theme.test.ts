import { readFileSync } from 'node:fs';
import { defaultAppConfig } from '@studio/shared/config/app-config';
import { describe, expect, it } from 'vitest';
import { resolveLink, whatsappUrl } from './links';
import { packagesPath } from './paths';
import { accessibleShade, applyBranding, contrastRatio } from './theme';

describe('branding', () => {
  it('sets the theme variables, favicon, title and the studio CSS from the config', () => {
    applyBranding({
      ...defaultAppConfig(),
      business_name: 'Estudio Pulso',
      primary: '#123456',
      'primary-light': '#abcdef',
      favicon: '/brand/otro.svg',
      app_css: '.hero { color: red; }',
    });
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--primary')).toBe('#123456');
    expect(style.getPropertyValue('--primary-light')).toBe('#abcdef');
    expect(style.getPropertyValue('--accent')).toBe('#2b9fa8');
    expect(document.title).toBe('Estudio Pulso');
    expect(document.head.querySelector('link[rel="icon"]')).toHaveAttribute('href', '/brand/otro.svg');
    expect(document.getElementById('app-css')).toHaveTextContent('.hero { color: red; }');
  });

  it('darkens a light brand colour until white text on it and it on the light background pass WCAG AA', () => {
    const shade = accessibleShade('#d9485f', ['#f7f5f2']);
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shade, '#f7f5f2')).toBeGreaterThanOrEqual(4.5);
    // Already dark enough: unchanged.
    expect(accessibleShade('#1f1d2b', ['#f7f5f2'])).toBe('#1f1d2b');
  });

  it('ships stylesheet defaults that match the default config, so the first paint already passes', () => {
    const styles = readFileSync(`${import.meta.dirname}/../styles/tokens.css`, 'utf8');
    const defaults = defaultAppConfig();
    const cssVariable = (name: string) => new RegExp(`--${name}: (#[0-9a-f]{6});`).exec(styles)?.[1];
    for (const key of ['primary', 'accent', 'dark', 'gray', 'light', 'primary-light'] as const) expect(cssVariable(key)).toBe(defaults[key]);
    expect(cssVariable('primary-strong')).toBe(accessibleShade(String(defaults.primary), [String(defaults.light)]));
  });
});

describe('links', () => {
  it('routes app paths and studio-domain URLs inside the app, and leaves other URLs alone', () => {
    expect(resolveLink('/paquetes', 'estudio.mx')).toEqual({ kind: 'internal', to: '/paquetes' });
    expect(resolveLink('https://estudio.mx/checkout/3?x=1#top', 'estudio.mx')).toEqual({ kind: 'internal', to: '/checkout/3?x=1#top' });
    expect(resolveLink('estudio.mx/avisos', 'estudio.mx')).toEqual({ kind: 'internal', to: '/avisos' });
    expect(resolveLink('https://instagram.com/estudio', 'estudio.mx')).toEqual({ kind: 'external', href: 'https://instagram.com/estudio' });
    expect(resolveLink('//cdn.example.com/x', 'estudio.mx')).toEqual({ kind: 'external', href: '//cdn.example.com/x' });
  });

  it('builds wa.me links with the requested Mexican prefix', () => {
    expect(whatsappUrl('55 1234 5678', '521')).toBe('https://wa.me/5215512345678');
    expect(whatsappUrl('5512345678', '52')).toBe('https://wa.me/525512345678');
  });

  it('normalises the configured packages path', () => {
    expect(packagesPath('/paquetes')).toBe('/paquetes');
    expect(packagesPath('clases')).toBe('/clases');
    expect(packagesPath('')).toBe('/paquetes');
  });
});
