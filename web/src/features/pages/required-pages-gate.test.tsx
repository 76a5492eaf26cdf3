import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, makeCustomer, makePage, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { createRoutes } from '../../app/router';
import { useSession } from '../../lib/session';

const privacy = makePage({ page_id: 5, title: 'Aviso de Privacidad', slug: 'aviso-de-privacidad', required_signup: true, content: '<p>Tus datos.</p>' });
const rules = makePage({ page_id: 6, title: 'Reglamento', slug: 'reglamento', required: true, required_signup: false });

// The page list is fetched once per visit (module store), so every test in this file serves the same list.
function api() {
  return mockFetch((call: FetchCall) => {
    if (call.url === '/api/pages') return { body: { pages: [privacy, rules] } };
    if (call.url === '/api/accepted_pages' && call.method === 'POST') {
      return { status: 201, body: { accepted_page: { page_id: 5, customer_id: 7, accepted_at: '2026-01-01T00:00:00Z' } } };
    }
    return undefined;
  });
}

async function renderArea() {
  renderRoutes(createRoutes(setConfig()), '/mystudio');
  await act(() => vi.dynamicImportSettled());
}

describe('required documents gate', () => {
  beforeEach(() => {
    useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer({ accepted_pages: [] }), signupPending: false });
  });

  it('blocks the area until each required page is accepted', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    await renderArea();

    const dialog = await screen.findByRole('dialog', { name: 'Aviso de Privacidad' });
    expect(within(dialog).getByText('Tus datos.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cerrar' })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Aviso de Privacidad' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(within(dialog).getByText('Debes aceptar Aviso de Privacidad para continuar')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('checkbox', { name: 'He leído y acepto Aviso de Privacidad' }));
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Aviso de Privacidad' })).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ url: '/api/accepted_pages', body: { page_id: 5 } });
    expect(useSession.getState().customer?.accepted_pages).toEqual([5]);
    // The next pending document takes its place: the area stays blocked until the last one.
    expect(await screen.findByRole('dialog', { name: 'Reglamento' })).toBeInTheDocument();
  });

  it('also asks for a page required to use the area but not at sign-up (added after the customer signed up)', async () => {
    useSession.setState({ customer: makeCustomer({ accepted_pages: [5] }) });
    api();
    await renderArea();
    expect(await screen.findByRole('dialog', { name: 'Reglamento' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Aviso de Privacidad' })).not.toBeInTheDocument();
  });

  it('does not ask again for pages already accepted', async () => {
    useSession.setState({ customer: makeCustomer({ accepted_pages: [5, 6] }) });
    api();
    await renderArea();
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendario' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
