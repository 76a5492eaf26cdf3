import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeInstructor } from '../../../test/catalogue-fixtures';
import { mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { CoachScreen } from './coach-screen';

function renderCoach(path: string, answer: () => { status?: number; body?: unknown }) {
  const { calls } = mockFetch((call) => (call.url.startsWith('/api/instructors/') ? answer() : undefined));
  const { router } = renderRoutes(
    [
      { path: '/', element: <h1>Inicio</h1> },
      { path: '/coach/:coach_id', handle: { title: 'Coach' }, Component: CoachScreen },
      { path: '/instructor/:instructor_id', element: <h1>Instructor</h1> },
    ],
    path,
  );
  return { calls, router };
}

const notFound = { status: 404, body: { error: { code: 'not-found', message: 'No encontramos al instructor.' } } };

describe('/coach/{coach_id}', () => {
  beforeEach(() => {
    setConfig();
  });

  it('shows the photo, name, quote, short bio and Instagram link', async () => {
    const { calls } = renderCoach('/coach/4', () => ({ body: { instructor: makeInstructor() } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sofía Ramos' })).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/instructors/4');
    expect(screen.getByRole('img', { name: 'Foto de Sofía Ramos' })).toHaveAttribute('src', '/api/files/raw/sofia.jpg');
    expect(screen.getByText('Cada pedalazo cuenta.').closest('blockquote')).not.toBeNull();
    expect(screen.getByText('Coach de cycling desde 2018.')).toBeInTheDocument();
    const instagram = screen.getByRole('link', { name: /^Instagram de Sofía Ramos:\s*@sofiaramos$/ });
    expect(instagram).toHaveAttribute('href', 'https://www.instagram.com/sofiaramos/');
    expect(instagram).toHaveAttribute('rel', 'noopener noreferrer');
    expect(instagram).toHaveTextContent('@sofiaramos');
    expect(screen.getByRole('link', { name: 'Ver sus clases' })).toHaveAttribute('href', '/instructor/4');
  });

  it('leaves out what the coach does not have', async () => {
    renderCoach('/coach/4', () => ({ body: { instructor: makeInstructor({ file: null, quote: null, instagram: 'no es un usuario' }) } }));
    await screen.findByRole('heading', { level: 1, name: 'Sofía Ramos' });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(document.querySelector('blockquote')).toBeNull();
    expect(screen.queryByRole('link', { name: /Instagram/ })).not.toBeInTheDocument();
  });

  it("goes back to '/' when the coach does not exist", async () => {
    const { router } = renderCoach('/coach/99', () => notFound);
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it("goes back to '/' for an id that cannot exist, without asking the API", async () => {
    const { calls, router } = renderCoach('/coach/abc', () => notFound);
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(calls).toHaveLength(0);
  });

  it('shows other failures in place, with a retry', async () => {
    let fail = true;
    renderCoach('/coach/4', () => (fail ? { status: 500, body: { error: { code: 'x', message: 'falló' } } } : { body: { instructor: makeInstructor() } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar la información del coach.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sofía Ramos' })).toBeInTheDocument();
  });
});
