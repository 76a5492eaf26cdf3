import type { Notification } from '@studio/shared/schemas/notification';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeCustomer, mockFetch, renderAt, setConfig } from '../../../test/helpers';
import { useAlerts } from '../../lib/alerts';
import { useSession } from '../../lib/session';
import { UnreadNotificationsCount } from './notifications-badge';
import { NotificationsPanel } from './notifications-panel';

function makeNotice(overrides: Partial<Notification> = {}): Notification {
  return {
    notification_id: 'waitlist-promoted-8',
    customer_id: 7,
    type: 'waitlist-promoted',
    title: 'Te conseguimos un lugar',
    body: 'Se liberó un lugar en tu clase de Yoga Vinyasa del martes 1 de diciembre a las 07:00 en Latido Roma y te reservamos desde la lista de espera.',
    read: false,
    reference: { type: 'single_class', id: 1 },
    // 10:05 on 22 November in Mexico City (UTC-6).
    createdAt: '2026-11-22T16:05:00.000Z',
    readAt: null,
    ...overrides,
  };
}

const moved = makeNotice({
  notification_id: 'class-moved-1-7-1796139000000',
  type: 'class-moved',
  title: 'Tu clase cambió de horario',
  body: 'Tu clase de Yoga Vinyasa en Latido Roma ahora es el martes 1 de diciembre a las 08:30 (antes: martes 1 de diciembre a las 07:00). Tu lugar sigue reservado.',
  createdAt: '2026-11-21T15:00:00.000Z',
});
const cancelled = makeNotice({
  notification_id: 'class-cancelled-2-7',
  type: 'class-cancelled',
  title: 'Clase cancelada',
  body: 'Tu clase de Indoor Cycling del lunes 16 de noviembre a las 19:00 en Latido Roma fue cancelada.',
  read: true,
  createdAt: '2026-11-10T12:00:00.000Z',
  readAt: '2026-11-11T12:00:00.000Z',
});

/** A server that keeps the notices and marks them as the API does. */
function serve(initial: Notification[]) {
  let list = initial.map((n) => ({ ...n }));
  const unread = () => list.filter((n) => !n.read).length;
  const fetched = mockFetch((call) => {
    if (call.url === '/api/notifications' && call.method === 'GET') return { body: { notifications: list, unread: unread() } };
    const one = /^\/api\/notifications\/([^/]+)\/read$/.exec(call.url);
    if (one && call.method === 'PUT') {
      list = list.map((n) => (n.notification_id === one[1] ? { ...n, read: true, readAt: '2026-11-22T18:00:00.000Z' } : n));
      return { body: { notification: list.find((n) => n.notification_id === one[1]), unread: unread() } };
    }
    if (call.url === '/api/notifications/read' && call.method === 'PUT') {
      const marked = unread();
      list = list.map((n) => ({ ...n, read: true }));
      return { body: { marked, unread: 0 } };
    }
    return undefined;
  });
  return { ...fetched, gets: () => fetched.calls.filter((c) => c.method === 'GET').length };
}

describe('NotificationsPanel', () => {
  beforeEach(() => {
    setConfig({ timezone: 'America/Mexico_City' });
    useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer(), signupPending: false });
    useAlerts.setState({ error: null, success: null });
  });

  it('lists the notices newest first with their studio-time date, the unread count, and unread ones marked in words', async () => {
    serve([makeNotice(), moved, cancelled]);
    renderAt(<NotificationsPanel />);
    expect(screen.getByRole('heading', { level: 2, name: 'Notificaciones' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Notificaciones' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Te conseguimos un lugar',
      'Tu clase cambió de horario',
      'Clase cancelada',
    ]);
    expect(screen.getByText('2 sin leer')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Nueva')).toBeInTheDocument();
    expect(within(items[0]!).getByText('22 nov 2026 10:05')).toHaveAttribute('datetime', '2026-11-22T16:05:00.000Z');
    expect(within(items[0]!).getByText(/Se liberó un lugar/)).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: 'Marcar como leída: Te conseguimos un lugar' })).toBeInTheDocument();
    // A read one: no label, no button.
    expect(within(items[2]!).queryByText('Nueva')).not.toBeInTheDocument();
    expect(within(items[2]!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Marcar todas como leídas' })).toBeInTheDocument();
  });

  it('marks one read: sends the request, reads the list again and says so politely', async () => {
    const user = userEvent.setup();
    const server = serve([makeNotice(), moved, cancelled]);
    renderAt(<NotificationsPanel />);
    await user.click(await screen.findByRole('button', { name: 'Marcar como leída: Te conseguimos un lugar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Notificación marcada como leída.');
    expect(server.calls.some((c) => c.method === 'PUT' && c.url === '/api/notifications/waitlist-promoted-8/read')).toBe(true);
    expect(server.gets()).toBe(2);
    expect(screen.getByText('1 sin leer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Te conseguimos un lugar/ })).not.toBeInTheDocument();
    expect(screen.getAllByText('Nueva')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Notificaciones' })).toHaveFocus();
  });

  it('marks all read and hides the buttons', async () => {
    const user = userEvent.setup();
    const server = serve([makeNotice(), moved, cancelled]);
    renderAt(<NotificationsPanel />);
    await user.click(await screen.findByRole('button', { name: 'Marcar todas como leídas' }));
    expect(await screen.findByText('Todas leídas')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Todas las notificaciones quedaron marcadas como leídas.');
    expect(server.calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([['/api/notifications/read', {}]]);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('Nueva')).not.toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    serve([]);
    renderAt(<NotificationsPanel />);
    expect(await screen.findByText('No tienes notificaciones.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a failed read in place and retries it', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch((call) => {
      if (call.url !== '/api/notifications') return undefined;
      return fail ? { status: 500, body: { error: { code: 'internal', message: 'Falla' } } } : { body: { notifications: [moved], unread: 1 } };
    });
    renderAt(<NotificationsPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar tus notificaciones.');
    // In place only: nothing in the global alert.
    expect(useAlerts.getState().error).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Tu clase cambió de horario')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('UnreadNotificationsCount', () => {
  beforeEach(() => {
    useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer(), signupPending: false });
  });

  it('shows the unread count with words for screen readers', async () => {
    serve([makeNotice(), moved, cancelled]);
    renderAt(<UnreadNotificationsCount />);
    expect(await screen.findByText('2 notificaciones sin leer')).toBeInTheDocument();
    expect(screen.getByText('2')).toHaveAttribute('aria-hidden', 'true');
  });

  it('says one in the singular', async () => {
    serve([moved]);
    renderAt(<UnreadNotificationsCount />);
    expect(await screen.findByText('1 notificación sin leer')).toBeInTheDocument();
  });

  it('shows nothing when all are read', async () => {
    serve([cancelled]);
    renderAt(
      <>
        <UnreadNotificationsCount />
        <NotificationsPanel />
      </>,
    );
    // The panel beside it shows the list has arrived.
    expect(await screen.findByText('Todas leídas')).toBeInTheDocument();
    expect(screen.queryByText(/sin leer/)).not.toBeInTheDocument();
  });

  it('goes away once the panel marks them all (one list for both)', async () => {
    const user = userEvent.setup();
    serve([makeNotice(), moved]);
    renderAt(
      <>
        <UnreadNotificationsCount />
        <NotificationsPanel />
      </>,
    );
    expect(await screen.findByText('2 notificaciones sin leer')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Marcar todas como leídas' }));
    expect(await screen.findByText('Todas leídas')).toBeInTheDocument();
    expect(screen.queryByText('2 notificaciones sin leer')).not.toBeInTheDocument();
  });
});
