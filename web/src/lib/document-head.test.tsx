import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link, Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes, setConfig } from '../../test/helpers';
import { absoluteUrl, applyHeadTags, defaultDescription, headTags, plainSnippet, setJsonLd, siteOrigin, useDocumentHead, useScreenHead } from './document-head';

const meta = (selector: string) => document.head.querySelector<HTMLMetaElement>(`meta[${selector}]`)?.content;
const canonical = () => document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;

afterEach(() => {
  document.head.innerHTML = '';
});

describe('head tags', () => {
  it('titles a route "Title | Studio" and the landing by the studio name alone', () => {
    const config = setConfig({ business_name: 'Estudio Pulso' });
    const base = { config, routeDescription: null, origin: 'https://pulso.mx' };
    expect(headTags({ ...base, routeTitle: 'Horarios', pathname: '/calendario' }).title).toBe('Horarios | Estudio Pulso');
    expect(headTags({ ...base, routeTitle: null, pathname: '/' }).title).toBe('Estudio Pulso');
  });

  it("describes a route by its handle, else by the studio's tagline, else its about text", () => {
    const config = setConfig({ tagline: 'Muévete con nosotros.' });
    const base = { config, routeTitle: null, pathname: '/', origin: 'https://pulso.mx' };
    expect(headTags({ ...base, routeDescription: 'Compra tus clases.' }).description).toBe('Compra tus clases.');
    expect(headTags({ ...base, routeDescription: null }).description).toBe('Muévete con nosotros.');
    expect(defaultDescription(setConfig({ tagline: '', about_content: '<p>Somos un <b>estudio</b>\n boutique.</p>' }))).toBe('Somos un estudio boutique.');
  });

  it('keeps snippets to one line of at most 160 characters, cut at a word', () => {
    const long = plainSnippet(`${'palabra '.repeat(40)}`);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/palabra…$/);
  });

  it('builds one canonical URL per page and an absolute social image', () => {
    const config = setConfig({ social_media_image: '/brand/social.png' });
    const tags = headTags({ config, routeTitle: null, routeDescription: null, pathname: '/paquetes/', origin: 'https://pulso.mx' });
    expect(tags.canonical).toBe('https://pulso.mx/paquetes');
    expect(tags.image).toBe('https://pulso.mx/brand/social.png');
    expect(headTags({ config, routeTitle: null, routeDescription: null, pathname: '/', origin: 'https://pulso.mx' }).canonical).toBe('https://pulso.mx/');
    expect(absoluteUrl('https://cdn.pulso.mx/og.jpg', 'https://pulso.mx')).toBe('https://cdn.pulso.mx/og.jpg');
  });

  it('takes the origin from the configured domain unless it is loopback or empty', () => {
    expect(siteOrigin(setConfig({ domain: 'pulso.mx' }), 'http://127.0.0.1:5000')).toBe('https://pulso.mx');
    expect(siteOrigin(setConfig({ domain: 'http://pulso.test:8080/' }), 'http://127.0.0.1:5000')).toBe('http://pulso.test:8080');
    expect(siteOrigin(setConfig({ domain: 'localhost' }), 'http://127.0.0.1:5000')).toBe('http://127.0.0.1:5000');
    expect(siteOrigin(setConfig({ domain: '' }), 'http://127.0.0.1:5000')).toBe('http://127.0.0.1:5000');
  });
});

describe('applying the head', () => {
  const tags = {
    title: 'Horarios | Pulso',
    description: 'Clases.',
    canonical: 'https://pulso.mx/calendario',
    image: 'https://pulso.mx/og.png',
    siteName: 'Pulso',
  };

  it('writes the title, description, canonical link, Open Graph and Twitter card', () => {
    applyHeadTags(tags);
    expect(document.title).toBe('Horarios | Pulso');
    expect(meta('name="description"')).toBe('Clases.');
    expect(canonical()).toBe('https://pulso.mx/calendario');
    expect(meta('property="og:title"')).toBe('Horarios | Pulso');
    expect(meta('property="og:description"')).toBe('Clases.');
    expect(meta('property="og:image"')).toBe('https://pulso.mx/og.png');
    expect(meta('property="og:url"')).toBe('https://pulso.mx/calendario');
    expect(meta('property="og:type"')).toBe('website');
    expect(meta('property="og:locale"')).toBe('es_MX');
    expect(meta('property="og:site_name"')).toBe('Pulso');
    expect(meta('name="twitter:card"')).toBe('summary_large_image');
    expect(meta('name="twitter:image"')).toBe('https://pulso.mx/og.png');
  });

  it('updates the same elements on every route and drops an image that is not configured', () => {
    applyHeadTags(tags);
    applyHeadTags({ ...tags, title: 'Avisos | Pulso', canonical: 'https://pulso.mx/avisos', image: '' });
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(meta('property="og:title"')).toBe('Avisos | Pulso');
    expect(meta('property="og:image"')).toBeUndefined();
  });

  it('writes JSON-LD that no value can break out of, and removes it', () => {
    setJsonLd('test-ld', { name: '</script><script>alert(1)</script>' });
    const script = document.getElementById('test-ld');
    expect(script).toHaveAttribute('type', 'application/ld+json');
    expect(script?.textContent).not.toContain('</script>');
    expect(JSON.parse(script?.textContent ?? '')).toEqual({ name: '</script><script>alert(1)</script>' });
    setJsonLd('test-ld', null);
    expect(document.getElementById('test-ld')).toBeNull();
  });
});

describe('useDocumentHead', () => {
  function Shell() {
    useDocumentHead();
    return (
      <>
        <Link to="/calendario">Horarios</Link>
        <Outlet />
      </>
    );
  }

  it('follows the matched route’s handle as the visitor navigates', async () => {
    setConfig({ business_name: 'Pulso', tagline: 'Muévete.', domain: 'pulso.mx' });
    renderRoutes([
      {
        Component: Shell,
        children: [
          { index: true, element: <p>Inicio</p> },
          { path: '/calendario', handle: { title: 'Horarios', description: 'Las clases de la semana.' }, element: <p>Semana</p> },
        ],
      },
    ]);
    expect(document.title).toBe('Pulso');
    expect(meta('name="description"')).toBe('Muévete.');
    expect(canonical()).toBe('https://pulso.mx/');

    screen.getByRole('link', { name: 'Horarios' }).click();
    await screen.findByText('Semana');
    // The head follows in an effect after the new route renders: wait for it rather than race it.
    await waitFor(() => expect(document.title).toBe('Horarios | Pulso'));
    expect(meta('name="description"')).toBe('Las clases de la semana.');
    expect(canonical()).toBe('https://pulso.mx/calendario');
    expect(meta('property="og:url"')).toBe('https://pulso.mx/calendario');
  });
  it("takes a screen's own title and description once its data loads, and drops them when it goes", async () => {
    setConfig({ business_name: 'Pulso', tagline: 'Muévete.' });
    function Page() {
      const [loaded, setLoaded] = useState(false);
      useScreenHead(loaded ? 'Aviso de Privacidad' : null, loaded ? '<p>Cómo cuidamos tus datos.</p>' : null);
      return <button onClick={() => setLoaded(true)}>Cargar</button>;
    }
    renderRoutes([
      {
        Component: Shell,
        children: [
          { index: true, element: <p>Inicio</p> },
          { path: '/calendario', element: <Page /> },
        ],
      },
    ]);
    screen.getByRole('link', { name: 'Horarios' }).click();
    (await screen.findByRole('button', { name: 'Cargar' })).click();
    await waitFor(() => expect(document.title).toBe('Aviso de Privacidad | Pulso'));
    expect(meta('name="description"')).toBe('Cómo cuidamos tus datos.');
  });
});
