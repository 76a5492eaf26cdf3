import { act, screen } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCustomer, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { createRoutes } from '../../app/router';
import { useSession } from '../../lib/session';

async function renderAdmin(path = '/admin') {
  mockFetch((call) => (call.url === '/api/pages' ? { body: { pages: [] } } : undefined));
  const result = renderRoutes(createRoutes(setConfig()), path);
  await act(() => vi.dynamicImportSettled());
  return result;
}

const signedIn = (isAdmin: boolean | null) =>
  useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer(), signupPending: false, isAdmin });

describe('/admin guard (the admin claim)', () => {
  beforeEach(() => {
    useSession.setState({ status: 'signed-out', uid: null, customer: null, signupPending: false, isAdmin: false });
  });

  it('registers /admin and its unknown paths in the admin area', () => {
    const leaf = (path: string) => matchRoutes(createRoutes(setConfig()), path)?.at(-1)?.route.id;
    expect(leaf('/admin')).toBe('admin-home');
    expect(leaf('/admin/clientes')).toBe('admin-not-found');
  });

  it("shows 'Accediendo' while nobody is signed in", async () => {
    await renderAdmin();
    expect(screen.getByRole('heading', { level: 1, name: 'Accediendo' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Administración' })).not.toBeInTheDocument();
  });

  it("keeps showing 'Accediendo' until the token's claims are read", async () => {
    signedIn(null);
    await renderAdmin();
    expect(screen.getByRole('heading', { level: 1, name: 'Accediendo' })).toBeInTheDocument();
  });

  it('answers not-found to a signed-in customer without the admin claim', async () => {
    signedIn(false);
    await renderAdmin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
    expect(screen.queryByText('Próximamente')).not.toBeInTheDocument();
  });

  it("shows the titled 'Próximamente' console index to an admin", async () => {
    signedIn(true);
    await renderAdmin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Administración' })).toBeInTheDocument();
    expect(screen.getByText('Próximamente')).toBeInTheDocument();
    expect(document.title).toBe('Administración | Estudio Latido');
  });

  it('closes the console again when the claim is revoked', async () => {
    signedIn(true);
    await renderAdmin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Administración' })).toBeInTheDocument();
    act(() => useSession.setState({ isAdmin: false }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
  });
});
