import { screen, waitFor } from '@testing-library/react';
import { Link } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, setConfig } from '../../test/helpers';
import { RootLayout } from './root-layout';

const studioData = () => document.getElementById('studio-json-ld');

afterEach(() => {
  document.head.innerHTML = '';
});

describe('root layout head', () => {
  it('describes the studio as structured data on the landing only, with its locations', async () => {
    setConfig({ business_name: 'Estudio Pulso', domain: 'pulso.mx' });
    const { calls } = mockFetch((call) =>
      call.url.endsWith('/api/locations')
        ? { body: { locations: [{ location_id: 1, name: 'Roma', address: 'Av. Álvaro Obregón 120, CDMX', createdAt: '', updatedAt: '' }] } }
        : undefined,
    );
    renderRoutes([
      {
        Component: RootLayout,
        children: [
          { index: true, element: <Link to="/avisos">Avisos</Link> },
          { path: '/avisos', handle: { title: 'Avisos' }, element: <p>Lista</p> },
        ],
      },
    ]);

    await waitFor(() => expect(studioData()).not.toBeNull());
    const data: unknown = JSON.parse(studioData()?.textContent ?? '{}');
    expect(data).toMatchObject({
      '@type': 'ExerciseGym',
      name: 'Estudio Pulso',
      url: 'https://pulso.mx/',
      address: { streetAddress: 'Av. Álvaro Obregón 120, CDMX' },
    });
    expect(calls.filter((call) => call.url.endsWith('/api/locations'))).toHaveLength(1);
    expect(document.title).toBe('Estudio Pulso');

    screen.getByRole('link', { name: 'Avisos' }).click();
    await screen.findByText('Lista');
    // The head follows in an effect after the new route renders: wait for it rather than race it.
    await waitFor(() => expect(document.title).toBe('Avisos | Estudio Pulso'));
    expect(studioData()).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://pulso.mx/avisos');
  });
});
