import { fireEvent, screen, within } from '@testing-library/react';
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

const cycling = { class_type_id: 3, name: 'Cycling', description: null, icon: null, spot_map: '4,5,5,4', file: null, ...STAMPS };
const picture = { name: 'sala.png', type: 'image/png', src: '/api/files/raw/41' };
/** What POST /api/files answers (docs/files/README.md): more than the {name, type, src} a record embeds. */
const uploaded = { file_id: 41, file: { file_id: 41, ...picture, alt: null, size: 3, width: null, height: null, visibility: 'public', status: 'uploaded' } };

/** Picks a file in the form's (hidden) file input, as the 'Subir imagen' / 'Cambiar imagen' button's dialog would. */
function pickFile(container: HTMLElement, file: File) {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

describe('admin catalogue', () => {
  beforeEach(() => {
    useAlerts.setState({ error: null, success: null });
    // jsdom has no object URLs; the image field previews a picked file through one.
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:sala'), configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
  });

  it('routes every resource to its list, create form and edit form', () => {
    const paths = catalogueRoutes().map((route) => route.path);
    expect(paths).toHaveLength(30);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/admin/sedes',
        '/admin/sedes/nuevo',
        '/admin/sedes/:id',
        '/admin/metodos-de-pago',
        '/admin/videos',
        '/admin/videos/nuevo',
        '/admin/videos/:id',
      ]),
    );
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
    // The router's address changes before React shows the list; until it has, 'Cancelar' could be the old form's.
    await screen.findByRole('heading', { level: 1, name: 'Sedes' });

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

  it('class type create sends the map built in the room editor and the uploaded public image', async () => {
    const user = userEvent.setup();
    const { calls, fetchMock } = mockFetch((call) => {
      if (call.method === 'POST' && call.url === '/api/files') return { status: 201, body: uploaded };
      if (call.method === 'POST') return { status: 201, body: { class_type: { ...cycling, spot_map: '4,5', file: picture } } };
      if (call.url === '/api/class_types') return { body: { class_types: [] } };
      return undefined;
    });
    const { router, container } = render('/admin/tipos-de-clase/nuevo');
    await user.type(await screen.findByLabelText('Nombre'), 'Cycling');
    expect(screen.getByText(/Las clases ya creadas conservan el mapa que tenían/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Sin lugares asignados' }));
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Agregar un lugar a la fila 1' }));
    await user.click(screen.getByRole('button', { name: 'Agregar fila' }));
    await user.click(screen.getByRole('button', { name: 'Agregar un lugar a la fila 2' }));
    expect(screen.getByText('9 lugares')).toHaveAttribute('role', 'status');

    expect(screen.getByText('Sin imagen.')).toBeInTheDocument();
    pickFile(container, new File(['png'], 'sala.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Imagen actual: sala.png' })).toHaveAttribute('src', 'blob:sala');
    const upload = fetchMock.mock.calls.find(([url]) => url === '/api/files')?.[1]?.body;
    expect(upload).toBeInstanceOf(FormData);
    expect((upload as FormData).get('file')).toBeInstanceOf(File);
    expect(JSON.parse(String((upload as FormData).get('data')))).toEqual({ visibility: 'public' });
    expect(screen.getByRole('button', { name: 'Cambiar imagen' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/tipos-de-clase'));
    expect(sent(calls, 'POST').find((call) => call.url === '/api/class_types')?.body).toEqual({
      name: 'Cycling',
      description: null,
      icon: null,
      spot_map: '4,5',
      file: picture,
    });
  });

  it('class type edit loads the map into the editor and, the image untouched, sends no file key', async () => {
    const user = userEvent.setup();
    const withPicture = { ...cycling, file: { file_id: 9, name: 'cycling.jpg', type: 'image/jpeg', src: '/api/files/raw/9' } };
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/class_types/3') return { body: { class_type: withPicture } };
      if (call.method === 'PUT') return { body: { class_type: withPicture } };
      if (call.url === '/api/class_types') return { body: { class_types: [withPicture] } };
      return undefined;
    });
    const { router } = render('/admin/tipos-de-clase/3');
    expect(await screen.findByRole('img', { name: 'Imagen actual: cycling.jpg' })).toHaveAttribute('src', '/api/files/raw/9');
    expect(screen.getByRole('checkbox', { name: 'Sin lugares asignados' })).not.toBeChecked();
    expect(screen.getByText('18 lugares')).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'Quitar un lugar de la fila 4' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/tipos-de-clase'));
    const body = sent(calls, 'PUT')[0]?.body;
    expect(body).toEqual({ class_type_id: 3, name: 'Cycling', description: null, icon: null, spot_map: '4,5,5,3' });
    expect(body).not.toHaveProperty('file');
  });

  it("'Quitar imagen' sends file: null", async () => {
    const user = userEvent.setup();
    const sofia = {
      instructor_id: 4,
      name: 'Sofía',
      last_name: 'Ramos',
      home: false,
      file: { name: 'sofia.jpg', type: 'image/jpeg', src: '/api/files/raw/8' },
      ...STAMPS,
    };
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/instructors/4') return { body: { instructor: sofia } };
      if (call.method === 'PUT') return { body: { instructor: { ...sofia, file: null } } };
      if (call.url === '/api/instructors') return { body: { instructors: [sofia] } };
      return undefined;
    });
    const { router } = render('/admin/coaches/4');
    expect(await screen.findByRole('img', { name: 'Imagen actual: sofia.jpg' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quitar imagen' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('Sin imagen.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/coaches'));
    expect(sent(calls, 'PUT')[0]?.body).toMatchObject({ instructor_id: 4, name: 'Sofía', file: null });
  });

  it("shows the files API's refusal in Spanish, refuses non-images before sending, and keeps the image unchanged", async () => {
    const user = userEvent.setup();
    const mismatch = 'El contenido del archivo no corresponde a su tipo.';
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST' && call.url === '/api/files') return { status: 400, body: { error: { code: 'files/type-mismatch', message: mismatch } } };
      if (call.method === 'POST') return { status: 201, body: { program: {} } };
      return { body: { programs: [] } };
    });
    const { router, container } = render('/admin/programas/nuevo');
    await user.type(await screen.findByLabelText('Nombre'), 'Reto 21 días');
    expect(container.querySelector('input[type="file"]')).toHaveAttribute('accept', expect.not.stringContaining('pdf'));

    pickFile(container, new File(['%PDF'], 'reto.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Elige una imagen JPG, PNG, WebP o GIF.')).toBeInTheDocument();
    expect(sent(calls, 'POST')).toHaveLength(0);

    pickFile(container, new File(['nope'], 'reto.png', { type: 'image/png' }));
    expect(await screen.findByText(mismatch)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Imagen/ })).toHaveAccessibleDescription(expect.stringContaining(mismatch));

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/programas'));
    expect(sent(calls, 'POST').at(-1)?.body).toEqual({ name: 'Reto 21 días', description: null });
  });
});
