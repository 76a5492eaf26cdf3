import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { makeCheckInResult, makeLookup } from './check-in-test-data';
import { ReservationCheckInScreen } from './reservation-check-in-screen';

const render = (entry: string) => renderRoutes([{ path: '/admin/reservaciones/:id', element: <ReservationCheckInScreen /> }], entry);

describe("The QR's page (/admin/reservaciones/:id?code=…)", () => {
  beforeEach(() => {
    setConfig({ timezone: 'America/Mexico_City' });
  });

  it('reads ?code, looks it up and checks in with it', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.method === 'GET' && call.url === '/api/check_in/R123-abcdef') return { body: makeLookup() };
      if (call.method === 'POST') return { body: makeCheckInResult({ changed: false }) };
      return undefined;
    });
    render('/admin/reservaciones/123?code=R123-ABCDEF');
    expect(screen.getByRole('heading', { level: 1, name: 'Check-in' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Código de acceso')).not.toBeInTheDocument();
    const result = await screen.findByRole('region', { name: 'Ana López' });
    await user.click(within(result).getByRole('button', { name: 'Registrar asistencia' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Ana López ya tenía la asistencia registrada.');
    expect(calls[1]).toMatchObject({ method: 'POST', url: '/api/check_in', body: { code: 'R123-abcdef' } });
  });

  it('offers the typed-code form, empty, when the link has no code', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => (call.url === '/api/check_in/R123-abcdef' ? { body: makeLookup() } : undefined));
    render('/admin/reservaciones/123');
    const field = screen.getByLabelText('Código de acceso');
    expect(field).toHaveValue('');
    expect(calls).toHaveLength(0);
    await user.type(field, 'R123-abcdef{Enter}');
    expect(await screen.findByRole('region', { name: 'Ana López' })).toBeInTheDocument();
  });
});
