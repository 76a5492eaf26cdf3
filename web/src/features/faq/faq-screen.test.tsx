import { pageCreateSchema } from '@studio/shared/schemas/page';
import type { Page } from '@studio/shared/types/api';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makePage, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { FaqScreen } from './faq-screen';

function renderFaq(answer: () => { status?: number; body?: unknown }) {
  const { calls } = mockFetch((call) => (call.url === '/api/pages/preguntas-frecuentes' ? answer() : undefined));
  renderRoutes([{ path: '/preguntas-frecuentes', handle: { title: 'Preguntas Frecuentes' }, Component: FaqScreen }], '/preguntas-frecuentes');
  return calls;
}

const page = (content: string | null): { body: { page: Page } } => ({ body: { page: makePage({ slug: 'preguntas-frecuentes', title: 'FAQ', content }) } });

describe('/preguntas-frecuentes', () => {
  beforeEach(() => {
    setConfig();
  });

  it("turns each <h2> of the 'preguntas-frecuentes' page into a question that opens its answer", async () => {
    const calls = renderFaq(() =>
      page(
        '<p>Lo que más nos preguntan.</p><h2>¿Qué llevo a clase?</h2><p>Agua y <strong>toalla</strong>.</p><h2>¿Puedo cancelar?</h2><p>Hasta 12 horas antes.</p><ul><li>Sin costo</li></ul>',
      ),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Preguntas Frecuentes' })).toBeInTheDocument();
    const first = (await screen.findByText('¿Qué llevo a clase?')).closest('details') as HTMLDetailsElement;
    expect(calls[0]?.url).toBe('/api/pages/preguntas-frecuentes');
    expect(screen.getByText('Lo que más nos preguntan.').closest('details')).toBeNull();
    expect(first.querySelector('summary')).toHaveTextContent('¿Qué llevo a clase?');
    expect(first).toHaveTextContent('Agua y toalla.');
    expect(first.open).toBe(false);
    await userEvent.click(screen.getByText('¿Qué llevo a clase?'));
    expect(first.open).toBe(true);
    const second = screen.getByText('¿Puedo cancelar?').closest('details') as HTMLElement;
    expect(second).toHaveTextContent('Hasta 12 horas antes.Sin costo');
    // The page's own title does not replace the spec's.
    expect(screen.queryByRole('heading', { name: 'FAQ' })).not.toBeInTheDocument();
  });

  it('uses <h3> questions when the page has no <h2>, and shows other pages as written', async () => {
    renderFaq(() => page('<h3>¿Hay estacionamiento?</h3><p>Sí, en la esquina.</p>'));
    expect((await screen.findByText('¿Hay estacionamiento?')).tagName).toBe('SUMMARY');
  });

  it('shows content without questions as written, sanitized', async () => {
    renderFaq(() => page('<p>Escríbenos por WhatsApp.</p><img src="x" onerror="alert(1)">'));
    expect(await screen.findByText('Escríbenos por WhatsApp.')).toBeInTheDocument();
    expect(document.querySelector('details')).toBeNull();
    expect(document.querySelector('img[onerror]')).toBeNull();
  });

  it('is the title and a short note while the page does not exist or is empty', async () => {
    renderFaq(() => ({ status: 404, body: { error: { code: 'not-found', message: 'No encontramos esta página.' } } }));
    expect(await screen.findByText('Aún no hay preguntas frecuentes.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Preguntas Frecuentes' })).toBeInTheDocument();
  });

  it("shows the spec's content error in place on other failures", async () => {
    let fail = true;
    renderFaq(() => (fail ? { status: 500, body: { error: { code: 'x', message: 'falló' } } } : page('<p>Listo.</p>')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Lo sentimos, hubo un error al mostrar este contenido.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Listo.')).toBeInTheDocument();
  });

  it("lets admins create the page it reads: 'preguntas-frecuentes' is not a reserved slug", async () => {
    await expect(pageCreateSchema.validate({ title: 'Preguntas Frecuentes', slug: 'preguntas-frecuentes', content: '<h2>¿?</h2>' })).resolves.toBeTruthy();
  });
});
