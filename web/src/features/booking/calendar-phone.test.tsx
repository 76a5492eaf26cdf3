import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClass, makeLocation, makeLot } from '../../../test/catalogue-fixtures';
import { makeCustomer, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { NARROW_QUERY } from '../../lib/schedule-day';
import { useSession } from '../../lib/session';
import { CalendarScreen } from './calendar-screen';

// 03:30Z on Thursday 19 Nov 2026: Wednesday 18, 21:30, in Mexico City; Thursday 19, 12:30, in Tokyo.
const NOW = new Date('2026-11-19T03:30:00Z');

const type = (class_type_id: number, name: string) => ({ class_type_id, name, icon: null, description: null, spot_map: null, file: null });
const at = (id: number, name: string, iso: string) =>
  makeClass({
    single_class_id: id,
    class_type: type(id, name),
    class_date: iso,
    end_date: new Date(Date.parse(iso) + 50 * 60_000).toISOString(),
    my_reservations: [],
    my_waitlist: null,
  });

/** In Mexico City: Wednesday's Cycling and Barre are over at 21:30, Yoga (21:45) ahead; Pilates is Saturday. */
const WEEK = [
  at(1, 'Cycling', '2026-11-18T13:00:00.000Z'),
  at(2, 'Barre', '2026-11-19T01:00:00.000Z'),
  at(3, 'Yoga', '2026-11-19T03:45:00.000Z'),
  at(4, 'Pilates', '2026-11-21T15:00:00.000Z'),
];

function renderCalendar(entry = '/mystudio') {
  const { calls } = mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/locations') return { body: { locations: [makeLocation()] } };
    if (url.pathname === '/api/available_classes') return { body: { available_classes: [makeLot()] } };
    if (url.pathname === '/api/single_class') return { body: { single_classes: WEEK } };
    return undefined;
  });
  const result = renderRoutes([{ path: '/mystudio', element: <CalendarScreen signInForm={<p>Acceso</p>} signUpForm={<p>Registro</p>} /> }], entry);
  const weekCalls = () =>
    calls.filter((call) => call.url.startsWith('/api/single_class?')).map((call) => new URL(call.url, 'http://localhost').searchParams.toString());
  return { ...result, weekCalls };
}

const strip = () => screen.getByRole('tablist', { name: 'Días' });
const selectedTab = () => within(strip()).getByRole('tab', { selected: true });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.stubGlobal(
    'matchMedia',
    (query: string) => ({ matches: query === NARROW_QUERY, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
  );
  useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer(), signupPending: false, isAdmin: false, resolved: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Calendario on a phone', () => {
  it("opens on the studio's today with the next class's Reservar first, the started ones folded", async () => {
    setConfig({ timezone: 'America/Mexico_City' });
    const user = userEvent.setup();
    const { weekCalls } = renderCalendar();
    const yoga = await screen.findByRole('listitem', { name: 'Yoga' });
    expect(within(strip()).getAllByRole('tab')[0]).toHaveAccessibleName('Hoy, miércoles 18 nov 2026');
    expect(selectedTab()).toHaveAccessibleName('Hoy, miércoles 18 nov 2026');
    expect(weekCalls()).toEqual(['start_date=2026-11-16&end_date=2026-11-22']);
    // One day at a time: its heading (hidden, for screen readers) over the cards, each a level below.
    expect(screen.getByRole('heading', { level: 2, name: 'Hoy, miércoles 18 nov 2026' })).toBeInTheDocument();
    expect(within(yoga).getByRole('heading', { level: 3, name: 'Yoga' })).toBeInTheDocument();
    expect(within(yoga).getByRole('button', { name: 'Reservar' })).toBeInTheDocument();
    // The month and the week navigators give way to the strip.
    expect(screen.queryByRole('group', { name: 'Mes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Cycling' })).not.toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Pilates' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ver 2 clases que ya comenzaron' }));
    expect(within(await screen.findByRole('listitem', { name: 'Cycling' })).getByText('Ya comenzó')).toBeInTheDocument();
  });

  it("opens on Thursday for a studio in Tokyo, at the same instant, with Thursday's classes", async () => {
    setConfig({ timezone: 'Asia/Tokyo' });
    renderCalendar();
    expect(await screen.findByRole('listitem', { name: 'Yoga' })).toBeInTheDocument();
    expect(selectedTab()).toHaveAccessibleName('Hoy, jueves 19 nov 2026');
    // Barre, 10:00 in Tokyo, is over; Cycling was Wednesday there.
    expect(screen.getByRole('button', { name: 'Ver 1 clase que ya comenzó' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Cycling' })).not.toBeInTheDocument();
  });

  it('keeps the chosen day in the address, and opens on it', async () => {
    setConfig({ timezone: 'America/Mexico_City' });
    const user = userEvent.setup();
    const { router } = renderCalendar('/mystudio?dia=2026-11-21');
    expect(await screen.findByRole('listitem', { name: 'Pilates' })).toBeInTheDocument();
    expect(selectedTab()).toHaveAccessibleName('sábado 21 nov 2026');
    await user.click(within(strip()).getByRole('tab', { name: /^Hoy/ }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('listitem', { name: 'Yoga' })).toBeInTheDocument();
    await act(() => router.navigate('/mystudio?dia=2026-11-20'));
    expect(selectedTab()).toHaveAccessibleName('viernes 20 nov 2026');
    expect(screen.getByText('No hay clases programadas', { exact: false })).toBeInTheDocument();
  });
});
