import type { AvailableClass } from '@studio/shared/schemas/access';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeCustomer, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { useAlerts } from '../../lib/alerts';
import { useSession } from '../../lib/session';
import { CreditsScreen } from './credits-screen';

function makeLot(overrides: Partial<AvailableClass> = {}): AvailableClass {
  return {
    available_class_id: 30,
    customer_id: 7,
    purchase_id: 20,
    class_package_id: 2,
    available_classes: 5,
    initial_classes: 10,
    unlimited: false,
    // The last millisecond of 15 April in Mexico City.
    expiration_date: '2026-04-16T05:59:59.999Z',
    expiration_day: '2026-04-15',
    class_type_id: null,
    class_types: [],
    allowed_times: null,
    is_online: false,
    status: 'active',
    usable: true,
    createdAt: '2026-03-01T12:00:00.000Z',
    updatedAt: '2026-03-01T12:00:00.000Z',
    ...overrides,
  };
}

const classTypes = [
  { class_type_id: 3, name: 'Yoga Flow', description: null, icon: null, spot_map: null, file: null },
  { class_type_id: 4, name: 'Pilates', description: null, icon: null, spot_map: null, file: null },
];

function renderScreen() {
  return renderRoutes(
    [
      { path: '/mystudio/creditos', element: <CreditsScreen /> },
      { path: '/mystudio/paquetes', element: <p>Tienda de paquetes</p> },
    ],
    '/mystudio/creditos',
  );
}

describe('Mis Créditos', () => {
  beforeEach(() => {
    setConfig({ timezone: 'America/Mexico_City', allow_restricted_class_types: true });
    useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer(), signupPending: false });
    useAlerts.setState({ error: null, success: null });
  });

  it("says so when there are no credits and links to 'Comprar Clases'", async () => {
    const user = userEvent.setup();
    mockFetch((call) => {
      if (call.url === '/api/available_classes') return { body: { available_classes: [] } };
      if (call.url === '/api/class_types') return { body: { class_types: classTypes } };
      return undefined;
    });
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Mis Créditos' })).toBeInTheDocument();
    expect(await screen.findByText('No tienes créditos disponibles.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Comprar Clases' }));
    expect(await screen.findByText('Tienda de paquetes')).toBeInTheDocument();
  });

  it('shows a failed read in place and retries it', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch((call) => {
      if (call.url === '/api/class_types') return { body: { class_types: classTypes } };
      if (call.url !== '/api/available_classes') return undefined;
      return fail
        ? { status: 500, body: { error: { code: 'internal', message: 'Lo sentimos, ocurrió un error en el servidor.' } } }
        : { body: { available_classes: [makeLot()] } };
    });
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar tus créditos.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('5 clases')).toBeInTheDocument();
    expect(useAlerts.getState().error).toBeNull();
  });

  it('shows each lot with its count, class types, times and expiry, earliest expiry first, leaving out unusable ones', async () => {
    mockFetch((call) => {
      if (call.url === '/api/class_types') return { body: { class_types: classTypes } };
      if (call.url === '/api/available_classes')
        return {
          body: {
            available_classes: [
              makeLot({
                available_class_id: 31,
                available_classes: -1,
                initial_classes: -1,
                unlimited: true,
                expiration_date: null,
                expiration_day: null,
              }),
              makeLot({
                available_class_id: 32,
                available_classes: 1,
                class_type_id: 3,
                class_types: [3, 9],
                allowed_times: [{ weekdays: [3, 1, 2], start: '10:00', end: '16:00' }],
                expiration_date: '2026-03-21T05:59:59.999Z',
                expiration_day: '2026-03-20',
              }),
              makeLot(),
              makeLot({ available_class_id: 33, status: 'revoked', usable: false, class_types: [4], class_type_id: 4 }),
            ],
          },
        };
      return undefined;
    });
    renderScreen();
    const list = await screen.findByRole('list', { name: 'Tus créditos' });
    const lots = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(lots).toHaveLength(3);
    const [restricted, general, unlimited] = lots;

    expect(within(restricted!).getByRole('heading', { level: 2, name: 'Yoga Flow, Tipo de clase #9' })).toBeInTheDocument();
    expect(within(restricted!).getByText('1 clase')).toBeInTheDocument();
    expect(within(restricted!).getByText('Lun, Mar, Mié, de 10:00 a 16:00')).toBeInTheDocument();
    expect(within(restricted!).getByText('20 mar 2026')).toBeInTheDocument();

    expect(within(general!).getByRole('heading', { level: 2, name: 'Todas las clases presenciales' })).toBeInTheDocument();
    expect(within(general!).getByText('5 clases')).toBeInTheDocument();
    expect(within(general!).getByText('Cualquier horario')).toBeInTheDocument();
    expect(within(general!).getByText('15 abr 2026')).toBeInTheDocument();

    expect(within(unlimited!).getByText('Ilimitadas')).toBeInTheDocument();
    expect(within(unlimited!).getByText('Sin vencimiento')).toBeInTheDocument();

    expect(screen.queryByRole('heading', { name: 'Pilates' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Comprar Clases' })).toHaveAttribute('href', '/mystudio/paquetes');
  });
});
