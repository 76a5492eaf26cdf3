import { act, screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCustomer, mockFetch, renderRoutes, setConfig } from '../../test/helpers';
import { useSession } from '../lib/session';
import { createRoutes, onVisitorPage } from './router';

function leafRouteId(path: string, config = setConfig()): string | undefined {
  return matchRoutes(createRoutes(config), path)?.at(-1)?.route.id;
}

describe('pages that never load the auth SDK for a first-time visitor (docs/auth "Who loads the SDK")', () => {
  const visitorPage = (path: string) => onVisitorPage(matchRoutes(createRoutes(setConfig()), path) ?? []);

  it.each(['/', '/paquetes', '/calendario', '/avisos', '/ubicacion', '/coach/12', '/instructor/4', '/preguntas-frecuentes', '/aviso-de-privacidad'])(
    '%s is a public page that works the same for everyone',
    (path) => expect(visitorPage(path)).toBe(true),
  );

  it.each(['/entrar', '/registro', '/recuperar', '/checkout/9', '/gracias/15', '/mystudio', '/mystudio/paquetes', '/mystudio/informacion'])(
    '%s needs to know who is there',
    (path) => expect(visitorPage(path)).toBe(false),
  );
});

describe('route registry', () => {
  // Every route named by public-site-and-checkout.md §2 and customer-area.md §2, with the screen that answers it.
  it.each([
    ['/', 'landing'],
    ['/entrar', 'login'],
    ['/registro', 'signup'],
    ['/recuperar', 'recover'],
    ['/aviso-de-privacidad', 'content-page'],
    ['/paquetes', 'packages'],
    ['/avisos', 'announcements'],
    ['/ubicacion', 'location'],
    ['/calendario', 'schedule'],
    ['/coach/12', 'coach'],
    ['/instructor/4', 'instructor'],
    ['/preguntas-frecuentes', 'faq'],
    ['/checkout/9', 'checkout'],
    ['/gracias/15', 'thanks'],
    ['/mystudio', 'mystudio-calendar'],
    ['/mystudio/online', 'mystudio-online'],
    ['/mystudio/paquetes', 'mystudio-packages'],
    ['/mystudio/video/33', 'mystudio-video'],
    ['/mystudio/informacion', 'mystudio-info'],
    ['/mystudio/membresias', 'mystudio-purchases'],
    ['/mystudio/pagos', 'mystudio-charges'],
    ['/mystudio/metodos', 'mystudio-payment-methods'],
    ['/mystudio/waitlists', 'mystudio-waitlists'],
    ['/mystudio/creditos', 'mystudio-credits'],
    ['/mystudio/reservaciones', 'mystudio-reservations'],
  ])('%s → %s', (path, id) => {
    expect(leafRouteId(path)).toBe(id);
  });

  it('sends anything that cannot be a content page to not-found', () => {
    expect(leafRouteId('/una/ruta/desconocida')).toBe('not-found');
    expect(leafRouteId('/mystudio/no-existe')).toBe('mystudio-not-found');
  });

  it('serves the shop at the configured class_packages_path', () => {
    const config = setConfig({ class_packages_path: '/clases', class_packages_name: 'Clases' });
    expect(leafRouteId('/clases', config)).toBe('packages');
    expect(leafRouteId('/paquetes', config)).toBe('content-page');
    const packages = matchRoutes(createRoutes(config), '/clases')?.at(-1)?.route;
    expect(packages?.handle).toMatchObject({ title: 'Clases' });
  });
});

describe('route screens', () => {
  beforeEach(() => {
    setConfig();
    mockFetch((call) => (call.url === '/api/pages' ? { body: { pages: [] } } : undefined));
    useSession.setState({ status: 'signed-out', uid: null, customer: null, signupPending: false });
  });

  async function renderPath(path: string) {
    renderRoutes(createRoutes(setConfig()), path);
    await act(() => vi.dynamicImportSettled());
  }

  it.each([
    ['/avisos', 'Avisos'],
    ['/ubicacion', 'Ubicación'],
    ['/calendario', 'Horarios'],
    ['/preguntas-frecuentes', 'Preguntas Frecuentes'],
  ])('%s shows its screen titled %s', async (path, title) => {
    await renderPath(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.queryByText('Próximamente')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} | Estudio Latido`));
  });

  it('shows the not-found screen for unknown nested paths', async () => {
    await renderPath('/una/ruta/desconocida');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
  });

  it('answers not-found for customer-area screens whose switch is off', async () => {
    useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer() });
    renderRoutes(createRoutes(setConfig({ videos_enabled: false })), '/mystudio/online');
    await act(() => vi.dynamicImportSettled());
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Online' })).not.toBeInTheDocument();
  });
});
