import type { SingleClass } from '@studio/shared/schemas/single-class';
import type { Waitlist } from '@studio/shared/schemas/waitlist';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCustomer, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { ModalHost } from '../../components/modal-host';
import { useAlerts } from '../../lib/alerts';
import { useSession } from '../../lib/session';
import { WAITLIST_REFRESH_MS } from './waitlists-api';
import { WaitlistsScreen } from './waitlists-screen';

function makeClass(overrides: Partial<SingleClass> = {}): SingleClass {
  return {
    single_class_id: 40,
    // 19:00 on Wednesday 11 March in Mexico City (UTC-6).
    class_date: '2026-03-12T01:00:00.000Z',
    end_date: '2026-03-12T02:00:00.000Z',
    date: '2026-03-11',
    start_time: '19:00',
    duration_minutes: 60,
    description: null,
    capacity: 10,
    booked: 10,
    spots_left: 0,
    spot_map: null,
    status: 'scheduled',
    cancelledAt: null,
    cancel_reason: null,
    class_type_id: 3,
    location_id: 1,
    class_category_id: null,
    class_package_id: null,
    series_id: null,
    icon: null,
    class_type: { class_type_id: 3, name: 'Yoga Flow', icon: null, description: null, spot_map: null, file: null },
    location: { location_id: 1, name: 'Estudio Roma', address: null },
    class_instructors: [],
    tags: [],
    ...overrides,
  };
}

function makeEntry(overrides: Partial<Waitlist> = {}): Waitlist {
  return {
    waitlist_id: 8,
    single_class_id: 40,
    customer_id: 7,
    status: 'waiting',
    position: 3,
    end_reason: null,
    class_reservation_id: null,
    createdAt: '2026-03-01T12:00:00.000Z',
    joinedAt: '2026-03-01T12:00:00.000Z',
    endedAt: null,
    single_class: makeClass(),
    ...overrides,
  };
}

function renderScreen() {
  return renderRoutes(
    [
      {
        path: '/mystudio/waitlists',
        element: (
          <>
            <WaitlistsScreen />
            <ModalHost />
          </>
        ),
      },
      { path: '/mystudio', element: <p>Calendario</p> },
    ],
    '/mystudio/waitlists',
  );
}

describe('Mis Listas de Espera', () => {
  beforeEach(() => {
    setConfig({ timezone: 'America/Mexico_City' });
    useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer(), signupPending: false });
    useAlerts.setState({ error: null, success: null });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says so when the customer waits for no class, with a way to the calendar', async () => {
    const user = userEvent.setup();
    mockFetch((call) => (call.url === '/api/waitlist' ? { body: { waitlists: [] } } : undefined));
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Mis Listas de Espera' })).toBeInTheDocument();
    expect(await screen.findByText('No estás en ninguna lista de espera.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ir al Calendario' }));
    expect(await screen.findByText('Calendario')).toBeInTheDocument();
  });

  it('shows a failed read in place and retries it', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch((call) => {
      if (call.url !== '/api/waitlist') return undefined;
      return fail
        ? { status: 500, body: { error: { code: 'internal', message: 'Lo sentimos, ocurrió un error en el servidor.' } } }
        : { body: { waitlists: [makeEntry()] } };
    });
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar tus listas de espera.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Yoga Flow' })).toBeInTheDocument();
    expect(useAlerts.getState().error).toBeNull();
  });

  it("lists each class with its date in the studio's zone, location and place in line", async () => {
    mockFetch((call) =>
      call.url === '/api/waitlist'
        ? {
            body: {
              waitlists: [
                makeEntry(),
                makeEntry({
                  waitlist_id: 9,
                  position: 1,
                  single_class: makeClass({
                    single_class_id: 41,
                    class_date: '2026-03-14T15:30:00.000Z',
                    class_type: { class_type_id: 4, name: 'Pilates', icon: null, description: null, spot_map: null, file: null },
                    location: { location_id: 2, name: 'Estudio Condesa', address: null },
                  }),
                }),
              ],
            },
          }
        : undefined,
    );
    renderScreen();
    const list = await screen.findByRole('list', { name: 'Clases en las que esperas lugar' });
    const [yoga, pilates] = within(list).getAllByRole('listitem');
    expect(within(yoga!).getByRole('heading', { level: 2, name: 'Yoga Flow' })).toBeInTheDocument();
    expect(within(yoga!).getByText(/11 mar.*19:00/)).toBeInTheDocument();
    expect(within(yoga!).getByText('Estudio Roma')).toBeInTheDocument();
    expect(within(yoga!).getByText('Lugar 3 en la fila')).toBeInTheDocument();
    expect(within(pilates!).getByText(/14 mar.*09:30/)).toBeInTheDocument();
    expect(within(pilates!).getByText('Estudio Condesa')).toBeInTheDocument();
    expect(within(pilates!).getByText('Eres la primera persona en la fila')).toBeInTheDocument();
  });

  it('reads the places in line again every 15 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let position = 3;
    const { calls } = mockFetch((call) => (call.url === '/api/waitlist' ? { body: { waitlists: [makeEntry({ position })] } } : undefined));
    renderScreen();
    expect(await screen.findByText('Lugar 3 en la fila')).toBeInTheDocument();
    position = 2;
    await act(() => vi.advanceTimersByTimeAsync(WAITLIST_REFRESH_MS - 1_000));
    expect(screen.getByText('Lugar 3 en la fila')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(await screen.findByText('Lugar 2 en la fila')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/waitlist').length).toBe(2);
  });

  it("leaves a line after the 'Precaución' confirmation and says 'Eliminada de lista de espera.'", async () => {
    const user = userEvent.setup();
    let entries = [
      makeEntry(),
      makeEntry({ waitlist_id: 9, single_class_id: 41, single_class: makeClass({ single_class_id: 41, class_date: '2026-03-14T15:30:00.000Z' }) }),
    ];
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/waitlist' && call.method === 'GET') return { body: { waitlists: entries } };
      if (call.url === '/api/waitlist/8' && call.method === 'DELETE') {
        const [left] = entries;
        entries = entries.slice(1);
        return { body: { waitlist: { ...left, status: 'left', position: null, end_reason: 'customer' } } };
      }
      return undefined;
    });
    renderScreen();
    const leave = await screen.findByRole('button', { name: /^Salir de la lista de espera de Yoga Flow, .*11 mar.*19:00$/ });

    // Declining keeps the place.
    await user.click(leave);
    let dialog = await screen.findByRole('dialog', { name: 'Precaución' });
    expect(within(dialog).getByText(/¿Seguro que quieres salir de la lista de espera de Yoga Flow/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(leave);
    dialog = await screen.findByRole('dialog', { name: 'Precaución' });
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByText(/11 mar/)).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/waitlist/8']);
    expect(useAlerts.getState().success?.text).toBe('Eliminada de lista de espera.');
    expect(screen.getByRole('heading', { level: 1, name: 'Mis Listas de Espera' })).toHaveFocus();
  });

  it("shows the server's message when leaving fails and keeps the entry", async () => {
    const user = userEvent.setup();
    mockFetch((call) => {
      if (call.url === '/api/waitlist' && call.method === 'GET') return { body: { waitlists: [makeEntry()] } };
      if (call.method === 'DELETE')
        return { status: 404, body: { error: { code: 'waitlist/not-found', message: 'No encontramos ese lugar en la lista de espera.' } } };
      return undefined;
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: /^Salir de la lista de espera de Yoga Flow/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Precaución' })).getByRole('button', { name: 'Aceptar' }));
    await vi.waitFor(() => expect(useAlerts.getState().error?.text).toBe('No encontramos ese lugar en la lista de espera.'));
    expect(useAlerts.getState().success).toBeNull();
    expect(screen.getByText('Lugar 3 en la fila')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Salir de la lista de espera de Yoga Flow/ })).toBeEnabled();
  });
});
