import type { SingleClass } from '@studio/shared/schemas/single-class';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClass, makeInstructor, makeLocation } from '../../../test/catalogue-fixtures';
import { type FetchCall, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { useAlerts } from '../../lib/alerts';
import { ScheduleAdminScreen } from './schedule-admin-screen';

// Wednesday 18 Nov 2026, 12:00 in Mexico City: the current week is Monday 16 – Sunday 22 Nov.
const NOW = new Date('2026-11-18T18:00:00.000Z');

const roma = makeLocation();
const coyoacan = makeLocation({ location_id: 2, name: 'Latido Coyoacán' });
const sofia = makeInstructor();
const diego = makeInstructor({ instructor_id: 5, name: 'Diego', last_name: 'Luna' });
const STAMPS = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const cyclingType = { class_type_id: 1, name: 'Cycling', description: null, icon: null, spot_map: '4,4', file: null, ...STAMPS };
const yogaType = { class_type_id: 2, name: 'Yoga', description: null, icon: null, spot_map: null, file: null, ...STAMPS };

/** Wednesday 19:30 in the studio, which is already Thursday in UTC: it belongs to Wednesday. */
const cycling = makeClass();
/** Friday 08:00, cancelled. */
const yoga = makeClass({
  single_class_id: 2,
  class_date: '2026-11-20T14:00:00.000Z',
  end_date: '2026-11-20T15:00:00.000Z',
  date: '2026-11-20',
  start_time: '08:00',
  status: 'cancelled',
  booked: 0,
  class_type: { ...yogaType },
});

function renderSchedule(
  respond?: (call: FetchCall) => { status?: number; body?: unknown } | undefined,
  week: (params: URLSearchParams) => SingleClass[] = () => [cycling, yoga],
) {
  const { calls } = mockFetch((call) => {
    const answer = respond?.(call);
    if (answer) return answer;
    const url = new URL(call.url, 'http://localhost');
    if (call.method !== 'GET') return undefined;
    if (url.pathname === '/api/locations') return { body: { locations: [roma, coyoacan] } };
    if (url.pathname === '/api/instructors') return { body: { instructors: [sofia, diego] } };
    if (url.pathname === '/api/class_types') return { body: { class_types: [cyclingType, yogaType] } };
    if (url.pathname === '/api/single_class') return { body: { single_classes: week(url.searchParams) } };
    return undefined;
  });
  const result = renderRoutes(
    [
      { path: '/admin/horario', element: <ScheduleAdminScreen /> },
      { path: '/admin/horario/:id', element: <p>Una clase</p> },
    ],
    '/admin/horario',
  );
  const weekCalls = () =>
    calls
      .filter((call) => call.method === 'GET' && call.url.startsWith('/api/single_class?'))
      .map((call) => new URL(call.url, 'http://localhost').searchParams);
  const sent = () => calls.filter((call) => call.method !== 'GET');
  return { ...result, calls, weekCalls, sent };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  setConfig({ timezone: 'America/Mexico_City' });
  useAlerts.setState({ error: null, success: null });
});

describe('Horario (admin): the week', () => {
  it('asks for the studio week with cancelled classes, lists them by studio day with their facts, and links each to its page', async () => {
    const { weekCalls } = renderSchedule();
    expect(screen.getByRole('heading', { level: 1, name: 'Horario' })).toBeInTheDocument();
    const wednesday = await screen.findByRole('region', { name: 'miércoles 18 nov 2026' });
    const params = weekCalls()[0];
    expect(params?.get('start_date')).toBe('2026-11-16');
    expect(params?.get('end_date')).toBe('2026-11-22');
    expect(params?.get('include_cancelled')).toBe('true');
    expect(params?.has('location_id')).toBe(false);

    const link = within(wednesday).getByRole('link', { name: /Cycling/ });
    expect(link).toHaveAttribute('href', '/admin/horario/1');
    expect(link).toHaveTextContent('19:30');
    expect(link).toHaveTextContent('Sofía Ramos · Latido Roma · 3/12 reservados');
    expect(within(screen.getByRole('region', { name: 'jueves 19 nov 2026' })).getByText('Sin clases.')).toBeInTheDocument();
    const friday = screen.getByRole('region', { name: 'viernes 20 nov 2026' });
    expect(within(friday).getByRole('link', { name: /Yoga/ })).toHaveTextContent('Cancelada');
    expect(within(wednesday).queryByText('Cancelada')).not.toBeInTheDocument();
    // jsdom does not paint (contrast is left to the browser checks) and the screen is rendered without the console's shell, which gives the landmarks.
    const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('goes back to past weeks and filters by location, with both in the address', async () => {
    const user = userEvent.setup();
    const { weekCalls, router } = renderSchedule();
    await screen.findByRole('link', { name: /Cycling/ });
    await user.click(screen.getByRole('button', { name: /Semana anterior/ }));
    await vi.waitFor(() => expect(weekCalls().at(-1)?.get('start_date')).toBe('2026-11-09'));
    expect(weekCalls().at(-1)?.get('end_date')).toBe('2026-11-15');
    expect(router.state.location.search).toBe('?semana=2026-11-09');
    expect(screen.getByText('09 nov 2026 – 15 nov 2026')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Ubicación'), 'Latido Coyoacán');
    await vi.waitFor(() => expect(weekCalls().at(-1)?.get('location_id')).toBe('2'));
    expect(router.state.location.search).toBe('?semana=2026-11-09&ubicacion=2');
    await user.click(screen.getByRole('button', { name: 'Esta semana' }));
    await vi.waitFor(() => expect(weekCalls().at(-1)?.get('start_date')).toBe('2026-11-16'));
  });
});

describe('Horario (admin): creating', () => {
  it("'Nueva serie' shows the schema's message and sends nothing until complete, then POSTs weekdays, first_date and until_date", async () => {
    const user = userEvent.setup();
    const created = [makeClass({ single_class_id: 30, date: '2026-11-30' }), makeClass({ single_class_id: 31, date: '2026-12-02' })];
    const { sent, weekCalls } = renderSchedule((call) =>
      call.method === 'POST' && call.url === '/api/single_class/series'
        ? { status: 201, body: { series: { series_id: 3 }, single_classes: created } }
        : undefined,
    );
    await screen.findByRole('link', { name: /Cycling/ });
    await user.click(screen.getByRole('button', { name: 'Nueva serie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva serie' });
    const form = within(dialog);
    await user.selectOptions(form.getByLabelText('Tipo de clase'), 'Yoga');
    await user.selectOptions(form.getByLabelText('Ubicación'), 'Latido Roma');
    await user.click(form.getByRole('checkbox', { name: 'Sofía Ramos' }));
    await user.type(form.getByLabelText('Primera fecha'), '2026-11-30');
    await user.click(form.getByRole('checkbox', { name: 'Lunes' }));
    await user.click(form.getByRole('checkbox', { name: 'Miércoles' }));
    await user.type(form.getByLabelText('Hora de inicio'), '07:00');
    await user.type(form.getByLabelText('Duración (minutos)'), '50');
    await user.type(form.getByLabelText('Cupo'), '12');
    await user.click(form.getByRole('button', { name: 'Crear' }));
    const until = form.getByLabelText('Fecha final');
    await vi.waitFor(() => expect(until).toHaveAccessibleDescription('Indica una fecha final o un número de clases (solo uno de los dos).'));
    expect(sent()).toHaveLength(0);

    await user.type(until, '2026-12-31');
    const before = weekCalls().length;
    await user.click(form.getByRole('button', { name: 'Crear' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent()[0]?.body).toEqual({
      weekdays: [1, 3],
      first_date: '2026-11-30',
      until_date: '2026-12-31',
      class_type_id: 2,
      location_id: 1,
      instructor_ids: [4],
      start_time: '07:00',
      duration_minutes: 50,
      capacity: 12,
    });
    expect(useAlerts.getState().success?.text).toBe('Serie creada: 2 clases.');
    // The first new class's week is shown, fetched afresh.
    await vi.waitFor(() => expect(weekCalls().at(-1)?.get('start_date')).toBe('2026-11-30'));
    expect(weekCalls().length).toBeGreaterThan(before);
  });

  it("'Nueva clase' needs coaches and a date (the schema's words), then POSTs; capacity may be left out for a type with a map", async () => {
    const user = userEvent.setup();
    const { sent, weekCalls } = renderSchedule((call) =>
      call.method === 'POST' && call.url === '/api/single_class' ? { status: 201, body: { single_class: makeClass({ single_class_id: 40 }) } } : undefined,
    );
    await screen.findByRole('link', { name: /Cycling/ });
    await user.click(screen.getByRole('button', { name: 'Nueva clase' }));
    const form = within(await screen.findByRole('dialog', { name: 'Nueva clase' }));
    await user.selectOptions(form.getByLabelText('Tipo de clase'), 'Cycling');
    await user.selectOptions(form.getByLabelText('Ubicación'), 'Latido Coyoacán');
    await user.type(form.getByLabelText('Hora de inicio'), '19:30');
    await user.type(form.getByLabelText('Duración (minutos)'), '45');
    expect(form.getByLabelText(/Cupo/)).toHaveAccessibleDescription(/número de lugares del mapa/);
    await user.click(form.getByRole('button', { name: 'Crear' }));
    expect(await form.findByText('Elige al menos un instructor.')).toBeInTheDocument();
    expect(form.getByLabelText('Fecha')).toHaveAccessibleDescription('Debes llenar este campo.');
    expect(sent()).toHaveLength(0);

    await user.click(form.getByRole('checkbox', { name: 'Diego Luna' }));
    await user.type(form.getByLabelText('Fecha'), '2026-11-18');
    const before = weekCalls().length;
    await user.click(form.getByRole('button', { name: 'Crear' }));
    await vi.waitFor(() => expect(useAlerts.getState().success?.text).toBe('Clase creada.'));
    expect(sent()[0]?.body).toEqual({ date: '2026-11-18', class_type_id: 1, location_id: 2, instructor_ids: [5], start_time: '19:30', duration_minutes: 45 });
    await vi.waitFor(() => expect(weekCalls().length).toBeGreaterThan(before));
  });

  it("puts the server's field errors on the inputs", async () => {
    const user = userEvent.setup();
    const message = 'Indica el cupo: este tipo de clase no tiene mapa de lugares.';
    renderSchedule((call) =>
      call.method === 'POST'
        ? { status: 400, body: { error: { code: 'validation', message: 'Revisa los campos faltantes o inválidos', fields: { capacity: message } } } }
        : undefined,
    );
    await screen.findByRole('link', { name: /Cycling/ });
    await user.click(screen.getByRole('button', { name: 'Nueva clase' }));
    const form = within(await screen.findByRole('dialog', { name: 'Nueva clase' }));
    await user.selectOptions(form.getByLabelText('Tipo de clase'), 'Cycling');
    await user.selectOptions(form.getByLabelText('Ubicación'), 'Latido Roma');
    await user.click(form.getByRole('checkbox', { name: 'Sofía Ramos' }));
    await user.type(form.getByLabelText('Fecha'), '2026-11-18');
    await user.type(form.getByLabelText('Hora de inicio'), '07:00');
    await user.type(form.getByLabelText('Duración (minutos)'), '50');
    await user.click(form.getByRole('button', { name: 'Crear' }));
    await vi.waitFor(() => expect(form.getByLabelText(/Cupo/)).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(form.getByRole('alert')).toHaveTextContent('Revisa los campos faltantes o inválidos');
  });
});
