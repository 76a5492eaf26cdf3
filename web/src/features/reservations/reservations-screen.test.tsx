import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClass } from '../../../test/catalogue-fixtures';
import { makeLot } from '../../../test/catalogue-fixtures';
import { makeCustomer, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { useSession } from '../../lib/session';
import { makeReservation } from './reservation-test-data';
import { ReservationsScreen } from './reservations-screen';

const PATH = '/mystudio/reservaciones';

function render(entry = PATH) {
  return renderRoutes(
    [
      { path: PATH, element: <ReservationsScreen /> },
      { path: '/mystudio', element: <p>Calendario</p> },
    ],
    entry,
  );
}

const upcoming = makeReservation();
const attended = makeReservation({
  class_reservation_id: 1100,
  attend: true,
  status: 'Exitosa',
  access_code: 'R1100-ffffff',
  single_class: makeClass({ single_class_id: 2, class_date: '2026-11-10T14:00:00.000Z', end_date: '2026-11-10T14:50:00.000Z', class_type: null }),
});
const cancelled = makeReservation({
  class_reservation_id: 1090,
  deletedAt: '2026-11-08T00:00:00.000Z',
  status: 'Cancelada',
  access_code: null,
  credit_returned: true,
  single_class: makeClass({ single_class_id: 3, class_type: { class_type_id: 2, name: 'Yoga', icon: null, description: null, spot_map: null, file: null } }),
});

describe('Mis Reservaciones', () => {
  beforeEach(() => {
    // Two hours before the upcoming class (2026-11-19T01:30Z): inside the 12-hour cancel window.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-18T23:30:00.000Z'));
    setConfig({ max_cancels_per_available_class: 3 });
    useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer(), signupPending: false });
  });

  it("shows the empty state with 'Ir a Reservar', the policy and the balance", async () => {
    mockFetch((call) => {
      if (call.url.startsWith('/api/class_reservations')) return { body: { total: 0, page: 1, page_size: 50, class_reservations: [] } };
      if (call.url === '/api/available_classes') return { body: { available_classes: [makeLot()] } };
      return undefined;
    });
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Mis Reservaciones' })).toBeInTheDocument();
    expect(await screen.findByText('Aún no has reservado clases.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Reservar' })).toHaveAttribute('href', '/mystudio');
    expect(screen.getByText('Puedes cancelar tu reservación hasta 12 horas antes de tu clase y se te regresará tu crédito.')).toBeInTheDocument();
    expect(screen.getByText('Puedes cancelar como máximo 3 reservaciones con cada paquete.')).toBeInTheDocument();
    expect(await screen.findByText('Disponibles')).toBeInTheDocument();
    expect(screen.getByText('4')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Comprar Clases' })).toHaveAttribute('href', '/mystudio/paquetes');
  });

  it("lists reservations with their status and actions, filters and pages through the API, shows 'Ilimitadas'", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/available_classes')
        return { body: { available_classes: [makeLot({ unlimited: true, available_classes: -1, expiration_date: '2026-12-31T05:59:59.999Z' })] } };
      if (call.url.startsWith('/api/class_reservations?')) {
        const q = new URL(call.url, 'http://x').searchParams;
        const list = q.get('filter') === 'cancelled' ? [cancelled] : [upcoming, attended, cancelled];
        return { body: { total: q.get('filter') === 'cancelled' ? 1 : 120, page: Number(q.get('page')), page_size: 50, class_reservations: list } };
      }
      return undefined;
    });
    render();
    const row = await screen.findByRole('row', { name: /Cycling.*18 nov/i });
    expect(within(row).getByText('Próxima')).toBeInTheDocument();
    expect(within(row).getByText('Sofía')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Código de Acceso/ })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Agregar a mi calendario/ })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Cancelar Clase: Cycling/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Invitado' })).toBeInTheDocument();

    const attendedRow = screen.getByRole('row', { name: /Clase no disponible/ });
    expect(within(attendedRow).getByText('Exitosa')).toBeInTheDocument();
    expect(within(attendedRow).getByRole('button', { name: /Calificar Clase:/ })).toBeInTheDocument();
    expect(within(attendedRow).queryByRole('button', { name: /Cancelar/ })).not.toBeInTheDocument();

    const cancelledRow = screen.getByRole('row', { name: /Yoga/ });
    expect(within(cancelledRow).getByText('Se te regresó tu crédito.')).toBeInTheDocument();
    expect(within(cancelledRow).queryByRole('button')).not.toBeInTheDocument();

    expect(await screen.findByText('Ilimitadas')).toBeInTheDocument();
    expect(screen.getByText('Vigencia: 30 dic 2026')).toBeInTheDocument();

    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Página 2 de 3')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/class_reservations?filter=all&page=2')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Canceladas' }));
    expect(screen.getByRole('button', { name: 'Canceladas' })).toHaveAttribute('aria-pressed', 'true');
    await vi.waitFor(() => expect(calls.some((call) => call.url === '/api/class_reservations?filter=cancelled&page=1')).toBe(true));
    await vi.waitFor(() => expect(screen.queryByText('Próxima')).not.toBeInTheDocument());
    expect(screen.queryByText(/Página/)).not.toBeInTheDocument();
  });

  it('cancels with the late-cancel warning, and shows the server message when refused', async () => {
    const user = userEvent.setup();
    let refuse = true;
    let list = [upcoming];
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/available_classes') return { body: { available_classes: [] } };
      if (call.url.startsWith('/api/class_reservations?')) return { body: { total: list.length, page: 1, page_size: 50, class_reservations: list } };
      if (call.url === '/api/class_reservations/1201' && call.method === 'DELETE') {
        if (refuse)
          return {
            status: 412,
            body: {
              error: {
                code: 'booking/max-cancels',
                message: 'Llegaste al límite de 3 cancelaciones con este paquete; ya no puedes cancelar más reservaciones.',
              },
            },
          };
        list = [{ ...upcoming, deletedAt: '2026-11-18T23:30:00.000Z', status: 'Cancelada', access_code: null, credit_returned: false }];
        return { body: { class_reservation: list[0] } };
      }
      if (call.url.startsWith('/api/single_class')) return { body: { single_classes: [] } };
      return undefined;
    });
    render();
    await user.click(await screen.findByRole('button', { name: /Cancelar Clase: Cycling/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar Clase' });
    expect(
      within(dialog).getByText('Debido a que faltan menos de 12 horas para tu clase, tu crédito para reservar clase no se te regresará.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
    expect(await within(dialog).findByText(/Llegaste al límite de 3 cancelaciones/)).toBeInTheDocument();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Cancelada')).toBeInTheDocument();
    expect(screen.getByText('Tu crédito no se te regresó.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(2);
  });

  it("shows the 'Código de Acceso' QR of the admin reservation page, only with qrcode_enabled", async () => {
    const user = userEvent.setup();
    mockFetch((call) => {
      if (call.url === '/api/available_classes') return { body: { available_classes: [] } };
      if (call.url.startsWith('/api/class_reservations?')) return { body: { total: 1, page: 1, page_size: 50, class_reservations: [upcoming] } };
      return undefined;
    });
    const { unmount } = render();
    await user.click(await screen.findByRole('button', { name: /Código de Acceso/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Código de Acceso' });
    expect(within(dialog).getByRole('img', { name: 'Código QR de tu reservación R1201-a1b2c3' })).toBeInTheDocument();
    expect(within(dialog).getByText('R1201-a1b2c3')).toBeInTheDocument();
    unmount();

    setConfig({ qrcode_enabled: false, allow_class_guests: false });
    render();
    await screen.findByRole('row', { name: /Cycling/ });
    expect(screen.queryByRole('button', { name: /Código de Acceso/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Invitado' })).not.toBeInTheDocument();
  });

  it("cancelling their own place asks about the +1's place on the list; keeping it sends ?guest=keep", async () => {
    const user = userEvent.setup();
    const own = makeReservation({ class_reservation_id: 1201 });
    const guest = makeReservation({ class_reservation_id: 1203, guest: 'Luis', spot: 4, access_code: 'R1203-a1b2c3' });
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/available_classes') return { body: { available_classes: [] } };
      if (call.url.startsWith('/api/class_reservations?')) return { body: { total: 2, page: 1, page_size: 50, class_reservations: [own, guest] } };
      if (call.method === 'DELETE') return { body: { class_reservation: { ...own, deletedAt: '2026-11-18T23:30:00.000Z', status: 'Cancelada' } } };
      return undefined;
    });
    render();
    const [ownRow] = await screen.findAllByRole('row', { name: /Cycling/ });
    if (!ownRow) throw new Error('no row');
    await user.click(within(ownRow).getByRole('button', { name: /Cancelar Clase/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar Clase' });
    const choice = within(dialog).getByRole('group', { name: '¿Y el lugar de tu invitado, Luis?' });
    expect(within(choice).getByRole('radio', { name: 'Cancelar también su lugar' })).toBeChecked();
    await user.click(within(choice).getByRole('radio', { name: 'Conservar su lugar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/class_reservations/1201?guest=keep');
  });

  it("hides 'Cancelar' once checked in, and 'Calificar Clase' until the class has ended", async () => {
    // Two hours before the class, already checked in at the desk (a reservation of tonight's class).
    const checkedIn = makeReservation({ class_reservation_id: 1202, attend: true, status: 'Exitosa' });
    mockFetch((call) => {
      if (call.url === '/api/available_classes') return { body: { available_classes: [] } };
      if (call.url.startsWith('/api/class_reservations?')) return { body: { total: 1, page: 1, page_size: 50, class_reservations: [checkedIn] } };
      return undefined;
    });
    render();
    const row = await screen.findByRole('row', { name: /Cycling/ });
    expect(within(row).getByText('Exitosa')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Agregar a mi calendario/ })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Cancelar/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Calificar/ })).not.toBeInTheDocument();
  });

  it("offers 'Calificar Clase' for the attended class once it has ended", async () => {
    const checkedIn = makeReservation({ class_reservation_id: 1202, attend: true, status: 'Exitosa' });
    vi.setSystemTime(new Date('2026-11-19T02:20:00.000Z'));
    mockFetch((call) => {
      if (call.url === '/api/available_classes') return { body: { available_classes: [] } };
      if (call.url.startsWith('/api/class_reservations?')) return { body: { total: 1, page: 1, page_size: 50, class_reservations: [checkedIn] } };
      return undefined;
    });
    render();
    const row = await screen.findByRole('row', { name: /Cycling/ });
    expect(within(row).getByRole('button', { name: /Calificar Clase: Cycling/ })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Cancelar/ })).not.toBeInTheDocument();
  });

  it('rates an attended class: comment and buttons appear after the coach stars', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/available_classes') return { body: { available_classes: [] } };
      if (call.url.startsWith('/api/class_reservations?')) return { body: { total: 1, page: 1, page_size: 50, class_reservations: [attended] } };
      if (call.url === '/api/class_reservations' && call.method === 'PUT')
        return { body: { class_reservation: { ...attended, class_stars: 5, coach_stars: 4 } } };
      return undefined;
    });
    render();
    await user.click(await screen.findByRole('button', { name: /Calificar Clase:/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Calificar Clase' });
    expect(within(dialog).queryByRole('button', { name: 'Calificar' })).not.toBeInTheDocument();
    await user.click(within(within(dialog).getByRole('group', { name: 'La clase' })).getByLabelText('5 de 5'));
    await user.click(within(within(dialog).getByRole('group', { name: 'El coach' })).getByLabelText('4 de 5'));
    await user.type(within(dialog).getByLabelText(/Comentario/), ' Muy buena ');
    await user.click(within(dialog).getByRole('button', { name: 'Calificar' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      class_reservation_id: 1100,
      customer_id: 7,
      class_stars: 5,
      coach_stars: 4,
      comment: 'Muy buena',
    });
  });
});
