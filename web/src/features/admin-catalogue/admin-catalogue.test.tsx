import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, mockFetch, renderRoutes } from '../../../test/helpers';
import { ModalHost } from '../../components/modal-host';
import { useAlerts } from '../../lib/alerts';
import { PAGE_SIZE } from './resource-list-screen';
import { catalogueRoutes } from './resource-routes';

const STAMPS = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const roma = { location_id: 1, name: 'Latido Roma', address: 'Av. Álvaro Obregón 10', ...STAMPS };
const condesa = { location_id: 2, name: 'Latido Condesa', address: 'Amsterdam 5', ...STAMPS };

/** The catalogue routes as the console mounts them, with the modal area the app shell provides. */
function render(entry: string) {
  return renderRoutes(
    [
      {
        element: (
          <>
            <Outlet />
            <ModalHost />
          </>
        ),
        children: catalogueRoutes(),
      },
    ],
    entry,
  );
}

const sent = (calls: FetchCall[], method: string) => calls.filter((call) => call.method === method);

describe('admin catalogue', () => {
  beforeEach(() => {
    useAlerts.setState({ error: null, success: null });
  });

  it('routes every resource to its list, create form and edit form', () => {
    const paths = catalogueRoutes().map((route) => route.path);
    expect(paths).toHaveLength(27);
    expect(paths).toEqual(expect.arrayContaining(['/admin/sedes', '/admin/sedes/nuevo', '/admin/sedes/:id', '/admin/metodos-de-pago']));
  });

  it('lists the records with their actions and a create link, and filters them by search', async () => {
    const user = userEvent.setup();
    mockFetch((call) => (call.url === '/api/locations' ? { body: { locations: [roma, condesa] } } : undefined));
    render('/admin/sedes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sedes' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Latido Roma/ });
    expect(within(row).getByText('Av. Álvaro Obregón 10')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Editar: Latido Roma' })).toHaveAttribute('href', '/admin/sedes/1');
    expect(within(row).getByRole('button', { name: 'Eliminar: Latido Roma' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nueva sede' })).toHaveAttribute('href', '/admin/sedes/nuevo');

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'alvaro');
    expect(screen.queryByRole('row', { name: /Latido Condesa/ })).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Latido Roma/ })).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'xyz');
    expect(screen.getByText('Ningún registro coincide con la búsqueda.')).toBeInTheDocument();
  });

  it('pages 20 records at a time, with the page in the address', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: PAGE_SIZE + 5 }, (_, i) => ({ tag_id: i + 1, name: `Etiqueta ${i + 1}`, color: '#2b9fa8', ...STAMPS }));
    mockFetch((call) => (call.url === '/api/tags' ? { body: { tags: many } } : undefined));
    const { router } = render('/admin/etiquetas');
    expect(await screen.findByRole('row', { name: /Etiqueta 20\b/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Etiqueta 21\b/ })).not.toBeInTheDocument();
    expect(screen.getByText('Página 1 de 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('row', { name: /Etiqueta 25\b/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?pagina=2');
    expect(screen.getAllByRole('row')).toHaveLength(6);
  });

  it("deletes only after 'Precaución' is accepted, and shows the server's 409 message", async () => {
    const user = userEvent.setup();
    const inUse = 'No puedes eliminar esta ubicación porque tiene clases programadas. Cámbialas de ubicación o cancélalas primero.';
    let list = [roma, condesa];
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/locations') return { body: { locations: list } };
      if (call.method === 'DELETE' && call.url === '/api/locations/1') return { status: 409, body: { error: { code: 'catalogue/in-use', message: inUse } } };
      if (call.method === 'DELETE' && call.url === '/api/locations/2') {
        list = [roma];
        return { status: 204 };
      }
      return undefined;
    });
    render('/admin/sedes');

    await user.click(await screen.findByRole('button', { name: 'Eliminar: Latido Roma' }));
    let dialog = await screen.findByRole('dialog', { name: 'Precaución' });
    expect(within(dialog).getByText('¿Seguro que quieres eliminar Latido Roma?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(sent(calls, 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Eliminar: Latido Roma' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Precaución' })).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(inUse)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Latido Roma/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Eliminar: Latido Condesa' }));
    dialog = await screen.findByRole('dialog', { name: 'Precaución' });
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await screen.findByText('Latido Roma');
    await vi.waitFor(() => expect(screen.queryByRole('row', { name: /Latido Condesa/ })).not.toBeInTheDocument());
    expect(useAlerts.getState().success?.text).toBe('Eliminado con éxito.');
    expect(sent(calls, 'DELETE').map((call) => call.url)).toEqual(['/api/locations/1', '/api/locations/2']);
  });

  it("create shows the shared schema's message and sends nothing, then POSTs the body and goes back to the list", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST' && call.url === '/api/locations') return { status: 201, body: { location: { ...roma, location_id: 3 } } };
      if (call.url === '/api/locations') return { body: { locations: [roma] } };
      return undefined;
    });
    const { router } = render('/admin/sedes/nuevo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nueva sede' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const name = screen.getByLabelText('Nombre');
    expect(await screen.findByText('Debes llenar este campo.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Debes llenar este campo.');
    expect(sent(calls, 'POST')).toHaveLength(0);

    await user.type(name, 'Latido Polanco');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/sedes'));
    expect(sent(calls, 'POST')[0]?.body).toEqual({ name: 'Latido Polanco', address: null });
    expect(useAlerts.getState().success?.text).toBe('Guardado con éxito.');
  });

  it("maps the server's field errors onto the inputs", async () => {
    const user = userEvent.setup();
    mockFetch((call) =>
      call.method === 'POST'
        ? {
            status: 409,
            body: {
              error: {
                code: 'catalogue/handle-taken',
                message: 'Ya existe una categoría con ese identificador.',
                fields: { handle: 'Ya existe una categoría con ese identificador.' },
              },
            },
          }
        : undefined,
    );
    render('/admin/categorias/nuevo');
    await user.type(await screen.findByLabelText('Nombre'), 'Yoga');
    await user.type(screen.getByLabelText(/Identificador/), 'yoga');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(screen.getByLabelText(/Identificador/)).toHaveAccessibleDescription('Ya existe una categoría con ese identificador.'));
  });

  it("category create sends class_category_id 'nueva' with the available default", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST')
        return {
          status: 201,
          body: { class_category: { class_category_id: 5, name: 'Fuerza', handle: 'fuerza', description: null, available: true, ...STAMPS } },
        };
      if (call.url === '/api/class_categories') return { body: { class_categories: [] } };
      return undefined;
    });
    const { router } = render('/admin/categorias/nuevo');
    await user.type(await screen.findByLabelText('Nombre'), 'Fuerza');
    expect(screen.getByRole('checkbox', { name: 'Disponible' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/categorias'));
    expect(sent(calls, 'POST')[0]).toMatchObject({
      url: '/api/class_categories',
      body: { class_category_id: 'nueva', name: 'Fuerza', handle: null, description: null, available: true },
    });
  });

  it('edit loads the record and PUTs it with its id; Cancelar goes back to the list', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/locations/1') return { body: { location: roma } };
      if (call.method === 'PUT') return { body: { location: { ...roma, name: 'Latido Roma Norte' } } };
      if (call.url === '/api/locations') return { body: { locations: [roma] } };
      return undefined;
    });
    const { router } = render('/admin/sedes/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar: Latido Roma' })).toBeInTheDocument();
    const name = screen.getByLabelText('Nombre');
    expect(name).toHaveValue('Latido Roma');
    await user.clear(name);
    await user.type(name, 'Latido Roma Norte');
    await user.clear(screen.getByLabelText(/Dirección/));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/sedes'));
    expect(sent(calls, 'PUT')[0]).toMatchObject({ url: '/api/locations', body: { location_id: 1, name: 'Latido Roma Norte', address: null } });

    await router.navigate('/admin/sedes/1');
    await user.click(await screen.findByRole('link', { name: 'Cancelar' }));
    // The list's route loads lazily: the navigation ends once it has.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/sedes'));
  });

  it('instructors send numbers, dates and flags as the schema expects', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => (call.method === 'POST' ? { status: 201, body: { instructor: {} } } : { body: { instructors: [] } }));
    const { router } = render('/admin/coaches/nuevo');
    await user.type(await screen.findByLabelText('Nombre'), 'Sofía');
    await user.type(screen.getByLabelText(/Fecha de nacimiento/), '1990-05-04');
    await user.click(screen.getByRole('checkbox', { name: 'Mostrar en el inicio' }));
    await user.type(screen.getByLabelText(/Orden en el inicio/), '2');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/coaches'));
    expect(sent(calls, 'POST')[0]?.body).toMatchObject({ name: 'Sofía', birthdate: '1990-05-04', home: true, home_order: 2, last_name: null });
  });
});
