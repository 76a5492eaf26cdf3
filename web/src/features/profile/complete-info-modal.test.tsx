import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCustomer, renderAt } from '../../../test/helpers';
import * as session from '../../lib/session';
import { useSession } from '../../lib/session';
import { CompleteInfoModal, hasPendingInfo } from './complete-info-modal';

const infoScreen = { path: '/mystudio/informacion', element: <h1>Mi Información</h1> };

describe('hasPendingInfo', () => {
  it('is true only while required fields are pending', () => {
    expect(hasPendingInfo(makeCustomer({ pending_fields: ['emergency_contact'] }))).toBe(true);
    expect(hasPendingInfo(makeCustomer({ pending_fields: [] }))).toBe(false);
    expect(hasPendingInfo(makeCustomer())).toBe(false);
    expect(hasPendingInfo(null)).toBe(false);
  });
});

describe('CompleteInfoModal', () => {
  beforeEach(() => {
    useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer({ pending_fields: ['emergency_contact'] }) });
  });

  it('blocks the home route with a way to Mi Información', async () => {
    const user = userEvent.setup();
    renderAt(<CompleteInfoModal />, '/mystudio', [infoScreen]);
    const dialog = screen.getByRole('dialog', { name: 'Completa tu información' });
    expect(within(dialog).getByText(/El estudio necesita algunos datos más/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cerrar' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('link', { name: 'Completar mi información' }));
    expect(await screen.findByRole('heading', { name: 'Mi Información' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("always offers 'Salir', since it covers the area's menu", async () => {
    const user = userEvent.setup();
    const signOutSession = vi.spyOn(session, 'signOutSession').mockResolvedValue(undefined);
    renderAt(<CompleteInfoModal />, '/mystudio', [{ path: '/', element: <h1>Inicio</h1> }]);
    await user.click(within(screen.getByRole('dialog', { name: 'Completa tu información' })).getByRole('button', { name: 'Salir' }));
    expect(signOutSession).toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeInTheDocument();
  });

  it('shows nothing when nothing is pending, nor on Mi Información itself', () => {
    renderAt(<CompleteInfoModal />, '/mystudio/informacion');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    useSession.setState({ customer: makeCustomer({ pending_fields: [] }) });
    renderAt(<CompleteInfoModal />, '/mystudio');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('may be dismissed when it prompts before booking', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderAt(<CompleteInfoModal onClose={onClose} />, '/mystudio');
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalled();
  });
});
