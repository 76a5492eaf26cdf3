import type { MailDetail, MailSummary } from '@studio/shared/schemas/mail';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { ModalHost } from '../../components/modal-host';
import { closeModal } from '../../components/modal-store';
import { resetServerData } from '../../lib/server-data';
import { MailScreen } from './mail-screen';

function makeMail(overrides: Partial<MailSummary> = {}): MailSummary {
  return {
    mail_id: 'reservation-1-booked',
    to: 'ana@example.com',
    subject: 'Tu reservación en Estudio Latido: Yoga',
    // 07:00 on Tuesday 1 December 2026 in Mexico City (UTC-6).
    createdAt: '2026-12-01T13:00:00.000Z',
    state: 'SUCCESS',
    error: null,
    kind: 'booked',
    reference: { type: 'class_reservation', id: 1 },
    ...overrides,
  };
}

const page = (mail: MailSummary[], total = mail.length, pageNumber = 1) => ({ body: { mail, total, page: pageNumber, page_size: 50 } });

function renderScreen(entry = '/admin/correos') {
  return renderRoutes(
    [
      {
        path: '/admin/correos',
        element: (
          <>
            <MailScreen />
            <ModalHost />
          </>
        ),
      },
    ],
    entry,
  );
}

describe('Correos enviados (/admin/correos)', () => {
  beforeEach(() => {
    setConfig({ timezone: 'America/Mexico_City' });
    resetServerData();
    closeModal();
  });

  it("lists the e-mails with the studio's time, recipient, subject and the state in words", async () => {
    const { calls } = mockFetch((call) =>
      call.url === '/api/mail?page=1'
        ? page([
            makeMail(),
            makeMail({ mail_id: 'invoice-2', subject: 'Tu compra', state: 'ERROR', error: 'Invalid login' }),
            makeMail({ mail_id: 'invoice-3', subject: 'Otra compra', state: null }),
            makeMail({ mail_id: 'invoice-4', subject: 'En camino', state: 'PROCESSING' }),
          ])
        : undefined,
    );
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Correos enviados' })).toBeInTheDocument();
    const first = (await screen.findByRole('heading', { level: 2, name: 'Tu reservación en Estudio Latido: Yoga' })).closest('li')!;
    expect(within(first).getByText('1 dic 2026, 07:00')).toBeInTheDocument();
    expect(within(first).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(first).getByText('Enviado')).toBeInTheDocument();
    const failed = screen.getByRole('heading', { level: 2, name: 'Tu compra' }).closest('li')!;
    expect(within(failed).getByText('Error')).toBeInTheDocument();
    expect(within(failed).getByText('Error de envío: Invalid login')).toBeInTheDocument();
    expect(within(screen.getByRole('heading', { level: 2, name: 'Otra compra' }).closest('li')!).getByText('Pendiente')).toBeInTheDocument();
    expect(within(screen.getByRole('heading', { level: 2, name: 'En camino' }).closest('li')!).getByText('Enviando')).toBeInTheDocument();
    expect(screen.getByText('4 correos')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Páginas' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('filters by one recipient, lower-cased, refusing what is not an address', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/mail?page=1') return page([makeMail(), makeMail({ mail_id: 'b', to: 'beto@example.com', subject: 'Para Beto' })]);
      if (call.url === '/api/mail?page=1&to=beto%40example.com') return page([makeMail({ mail_id: 'b', to: 'beto@example.com', subject: 'Para Beto' })]);
      return undefined;
    });
    const { router } = renderScreen();
    await screen.findByText('2 correos');
    const field = screen.getByRole('textbox', { name: 'Destinatario' });
    await user.type(field, 'beto');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El correo no es válido.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.type(field, '@Example.com');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('1 correos')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?to=beto%40example.com');
    expect(calls.at(-1)?.url).toBe('/api/mail?page=1&to=beto%40example.com');
    await user.click(screen.getByRole('button', { name: 'Quitar filtro' }));
    expect(await screen.findByText('2 correos')).toBeInTheDocument();
    expect(field).toHaveValue('');
  });

  it('says so when nobody got e-mail at that address', async () => {
    mockFetch((call) => (call.url === '/api/mail?page=1&to=nadie%40example.com' ? page([]) : undefined));
    renderScreen('/admin/correos?to=nadie%40example.com');
    expect(await screen.findByText('No hay correos para nadie@example.com.')).toBeInTheDocument();
  });

  it('pages by 50 with the address keeping the page', async () => {
    const user = userEvent.setup();
    mockFetch((call) => {
      if (call.url === '/api/mail?page=1') return page([makeMail({ subject: 'Nuevo' })], 51);
      if (call.url === '/api/mail?page=2') return page([makeMail({ subject: 'Viejo' })], 51, 2);
      return undefined;
    });
    const { router } = renderScreen();
    const pager = await screen.findByRole('navigation', { name: 'Páginas' });
    expect(within(pager).getByText('Página 1 de 2')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Viejo' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  });

  it('opens one e-mail in a modal with its text body', async () => {
    const user = userEvent.setup();
    const detail: MailDetail = { ...makeMail(), text: 'Hola, Ana:\nTu lugar está reservado.', attempts: 1 };
    mockFetch((call) => {
      if (call.url === '/api/mail?page=1') return page([makeMail()]);
      if (call.url === '/api/mail/reservation-1-booked') return { body: { mail: detail } };
      return undefined;
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Ver correo: Tu reservación en Estudio Latido: Yoga' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tu reservación en Estudio Latido: Yoga' });
    expect(await within(dialog).findByText(/Tu lugar está reservado\./)).toBeInTheDocument();
    expect(within(dialog).getByText('Enviado')).toBeInTheDocument();
  });

  it('shows a failed read in place with a retry', async () => {
    mockFetch(() => ({ status: 500, body: { error: { code: 'internal', message: 'Lo sentimos, ocurrió un error en el servidor.' } } }));
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent('Lo sentimos, ocurrió un error en el servidor.');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
