import type { SingleClass } from '@studio/shared/schemas/single-class';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClass } from '../../../test/catalogue-fixtures';
import { mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { NARROW_QUERY } from '../../lib/schedule-day';
import { ScheduleScreen } from './schedule-screen';
import { ScheduleSection } from './schedule-section';

// 03:30Z on Thursday 19 Nov 2026: still Wednesday 18, 21:30, in Mexico City; already Thursday 19, 12:30, in Tokyo.
const NOW = new Date('2026-11-19T03:30:00Z');

const type = (name: string) => ({ class_type_id: 1, name, icon: null, description: null, spot_map: null, file: null });
const at = (id: number, name: string, iso: string, day: string) =>
  makeClass({ single_class_id: id, class_type: type(name), class_date: iso, end_date: new Date(Date.parse(iso) + 50 * 60_000).toISOString(), date: day });

/** Mexico City's Wednesday: two classes over by 21:30, one still ahead; Friday has one. */
const WEEK = [
  at(1, 'Cycling', '2026-11-18T13:00:00.000Z', '2026-11-18'),
  at(2, 'Barre', '2026-11-19T01:00:00.000Z', '2026-11-18'),
  at(3, 'Yoga', '2026-11-19T03:45:00.000Z', '2026-11-18'),
  at(4, 'Pilates', '2026-11-20T15:00:00.000Z', '2026-11-20'),
];

/** A phone: the schedule's narrow query matches. */
function phone() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) => ({ matches: query === NARROW_QUERY, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
  );
}

function renderSchedule(path = '/calendario', week: (params: URLSearchParams) => SingleClass[] = () => WEEK) {
  const { calls } = mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/locations' || url.pathname === '/api/instructors') return { body: { locations: [], instructors: [] } };
    if (url.pathname === '/api/single_class') return { body: { single_classes: week(url.searchParams) } };
    return undefined;
  });
  const { router } = renderRoutes(
    [
      { path: '/calendario', handle: { title: 'Horarios' }, Component: ScheduleScreen },
      { path: '/', element: <ScheduleSection config={{}} /> },
      { path: '/mystudio', element: <p>Área de clientes</p> },
    ],
    path,
  );
  const weekCalls = () =>
    calls.filter((call) => call.url.startsWith('/api/single_class')).map((call) => new URL(call.url, 'http://localhost').searchParams.toString());
  return { router, weekCalls };
}

const strip = () => screen.getByRole('tablist', { name: 'Días' });
const tabs = () => within(strip()).getAllByRole('tab');
const selectedTab = () => within(strip()).getByRole('tab', { selected: true });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  phone();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the phone schedule (/calendario)', () => {
  it("starts the strip on the studio's today in Mexico City, and shows only that day", async () => {
    setConfig({ timezone: 'America/Mexico_City', business_name: 'Estudio Latido' });
    const { weekCalls } = renderSchedule();
    await screen.findByRole('heading', { name: 'Yoga' });
    expect(tabs()[0]).toHaveAccessibleName('Hoy, miércoles 18 nov 2026');
    expect(tabs()[0]).toHaveTextContent('Hoy18');
    expect(tabs()[1]).toHaveAccessibleName('jueves 19 nov 2026');
    expect(tabs()[1]).toHaveTextContent('Mañana19');
    expect(tabs()[2]).toHaveTextContent('vie20');
    expect(tabs()).toHaveLength(14);
    expect(selectedTab()).toBe(tabs()[0]);
    expect(weekCalls()).toEqual(['start_date=2026-11-16&end_date=2026-11-22']);
    // Friday's class waits for Friday; the week's navigation gives way to the strip.
    expect(screen.queryByRole('heading', { name: 'Pilates' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Semana siguiente/ })).not.toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Hoy, miércoles 18 nov 2026');
  });

  it("starts on Thursday for a studio in Tokyo at the same instant, and asks for Thursday's week", async () => {
    setConfig({ timezone: 'Asia/Tokyo', business_name: 'Estudio Latido' });
    renderSchedule();
    await screen.findByRole('tabpanel');
    expect(tabs()[0]).toHaveAccessibleName('Hoy, jueves 19 nov 2026');
    expect(selectedTab()).toBe(tabs()[0]);
    // Thursday in Tokyo: Barre (10:00) is over, Yoga (12:45) ahead; Wednesday's Cycling is yesterday there.
    expect(await screen.findByRole('heading', { name: 'Yoga' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver 1 clase que ya comenzó' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Cycling' })).not.toBeInTheDocument();
  });

  it("folds today's started classes behind a toggle, the class still ahead first in sight", async () => {
    setConfig({ timezone: 'America/Mexico_City', business_name: 'Estudio Latido' });
    const user = userEvent.setup();
    renderSchedule();
    const panel = await screen.findByRole('tabpanel');
    const yoga = (await within(panel).findByRole('heading', { name: 'Yoga' })).closest('li') as HTMLElement;
    expect(within(yoga).getByRole('link', { name: /^Reservar Yoga/ })).toBeInTheDocument();
    expect(within(panel).queryByRole('heading', { name: 'Cycling' })).not.toBeInTheDocument();
    expect(within(panel).queryByText('Ya comenzó')).not.toBeInTheDocument();

    const toggle = within(panel).getByRole('button', { name: 'Ver 2 clases que ya comenzaron' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The toggle comes before the list of what is ahead, and is one line: the next class stays near the top.
    expect(toggle.compareDocumentPosition(yoga) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Ocultar las clases que ya comenzaron');
    expect(within(panel).getByRole('heading', { name: 'Cycling' })).toBeInTheDocument();
    expect(within(panel).getAllByText('Ya comenzó')).toHaveLength(2);
  });

  it('keeps the chosen day in the address (?dia=), by tap and by arrow key; today leaves it out', async () => {
    setConfig({ timezone: 'America/Mexico_City', business_name: 'Estudio Latido' });
    const user = userEvent.setup();
    const { router } = renderSchedule();
    await screen.findByRole('heading', { name: 'Yoga' });

    await user.click(within(strip()).getByRole('tab', { name: 'viernes 20 nov 2026' }));
    expect(router.state.location.search).toBe('?dia=2026-11-20');
    expect(await screen.findByRole('heading', { name: 'Pilates' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Yoga' })).not.toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(router.state.location.search).toBe('?dia=2026-11-21');
    expect(selectedTab()).toHaveAccessibleName('sábado 21 nov 2026');
    expect(selectedTab()).toHaveFocus();
    expect(selectedTab()).toHaveAttribute('tabindex', '0');

    await user.keyboard('{Home}');
    expect(router.state.location.search).toBe('');
    expect(selectedTab()).toHaveAccessibleName('Hoy, miércoles 18 nov 2026');
  });

  it("opens the address's day (reload, Back), a day of next week with next week's classes, and today for a past or malformed day", async () => {
    setConfig({ timezone: 'America/Mexico_City', business_name: 'Estudio Latido' });
    const { weekCalls, router } = renderSchedule('/calendario?dia=2026-11-24');
    await screen.findByRole('tabpanel');
    expect(selectedTab()).toHaveAccessibleName('martes 24 nov 2026');
    expect(tabs()[0]).toHaveAccessibleName('Hoy, miércoles 18 nov 2026');
    expect(weekCalls()).toEqual(['start_date=2026-11-23&end_date=2026-11-29']);

    await act(() => router.navigate('/calendario?dia=2026-11-10'));
    expect(selectedTab()).toHaveAccessibleName('Hoy, miércoles 18 nov 2026');
    await act(() => router.navigate('/calendario?dia=mañana'));
    expect(selectedTab()).toHaveAccessibleName('Hoy, miércoles 18 nov 2026');
  });

  it('points a day with nothing left to the next day with classes', async () => {
    setConfig({ timezone: 'America/Mexico_City', business_name: 'Estudio Latido' });
    const user = userEvent.setup();
    const { router } = renderSchedule('/calendario?dia=2026-11-19');
    await user.click(await screen.findByRole('button', { name: 'Ver el viernes 20 nov 2026' }));
    expect(router.state.location.search).toBe('?dia=2026-11-20');
    expect(await screen.findByRole('heading', { name: 'Pilates' })).toBeInTheDocument();
  });
});

describe("the landing's schedule on a phone", () => {
  it('shows today and the next six days, its choice kept off the address', async () => {
    setConfig({ timezone: 'America/Mexico_City', business_name: 'Estudio Latido' });
    const user = userEvent.setup();
    const { router } = renderSchedule('/');
    await screen.findByRole('heading', { name: 'Yoga' });
    expect(tabs()).toHaveLength(7);
    expect(tabs()[0]).toHaveAccessibleName('Hoy, miércoles 18 nov 2026');
    expect(tabs()[6]).toHaveAccessibleName('martes 24 nov 2026');
    await user.click(within(strip()).getByRole('tab', { name: 'viernes 20 nov 2026' }));
    expect(await screen.findByRole('heading', { name: 'Pilates' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
