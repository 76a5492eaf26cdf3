import type { AvailableClass } from '@studio/shared/schemas/access';
import type { DynamicValues } from '@studio/shared/schemas/dynamic-form';
import type { SingleClass } from '@studio/shared/schemas/single-class';
import type { CustomField, Location } from '@studio/shared/types/catalogue';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBookingQuestion, makeClass, makeLocation, makeLot } from '../../../test/catalogue-fixtures';
import { type FetchCall, holdFetch, makeCustomer, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { CustomerAreaRoute } from '../../app/compositions/customer-area';
import { ModalHost } from '../../components/modal-host';
import { useModalStore } from '../../components/modal-store';
import { useAlerts } from '../../lib/alerts';
import { locationsQuery } from '../../lib/catalogue-queries';
import { queryClient } from '../../lib/server-data';
import { useSession } from '../../lib/session';
import { WEEK_REFRESH_MS } from './calendar-api';
import { CalendarScreen } from './calendar-screen';
import { RESUME_AFTER_SIGN_IN_MS } from './pending-booking';

// Wednesday 18 Nov 2026, 12:00 in Mexico City: the current week is Monday 16 – Sunday 22 Nov (ISO week 47).
const NOW = new Date('2026-11-18T18:00:00.000Z');
const PENDING_KEY = 'booking:pending-class';
const PROMO_KEY = 'promo-popup:last-day';

const roma = makeLocation();
const coyoacan = makeLocation({ location_id: 2, name: 'Latido Coyoacán', address: 'Francisco Sosa 45, Coyoacán' });

const type = (class_type_id: number, name: string) => ({ class_type_id, name, icon: null, description: null, spot_map: null, file: null });

/** Wednesday 19:30 local, 7.5 hours from NOW: inside the 12-hour cancel window. */
const cycling = makeClass();
/** Friday 08:00 local, one spot left, at the other studio, with a description, a coach's nick name and a tag. */
const yoga = makeClass({
  single_class_id: 2,
  class_date: '2026-11-20T14:00:00.000Z',
  end_date: '2026-11-20T15:00:00.000Z',
  date: '2026-11-20',
  start_time: '08:00',
  spots_left: 1,
  booked: 11,
  description: 'Flujo suave para empezar el día',
  class_type: type(2, 'Yoga'),
  location_id: 2,
  location: { location_id: 2, name: 'Latido Coyoacán', address: 'Francisco Sosa 45, Coyoacán' },
  class_instructors: [
    { instructor_id: 5, instructor: { instructor_id: 5, name: 'Diego', nick_name: 'Dieguito', last_name: 'Luna', birthdate: null, file: null } },
    { instructor_id: 4, instructor: { instructor_id: 4, name: 'Sofía', nick_name: null, last_name: 'Ramos', birthdate: null, file: null } },
  ],
  tags: [{ tag_id: 3, name: 'Principiantes', color: '#00aa88' }],
});
/** Thursday 10:00 local, full: the waitlist is open (22 hours ahead, cutoff 120 minutes). */
const barre = makeClass({
  single_class_id: 3,
  class_date: '2026-11-19T16:00:00.000Z',
  end_date: '2026-11-19T16:50:00.000Z',
  date: '2026-11-19',
  start_time: '10:00',
  spots_left: 0,
  booked: 12,
  class_type: type(3, 'Barre'),
});
/** Saturday 09:00 local, booked by the customer on spot 4, far outside the cancel window. */
const pilates = makeClass({
  single_class_id: 4,
  class_date: '2026-11-21T15:00:00.000Z',
  end_date: '2026-11-21T15:50:00.000Z',
  date: '2026-11-21',
  start_time: '09:00',
  class_type: type(4, 'Pilates'),
  my_reservations: [{ class_reservation_id: 501, spot: 4, guest: null, status: 'Próxima', attend: false }],
  my_waitlist: null,
});
/** Saturday 11:00 local, full, the customer second in line. */
const hiit = makeClass({
  single_class_id: 5,
  class_date: '2026-11-21T17:00:00.000Z',
  end_date: '2026-11-21T17:50:00.000Z',
  date: '2026-11-21',
  start_time: '11:00',
  spots_left: 0,
  booked: 12,
  class_type: type(5, 'HIIT'),
  my_reservations: [],
  my_waitlist: { waitlist_id: 8, position: 2 },
});

const WEEK = [cycling, yoga, barre, pilates, hiit];

interface Options {
  week?: (params: URLSearchParams) => SingleClass[];
  /** GET /single_class/single/{id}: by default the week's class with no spot map. */
  detail?: (id: number) => SingleClass | undefined;
  locations?: Location[];
  lots?: AvailableClass[];
  /** Answers tried before the defaults (the test's POSTs and DELETEs). */
  respond?: (call: FetchCall) => { status?: number; body?: unknown } | undefined;
  entry?: string;
  /** The studio's booking questions (custom fields of 'class_reservation'): none by default. */
  questions?: CustomField[];
  /** The studio's profile questions (custom fields of 'customer', ADR 0118): none by default. */
  profileFields?: CustomField[];
}

const detailOf = (id: number) => WEEK.find((c) => c.single_class_id === id);

function renderCalendar({
  week = () => WEEK,
  detail = detailOf,
  locations = [roma],
  lots = [makeLot()],
  respond,
  entry = '/mystudio',
  questions = [],
  profileFields = [],
}: Options = {}) {
  const { calls } = mockFetch((call) => {
    const answer = respond?.(call);
    if (answer) return answer;
    const url = new URL(call.url, 'http://localhost');
    if (call.method !== 'GET') return undefined;
    if (url.pathname === '/api/locations') return { body: { locations } };
    if (url.pathname === '/api/custom_fields' && url.searchParams.get('object') === 'class_reservation') return { body: { custom_fields: questions } };
    if (url.pathname === '/api/custom_fields' && url.searchParams.get('object') === 'customer') return { body: { custom_fields: profileFields } };
    if (url.pathname === '/api/available_classes') return { body: { available_classes: lots } };
    if (url.pathname === '/api/single_class') return { body: { single_classes: week(url.searchParams) } };
    const single = /^\/api\/single_class\/single\/(\d+)$/.exec(url.pathname);
    const found = single ? detail(Number(single[1])) : undefined;
    return found ? { body: { single_class: found } } : undefined;
  });
  const result = renderRoutes(
    [
      {
        path: '/mystudio',
        element: (
          <>
            <CalendarScreen signInForm={<p>Formulario de acceso</p>} signUpForm={<p>Formulario de registro</p>} />
            <ModalHost />
          </>
        ),
      },
      { path: '/mystudio/paquetes', element: <p>Tienda de paquetes</p> },
      { path: '/entrar', element: <p>Entrar</p> },
      { path: '/registro', element: <p>Registro</p> },
    ],
    entry,
  );
  const weekCalls = () =>
    calls
      .filter((call) => call.method === 'GET' && call.url.startsWith('/api/single_class?'))
      .map((call) => new URL(call.url, 'http://localhost').searchParams);
  const classCalls = (id: number) => calls.filter((call) => call.method === 'GET' && call.url === `/api/single_class/single/${id}`);
  const sent = () => calls.filter((call) => call.method !== 'GET').map(({ method, url, body }) => ({ method, url, body }));
  return { ...result, calls, weekCalls, classCalls, sent };
}

/** A class card, found by its accessible name (the class type). */
const card = async (name: string) => screen.findByRole('listitem', { name });
const actionsOf = (name: string, day: string, time: string) => screen.getByRole('group', { name: `Acciones para ${name} del ${day} a las ${time}` });

function signIn() {
  useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer(), signupPending: false, isAdmin: false, resolved: true });
}

function signOut() {
  useSession.setState({ status: 'signed-out', uid: null, customer: null, signupPending: false, isAdmin: false, resolved: true });
}

/** Date alone is fixed: timers run for real. */
function fixDate(at: Date = NOW) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

/** Every timer fake, moving with real time too, so awaiting the UI still works and a test can jump ahead. */
function fakeTimers() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

beforeEach(() => {
  setConfig({ timezone: 'America/Mexico_City' });
  signIn();
  useAlerts.setState({ error: null, success: null });
  useModalStore.setState({ current: null });
  sessionStorage.clear();
  localStorage.clear();
});

describe('Calendario: the week', () => {
  beforeEach(() => fixDate());

  it("shows the month, 'Semana N', the legend and the 7 days Monday first with Spanish weekday names", async () => {
    const { weekCalls } = renderCalendar();
    expect(screen.getByRole('heading', { level: 1, name: 'Calendario' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'noviembre 2026' })).toBeInTheDocument();
    expect(screen.getByText('Semana 47')).toBeInTheDocument();
    expect(screen.getByText('16 nov 2026 – 22 nov 2026')).toBeInTheDocument();

    const legend = screen.getByRole('list', { name: 'Simbología' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['Disponible', 'Reservada', 'Sin Lugares']);

    await card('Cycling');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'lunes 16 nov 2026',
      'martes 17 nov 2026',
      'miércoles 18 nov 2026',
      'jueves 19 nov 2026',
      'viernes 20 nov 2026',
      'sábado 21 nov 2026',
      'domingo 22 nov 2026',
    ]);
    expect(weekCalls().map((params) => params.toString())).toEqual(['start_date=2026-11-16&end_date=2026-11-22']);
    // Visitors' hint is not for a signed-in customer.
    expect(screen.queryByText('Inicia sesión para reservar tus clases.')).not.toBeInTheDocument();
  });

  it("says 'No hay más clases programadas esta semana' for an empty week", async () => {
    renderCalendar({ week: () => [] });
    expect(await screen.findByText('No hay más clases programadas esta semana')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
    expect(screen.queryByText('No hay clases programadas')).not.toBeInTheDocument();
  });

  it("says 'No hay clases programadas' on each day without classes", async () => {
    renderCalendar({ week: () => [cycling, pilates] });
    await card('Cycling');
    for (const day of ['lunes 16 nov 2026', 'martes 17 nov 2026', 'jueves 19 nov 2026', 'viernes 20 nov 2026', 'domingo 22 nov 2026']) {
      expect(within(screen.getByRole('region', { name: day })).getByText('No hay clases programadas')).toBeInTheDocument();
    }
    // 01:30Z on the 19th is Wednesday the 18th on the studio's clock.
    const wednesday = screen.getByRole('region', { name: 'miércoles 18 nov 2026' });
    expect(within(wednesday).getByRole('listitem', { name: 'Cycling' })).toBeInTheDocument();
    expect(within(wednesday).queryByText('No hay clases programadas')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'sábado 21 nov 2026' })).getByRole('listitem', { name: 'Pilates' })).toBeInTheDocument();
    expect(screen.queryByText('No hay más clases programadas esta semana')).not.toBeInTheDocument();
  });

  it('offers no location filter with a single location', async () => {
    renderCalendar({ locations: [roma] });
    await card('Cycling');
    await vi.waitFor(() => expect(queryClient.getQueryState(locationsQuery.queryKey)?.status).toBe('success'));
    // Let the answer reach the screen (query results are handed over on a timer).
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('combobox', { name: 'Estudio' })).not.toBeInTheDocument();
    expect(screen.queryByText('Todos los Estudios')).not.toBeInTheDocument();
  });

  it('shows the classes together with the location filter, never the classes first: a filter appearing above them would push them down', async () => {
    renderCalendar({ locations: [roma, coyoacan] });
    // The locations answer only when released; the week answers at once.
    const { release } = holdFetch('/api/locations');
    // The week's answer is in the cache and its notification delivered (TanStack notifies on the next task): were the classes shown alone, they would be now.
    await vi.waitFor(() =>
      expect(
        queryClient
          .getQueryCache()
          .findAll({ queryKey: ['single_class'] })
          .map((q) => q.state.status),
      ).toContain('success'),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('listitem', { name: 'Cycling' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Estudio' })).not.toBeInTheDocument();

    release();
    expect(await card('Cycling')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Estudio' })).toBeInTheDocument();
  });

  it("filters by location, with 'Todos los Estudios', when there are several, and asks for that location's classes", async () => {
    const { weekCalls, router } = renderCalendar({
      locations: [roma, coyoacan],
      week: (params) => WEEK.filter((c) => !params.has('location_id') || String(c.location_id) === params.get('location_id')),
    });
    await card('Cycling');
    const select = await screen.findByRole('combobox', { name: 'Estudio' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todos los Estudios', 'Latido Roma', 'Latido Coyoacán']);
    expect(select).toHaveValue('');

    await userEvent.selectOptions(select, 'Latido Coyoacán');
    await vi.waitFor(() => expect(screen.queryByRole('listitem', { name: 'Cycling' })).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'Yoga' })).toBeInTheDocument();
    expect(weekCalls().at(-1)?.toString()).toBe('start_date=2026-11-16&end_date=2026-11-22&location_id=2');
    expect(router.state.location.search).toBe('?ubicacion=2');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Estudio' }), 'Todos los Estudios');
    expect(await card('Cycling')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('moves by week and by month, never before the current week', async () => {
    const { weekCalls } = renderCalendar({ week: () => [] });
    await screen.findByText('No hay más clases programadas esta semana');
    const previousWeek = screen.getByRole('button', { name: /Semana anterior/ });
    const previousMonth = screen.getByRole('button', { name: 'Mes anterior' });
    expect(previousWeek).toBeDisabled();
    expect(previousMonth).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: /Semana siguiente/ }));
    expect(await screen.findByText('Semana 48')).toBeInTheDocument();
    expect(screen.getByText('23 nov 2026 – 29 nov 2026')).toBeInTheDocument();
    await vi.waitFor(() => expect(weekCalls().at(-1)?.toString()).toBe('start_date=2026-11-23&end_date=2026-11-29'));
    expect(screen.getByRole('button', { name: /Semana anterior/ })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: /Semana anterior/ }));
    expect(await screen.findByText('Semana 47')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Semana anterior/ })).toBeDisabled();

    // December's first week is the one holding its first Thursday (3 Dec): Monday 30 Nov.
    await userEvent.click(screen.getByRole('button', { name: 'Mes siguiente' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'diciembre 2026' })).toBeInTheDocument();
    expect(screen.getByText('Semana 49')).toBeInTheDocument();
    await vi.waitFor(() => expect(weekCalls().at(-1)?.toString()).toBe('start_date=2026-11-30&end_date=2026-12-06'));
    expect(screen.getByRole('button', { name: 'Mes anterior' })).toBeEnabled();

    // November's first week is in the past: back to the current week.
    await userEvent.click(screen.getByRole('button', { name: 'Mes anterior' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'noviembre 2026' })).toBeInTheDocument();
    expect(screen.getByText('Semana 47')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mes anterior' })).toBeDisabled();
    expect(weekCalls().map((params) => params.get('start_date'))).toEqual(['2026-11-16', '2026-11-23', '2026-11-30']);
  });
});

describe('Calendario: class cards', () => {
  beforeEach(() => fixDate());

  it("shows type, location, studio time, coach badges, spots, tags and the state's word", async () => {
    renderCalendar();
    const c = await card('Cycling');
    expect(within(c).getByRole('heading', { level: 4, name: 'Cycling' })).toBeInTheDocument();
    expect(within(c).getByText('19:30')).toHaveAttribute('datetime', '2026-11-19T01:30:00.000Z');
    expect(within(c).getByText('Latido Roma')).toBeInTheDocument();
    expect(
      within(within(c).getByRole('list', { name: 'Coaches' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Sofía Ramos']);
    expect(within(c).getByText('Disponible')).toBeInTheDocument();
    expect(within(c).getByText('9 lugares')).toBeInTheDocument();
    expect(
      within(actionsOf('Cycling', 'miércoles', '19:30'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reservar']);

    const y = screen.getByRole('listitem', { name: 'Yoga' });
    expect(within(y).getByText('08:00')).toBeInTheDocument();
    expect(within(y).getByText('Latido Coyoacán')).toBeInTheDocument();
    expect(within(y).getByText('Flujo suave para empezar el día')).toBeInTheDocument();
    expect(
      within(within(y).getByRole('list', { name: 'Coaches' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dieguito', 'Sofía Ramos']);
    expect(within(y).getByText('1 lugar')).toBeInTheDocument();
    expect(within(y).getByText('Principiantes')).toBeInTheDocument();

    const b = screen.getByRole('listitem', { name: 'Barre' });
    expect(within(b).getByText('Sin Lugares')).toBeInTheDocument();
    expect(within(b).getByText('Sold Out')).toBeInTheDocument();
    expect(
      within(actionsOf('Barre', 'jueves', '10:00'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Lista de Espera']);
  });

  it("marks the customer's class Reservada with 'Tu lugar: N', and a class they wait for with their place in line", async () => {
    renderCalendar();
    const p = await card('Pilates');
    expect(within(p).getByText('Reservada')).toBeInTheDocument();
    expect(within(p).getByText('Tu lugar: 4')).toBeInTheDocument();
    expect(within(p).queryByText('9 lugares')).not.toBeInTheDocument();
    expect(within(p).queryByText('Disponible')).not.toBeInTheDocument();
    const pilatesActions = actionsOf('Pilates', 'sábado', '09:00');
    expect(within(pilatesActions).getByRole('button', { name: '+1: agregar un invitado a Pilates' })).toHaveTextContent('+1');
    expect(within(pilatesActions).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(within(pilatesActions).queryByRole('button', { name: 'Reservar' })).not.toBeInTheDocument();

    const h = screen.getByRole('listitem', { name: 'HIIT' });
    expect(within(h).getByText('Estás en el lugar 2 de la lista de espera')).toBeInTheDocument();
    expect(within(h).getByText('Sold Out')).toBeInTheDocument();
    expect(
      within(actionsOf('HIIT', 'sábado', '11:00'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Salir de la lista']);
  });

  it("shows the count of the customer's places and their guest's name", async () => {
    renderCalendar({
      week: () => [
        {
          ...pilates,
          my_reservations: [
            { class_reservation_id: 501, spot: 4, guest: null, status: 'Próxima', attend: false },
            { class_reservation_id: 502, spot: 5, guest: 'Luis', status: 'Próxima', attend: false },
          ],
        },
      ],
    });
    const p = await card('Pilates');
    expect(within(p).getByText('Reservada · 2 lugares')).toBeInTheDocument();
    expect(within(p).getByText('Invitado: Luis')).toBeInTheDocument();
    expect(
      within(actionsOf('Pilates', 'sábado', '09:00'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancelar', 'Cancelar invitado']);
  });

  it("offers 'Comprar' to a customer without credits, which takes them to the packages and remembers the class", async () => {
    const { router } = renderCalendar({ lots: [] });
    await card('Cycling');
    const buy = await within(actionsOf('Cycling', 'miércoles', '19:30')).findByRole('button', { name: 'Comprar' });
    expect(within(actionsOf('Cycling', 'miércoles', '19:30')).queryByRole('button', { name: 'Reservar' })).not.toBeInTheDocument();
    await userEvent.click(buy);
    expect(await screen.findByText('Tienda de paquetes')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/mystudio/paquetes');
    expect(sessionStorage.getItem(PENDING_KEY)).toBe('1');
  });
});

describe('Calendario: booking', () => {
  beforeEach(() => fixDate());

  const withMap = (overrides: Partial<SingleClass> = {}): SingleClass => ({
    ...cycling,
    spot_map: '3,4',
    free_spots: [1, 3, 4, 7],
    my_reservations: [],
    ...overrides,
  });

  it("'Reservar' opens the booking modal on the class read fresh; a seat picked by click or keyboard is sent with the booking", async () => {
    const user = userEvent.setup();
    const { classCalls, sent, weekCalls } = renderCalendar({
      detail: (id) => (id === 1 ? withMap() : undefined),
      respond: (call) =>
        call.method === 'POST' && call.url === '/api/class_reservations' ? { status: 201, body: { class_reservation: {}, class_reservations: [] } } : undefined,
    });
    await card('Cycling');
    await user.click(within(actionsOf('Cycling', 'miércoles', '19:30')).getByRole('button', { name: 'Reservar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reservar clase' });
    const one = await within(dialog).findByRole('button', { name: 'Lugar 1, disponible' });
    expect(classCalls(1)).toHaveLength(1);
    expect(within(dialog).getByText('Cycling')).toBeInTheDocument();
    expect(within(dialog).getByText('miércoles 18 nov 2026 · 19:30')).toBeInTheDocument();
    expect(within(dialog).getByText('Con Sofía Ramos')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Lugar 2, ocupado' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(one);
    expect(one).toHaveAttribute('aria-pressed', 'true');
    // Keyboard: → walks to 2 (taken) and 3; Space picks 3.
    await user.keyboard('{ArrowRight}{ArrowRight}');
    const three = within(dialog).getByRole('button', { name: 'Lugar 3, disponible' });
    expect(three).toHaveFocus();
    await user.keyboard(' ');
    expect(three).toHaveAttribute('aria-pressed', 'true');
    expect(one).toHaveAttribute('aria-pressed', 'false');
    expect(within(dialog).getByText('Elegiste el lugar 3.')).toBeInTheDocument();

    const weekReads = weekCalls().length;
    await user.click(within(dialog).getByRole('button', { name: 'Reservar' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent()).toEqual([{ method: 'POST', url: '/api/class_reservations', body: { single_class_id: 1, spot: 3 } }]);
    expect(useAlerts.getState().success?.text).toBe('¡Reservación guardada con éxito!');
    // The week is read again: the card shows the new place.
    expect(weekCalls().length).toBeGreaterThan(weekReads);
  });

  it('sends a booking without a spot when the class has no map', async () => {
    const user = userEvent.setup();
    const { sent } = renderCalendar({
      respond: (call) => (call.method === 'POST' ? { status: 201, body: { class_reservation: {}, class_reservations: [] } } : undefined),
    });
    await card('Cycling');
    await user.click(within(actionsOf('Cycling', 'miércoles', '19:30')).getByRole('button', { name: 'Reservar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reservar clase' });
    await within(dialog).findByText('Con Sofía Ramos');
    expect(within(dialog).queryByRole('group', { name: 'Elige tu lugar' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reservar' }));
    await vi.waitFor(() => expect(sent()).toEqual([{ method: 'POST', url: '/api/class_reservations', body: { single_class_id: 1 } }]));
  });

  describe("the studio's booking questions (ADR 0115)", () => {
    const notes = makeBookingQuestion();
    const booked = (call: FetchCall) => (call.method === 'POST' ? { status: 201, body: { class_reservation: {}, class_reservations: [] } } : undefined);

    it("are asked in the booking modal; a required one left empty says 'Revisa el campo' and sends nothing, answered it is sent", async () => {
      const user = userEvent.setup();
      const { sent } = renderCalendar({ questions: [notes], respond: booked });
      await card('Cycling');
      await user.click(within(actionsOf('Cycling', 'miércoles', '19:30')).getByRole('button', { name: 'Reservar' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reservar clase' });
      const group = await within(dialog).findByRole('group', { name: 'Antes de tu clase' });
      const answer = within(group).getByRole('textbox', { name: /¿Algo que debamos saber para tu clase\?/ });
      await user.click(within(dialog).getByRole('button', { name: 'Reservar' }));
      expect(await within(dialog).findByText('Revisa el campo: ¿Algo que debamos saber para tu clase?')).toBeInTheDocument();
      expect(answer).toHaveAttribute('aria-invalid', 'true');
      expect(sent()).toEqual([]);

      await user.type(answer, 'Lesión de rodilla');
      await user.click(within(dialog).getByRole('button', { name: 'Reservar' }));
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(sent()).toEqual([{ method: 'POST', url: '/api/class_reservations', body: { single_class_id: 1, custom_values: { notas: 'Lesión de rodilla' } } }]);
    });

    it("a refusal of an answer by the server is shown by the question, in the server's words", async () => {
      const user = userEvent.setup();
      renderCalendar({
        questions: [notes],
        respond: (call) =>
          call.method === 'POST'
            ? {
                status: 400,
                body: {
                  error: {
                    code: 'invalid-argument',
                    message: 'Revisa el campo: ¿Algo que debamos saber para tu clase?',
                    fields: { 'custom_values.notas': 'Debes llenar este campo.' },
                  },
                },
              }
            : undefined,
      });
      await card('Cycling');
      await user.click(within(actionsOf('Cycling', 'miércoles', '19:30')).getByRole('button', { name: 'Reservar' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reservar clase' });
      await user.type(await within(dialog).findByRole('textbox', { name: /¿Algo que debamos saber/ }), 'x');
      await user.click(within(dialog).getByRole('button', { name: 'Reservar' }));
      expect(await within(dialog).findByText('Debes llenar este campo.')).toBeInTheDocument();
      expect(within(dialog).getByRole('textbox', { name: /¿Algo que debamos saber/ })).toHaveAttribute('aria-invalid', 'true');
    });

    it("'+1' on a class already booked does not ask them again", async () => {
      const user = userEvent.setup();
      const { sent } = renderCalendar({ questions: [notes], respond: booked });
      await card('Pilates');
      await user.click(screen.getByRole('button', { name: '+1: agregar un invitado a Pilates' }));
      const dialog = await screen.findByRole('dialog', { name: 'Agregar invitado' });
      await user.type(await within(dialog).findByRole('textbox', { name: /Nombre de tu invitado/ }), 'Luis');
      expect(within(dialog).queryByRole('group', { name: 'Antes de tu clase' })).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Reservar lugar del invitado' }));
      await vi.waitFor(() => expect(sent()).toEqual([{ method: 'POST', url: '/api/class_reservations', body: { single_class_id: 4, guest: 'Luis' } }]));
    });
  });

  describe("'Completa tu perfil' before the first booking (ADR 0118)", () => {
    const contact = makeBookingQuestion({ custom_field_id: 11, key: 'emergency_contact', label: 'Contacto de emergencia', type: 'text', object: 'customer' });
    const shoe = makeBookingQuestion({
      custom_field_id: 12,
      key: 'shoe_size',
      label: 'Talla de zapato',
      type: 'select',
      object: 'customer',
      required: false,
      options: [{ label: '25', value: '25' }],
    });
    const respond = (call: FetchCall) => {
      if (call.method === 'PUT' && call.url === '/api/customer/custom_values') {
        const values = (call.body as { values: DynamicValues }).values;
        return { body: { customer: makeCustomer({ custom_values: values, pending_fields: [], intake_asked: true }) } };
      }
      return call.method === 'POST' ? { status: 201, body: { class_reservation: {}, class_reservations: [] } } : undefined;
    };

    it('asks the required and optional questions first, saves them, then books; the next booking does not ask again', async () => {
      const user = userEvent.setup();
      useSession.setState({ customer: makeCustomer({ pending_fields: ['emergency_contact'], intake_asked: false }) });
      const { sent } = renderCalendar({ profileFields: [contact, shoe], respond });
      await card('Cycling');
      await user.click(within(actionsOf('Cycling', 'miércoles', '19:30')).getByRole('button', { name: 'Reservar' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reservar clase' });
      const group = await within(dialog).findByRole('group', { name: 'Completa tu perfil' });
      expect(within(group).getByText('El estudio necesita estos datos para tus reservaciones.')).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Reservar' })).not.toBeInTheDocument();
      // The profile's own rules: the required question left empty is named, nothing is sent.
      await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
      expect(await within(dialog).findByText('Revisa el campo: Contacto de emergencia')).toBeInTheDocument();
      expect(sent()).toEqual([]);

      await user.type(within(group).getByRole('textbox', { name: /Contacto de emergencia/ }), 'Mamá 5512345678');
      await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
      // Saved (the optional shoe size left empty), the booking step follows in the same modal.
      await user.click(await within(dialog).findByRole('button', { name: 'Reservar' }));
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(sent()).toEqual([
        { method: 'PUT', url: '/api/customer/custom_values', body: { values: { emergency_contact: 'Mamá 5512345678' } } },
        { method: 'POST', url: '/api/class_reservations', body: { single_class_id: 1 } },
      ]);

      await user.click(within(actionsOf('Yoga', 'viernes', '08:00')).getByRole('button', { name: 'Reservar' }));
      const next = await screen.findByRole('dialog', { name: 'Reservar clase' });
      expect(await within(next).findByRole('button', { name: 'Reservar' })).toBeInTheDocument();
      expect(within(next).queryByRole('group', { name: 'Completa tu perfil' })).not.toBeInTheDocument();
    });

    it('optional questions only: asked once and may be skipped (saved empty), never blocking', async () => {
      const user = userEvent.setup();
      useSession.setState({ customer: makeCustomer({ pending_fields: [], intake_asked: false }) });
      const { sent } = renderCalendar({ profileFields: [shoe], respond });
      await card('Cycling');
      await user.click(within(actionsOf('Cycling', 'miércoles', '19:30')).getByRole('button', { name: 'Reservar' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reservar clase' });
      expect(await within(dialog).findByRole('group', { name: 'Completa tu perfil' })).toHaveTextContent('(Opcional)');
      await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
      await user.click(await within(dialog).findByRole('button', { name: 'Reservar' }));
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(sent()).toEqual([
        { method: 'PUT', url: '/api/customer/custom_values', body: { values: {} } },
        { method: 'POST', url: '/api/class_reservations', body: { single_class_id: 1 } },
      ]);
    });

    it('optional questions only: not asked once the answers were saved', async () => {
      const user = userEvent.setup();
      useSession.setState({ customer: makeCustomer({ pending_fields: [], intake_asked: true }) });
      renderCalendar({ profileFields: [shoe], respond });
      await card('Cycling');
      await user.click(within(actionsOf('Cycling', 'miércoles', '19:30')).getByRole('button', { name: 'Reservar' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reservar clase' });
      expect(await within(dialog).findByRole('button', { name: 'Reservar' })).toBeInTheDocument();
      expect(within(dialog).queryByRole('group', { name: 'Completa tu perfil' })).not.toBeInTheDocument();
    });

    it('a 409 booking/profile-incomplete (a question added meanwhile) reads the customer again and asks it', async () => {
      const user = userEvent.setup();
      useSession.setState({ customer: makeCustomer({ pending_fields: [], intake_asked: true }) });
      renderCalendar({
        profileFields: [contact],
        respond: (call) => {
          if (call.method === 'GET' && call.url === '/api/customer') {
            return { body: { customer: makeCustomer({ pending_fields: ['emergency_contact'], intake_asked: true }) } };
          }
          if (call.method === 'POST') {
            return { status: 409, body: { error: { code: 'booking/profile-incomplete', message: 'Completa tu perfil antes de reservar.' } } };
          }
          return respond(call);
        },
      });
      await card('Cycling');
      await user.click(within(actionsOf('Cycling', 'miércoles', '19:30')).getByRole('button', { name: 'Reservar' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reservar clase' });
      await user.click(await within(dialog).findByRole('button', { name: 'Reservar' }));
      const group = await within(dialog).findByRole('group', { name: 'Completa tu perfil' });
      await user.type(within(group).getByRole('textbox', { name: /Contacto de emergencia/ }), 'Mamá 5512345678');
      await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
      // Answered, the booking step starts clean: the server's refusal is not shown again.
      expect(await within(dialog).findByRole('button', { name: 'Reservar' })).toBeInTheDocument();
      expect(within(dialog).queryByText('Completa tu perfil antes de reservar.')).not.toBeInTheDocument();
    });
  });

  it("asks for the guest's name (at least 2 characters) before sending, then sends it as `guest`", async () => {
    const user = userEvent.setup();
    const { sent } = renderCalendar({
      respond: (call) => (call.method === 'POST' ? { status: 201, body: { class_reservation: {}, class_reservations: [] } } : undefined),
    });
    await card('Cycling');
    await user.click(within(actionsOf('Cycling', 'miércoles', '19:30')).getByRole('button', { name: 'Reservar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reservar clase' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Llevar un invitado (+1)' }));
    const name = within(dialog).getByRole('textbox', { name: /Nombre de tu invitado/ });
    await user.type(name, 'A');
    await user.click(within(dialog).getByRole('button', { name: 'Reservar' }));
    expect(await within(dialog).findByText('Debes ingresar un nombre para tu invitado')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(sent()).toEqual([]);

    await user.type(name, 'na');
    await user.click(within(dialog).getByRole('button', { name: 'Reservar' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent()).toEqual([{ method: 'POST', url: '/api/class_reservations', body: { single_class_id: 1, guest: 'Ana' } }]);
  });

  it("'+1' books the guest's place on a class the customer booked", async () => {
    const user = userEvent.setup();
    const { sent } = renderCalendar({
      respond: (call) => (call.method === 'POST' ? { status: 201, body: { class_reservation: {}, class_reservations: [] } } : undefined),
    });
    await card('Pilates');
    await user.click(screen.getByRole('button', { name: '+1: agregar un invitado a Pilates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar invitado' });
    await user.type(await within(dialog).findByRole('textbox', { name: /Nombre de tu invitado/ }), 'Luis');
    await user.click(within(dialog).getByRole('button', { name: 'Reservar lugar del invitado' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent()).toEqual([{ method: 'POST', url: '/api/class_reservations', body: { single_class_id: 4, guest: 'Luis' } }]);
    expect(useAlerts.getState().success?.text).toBe('Reservación registrada.');
  });

  it('409 booking/spot-taken: shows the server message, reads the class again and clears the pick', async () => {
    const user = userEvent.setup();
    let reads = 0;
    const { sent, classCalls } = renderCalendar({
      // The second read: someone took spot 4 meanwhile; spot 3 is still free, so only the screen can have dropped the pick.
      detail: (id) => (id === 1 ? (++reads === 1 ? withMap() : withMap({ free_spots: [1, 3, 7] })) : undefined),
      respond: (call) =>
        call.method === 'POST'
          ? { status: 409, body: { error: { code: 'booking/spot-taken', message: 'Alguien más acaba de tomar ese lugar. Elige otro.' } } }
          : undefined,
    });
    await card('Cycling');
    await user.click(within(actionsOf('Cycling', 'miércoles', '19:30')).getByRole('button', { name: 'Reservar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reservar clase' });
    await user.click(await within(dialog).findByRole('button', { name: 'Lugar 3, disponible' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reservar' }));

    expect(await within(dialog).findByText('Alguien más acaba de tomar ese lugar. Elige otro.')).toBeInTheDocument();
    expect(sent()).toEqual([{ method: 'POST', url: '/api/class_reservations', body: { single_class_id: 1, spot: 3 } }]);
    await vi.waitFor(() => expect(classCalls(1)).toHaveLength(2));
    expect(await within(dialog).findByRole('button', { name: 'Lugar 4, ocupado' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Lugar 3, disponible' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('dialog', { name: 'Reservar clase' })).toBeInTheDocument();
  });

  it("412 booking/no-credits opens 'Sin créditos disponibles'; 'Ver paquetes' goes to /mystudio/paquetes and remembers the class", async () => {
    const user = userEvent.setup();
    const { router } = renderCalendar({
      respond: (call) =>
        call.method === 'POST' ? { status: 412, body: { error: { code: 'booking/no-credits', message: 'No tienes créditos disponibles.' } } } : undefined,
    });
    await card('Cycling');
    await user.click(within(actionsOf('Cycling', 'miércoles', '19:30')).getByRole('button', { name: 'Reservar' }));
    const booking = await screen.findByRole('dialog', { name: 'Reservar clase' });
    await within(booking).findByText('Con Sofía Ramos');
    await user.click(within(booking).getByRole('button', { name: 'Reservar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sin créditos disponibles' });
    expect(screen.queryByRole('dialog', { name: 'Reservar clase' })).not.toBeInTheDocument();
    expect(
      within(dialog).getByText('Ya no tienes créditos para esta clase. Compra un paquete y te regresamos aquí para terminar tu reservación.'),
    ).toBeInTheDocument();
    const link = within(dialog).getByRole('link', { name: 'Ver paquetes' });
    expect(link).toHaveAttribute('href', '/mystudio/paquetes');
    expect(sessionStorage.getItem(PENDING_KEY)).toBeNull();
    await user.click(link);
    expect(await screen.findByText('Tienda de paquetes')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/mystudio/paquetes');
    expect(sessionStorage.getItem(PENDING_KEY)).toBe('1');
  });

  it("412 booking/lot-ends-before-class says the server's sentence in the booking modal, not 'Sin créditos disponibles' (ADR 0065)", async () => {
    const user = userEvent.setup();
    const message = 'Tu paquete vence el 18 nov, antes de esta clase.';
    renderCalendar({
      respond: (call) => (call.method === 'POST' ? { status: 412, body: { error: { code: 'booking/lot-ends-before-class', message } } } : undefined),
    });
    await card('Cycling');
    await user.click(within(actionsOf('Cycling', 'miércoles', '19:30')).getByRole('button', { name: 'Reservar' }));
    const booking = await screen.findByRole('dialog', { name: 'Reservar clase' });
    await within(booking).findByText('Con Sofía Ramos');
    await user.click(within(booking).getByRole('button', { name: 'Reservar' }));
    expect(await within(booking).findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Sin créditos disponibles' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem(PENDING_KEY)).toBeNull();
  });

  it("the guest's place refused for a lot ending before the class says so in the guest modal too", async () => {
    const user = userEvent.setup();
    const message = 'Tu paquete vence el 20 nov, antes de esta clase.';
    renderCalendar({
      respond: (call) => (call.method === 'POST' ? { status: 412, body: { error: { code: 'booking/lot-ends-before-class', message } } } : undefined),
    });
    await card('Pilates');
    await user.click(screen.getByRole('button', { name: '+1: agregar un invitado a Pilates' }));
    const booking = await screen.findByRole('dialog', { name: 'Agregar invitado' });
    await user.type(await within(booking).findByRole('textbox', { name: /Nombre de tu invitado/ }), 'Luis');
    await user.click(within(booking).getByRole('button', { name: 'Reservar lugar del invitado' }));
    expect(await within(booking).findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Sin créditos disponibles' })).not.toBeInTheDocument();
  });

  it('412 booking/no-guest-credits explains that the guest needs one more credit', async () => {
    const user = userEvent.setup();
    renderCalendar({
      respond: (call) =>
        call.method === 'POST' ? { status: 412, body: { error: { code: 'booking/no-guest-credits', message: 'Sin créditos para tu invitado.' } } } : undefined,
    });
    await card('Pilates');
    await user.click(screen.getByRole('button', { name: '+1: agregar un invitado a Pilates' }));
    const booking = await screen.findByRole('dialog', { name: 'Agregar invitado' });
    await user.type(await within(booking).findByRole('textbox', { name: /Nombre de tu invitado/ }), 'Luis');
    await user.click(within(booking).getByRole('button', { name: 'Reservar lugar del invitado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sin créditos disponibles' });
    expect(within(dialog).getByText(/Para tu invitado necesitas un crédito más/)).toBeInTheDocument();
  });

  it('412 booking/class-full on a +1 says the class is full instead of offering a waitlist its owner cannot join', async () => {
    const user = userEvent.setup();
    renderCalendar({
      respond: (call) =>
        call.method === 'POST' ? { status: 412, body: { error: { code: 'booking/class-full', message: 'La clase está llena.' } } } : undefined,
    });
    await card('Pilates');
    await user.click(screen.getByRole('button', { name: '+1: agregar un invitado a Pilates' }));
    const booking = await screen.findByRole('dialog', { name: 'Agregar invitado' });
    await user.type(await within(booking).findByRole('textbox', { name: /Nombre de tu invitado/ }), 'Luis');
    await user.click(within(booking).getByRole('button', { name: 'Reservar lugar del invitado' }));
    expect(await screen.findByRole('dialog', { name: 'Clase llena' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Lista de Espera' })).not.toBeInTheDocument();
  });

  it("412 booking/penalty opens the penalty notice with the server's message", async () => {
    const user = userEvent.setup();
    renderCalendar({
      respond: (call) =>
        call.method === 'POST'
          ? { status: 412, body: { error: { code: 'booking/penalty', message: 'Tienes una penalización hasta el 25 nov 2026.' } } }
          : undefined,
    });
    await card('Cycling');
    await user.click(within(actionsOf('Cycling', 'miércoles', '19:30')).getByRole('button', { name: 'Reservar' }));
    const booking = await screen.findByRole('dialog', { name: 'Reservar clase' });
    await within(booking).findByText('Con Sofía Ramos');
    await user.click(within(booking).getByRole('button', { name: 'Reservar' }));

    const dialog = await screen.findByRole('dialog', { name: 'No puedes reservar por ahora' });
    expect(within(dialog).getByText('Tienes una penalización hasta el 25 nov 2026.')).toBeInTheDocument();
    expect(within(dialog).getByText(/después de 3 inasistencias seguidas/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Entendido' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('412 booking/class-full opens the waitlist modal when the waitlist is on, and the "Clase llena" notice when it is off', async () => {
    const user = userEvent.setup();
    const full = { status: 412, body: { error: { code: 'booking/class-full', message: 'La clase está llena.' } } };
    const { unmount } = renderCalendar({ respond: (call) => (call.method === 'POST' ? full : undefined) });
    await card('Cycling');
    await user.click(within(actionsOf('Cycling', 'miércoles', '19:30')).getByRole('button', { name: 'Reservar' }));
    let booking = await screen.findByRole('dialog', { name: 'Reservar clase' });
    await within(booking).findByText('Con Sofía Ramos');
    await user.click(within(booking).getByRole('button', { name: 'Reservar' }));
    const waitlist = await screen.findByRole('dialog', { name: 'Lista de Espera' });
    expect(within(waitlist).getByRole('button', { name: 'Anotarme' })).toBeInTheDocument();
    unmount();

    setConfig({ timezone: 'America/Mexico_City', waitlist_enabled: false });
    renderCalendar({ respond: (call) => (call.method === 'POST' ? full : undefined) });
    await card('Cycling');
    await user.click(within(actionsOf('Cycling', 'miércoles', '19:30')).getByRole('button', { name: 'Reservar' }));
    booking = await screen.findByRole('dialog', { name: 'Reservar clase' });
    await within(booking).findByText('Con Sofía Ramos');
    await user.click(within(booking).getByRole('button', { name: 'Reservar' }));
    const notice = await screen.findByRole('dialog', { name: 'Clase llena' });
    expect(within(notice).getByText('Lo sentimos, esta clase ya no tiene lugares disponibles.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Lista de Espera' })).not.toBeInTheDocument();
  });

  it('tells a customer who already booked the class so, instead of booking again', async () => {
    const user = userEvent.setup();
    // The week still shows spots, but the fresh read says the customer holds spot 6.
    renderCalendar({
      detail: (id) =>
        id === 1 ? { ...cycling, my_reservations: [{ class_reservation_id: 600, spot: 6, guest: null, status: 'Próxima', attend: false }] } : undefined,
    });
    await card('Cycling');
    await user.click(within(actionsOf('Cycling', 'miércoles', '19:30')).getByRole('button', { name: 'Reservar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reservar clase' });
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Ya tienes tu lugar en esta clase. Tu lugar: 6');
    expect(within(dialog).queryByRole('button', { name: 'Reservar' })).not.toBeInTheDocument();
  });
});

describe('Calendario: waitlist', () => {
  beforeEach(() => fixDate());

  it("'Lista de Espera' explains the line, POSTs /waitlist and says 'Anotada en lista de espera.'", async () => {
    const user = userEvent.setup();
    const { sent } = renderCalendar({
      respond: (call) =>
        call.method === 'POST' && call.url === '/api/waitlist'
          ? { status: 201, body: { waitlist: { waitlist_id: 9, single_class_id: 3, position: 4 } } }
          : undefined,
    });
    await card('Barre');
    await user.click(within(actionsOf('Barre', 'jueves', '10:00')).getByRole('button', { name: 'Lista de Espera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lista de Espera' });
    expect(within(dialog).getByText(/Esta clase está llena\. Si te anotas y se libera un lugar/)).toBeInTheDocument();
    expect(within(dialog).getByText('La lista de espera cierra 120 minutos antes de la clase.')).toBeInTheDocument();
    expect(await within(dialog).findByText('jueves 19 nov 2026 · 10:00')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Anotarme' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent()).toEqual([{ method: 'POST', url: '/api/waitlist', body: { single_class_id: 3 } }]);
    expect(useAlerts.getState().success?.text).toBe('Anotada en lista de espera.');
  });

  it("joining refused for a lot ending before the class says the server's sentence in the waitlist modal (ADR 0065)", async () => {
    const user = userEvent.setup();
    const message = 'Tu paquete vence el 18 nov, antes de esta clase.';
    renderCalendar({
      respond: (call) =>
        call.method === 'POST' && call.url === '/api/waitlist'
          ? { status: 412, body: { error: { code: 'booking/lot-ends-before-class', message } } }
          : undefined,
    });
    await card('Barre');
    await user.click(within(actionsOf('Barre', 'jueves', '10:00')).getByRole('button', { name: 'Lista de Espera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lista de Espera' });
    await user.click(within(dialog).getByRole('button', { name: 'Anotarme' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Sin créditos disponibles' })).not.toBeInTheDocument();
  });

  it('offers no waitlist when the studio has none, nor after its cutoff', async () => {
    setConfig({ timezone: 'America/Mexico_City', waitlist_enabled: false });
    const { unmount } = renderCalendar();
    await card('Barre');
    expect(within(screen.getByRole('listitem', { name: 'Barre' })).queryByRole('button')).not.toBeInTheDocument();
    unmount();

    // Barre starts in 22 hours: a 23-hour cutoff has closed its line.
    setConfig({ timezone: 'America/Mexico_City', waitlist_cutoff_minutes: 23 * 60 });
    renderCalendar();
    await card('Barre');
    expect(within(screen.getByRole('listitem', { name: 'Barre' })).queryByRole('button', { name: 'Lista de Espera' })).not.toBeInTheDocument();
  });

  it("'Salir de la lista' asks for confirmation ('Precaución'), then DELETEs /waitlist/{id}", async () => {
    const user = userEvent.setup();
    const { sent } = renderCalendar({
      respond: (call) =>
        call.method === 'DELETE' && call.url === '/api/waitlist/8'
          ? { body: { waitlist: { waitlist_id: 8, single_class_id: 5, status: 'left', position: null } } }
          : undefined,
    });
    await card('HIIT');
    const leave = within(actionsOf('HIIT', 'sábado', '11:00')).getByRole('button', { name: 'Salir de la lista' });

    // Declining keeps the place.
    await user.click(leave);
    let dialog = await screen.findByRole('dialog', { name: 'Precaución' });
    expect(within(dialog).getByText('¿Quieres salir de la lista de espera de HIIT? Perderás tu lugar en la fila.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog', { name: 'Precaución' })).not.toBeInTheDocument();
    expect(sent()).toEqual([]);

    await user.click(leave);
    dialog = await screen.findByRole('dialog', { name: 'Precaución' });
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await vi.waitFor(() => expect(useAlerts.getState().success?.text).toBe('Eliminada de lista de espera.'));
    expect(sent()).toEqual([{ method: 'DELETE', url: '/api/waitlist/8', body: undefined }]);
  });
});

describe('Calendario: cancelling', () => {
  beforeEach(() => fixDate());

  it('Cancelar warns inside the cancel window and DELETEs /class_reservations/{id}', async () => {
    const user = userEvent.setup();
    const booked = { ...cycling, my_reservations: [{ class_reservation_id: 777, spot: 2, guest: null, status: 'Próxima' as const, attend: false }] };
    const { sent } = renderCalendar({
      week: () => [booked, pilates],
      respond: (call) => (call.method === 'DELETE' ? { body: { class_reservation: { class_reservation_id: Number(call.url.split('/').at(-1)) } } } : undefined),
    });
    await card('Cycling');

    // Saturday's class is days away: no warning.
    await user.click(within(actionsOf('Pilates', 'sábado', '09:00')).getByRole('button', { name: 'Cancelar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancelar Clase' });
    expect(within(dialog).getByText(/¿Quieres cancelar tu reservación de Pilates del/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/tu crédito para reservar clase no se te regresará/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No, conservarla' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent()).toEqual([]);

    // Tonight's class is 7.5 hours away, inside the 12-hour window.
    await user.click(within(actionsOf('Cycling', 'miércoles', '19:30')).getByRole('button', { name: 'Cancelar' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancelar Clase' });
    expect(within(dialog).getByText(/¿Quieres cancelar tu reservación de Cycling del .*19:30\?/)).toBeInTheDocument();
    expect(
      within(dialog).getByText('Debido a que faltan menos de 12 horas para tu clase, tu crédito para reservar clase no se te regresará.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent()).toEqual([{ method: 'DELETE', url: '/api/class_reservations/777', body: undefined }]);
    expect(useAlerts.getState().success?.text).toBe('Reservación cancelada.');
  });

  it("cancelling their own place asks about the +1's place: it goes by default, or stays (?guest=keep); the guest's own cancel asks nothing", async () => {
    const user = userEvent.setup();
    const booked = {
      ...pilates,
      my_reservations: [
        { class_reservation_id: 777, spot: 2, guest: null, status: 'Próxima' as const, attend: false },
        { class_reservation_id: 778, spot: 3, guest: 'Luis', status: 'Próxima' as const, attend: false },
      ],
    };
    const { sent } = renderCalendar({
      week: () => [booked],
      respond: (call) => (call.method === 'DELETE' ? { body: { class_reservation: { class_reservation_id: 777 } } } : undefined),
    });
    const actions = async () => within(actionsOf('Pilates', 'sábado', '09:00'));
    await card('Pilates');
    await user.click((await actions()).getByRole('button', { name: 'Cancelar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancelar Clase' });
    const choice = within(dialog).getByRole('group', { name: '¿Y el lugar de tu invitado, Luis?' });
    expect(within(choice).getByRole('radio', { name: 'Cancelar también su lugar' })).toBeChecked();
    await user.click(within(choice).getByRole('radio', { name: 'Conservar su lugar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent()).toEqual([{ method: 'DELETE', url: '/api/class_reservations/777?guest=keep', body: undefined }]);

    await user.click((await actions()).getByRole('button', { name: 'Cancelar' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancelar Clase' });
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
    await vi.waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]?.url).toBe('/api/class_reservations/777?guest=cancel');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click((await actions()).getByRole('button', { name: /invitado/ }));
    dialog = await screen.findByRole('dialog', { name: 'Cancelar Clase' });
    expect(within(dialog).queryByRole('group')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
    await vi.waitFor(() => expect(sent()).toHaveLength(3));
    expect(sent()[2]?.url).toBe('/api/class_reservations/778');
  });

  it('offers no Cancelar inside the window when late cancelling is off', async () => {
    setConfig({ timezone: 'America/Mexico_City', allow_cancel_after_treshold: false });
    const booked = { ...cycling, my_reservations: [{ class_reservation_id: 777, spot: 2, guest: null, status: 'Próxima' as const, attend: false }] };
    renderCalendar({ week: () => [booked, pilates] });
    const c = await card('Cycling');
    expect(within(c).getByText('Reservada')).toBeInTheDocument();
    expect(within(c).queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
    expect(within(actionsOf('Pilates', 'sábado', '09:00')).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
  });
});

describe('Calendario: visitors and links', () => {
  it("asks a visitor to sign in ('Inicia sesión para reservar'), remembers the class, and books it 1 s after the session starts", async () => {
    const user = fakeTimers();
    signOut();
    const { calls, classCalls } = renderCalendar({ week: () => [cycling, barre] });
    expect(screen.getByText('Inicia sesión para reservar tus clases.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/entrar');
    await card('Cycling');

    await user.click(within(actionsOf('Cycling', 'miércoles', '19:30')).getByRole('button', { name: 'Reservar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inicia sesión para reservar' });
    expect(within(dialog).getByText('Formulario de acceso')).toBeInTheDocument();
    // The sign-up card replaces the sign-in form in the same prompt, and back.
    await user.click(within(dialog).getByRole('button', { name: '¿No tienes cuenta? Crea una aquí' }));
    const signUp = screen.getByRole('dialog', { name: 'Crea tu cuenta para reservar' });
    expect(within(signUp).getByText('Formulario de registro')).toBeInTheDocument();
    expect(within(signUp).queryByText('Formulario de acceso')).not.toBeInTheDocument();
    await user.click(within(signUp).getByRole('button', { name: '¿Ya tienes cuenta? Inicia Sesión' }));
    expect(within(screen.getByRole('dialog', { name: 'Inicia sesión para reservar' })).getByText('Formulario de acceso')).toBeInTheDocument();
    expect(sessionStorage.getItem(PENDING_KEY)).toBe('1');
    expect(classCalls(1)).toHaveLength(0);
    // A visitor's balance is never asked for.
    expect(calls.some((call) => call.url === '/api/available_classes')).toBe(false);

    await act(async () => signIn());
    expect(screen.queryByRole('dialog', { name: 'Inicia sesión para reservar' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem(PENDING_KEY)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(RESUME_AFTER_SIGN_IN_MS - 100));
    expect(screen.queryByRole('dialog', { name: 'Reservar clase' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('dialog', { name: 'Reservar clase' })).toBeInTheDocument();
    await vi.waitFor(() => expect(classCalls(1)).toHaveLength(1));
  });

  it("keeps a remembered booking while the studio's required questions are unanswered, and resumes it once they are", async () => {
    fakeTimers();
    sessionStorage.setItem(PENDING_KEY, '1');
    useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer({ pending_fields: ['emergency_contact'] }), resolved: true });
    renderCalendar({ week: () => [cycling, barre] });
    await card('Cycling');
    await act(() => vi.advanceTimersByTimeAsync(RESUME_AFTER_SIGN_IN_MS + 100));
    expect(screen.queryByRole('dialog', { name: 'Reservar clase' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem(PENDING_KEY)).toBe('1');

    await act(async () => useSession.setState({ customer: makeCustomer({ pending_fields: [] }) }));
    await act(() => vi.advanceTimersByTimeAsync(RESUME_AFTER_SIGN_IN_MS));
    expect(screen.getByRole('dialog', { name: 'Reservar clase' })).toBeInTheDocument();
    expect(sessionStorage.getItem(PENDING_KEY)).toBeNull();
  });

  it("asks a visitor to sign in for 'Lista de Espera' too", async () => {
    fixDate();
    signOut();
    renderCalendar({ week: () => [barre] });
    await card('Barre');
    await userEvent.click(within(actionsOf('Barre', 'jueves', '10:00')).getByRole('button', { name: 'Lista de Espera' }));
    expect(await screen.findByRole('dialog', { name: 'Inicia sesión para reservar' })).toBeInTheDocument();
    expect(sessionStorage.getItem(PENDING_KEY)).toBe('3');
  });

  it('opens the booking modal for /mystudio?single_class_id=12 for a signed-in customer, and spends the parameter', async () => {
    fixDate();
    const twelve = { ...cycling, single_class_id: 12, class_type: type(9, 'Spinning') };
    const { router, classCalls } = renderCalendar({ detail: (id) => (id === 12 ? twelve : undefined), entry: '/mystudio?single_class_id=12' });
    const dialog = await screen.findByRole('dialog', { name: 'Reservar clase' });
    expect(await within(dialog).findByText('Spinning')).toBeInTheDocument();
    expect(classCalls(12)).toHaveLength(1);
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(sessionStorage.getItem(PENDING_KEY)).toBeNull();
  });

  it('asks a visitor who follows /mystudio?single_class_id=12 to sign in, and remembers the class', async () => {
    fixDate();
    signOut();
    const { router } = renderCalendar({ entry: '/mystudio?single_class_id=12' });
    expect(await screen.findByRole('dialog', { name: 'Inicia sesión para reservar' })).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(sessionStorage.getItem(PENDING_KEY)).toBe('12');
  });
});

describe('Calendario: promo popup and live refresh', () => {
  it('shows the promotional image once per studio day', async () => {
    fixDate();
    setConfig({ timezone: 'America/Mexico_City', promo_popup_image: '/api/files/raw/promo.jpg' });
    const first = renderCalendar();
    const dialog = await screen.findByRole('dialog', { name: 'Promoción' });
    expect(within(dialog).getByRole('img', { name: 'Promoción del estudio' })).toHaveAttribute('src', '/api/files/raw/promo.jpg');
    expect(localStorage.getItem(PROMO_KEY)).toBe('2026-11-18');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();

    // Later the same studio day (23:00 in Mexico City, already the 19th in UTC): not again.
    vi.setSystemTime(new Date('2026-11-19T05:00:00.000Z'));
    const second = renderCalendar();
    await card('Cycling');
    expect(screen.queryByRole('dialog', { name: 'Promoción' })).not.toBeInTheDocument();
    second.unmount();

    // The next studio day it shows again.
    vi.setSystemTime(new Date('2026-11-19T15:00:00.000Z'));
    renderCalendar();
    expect(await screen.findByRole('dialog', { name: 'Promoción' })).toBeInTheDocument();
    expect(localStorage.getItem(PROMO_KEY)).toBe('2026-11-19');
  });

  it('shows no popup without an image, nor to visitors', async () => {
    fixDate();
    const first = renderCalendar();
    await card('Cycling');
    expect(screen.queryByRole('dialog', { name: 'Promoción' })).not.toBeInTheDocument();
    first.unmount();

    setConfig({ timezone: 'America/Mexico_City', promo_popup_image: '/api/files/raw/promo.jpg' });
    signOut();
    renderCalendar();
    await card('Cycling');
    expect(screen.queryByRole('dialog', { name: 'Promoción' })).not.toBeInTheDocument();
    expect(localStorage.getItem(PROMO_KEY)).toBeNull();
  });

  it('reads the week again every WEEK_REFRESH_MS (15 s)', async () => {
    fakeTimers();
    expect(WEEK_REFRESH_MS).toBe(15_000);
    let spots = 9;
    const { weekCalls } = renderCalendar({ week: () => [{ ...cycling, spots_left: spots }] });
    const c = await card('Cycling');
    expect(within(c).getByText('9 lugares')).toBeInTheDocument();
    expect(weekCalls()).toHaveLength(1);

    spots = 1;
    await act(() => vi.advanceTimersByTimeAsync(WEEK_REFRESH_MS - 1_000));
    expect(weekCalls()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(weekCalls()).toHaveLength(2);
    expect(weekCalls()[1]?.toString()).toBe('start_date=2026-11-16&end_date=2026-11-22');
    expect(await within(screen.getByRole('listitem', { name: 'Cycling' })).findByText('1 lugar')).toBeInTheDocument();
  });
});

describe('/mystudio for visitors (customer-area composition)', () => {
  function renderArea(entry: string) {
    return renderRoutes(
      [
        {
          id: 'mystudio',
          path: '/mystudio',
          element: <CustomerAreaRoute />,
          children: [
            { id: 'mystudio-calendar', index: true, element: <p>Pantalla del calendario</p> },
            { id: 'mystudio-reservations', path: 'reservaciones', element: <p>Pantalla de reservaciones</p> },
          ],
        },
      ],
      entry,
    );
  }

  beforeEach(() => {
    fixDate();
    mockFetch(() => undefined);
  });

  it('shows a visitor the calendar index once the session is resolved, and nothing before', async () => {
    useSession.setState({ status: 'signed-out', uid: null, customer: null, signupPending: false, isAdmin: false, resolved: false });
    renderArea('/mystudio');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accediendo' })).toBeInTheDocument();
    expect(screen.queryByText('Pantalla del calendario')).not.toBeInTheDocument();

    act(() => signOut());
    expect(await screen.findByText('Pantalla del calendario')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Accediendo' })).not.toBeInTheDocument();
  });

  it("keeps a visitor out of the area's other screens", async () => {
    signOut();
    renderArea('/mystudio/reservaciones');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accediendo' })).toBeInTheDocument();
    expect(screen.queryByText('Pantalla de reservaciones')).not.toBeInTheDocument();
  });
});

describe('Calendario: lots that end before a class (ADR 0065)', () => {
  // The customer's only lot ends with Wednesday 18 Nov (studio time): it covers Cycling that evening, not Barre or Yoga after it.
  const endingWednesday = [makeLot({ expiration_date: '2026-11-19T05:59:59.999Z', expiration_day: '2026-11-18' })];

  it('a class after the end of every covering lot says so on its card and offers Comprar, not Reservar or Lista de Espera', async () => {
    fixDate();
    renderCalendar({ lots: endingWednesday });
    const yoga = await card('Yoga');
    expect(await within(yoga).findByText('Tu paquete vence el 18 nov, antes de esta clase.')).toBeInTheDocument();
    expect(within(actionsOf('Yoga', 'viernes', '08:00')).getByRole('button', { name: 'Comprar' })).toBeInTheDocument();
    expect(within(actionsOf('Yoga', 'viernes', '08:00')).queryByRole('button', { name: 'Reservar' })).not.toBeInTheDocument();
    const barre = await card('Barre');
    expect(within(barre).getByText('Tu paquete vence el 18 nov, antes de esta clase.')).toBeInTheDocument();
    expect(within(barre).queryByRole('button', { name: 'Lista de Espera' })).not.toBeInTheDocument();
    // The same day's class books as before; the booked one keeps its buttons.
    const cycling = await card('Cycling');
    expect(within(cycling).queryByText(/Tu paquete vence/)).not.toBeInTheDocument();
    expect(within(actionsOf('Cycling', 'miércoles', '19:30')).getByRole('button', { name: 'Reservar' })).toBeInTheDocument();
    expect(within(await card('Pilates')).queryByText(/Tu paquete vence/)).not.toBeInTheDocument();
  });

  it("a class opened by its link says it in the booking modal instead of the form; 'Ver paquetes' remembers the class", async () => {
    fixDate();
    const user = userEvent.setup();
    const { router, sent } = renderCalendar({ lots: endingWednesday, entry: '/mystudio?single_class_id=2' });
    const booking = await screen.findByRole('dialog', { name: 'Reservar clase' });
    expect(await within(booking).findByText('Tu paquete vence el 18 nov, antes de esta clase.')).toBeInTheDocument();
    expect(within(booking).queryByRole('button', { name: 'Reservar' })).not.toBeInTheDocument();
    await user.click(within(booking).getByRole('link', { name: 'Ver paquetes' }));
    expect(await screen.findByText('Tienda de paquetes')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/mystudio/paquetes');
    expect(sessionStorage.getItem(PENDING_KEY)).toBe('2');
    expect(sent()).toEqual([]);
  });
});
