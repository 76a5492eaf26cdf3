import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClass, makeLocation } from '../../../test/catalogue-fixtures';
import { mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { ScheduleSection } from './schedule-section';

describe("landing's in-person schedule section", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-18T18:00:00Z'));
  });

  function renderSection(fail = false) {
    const config = setConfig({ timezone: 'America/Mexico_City' });
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/locations') return { body: { locations: [makeLocation()] } };
      if (call.url === '/api/instructors') return { body: { instructors: [] } };
      if (call.url.startsWith('/api/single_class?'))
        return fail ? { status: 500 } : { body: { single_classes: call.url.includes('2026-11-23') ? [] : [makeClass()] } };
      return undefined;
    });
    const { router } = renderRoutes([{ path: '/', element: <ScheduleSection config={config} /> }], '/');
    return { calls, router };
  }

  it("shows this week under the section's heading, with days and classes one level below, and a link to /calendario", async () => {
    renderSection();
    const section = screen.getByRole('region', { name: 'Horarios' });
    expect(section).toHaveAttribute('id', 'schedule');
    expect(within(section).getByRole('heading', { level: 2, name: 'Horarios' })).toBeInTheDocument();
    expect(await within(section).findByRole('heading', { level: 4, name: 'Cycling' })).toBeInTheDocument();
    expect(within(section).getAllByRole('heading', { level: 3 })).toHaveLength(7);
    expect(within(section).getByRole('link', { name: 'Ver todos los horarios' })).toHaveAttribute('href', '/calendario');
    // One location: no filter to choose from.
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it("moves by week inside the section, leaving the landing's URL alone", async () => {
    const { router } = renderSection();
    await screen.findByRole('heading', { level: 4, name: 'Cycling' });
    await userEvent.click(screen.getByRole('button', { name: /Semana siguiente/ }));
    expect(await screen.findByText('No hay más clases programadas esta semana')).toBeInTheDocument();
    expect(screen.getByText('Semana del 23 nov 2026 al 29 nov 2026')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('shows a failure in place', async () => {
    renderSection(true);
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar los horarios.');
  });
});
