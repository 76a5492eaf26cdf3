import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { LocationScreen } from './location-screen';

const location = (id: number, name: string, address: string | null) => ({
  location_id: id,
  name,
  address,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function renderScreen(answer: () => { status?: number; body?: unknown }, config: Record<string, unknown> = {}) {
  setConfig(config);
  mockFetch((call) => (call.url === '/api/locations' ? answer() : undefined));
  renderRoutes([{ path: '/ubicacion', handle: { title: 'Ubicación' }, Component: LocationScreen }], '/ubicacion');
}

describe('/ubicacion', () => {
  it("shows each location's name, address and a plain map link that opens in a new tab", async () => {
    renderScreen(() => ({
      body: { locations: [location(1, 'Latido Roma', 'Av. Álvaro Obregón 120, Roma Norte, CDMX'), location(2, 'Latido Coyoacán', null)] },
    }));
    expect(screen.getByRole('heading', { level: 1, name: 'Ubicación' })).toBeInTheDocument();
    const roma = (await screen.findByRole('heading', { level: 2, name: 'Latido Roma' })).closest('li') as HTMLElement;
    expect(within(roma).getByText('Av. Álvaro Obregón 120, Roma Norte, CDMX').tagName).toBe('ADDRESS');
    const map = within(roma).getByRole('link', { name: 'Ver en el mapa: Latido Roma (se abre en una pestaña nueva)' });
    expect(map).toHaveTextContent('Ver en el mapa');
    expect(map).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=Av.%20%C3%81lvaro%20Obreg%C3%B3n%20120%2C%20Roma%20Norte%2C%20CDMX');
    expect(map).toHaveAttribute('target', '_blank');
    expect(map.getAttribute('rel')).toContain('noopener');
    // Without an address there is nothing to search for.
    const coyoacan = screen.getByRole('heading', { level: 2, name: 'Latido Coyoacán' }).closest('li') as HTMLElement;
    expect(within(coyoacan).queryByRole('link')).not.toBeInTheDocument();
    // No third-party map script or frame.
    expect(document.querySelector('script[src], iframe')).toBeNull();
  });

  it("falls back to the studio's location setting when the catalogue has none", async () => {
    renderScreen(() => ({ body: { locations: [] } }), { business_name: 'Estudio Pulso', location: 'Calle 5 #10, Mérida' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Estudio Pulso' })).toBeInTheDocument();
    expect(screen.getByText('Calle 5 #10, Mérida')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ver en el mapa/ })).toHaveAttribute('href', expect.stringContaining('query=Calle%205%20%2310%2C%20M%C3%A9rida'));
  });

  it('says so when there is no location at all', async () => {
    renderScreen(() => ({ body: { locations: [] } }), { location: '' });
    expect(await screen.findByText('Aún no hay ubicaciones registradas.')).toBeInTheDocument();
  });

  it('shows the failure in place with a retry', async () => {
    let fail = true;
    renderScreen(() =>
      fail ? { status: 500, body: { error: { code: 'x', message: 'falló' } } } : { body: { locations: [location(1, 'Latido Roma', 'Roma')] } },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar las ubicaciones.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Latido Roma' })).toBeInTheDocument();
  });
});
