import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeCustomer, makePage, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { createRoutes } from '../../app/router';
import { useSession } from '../../lib/session';

vi.mock('firebase/auth', () => import('../../../test/mocks/firebase-auth'));
vi.mock('firebase/app', () => import('../../../test/mocks/firebase-app'));

const privacy = makePage({ page_id: 5, title: 'Aviso de Privacidad', slug: 'aviso-de-privacidad', required_signup: true, content: '<p>Tus datos.</p>' });

// A separate file: the page list is cached per module, and this one starts with a failed load.
describe('required documents gate when the page list cannot load', () => {
  it('stays closed with a retry and a way out, then asks for the pending document', async () => {
    const user = userEvent.setup();
    useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer({ accepted_pages: [] }), signupPending: false });
    let fail = true;
    mockFetch((call) => {
      if (call.url === '/api/pages')
        return fail ? { status: 503, body: { error: { code: 'store/unavailable', message: 'No disponible' } } } : { body: { pages: [privacy] } };
      return undefined;
    });
    renderRoutes(createRoutes(setConfig()), '/mystudio');
    await act(() => vi.dynamicImportSettled());

    const blocked = await screen.findByRole('dialog', { name: 'Lo sentimos, hubo un error al mostrar este contenido.' });
    expect(within(blocked).getByRole('button', { name: 'Salir' })).toBeInTheDocument();
    fail = false;
    await user.click(within(blocked).getByRole('button', { name: 'Reintentar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Aviso de Privacidad' });
    expect(within(dialog).getByRole('button', { name: 'Salir' })).toBeInTheDocument();
  });
});
