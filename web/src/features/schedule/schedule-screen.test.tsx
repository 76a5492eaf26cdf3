import type { SingleClass } from '@studio/shared/schemas/single-class';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClass, makeInstructor, makeLocation } from '../../../test/catalogue-fixtures';
import { type FetchCall, holdFetch, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { queryClient } from '../../lib/server-data';
import { ScheduleScreen } from './schedule-screen';

// Wednesday 18 Nov 2026, 12:00 in Mexico City: the current week is 16–22 Nov.
const NOW = new Date('2026-11-18T18:00:00Z');

const locations = [makeLocation(), makeLocation({ location_id: 2, name: 'Latido Coyoacán', address: 'Francisco Sosa 45, Coyoacán' })];
const instructors = [makeInstructor(), makeInstructor({ instructor_id: 5, name: 'Diego', last_name: 'Luna' })];

type WeekResponder = (params: URLSearchParams) => SingleClass[] | { status: number };

function renderSchedule(week: WeekResponder, path = '/calendario') {
  const { calls } = mockFetch((call: FetchCall) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/locations') return { body: { locations } };
    if (url.pathname === '/api/instructors') return { body: { instructors } };
    if (url.pathname === '/api/single_class') {
      const answer = week(url.searchParams);
      return Array.isArray(answer) ? { body: { single_classes: answer } } : { status: answer.status, body: { error: { code: 'x', message: 'falló' } } };
    }
    return undefined;
  });
  const { router } = renderRoutes(
    [
      { path: '/calendario', handle: { title: 'Horarios' }, Component: ScheduleScreen },
      { path: '/mystudio', element: <p>Área de clientes</p> },
    ],
    path,
  );
  const weekCalls = () => calls.filter((call) => call.url.startsWith('/api/single_class')).map((call) => new URL(call.url, 'http://localhost').searchParams);
  return { calls, weekCalls, router };
}

const classes = [
  makeClass(),
  makeClass({
    single_class_id: 2,
    class_date: '2026-11-20T14:00:00.000Z',
    end_date: '2026-11-20T15:00:00.000Z',
    date: '2026-11-20',
    class_type: { class_type_id: 2, name: 'Yoga', icon: null, description: null, spot_map: null, file: null },
    location: { location_id: 2, name: 'Latido Coyoacán', address: 'Francisco Sosa 45, Coyoacán' },
    location_id: 2,
    spots_left: 1,
  }),
];

describe('/calendario (Horarios)', () => {
  beforeEach(() => {
    setConfig({ timezone: 'America/Mexico_City', business_name: 'Estudio Latido' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });

  it("shows the current week, Monday first, with each class's time on the studio's clock, type, coach, place and spots", async () => {
    const { weekCalls } = renderSchedule(() => classes);
    expect(screen.getByRole('heading', { level: 1, name: 'Horarios' })).toBeInTheDocument();
    const cycling = (await screen.findByRole('heading', { level: 3, name: 'Cycling' })).closest('li') as HTMLElement;

    const days = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(days).toEqual([
      'lunes 16 nov 2026',
      'martes 17 nov 2026',
      'miércoles 18 nov 2026',
      'jueves 19 nov 2026',
      'viernes 20 nov 2026',
      'sábado 21 nov 2026',
      'domingo 22 nov 2026',
    ]);
    expect(weekCalls()[0]?.toString()).toBe('start_date=2026-11-16&end_date=2026-11-22');
    expect(screen.getByText('Semana del 16 nov 2026 al 22 nov 2026')).toBeInTheDocument();

    // 01:30Z on the 19th is 19:30 on Wednesday the 18th in Mexico City.
    const wednesday = screen.getByRole('region', { name: 'miércoles 18 nov 2026' });
    expect(within(wednesday).getByRole('heading', { level: 3, name: 'Cycling' })).toBeInTheDocument();
    expect(cycling).toHaveTextContent('19:30–20:20');
    expect(cycling).toHaveTextContent('Con Sofía Ramos');
    expect(cycling).toHaveTextContent('Latido Roma');
    expect(cycling).toHaveTextContent('9 lugares');
    expect(within(cycling).getByRole('link', { name: 'Reservar Cycling del miércoles a las 19:30' })).toHaveAttribute('href', '/mystudio?single_class_id=1');

    const yoga = screen.getByRole('heading', { level: 3, name: 'Yoga' }).closest('li') as HTMLElement;
    expect(yoga).toHaveTextContent('08:00–09:00');
    expect(yoga).toHaveTextContent('1 lugar');
    expect(within(screen.getByRole('region', { name: 'lunes 16 nov 2026' })).getByText('No hay clases programadas')).toBeInTheDocument();
  });

  it('marks started classes and sold-out ones, offering the waitlist only when it is on', async () => {
    const week = [
      makeClass({ single_class_id: 7, class_date: '2026-11-18T13:00:00.000Z', end_date: '2026-11-18T14:00:00.000Z', date: '2026-11-18' }),
      makeClass({
        single_class_id: 8,
        spots_left: 0,
        class_type: { class_type_id: 3, name: 'Barre', icon: null, description: null, spot_map: null, file: null },
      }),
    ];
    renderSchedule(() => week);
    const started = (await screen.findAllByRole('heading', { level: 3, name: 'Cycling' }))[0]?.closest('li') as HTMLElement;
    expect(started).toHaveTextContent('Ya comenzó');
    expect(within(started).queryByRole('link')).not.toBeInTheDocument();
    const full = screen.getByRole('heading', { level: 3, name: 'Barre' }).closest('li') as HTMLElement;
    expect(full).toHaveTextContent('Sold Out');
    expect(within(full).getByRole('link', { name: /^Lista de espera de Barre/ })).toHaveAttribute('href', '/mystudio?single_class_id=8');
  });

  it("says 'No hay más clases programadas esta semana' for an empty week", async () => {
    renderSchedule(() => []);
    expect(await screen.findByText('No hay más clases programadas esta semana')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });

  it('shows the failure in place with a retry', async () => {
    let fail = true;
    renderSchedule(() => (fail ? { status: 500 } : classes));
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar los horarios.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Cycling' })).toBeInTheDocument();
  });

  it('moves by week, never before the current one, and keeps the week in the URL', async () => {
    const { weekCalls, router } = renderSchedule((params) =>
      params.get('start_date') === '2026-11-23'
        ? [makeClass({ single_class_id: 9, class_date: '2026-11-24T13:00:00.000Z', end_date: '2026-11-24T14:00:00.000Z', date: '2026-11-24' })]
        : classes,
    );
    await screen.findByRole('heading', { level: 3, name: 'Yoga' });
    const previous = screen.getByRole('button', { name: /Semana anterior/ });
    expect(previous).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: /Semana siguiente/ }));
    expect(await screen.findByText('Semana del 23 nov 2026 al 29 nov 2026')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'martes 24 nov 2026' })).toHaveTextContent('Cycling');
    expect(screen.queryByRole('heading', { name: 'Yoga' })).not.toBeInTheDocument();
    expect(weekCalls().at(-1)?.toString()).toBe('start_date=2026-11-23&end_date=2026-11-29');
    expect(router.state.location.search).toBe('?semana=2026-11-23');

    await userEvent.click(screen.getByRole('button', { name: /Semana anterior/ }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Yoga' })).toBeInTheDocument();
    // Back on the current week the link needs no week: it always opens "this week".
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('button', { name: /Semana anterior/ })).toBeDisabled();
  });

  it('shows the classes together with their filters, never the classes first: filters appearing above them would push them down', async () => {
    renderSchedule(() => classes);
    // The locations answer only when released; the week answers at once.
    const { release } = holdFetch('/api/locations');
    await vi.waitFor(() => expect(screen.getByRole('status')).toBeInTheDocument());
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
    expect(screen.queryByRole('heading', { level: 3, name: 'Yoga' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Estudio' })).not.toBeInTheDocument();

    release();
    expect(await screen.findByRole('heading', { level: 3, name: 'Yoga' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Estudio' })).toBeInTheDocument();
  });

  it('filters by location and by coach through labelled selects, and puts the filters in the URL', async () => {
    const { weekCalls, router } = renderSchedule((params) =>
      classes.filter((c) => !params.has('location_id') || String(c.location_id) === params.get('location_id')),
    );
    await screen.findByRole('heading', { level: 3, name: 'Yoga' });

    const location = await screen.findByRole('combobox', { name: 'Estudio' });
    expect(
      within(location)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todos los Estudios', 'Latido Roma', 'Latido Coyoacán']);
    await userEvent.selectOptions(location, 'Latido Coyoacán');
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'Cycling' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 3, name: 'Yoga' })).toBeInTheDocument();
    expect(weekCalls().at(-1)?.get('location_id')).toBe('2');
    expect(router.state.location.search).toBe('?ubicacion=2');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Coach' }), 'Diego Luna');
    await vi.waitFor(() => expect(weekCalls().at(-1)?.get('instructor_id')).toBe('5'));
    expect(router.state.location.search).toBe('?ubicacion=2&instructor=5');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Estudio' }), 'Todos los Estudios');
    expect(await screen.findByRole('heading', { level: 3, name: 'Cycling' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?instructor=5');
  });

  it('opens a shared link on its week and filters', async () => {
    const { weekCalls } = renderSchedule(() => [], '/calendario?semana=2026-11-26&ubicacion=2&instructor=4');
    await screen.findByText('No hay más clases programadas esta semana');
    expect(weekCalls()[0]?.toString()).toBe('start_date=2026-11-23&end_date=2026-11-29&location_id=2&instructor_id=4');
    expect(await screen.findByRole('combobox', { name: 'Estudio' })).toHaveValue('2');
    expect(screen.getByRole('combobox', { name: 'Coach' })).toHaveValue('4');
  });

  it("describes the week's upcoming classes as schema.org Events", async () => {
    const started = makeClass({ single_class_id: 7, class_date: '2026-11-18T13:00:00.000Z', end_date: '2026-11-18T14:00:00.000Z', date: '2026-11-18' });
    renderSchedule(() => [started, ...classes]);
    await screen.findByRole('heading', { level: 3, name: 'Yoga' });
    const script = document.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? '{}') as { '@graph': Array<Record<string, unknown>> };
    expect(data['@graph'].map((event) => [event.name, event.startDate, event.eventStatus])).toEqual([
      ['Cycling', '2026-11-18T19:30:00-06:00', 'https://schema.org/EventScheduled'],
      ['Yoga', '2026-11-20T08:00:00-06:00', 'https://schema.org/EventScheduled'],
    ]);
    expect(data['@graph'][1]).toMatchObject({
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'Latido Coyoacán', address: 'Francisco Sosa 45, Coyoacán' },
      organizer: { '@type': 'Organization', name: 'Estudio Latido' },
    });
  });
});
