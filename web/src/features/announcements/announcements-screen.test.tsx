import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { AnnouncementsScreen } from './announcements-screen';
import { makeAnnouncement } from './announcements-test-data';

function renderScreen(answer: () => { status?: number; body?: unknown }) {
  mockFetch((call) => (call.url === '/api/announcements' ? answer() : undefined));
  renderRoutes([{ path: '/avisos', handle: { title: 'Avisos' }, Component: AnnouncementsScreen }], '/avisos');
}

describe('/avisos', () => {
  beforeEach(() => {
    setConfig({ timezone: 'America/Mexico_City' });
  });

  it('lists each announcement with its title, publication day and sanitized HTML content', async () => {
    renderScreen(() => ({
      body: {
        announcements: [
          makeAnnouncement({ announcement_id: 2, title: 'Horario de fin de año', content: '<p>Solo mañanas.</p><img src="x" onerror="alert(1)">' }),
          makeAnnouncement(),
        ],
      },
    }));
    expect(screen.getByRole('heading', { level: 1, name: 'Avisos' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Horario de fin de año' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Horario de fin de año', 'Nueva sede en Coyoacán']);
    expect(screen.getByText('Latido Coyoacán').tagName).toBe('STRONG');
    expect(screen.getAllByText('Publicado el 01 mar 2026')).toHaveLength(2);
    expect(document.querySelector('img[onerror]')).toBeNull();
  });

  it("says 'No hay avisos por mostrar.' when there are none", async () => {
    renderScreen(() => ({ body: { announcements: [] } }));
    expect(await screen.findByText('No hay avisos por mostrar.')).toBeInTheDocument();
  });

  it('shows the failure in place and retries', async () => {
    let fail = true;
    renderScreen(() => (fail ? { status: 500, body: { error: { code: 'x', message: 'falló' } } } : { body: { announcements: [makeAnnouncement()] } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar los avisos.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Nueva sede en Coyoacán' })).toBeInTheDocument();
  });
});
