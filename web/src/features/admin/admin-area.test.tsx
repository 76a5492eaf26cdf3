import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCustomer, mockFetch, renderRoutes, setConfig, withAdminRoutes } from '../../../test/helpers';
import { createRoutes } from '../../app/router';
import { adminScreen } from '../../app/routes/admin-routes';
import { useSession } from '../../lib/session';

async function renderAdmin(path = '/admin') {
  mockFetch((call) => (call.url === '/api/pages' ? { body: { pages: [] } } : undefined));
  const result = renderRoutes(createRoutes(setConfig()), path);
  await act(() => vi.dynamicImportSettled());
  return result;
}

const signedIn = (isAdmin: boolean | null) =>
  useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer(), signupPending: false, isAdmin });

const consoleNav = () => screen.queryByRole('navigation', { name: 'Administración' });

const operation = [
  ['Tablero', '/admin'],
  ['Horario', '/admin/horario'],
  ['Lanzamientos del horario', '/admin/lanzamientos'],
  ['Check-in', '/admin/checkin'],
  ['Clientes', '/admin/clientes'],
  ['Pagos en efectivo', '/admin/pagos-pendientes'],
  ['Correos enviados', '/admin/correos'],
];
const catalogue = [
  ['Paquetes', '/admin/paquetes'],
  ['Descuentos', '/admin/descuentos'],
  ['Sedes', '/admin/sedes'],
  ['Tipos de clase', '/admin/tipos-de-clase'],
  ['Coaches', '/admin/coaches'],
  ['Etiquetas', '/admin/etiquetas'],
  ['Categorías', '/admin/categorias'],
  ['Avisos', '/admin/avisos'],
  ['Programas', '/admin/programas'],
  ['Tipos de video', '/admin/tipos-de-video'],
  ['Videos', '/admin/videos'],
  ['Métodos de pago', '/admin/metodos-de-pago'],
  ['Formularios', '/admin/formularios'],
  ['Campos personalizados', '/admin/campos-personalizados'],
  ['Páginas', '/admin/paginas'],
  ['Configuración', '/admin/configuracion'],
];

const linksOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('/admin guard (the admin claim)', () => {
  beforeEach(() => {
    useSession.setState({ status: 'signed-out', uid: null, customer: null, signupPending: false, isAdmin: false });
  });

  it('registers /admin and its unknown paths in the admin area', () => {
    const leaf = (path: string) => matchRoutes(withAdminRoutes(createRoutes(setConfig())), path)?.at(-1)?.route.id;
    expect(leaf('/admin')).toBe('admin-home');
    expect(leaf('/admin/panel-inexistente')).toBe('admin-not-found');
  });

  it("shows 'Accediendo' while nobody is signed in", async () => {
    await renderAdmin();
    expect(screen.getByRole('heading', { level: 1, name: 'Accediendo' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Tablero' })).not.toBeInTheDocument();
    expect(consoleNav()).not.toBeInTheDocument();
  });

  it("keeps showing 'Accediendo' until the token's claims are read", async () => {
    signedIn(null);
    await renderAdmin();
    expect(screen.getByRole('heading', { level: 1, name: 'Accediendo' })).toBeInTheDocument();
    expect(consoleNav()).not.toBeInTheDocument();
  });

  it.each(['/admin', '/admin/sedes', '/admin/clientes'])(
    'shows a customer without the claim the no-access page at %s, and nothing of the console',
    async (path) => {
      signedIn(false);
      await renderAdmin(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Sin acceso' })).toBeInTheDocument();
      expect(screen.getByText('Esta área es solo para el equipo del estudio.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Ir a Mi Estudio' })).toHaveAttribute('href', '/mystudio');
      expect(consoleNav()).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Tablero' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Sedes' })).not.toBeInTheDocument();
    },
  );

  it('closes the console again when the claim is revoked', async () => {
    signedIn(true);
    await renderAdmin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tablero' })).toBeInTheDocument();
    act(() => useSession.setState({ isAdmin: false }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sin acceso' })).toBeInTheDocument();
    expect(consoleNav()).not.toBeInTheDocument();
  });
});

describe('/admin console shell', () => {
  beforeEach(() => signedIn(true));

  it("gives an admin the 'Administración' menu: every section, by group, 'Tablero' current", async () => {
    await renderAdmin();
    const nav = await screen.findByRole('navigation', { name: 'Administración' });
    expect(linksOf(within(nav).getByRole('list', { name: 'Operación' }))).toEqual(operation);
    expect(linksOf(within(nav).getByRole('list', { name: 'Catálogo' }))).toEqual(catalogue);
    expect(within(nav).getByRole('link', { name: 'Tablero' })).toHaveAttribute('aria-current', 'page');
    expect(
      within(nav)
        .getAllByRole('link')
        .filter((link) => link.hasAttribute('aria-current')),
    ).toHaveLength(1);
  });

  it("opens on the dashboard, titled with its menu label 'Tablero'", async () => {
    await renderAdmin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tablero' })).toBeInTheDocument();
    await vi.waitFor(() => expect(document.title).toBe('Tablero | Estudio Latido'));
    expect(screen.queryByText('Próximamente')).not.toBeInTheDocument();
  });

  it('answers not-found inside the console, menu kept, for a path with no screen', async () => {
    await renderAdmin('/admin/panel-inexistente');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
    expect(consoleNav()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tablero' })).not.toHaveAttribute('aria-current');
  });

  it('moves the current mark along the menu as the admin opens a section', async () => {
    await renderAdmin();
    const nav = await screen.findByRole('navigation', { name: 'Administración' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Check-in' }));
    // Check-in's screen loads lazily: the navigation (and the mark) completes once it has.
    await vi.waitFor(() => expect(within(nav).getByRole('link', { name: 'Check-in' })).toHaveAttribute('aria-current', 'page'));
    expect(within(nav).getByRole('link', { name: 'Tablero' })).not.toHaveAttribute('aria-current');
  });

  it('is a drawer on small screens: a button naming the open section toggles it, choosing a section or Escape closes it', async () => {
    await renderAdmin('/admin/clientes');
    const nav = await screen.findByRole('navigation', { name: 'Administración' });
    const toggle = within(nav).getByRole('button', { name: 'Menú Clientes' });
    const groups = document.getElementById(toggle.getAttribute('aria-controls') as string);
    expect(groups).toContainElement(within(nav).getByRole('list', { name: 'Operación' }));
    // admin.css hides the groups while data-open is false, below 56rem only.
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(nav).toHaveAttribute('data-open', 'false');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveAttribute('data-open', 'true');
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await userEvent.click(toggle);
    await userEvent.click(within(nav).getByRole('link', { name: 'Sedes' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await vi.waitFor(() => expect(within(nav).getByRole('button', { name: 'Menú Sedes' })).toBeInTheDocument());
  });

  it('names Tablero only on /admin itself, and a screen below a section by its section', async () => {
    await renderAdmin('/admin');
    expect(await screen.findByRole('button', { name: 'Menú Tablero' })).toBeInTheDocument();
    cleanup();
    await renderAdmin('/admin/clientes/7');
    expect(await screen.findByRole('button', { name: 'Menú Clientes' })).toBeInTheDocument();
  });
});

describe('adminScreen()', () => {
  it('builds a lazy route at a section, titled with its menu label', async () => {
    function Locations() {
      return null;
    }
    const route = adminScreen('/admin/tipos-de-clase', async () => Locations);
    expect(route).toMatchObject({ id: 'admin-tipos-de-clase', path: '/admin/tipos-de-clase' });
    const lazy = route.lazy as () => Promise<{ Component: unknown; handle: unknown }>;
    expect(await lazy()).toEqual({ Component: Locations, handle: { title: 'Tipos de clase' } });
  });
});
