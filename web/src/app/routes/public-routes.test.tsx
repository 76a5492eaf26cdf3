import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClass, makeInstructor, makeLocation } from '../../../test/catalogue-fixtures';
import { type FetchCall, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import type { RouteHandle } from '../../lib/route-handle';
import { useSession } from '../../lib/session';
import { createRoutes } from '../router';

// The public routes that compose features: the instructor page is the coaches feature's profile plus the schedule feature's week.
describe('/instructor/{instructor_id} composition', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-18T18:00:00Z'));
    useSession.setState({ status: 'signed-out', uid: null, customer: null, signupPending: false });
  });

  it("shows the profile and that instructor's week, filtered by them, through the app's route", async () => {
    const config = setConfig({ timezone: 'America/Mexico_City' });
    const { calls } = mockFetch((call: FetchCall) => {
      if (call.url === '/api/instructors/4') return { body: { instructor: makeInstructor() } };
      if (call.url === '/api/locations') return { body: { locations: [makeLocation(), makeLocation({ location_id: 2, name: 'Latido Coyoacán' })] } };
      if (call.url === '/api/pages') return { body: { pages: [] } };
      if (call.url.startsWith('/api/single_class?')) return { body: { single_classes: [makeClass()] } };
      return undefined;
    });
    const { router } = renderRoutes(createRoutes(config), '/instructor/4');
    await act(() => vi.dynamicImportSettled());

    expect(await screen.findByRole('heading', { level: 1, name: 'Sofía Ramos' })).toBeInTheDocument();
    const schedule = screen.getByRole('region', { name: 'Sus clases' });
    expect(await within(schedule).findByRole('heading', { level: 4, name: 'Cycling' })).toBeInTheDocument();
    expect(within(schedule).getAllByRole('heading', { level: 3 })).toHaveLength(7);
    const weekCall = calls.find((call) => call.url.startsWith('/api/single_class?'));
    expect(weekCall?.url).toBe('/api/single_class?start_date=2026-11-16&end_date=2026-11-22&instructor_id=4');
    // The schedule is theirs: a location filter, but no coach filter.
    expect(await within(schedule).findByRole('combobox', { name: 'Estudio' })).toBeInTheDocument();
    expect(within(schedule).queryByRole('combobox', { name: 'Coach' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/instructors')).toBe(false);

    await userEvent.click(within(schedule).getByRole('button', { name: /Semana siguiente/ }));
    expect(router.state.location.search).toBe('?semana=2026-11-23');
    await vi.waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/single_class?start_date=2026-11-23&end_date=2026-11-29&instructor_id=4'));
  });
});

describe('public routes describe themselves', () => {
  it('each public screen has its own meta description naming the studio', () => {
    const routes = createRoutes(setConfig({ business_name: 'Estudio Latido' }));
    const described = ['/paquetes', '/avisos', '/ubicacion', '/calendario', '/coach/1', '/instructor/1', '/preguntas-frecuentes'].map((path) => {
      const handle = matchRoutes(routes, path)?.at(-1)?.route.handle as RouteHandle | undefined;
      const description = handle?.description;
      return typeof description === 'string' ? description : '';
    });
    for (const description of described) expect(description).toContain('Estudio Latido');
    // Coach and instructor share one; every other screen says something of its own.
    expect(new Set(described).size).toBe(described.length - 1);
  });
});
