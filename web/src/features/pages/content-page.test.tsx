import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePage, mockFetch, renderRoutes } from '../../../test/helpers';
import { ContentPage } from './content-page';

function renderPage(slug = 'aviso-de-privacidad') {
  return renderRoutes([{ path: '/:slug', Component: ContentPage }], `/${slug}`);
}

describe('content page /{slug}', () => {
  it('shows a spinner, then the title and the sanitized HTML content', async () => {
    const { calls } = mockFetch(() => ({
      body: {
        page: makePage({ title: 'Aviso de Privacidad', content: '<p>Cuidamos tus datos.</p><img src="x" onerror="alert(1)"><script>alert(2)</script>' }),
      },
    }));
    const { container } = renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');

    expect(await screen.findByRole('heading', { level: 1, name: 'Aviso de Privacidad' })).toBeInTheDocument();
    expect(screen.getByText('Cuidamos tus datos.')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).not.toHaveAttribute('onerror');
    expect(calls[0]?.url).toBe('/api/pages/aviso-de-privacidad');
  });

  it("says 'Sin contenido.' when the page has no content", async () => {
    mockFetch(() => ({ body: { page: makePage({ title: 'Reglamento', content: null }) } }));
    renderPage('reglamento');
    expect(await screen.findByText('Sin contenido.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reglamento' })).toBeInTheDocument();
  });

  it('treats blank content as empty too', async () => {
    mockFetch(() => ({ body: { page: makePage({ content: '  \n ' }) } }));
    renderPage();
    expect(await screen.findByText('Sin contenido.')).toBeInTheDocument();
  });

  it('shows the content error message when loading fails', async () => {
    mockFetch(() => ({ status: 500, body: { error: { code: 'internal', message: 'Lo sentimos, ocurrió un error en el servidor. Inténtalo más tarde.' } } }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Lo sentimos, hubo un error al mostrar este contenido.');
  });

  it('shows the not-found screen when the page does not exist', async () => {
    mockFetch(() => ({ status: 404, body: { error: { code: 'pages/not-found', message: 'No encontramos esta página.' } } }));
    renderPage('no-existe');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
  });
});
