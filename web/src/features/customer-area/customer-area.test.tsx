import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, makeCustomer, makePage, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { createRoutes } from '../../app/router';
import { LOGIN_HINT_DELAY_MS } from '../../components/accessing-screen';
import { useSession } from '../../lib/session';

const privacy = makePage({ page_id: 5, title: 'Aviso de Privacidad', slug: 'aviso-de-privacidad', required_signup: true, content: '<p>Tus datos.</p>' });

// The page list is fetched once per visit (module store), so every test in this file serves the same list.
function api() {
  return mockFetch((call: FetchCall) => {
    if (call.url === '/api/pages') return { body: { pages: [privacy] } };
    return undefined;
  });
}

async function renderArea(path = '/mystudio') {
  const result = renderRoutes(createRoutes(setConfig()), path);
  await act(() => vi.dynamicImportSettled());
  return result;
}

describe('/mystudio guard', () => {
  beforeEach(() => {
    useSession.setState({ status: 'signed-out', uid: null, customer: null, signupPending: false });
  });

  it("shows 'Accediendo' and only offers the /entrar link after 30 seconds", async () => {
    expect(LOGIN_HINT_DELAY_MS).toBe(30_000);
    vi.useFakeTimers();
    api();
    await renderArea();

    expect(screen.getByRole('heading', { level: 1, name: 'Accediendo' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ir a Entrar' })).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(LOGIN_HINT_DELAY_MS - 1));
    expect(screen.queryByRole('link', { name: 'Ir a Entrar' })).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('link', { name: 'Ir a Entrar' })).toHaveAttribute('href', '/entrar');
  });

  it('keeps showing the loading screen while the customer is still loading', async () => {
    useSession.setState({ status: 'loading', uid: 'uid-login' });
    api();
    await renderArea('/mystudio/reservaciones');
    expect(screen.getByRole('heading', { level: 1, name: 'Accediendo' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Mis Reservaciones' })).not.toBeInTheDocument();
  });
});

describe('/mystudio for a signed-in customer', () => {
  beforeEach(() => {
    useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer({ accepted_pages: [5] }), signupPending: false });
  });

  it('shows the area menu and the screen heading', async () => {
    api();
    await renderArea();
    expect(screen.getByRole('heading', { level: 1, name: 'Calendario' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Mi Cuenta' });
    expect(within(menu).getByRole('link', { name: 'Presenciales' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Mis Compras' })).toHaveAttribute('href', '/mystudio/membresias');
    expect(within(menu).queryByRole('link', { name: 'Mis Créditos' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mi Cuenta' })).toHaveAttribute('href', '/mystudio');
  });

  it("signs out with 'Salir' and goes home", async () => {
    const user = userEvent.setup();
    api();
    const { router } = await renderArea();
    await user.click(within(screen.getByRole('navigation', { name: 'Mi Cuenta' })).getByRole('button', { name: 'Salir' }));
    // Without a Firebase instance the sign-out resolves at once; the session then reports signed-out.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
