import type { ClassPackage } from '@studio/shared/types/class-packages';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, mockFetch, renderWithModals } from '../../../test/helpers';
import { makeClassPackage } from '../../../test/package-fixtures';
import { useAlerts } from '../../lib/alerts';
import { PackageFormScreen } from './package-form-screen';
import { PackagesAdminScreen } from './packages-screen';

const STAMPS = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

function makePackage(overrides: Partial<ClassPackage>): ClassPackage {
  return makeClassPackage({ title: 'Paquete 10 clases', price: 1700, class_amount: 10, home: true, ...overrides });
}

const tenClasses = makePackage({});
const unlimited = makePackage({
  class_package_id: 2,
  package_id: 2,
  title: 'Ilimitado mensual',
  price: 2500,
  sale_price: 1999.5,
  class_amount: -1,
  expiration_days: null,
  is_subscription: true,
  subscription_period: 'month',
  subscription_interval: 1,
  home: false,
  status: 'inactive',
});
const barre = { class_type_id: 4, name: 'Barre', description: null, icon: null, spot_map: null, file: null, ...STAMPS };

function render(entry: string) {
  return renderWithModals(
    [
      { path: '/admin/paquetes', element: <PackagesAdminScreen /> },
      { path: '/admin/paquetes/nuevo', element: <PackageFormScreen /> },
      { path: '/admin/paquetes/:id', element: <PackageFormScreen /> },
    ],
    entry,
  );
}

const sent = (calls: FetchCall[], method: string) => calls.filter((call) => call.method === method);

describe('admin packages', () => {
  beforeEach(() => {
    useAlerts.setState({ error: null, success: null });
  });

  it('lists the packages with kind, MXN prices, classes, expiry, home place and status', async () => {
    mockFetch((call) => (call.url === '/api/class_packages/admin/all' ? { body: { class_packages: [tenClasses, unlimited] } } : undefined));
    render('/admin/paquetes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paquetes' })).toBeInTheDocument();
    const first = await screen.findByRole('row', { name: /Paquete 10 clases/ });
    expect(within(first).getByText('Pago único')).toBeInTheDocument();
    expect(within(first).getByText('$1,700.00 MXN')).toBeInTheDocument();
    expect(within(first).getByText('10')).toBeInTheDocument();
    expect(within(first).getByText('30 días')).toBeInTheDocument();
    expect(within(first).getByText('Sí (lugar 1)')).toBeInTheDocument();
    expect(within(first).getByText('Activo')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Editar: Paquete 10 clases' })).toHaveAttribute('href', '/admin/paquetes/1');

    const second = screen.getByRole('row', { name: /Ilimitado mensual/ });
    expect(within(second).getByText('Suscripción')).toBeInTheDocument();
    expect(within(second).getByText('$1,999.50 MXN (antes $2,500.00 MXN)')).toBeInTheDocument();
    expect(within(second).getByText('Ilimitadas')).toBeInTheDocument();
    expect(within(second).getByText('Sin vencimiento')).toBeInTheDocument();
    expect(within(second).getByText('Inactivo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nuevo paquete' })).toHaveAttribute('href', '/admin/paquetes/nuevo');
  });

  it("archives only after 'Precaución' is accepted, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const refusal = 'No puedes archivar este paquete ahora.';
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/class_packages/admin/all') return { body: { class_packages: [tenClasses, unlimited] } };
      if (call.method === 'DELETE') return { status: 409, body: { error: { code: 'packages/in-use', message: refusal } } };
      return undefined;
    });
    render('/admin/paquetes');
    await user.click(await screen.findByRole('button', { name: 'Archivar: Paquete 10 clases' }));
    let dialog = await screen.findByRole('dialog', { name: 'Precaución' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(sent(calls, 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Archivar: Paquete 10 clases' }));
    dialog = await screen.findByRole('dialog', { name: 'Precaución' });
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(sent(calls, 'DELETE').map((call) => call.url)).toEqual(['/api/class_packages/1']);
  });

  it("a missing title shows the schema's message on the input and sends nothing", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => (call.url === '/api/class_types' ? { body: { class_types: [barre] } } : undefined));
    render('/admin/paquetes/nuevo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuevo paquete' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Precio (MXN)'), '100');
    await user.type(screen.getByLabelText('Número de clases'), '5');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const title = screen.getByLabelText('Título');
    await vi.waitFor(() => expect(title).toHaveAccessibleDescription('Debes llenar este campo.'));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(sent(calls, 'POST')).toHaveLength(0);
  });

  it('create POSTs the exact body with a class-type row, then goes back to the list', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/class_types') return { body: { class_types: [barre] } };
      if (call.method === 'POST') return { status: 201, body: { class_package: makePackage({ class_package_id: 9 }) } };
      if (call.url === '/api/class_packages/admin/all') return { body: { class_packages: [] } };
      return undefined;
    });
    const { router } = render('/admin/paquetes/nuevo');
    await user.type(await screen.findByLabelText('Título'), 'Barre 8');
    await user.type(screen.getByLabelText('Precio (MXN)'), '1200');
    await user.type(screen.getByLabelText('Número de clases'), '8');
    await user.type(screen.getByLabelText(/^Días de vigencia/), '45');
    await user.click(screen.getByRole('button', { name: 'Agregar tipo de clase' }));
    const row = screen.getByRole('group', { name: 'Tipo de clase 1' });
    await screen.findByRole('option', { name: 'Barre' });
    await user.selectOptions(within(row).getByLabelText('Tipo de clase'), 'Barre');
    await user.type(within(row).getByLabelText('Número de clases'), '4');
    // Subscription fields appear only for a subscription.
    expect(screen.queryByLabelText('Periodo de la suscripción')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Mostrar en el inicio' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/paquetes'));
    expect(sent(calls, 'POST')[0]).toEqual(
      expect.objectContaining({
        url: '/api/class_packages',
        body: {
          title: 'Barre 8',
          short_description: null,
          description: null,
          price: 1200,
          sale_price: null,
          class_amount: 8,
          expiration_days: 45,
          class_package_types: [{ class_type_id: 4, class_amount: 4, expiration_days: null }],
          allowed_times: null,
          is_subscription: false,
          subscription_period: null,
          subscription_interval: null,
          is_trial: false,
          free_trial_length: null,
          is_special_event: false,
          limit_per_customer: null,
          purchase_limit: null,
          is_online: false,
          downloadable: false,
          file_url: null,
          image: null,
          receipt_file: null,
          home: true,
          status: 'active',
        },
      }),
    );
    expect(useAlerts.getState().success?.text).toBe('Paquete guardado.');
  });

  it('an off-peak package: windows are added, edited and sent sorted; a window ending before it starts is refused before sending', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/class_types') return { body: { class_types: [] } };
      if (call.method === 'POST') return { status: 201, body: { class_package: makePackage({ class_package_id: 9 }) } };
      if (call.url === '/api/class_packages/admin/all') return { body: { class_packages: [] } };
      return undefined;
    });
    const { router } = render('/admin/paquetes/nuevo');
    await user.type(await screen.findByLabelText('Título'), 'Horario Valle');
    await user.type(screen.getByLabelText('Precio (MXN)'), '900');
    await user.type(screen.getByLabelText('Número de clases'), '8');
    await user.click(screen.getByRole('button', { name: 'Agregar horario' }));
    const row = screen.getByRole('group', { name: 'Horario 1' });
    expect(within(row).getByRole('checkbox', { name: 'Lunes' })).toBeChecked();
    expect(within(row).getByRole('checkbox', { name: 'Sábado' })).not.toBeChecked();
    await user.click(within(row).getByRole('checkbox', { name: 'Sábado' }));
    await user.click(within(row).getByRole('checkbox', { name: 'Lunes' }));
    const end = within(row).getByLabelText('Hasta');
    // A time input takes a whole value (typing it digit by digit passes through invalid ones).
    fireEvent.change(end, { target: { value: '10:00' } });
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent(/horario/i);
    expect(sent(calls, 'POST')).toHaveLength(0);

    fireEvent.change(end, { target: { value: '16:00' } });
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/paquetes'));
    expect(sent(calls, 'POST')[0]?.body).toMatchObject({ allowed_times: [{ weekdays: [2, 3, 4, 5, 6], start: '11:00', end: '16:00' }] });
  });

  it('a subscription needs its period: the schema says so before anything is sent', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => (call.url === '/api/class_types' ? { body: { class_types: [] } } : undefined));
    render('/admin/paquetes/nuevo');
    await user.type(await screen.findByLabelText('Título'), 'Mensual');
    await user.type(screen.getByLabelText('Precio (MXN)'), '900');
    await user.type(screen.getByLabelText('Número de clases'), '-1');
    await user.click(screen.getByRole('checkbox', { name: 'Suscripción' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(screen.getByLabelText('Periodo de la suscripción')).toHaveAttribute('aria-invalid', 'true'));
    expect(sent(calls, 'POST')).toHaveLength(0);
  });

  it("edit loads the package and PUTs it with its id; the server's field errors land on the inputs", async () => {
    const user = userEvent.setup();
    const withBarre = makePackage({
      class_package_types: [{ class_type_id: 4, class_amount: 2, expiration_days: 10, class_type: { class_type_id: 4, name: 'Barre' } }],
    });
    let fail = true;
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/class_types') return { body: { class_types: [barre] } };
      if (call.url === '/api/class_packages/1' && call.method === 'GET') return { body: { class_package: withBarre } };
      if (call.method === 'PUT' && fail) {
        fail = false;
        return { status: 400, body: { error: { code: 'validation', message: 'Revisa los datos.', fields: { title: 'Título no disponible.' } } } };
      }
      if (call.method === 'PUT') return { body: { class_package: withBarre } };
      if (call.url === '/api/class_packages/admin/all') return { body: { class_packages: [withBarre] } };
      return undefined;
    });
    const { router } = render('/admin/paquetes/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar: Paquete 10 clases' })).toBeInTheDocument();
    const title = screen.getByLabelText('Título');
    expect(title).toHaveValue('Paquete 10 clases');
    await user.clear(title);
    await user.type(title, 'Paquete 12 clases');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(screen.getByLabelText('Título')).toHaveAccessibleDescription('Título no disponible.'));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/paquetes'));
    expect(sent(calls, 'PUT')[1]).toMatchObject({
      url: '/api/class_packages',
      body: { class_package_id: 1, title: 'Paquete 12 clases', class_package_types: [{ class_type_id: 4, class_amount: 2, expiration_days: 10 }] },
    });
  });
});
