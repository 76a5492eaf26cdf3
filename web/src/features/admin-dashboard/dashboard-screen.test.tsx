import type { Dashboard, DashboardDay } from '@studio/shared/types/dashboard';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { TODAY_POLL_MS } from './dashboard-api';
import { addDays } from './dashboard-period';
import { DashboardScreen } from './dashboard-screen';

const TODAY = '2026-11-18';
const DEFAULT_URL = '/api/dashboard?start_date=2026-10-20&end_date=2026-11-18';

function makeDay(day: string, overrides: Partial<DashboardDay> = {}): DashboardDay {
  return {
    day,
    computed: true,
    classes: 4,
    capacity: 60,
    bookings: 40,
    cancellations: 3,
    attended: 38,
    no_shows: 2,
    waitlist_joins: 2,
    waitlist_promotions: 1,
    sales_count: 2,
    sales_amount: 1700,
    credits_expired: 1,
    ...overrides,
  };
}

function makeDashboard(overrides: Partial<Dashboard> = {}, from = '2026-10-20', to = TODAY): Dashboard {
  const days: DashboardDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(makeDay(day));
  return {
    from,
    to,
    timezone: 'America/Mexico_City',
    days,
    totals: {
      classes: 120,
      capacity: 1600,
      bookings: 1234,
      cancellations: 87,
      attended: 1140,
      no_shows: 60,
      waitlist_joins: 40,
      waitlist_promotions: 12,
      sales_count: 31,
      sales_amount: 45600.5,
      credits_expired: 7,
    },
    no_show_rate: 0.05,
    by_class_type: [
      { class_type_id: 1, name: 'Yoga', classes: 2, capacity: 20, bookings: 16, occupancy: 0.8 },
      { class_type_id: 2, name: 'Barre', classes: 3, capacity: 45, bookings: 18, occupancy: 0.4 },
    ],
    by_time_slot: [
      { slot: '07:00', classes: 3, capacity: 40, bookings: 30, occupancy: 0.75 },
      { slot: '19:30', classes: 2, capacity: 25, bookings: 4, occupancy: 0.16 },
    ],
    by_package: [
      { class_package_id: 10, title: 'Paquete 10 clases', sales_count: 20, sales_amount: 34000 },
      { class_package_id: 11, title: 'Clase suelta', sales_count: 11, sales_amount: 11600.5 },
    ],
    // 12:30 on 18 November in Mexico City (UTC-6).
    updated_at: '2026-11-18T18:30:00.000Z',
    missing_days: 0,
    ...overrides,
  };
}

const answer = (dashboard: Dashboard) => ({ body: { dashboard } });
const getsOf = (calls: FetchCall[]) => calls.filter((call) => call.method === 'GET');

function renderScreen(entry = '/admin') {
  return renderRoutes([{ path: '/admin', element: <DashboardScreen /> }], entry);
}

/** A summary card's value and note, by its label. */
function card(label: string) {
  const summary = screen.getByRole('region', { name: 'Resumen' });
  return within(summary).getByText(label, { selector: 'dt' }).closest('div')!;
}

/** The table behind a chart, opened with 'Ver datos' as a keyboard or screen-reader user would. */
async function chartTable(title: string) {
  const figure = screen.getByRole('figure', { name: title });
  await userEvent.click(within(figure).getByText('Ver datos'));
  return within(figure).getByRole('table', { name: title });
}

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

describe('Tablero (/admin)', () => {
  beforeEach(() => {
    setConfig({ timezone: 'America/Mexico_City' });
    vi.useFakeTimers({ toFake: ['Date'] });
    // 21:00 on 18 November in Mexico City: already the 19th in UTC.
    vi.setSystemTime(new Date('2026-11-19T03:00:00Z'));
  });

  it("shows the period's figures: totals, percentages, MXN and when they were computed", async () => {
    const { calls } = mockFetch((call) => (call.url === DEFAULT_URL ? answer(makeDashboard()) : undefined));
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Tablero' })).toBeInTheDocument();
    expect(screen.getByText('Cargando cifras…')).toBeInTheDocument();
    expect(await screen.findByText('Actualizado 18 nov 2026, 12:30')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual([DEFAULT_URL]);
    expect(screen.getByText('Del 20 oct 2026 al 18 nov 2026 (30 días)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Últimos 30 días' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Últimos 7 días' })).toHaveAttribute('aria-pressed', 'false');

    expect(card('Reservaciones')).toHaveTextContent('1,234');
    expect(card('Reservaciones')).toHaveTextContent('87 canceladas');
    // 1,234 of 1,600 seats.
    expect(card('Ocupación promedio')).toHaveTextContent('77.1%');
    expect(card('Ventas')).toHaveTextContent('$45,600.50 MXN');
    expect(card('Ventas')).toHaveTextContent('31 compras');
    expect(card('Tasa de inasistencia')).toHaveTextContent('5%');
    expect(card('Tasa de inasistencia')).toHaveTextContent('60 de 1,200');
    expect(card('Promociones de lista de espera')).toHaveTextContent('12');
    expect(card('Créditos vencidos sin usar')).toHaveTextContent('7');
    expect(screen.queryByText(/Falta/)).not.toBeInTheDocument();
  });

  it('puts every chart in a figure whose drawing is hidden and whose data is a table', async () => {
    mockFetch((call) => (call.url === DEFAULT_URL ? answer(makeDashboard()) : undefined));
    renderScreen();
    await screen.findByText('Actualizado 18 nov 2026, 12:30');
    const titles = [
      'Reservaciones por día',
      'Ocupación por tipo de clase',
      'Ocupación por horario',
      'Ventas por paquete',
      'Asistencia',
      'Lista de espera por día',
      'Créditos vencidos sin usar por día',
    ];
    for (const title of titles) {
      const figure = screen.getByRole('figure', { name: title });
      expect(within(figure).getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
      expect(figure.querySelector('.dashboard-chart__visual, .dashboard-bars')).toHaveAttribute('aria-hidden', 'true');
    }

    expect(rowTexts(await chartTable('Ocupación por tipo de clase'))).toEqual([
      ['Tipo de clase', 'Ocupación', 'Reservaciones', 'Lugares', 'Clases'],
      ['Yoga', '80%', '16', '20', '2'],
      ['Barre', '40%', '18', '45', '3'],
    ]);
    expect(rowTexts(await chartTable('Ventas por paquete'))).toEqual([
      ['Paquete', 'Compras', 'Monto'],
      ['Paquete 10 clases', '20', '$34,000.00 MXN'],
      ['Clase suelta', '11', '$11,600.50 MXN'],
    ]);
    expect(rowTexts(await chartTable('Ocupación por horario'))[1]).toEqual(['07:00', '75%', '30', '40', '3']);
    expect(rowTexts(await chartTable('Asistencia')).slice(1)).toEqual([
      ['Asistieron', '1,140', '95%'],
      ['No asistieron', '60', '5%'],
    ]);
    const days = rowTexts(await chartTable('Reservaciones por día'));
    expect(days).toHaveLength(31);
    expect(days[1]).toEqual(['20 oct 2026', '40', '3']);
  });

  it('changes the period with a preset: the request and the address', async () => {
    const user = userEvent.setup();
    const week = '/api/dashboard?start_date=2026-11-12&end_date=2026-11-18';
    const { calls } = mockFetch((call) => {
      if (call.url === DEFAULT_URL) return answer(makeDashboard());
      if (call.url === week) return answer(makeDashboard({}, '2026-11-12'));
      return undefined;
    });
    const { router } = renderScreen();
    await screen.findByText('Actualizado 18 nov 2026, 12:30');
    await user.click(screen.getByRole('button', { name: 'Últimos 7 días' }));
    expect(await screen.findByText('Del 12 nov 2026 al 18 nov 2026 (7 días)')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?desde=2026-11-12&hasta=2026-11-18');
    expect(calls.at(-1)?.url).toBe(week);
    expect(screen.getByRole('button', { name: 'Últimos 7 días' })).toHaveAttribute('aria-pressed', 'true');
    await screen.findByText('Actualizado 18 nov 2026, 12:30');
    expect(screen.getByLabelText('Desde')).toHaveValue('2026-11-12');
  });

  it('reads the period from a shared address', async () => {
    const { calls } = mockFetch((call) =>
      call.url === '/api/dashboard?start_date=2026-11-01&end_date=2026-11-05' ? answer(makeDashboard({}, '2026-11-01', '2026-11-05')) : undefined,
    );
    renderScreen('/admin?desde=2026-11-01&hasta=2026-11-05');
    expect(await screen.findByText('Del 1 nov 2026 al 5 nov 2026 (5 días)')).toBeInTheDocument();
    await screen.findByText('Actualizado 18 nov 2026, 12:30');
    expect(calls).toHaveLength(1);
    for (const preset of ['Últimos 7 días', 'Últimos 30 días', 'Últimos 90 días']) {
      expect(screen.getByRole('button', { name: preset })).toHaveAttribute('aria-pressed', 'false');
    }
  });

  it('refuses a custom period ending before it starts, on the input and without a request', async () => {
    const user = userEvent.setup();
    const custom = '/api/dashboard?start_date=2026-11-01&end_date=2026-11-10';
    const { calls } = mockFetch((call) => {
      if (call.url === DEFAULT_URL) return answer(makeDashboard());
      if (call.url === custom) return answer(makeDashboard({}, '2026-11-01', '2026-11-10'));
      return undefined;
    });
    const { router } = renderScreen();
    await screen.findByText('Actualizado 18 nov 2026, 12:30');
    const from = screen.getByLabelText('Desde');
    const to = screen.getByLabelText('Hasta');
    await user.clear(from);
    await user.type(from, '2026-11-10');
    await user.clear(to);
    await user.type(to, '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Ver periodo' }));
    expect(await screen.findByText('La fecha final no puede ser anterior a la inicial.')).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription('La fecha final no puede ser anterior a la inicial.');
    expect(calls).toHaveLength(1);
    expect(router.state.location.search).toBe('');

    await user.clear(from);
    await user.type(from, '2026-11-01');
    await user.clear(to);
    await user.type(to, '2026-11-10');
    await user.click(screen.getByRole('button', { name: 'Ver periodo' }));
    expect(await screen.findByText('Del 1 nov 2026 al 10 nov 2026 (10 días)')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?desde=2026-11-01&hasta=2026-11-10');
    // Requested now; not necessarily the last call: on a slow run today's figures may refresh meanwhile.
    expect(calls.map((call) => call.url)).toContain(custom);
  });

  it('shows what is wrong with a period in the address, without a request', async () => {
    const { calls } = mockFetch(() => undefined);
    renderScreen('/admin?desde=2026-11-10&hasta=2026-11-01');
    expect(screen.getByRole('alert')).toHaveTextContent('El periodo de la dirección no es válido; corrígelo abajo.');
    expect(screen.getByLabelText('Hasta')).toHaveAccessibleDescription('La fecha final no puede ser anterior a la inicial.');
    expect(screen.getByLabelText('Desde')).toHaveValue('2026-11-10');
    expect(calls).toHaveLength(0);
  });

  it("refreshes today's figures, then reads the dashboard again", async () => {
    const user = userEvent.setup();
    let refreshed = false;
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST' && call.url === '/api/dashboard/refresh') {
        refreshed = true;
        return { body: { updated_at: '2026-11-19T02:55:00.000Z' } };
      }
      if (call.url === DEFAULT_URL) return answer(makeDashboard(refreshed ? { updated_at: '2026-11-19T02:55:00.000Z' } : {}));
      return undefined;
    });
    renderScreen();
    await screen.findByText('Actualizado 18 nov 2026, 12:30');
    await user.click(screen.getByRole('button', { name: 'Actualizar cifras de hoy' }));
    expect(await screen.findByText('Cifras de hoy actualizadas.')).toHaveAttribute('role', 'status');
    expect(screen.getByText('Actualizado 18 nov 2026, 20:55')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([`GET ${DEFAULT_URL}`, 'POST /api/dashboard/refresh', `GET ${DEFAULT_URL}`]);
    expect(calls[1]?.body).toBeUndefined();
  });

  it('reads a period with today again on its own, every TODAY_POLL_MS, quietly and without losing the figures shown', async () => {
    expect(TODAY_POLL_MS).toBe(30_000);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-19T03:00:00Z'));
    let bookings = 1234;
    let release = () => {};
    let held: Promise<void> = Promise.resolve();
    const { fetchMock } = mockFetch((call) =>
      call.url === DEFAULT_URL ? answer(makeDashboard({ totals: { ...makeDashboard().totals, bookings } })) : undefined,
    );
    // Each answer waits for `held`, so the screen can be seen while a read is under way.
    const reads: string[] = [];
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      reads.push(String(args[0]));
      await held;
      return fetchMock(...args);
    });
    renderScreen();
    await vi.waitFor(() => expect(card('Reservaciones')).toHaveTextContent('1,234'));
    const statuses = screen.getAllByRole('status');

    // A booking is made; the next read is held so the screen is seen while it is under way.
    bookings = 1235;
    held = new Promise((resolve) => (release = resolve));
    await act(() => vi.advanceTimersByTimeAsync(TODAY_POLL_MS - 1_000));
    expect(reads).toEqual([DEFAULT_URL]);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(reads).toEqual([DEFAULT_URL, DEFAULT_URL]);
    // While it is read again: the same figures, no spinner.
    expect(card('Reservaciones')).toHaveTextContent('1,234');
    expect(screen.queryByText('Cargando cifras…')).not.toBeInTheDocument();
    release();
    await vi.waitFor(() => expect(card('Reservaciones')).toHaveTextContent('1,235'));
    // Nothing is announced for a quiet refresh.
    for (const status of statuses) expect(status).toBeEmptyDOMElement();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(TODAY_POLL_MS));
    expect(reads).toHaveLength(3);
  });

  it('reads a period with today again when the window comes back into view, however recent the last read', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-19T03:00:00Z'));
    const { calls } = mockFetch((call) => (call.url === DEFAULT_URL ? answer(makeDashboard()) : undefined));
    renderScreen();
    await screen.findByText('Actualizado 18 nov 2026, 12:30');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(getsOf(calls)).toHaveLength(1);
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(getsOf(calls)).toHaveLength(2);
    act(() => window.dispatchEvent(new Event('focus')));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(getsOf(calls)).toHaveLength(3);
  });

  it('does not read a period that ended before today again on its own, nor on coming back into view', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-19T03:00:00Z'));
    const url = '/api/dashboard?start_date=2026-11-01&end_date=2026-11-05';
    const { calls } = mockFetch((call) => (call.url === url ? answer(makeDashboard({}, '2026-11-01', '2026-11-05')) : undefined));
    renderScreen('/admin?desde=2026-11-01&hasta=2026-11-05');
    await screen.findByText('Actualizado 18 nov 2026, 12:30');
    await act(() => vi.advanceTimersByTimeAsync(3 * TODAY_POLL_MS));
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    act(() => window.dispatchEvent(new Event('focus')));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(calls).toHaveLength(1);
  });

  it('says politely when the figures were refreshed less than a minute ago', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST') {
        return {
          status: 429,
          body: { error: { code: 'dashboard/refresh-too-soon', message: 'Las cifras de hoy se acaban de calcular; intenta de nuevo en un minuto.' } },
        };
      }
      return call.url === DEFAULT_URL ? answer(makeDashboard()) : undefined;
    });
    renderScreen();
    await screen.findByText('Actualizado 18 nov 2026, 12:30');
    await user.click(screen.getByRole('button', { name: 'Actualizar cifras de hoy' }));
    const notice = await screen.findByText('Las cifras de hoy se acaban de calcular; intenta de nuevo en un minuto.');
    expect(notice).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(getsOf(calls)).toHaveLength(1);
  });

  it('shows a dash for the no-show rate when no class has ended', async () => {
    mockFetch((call) =>
      call.url === DEFAULT_URL ? answer(makeDashboard({ no_show_rate: null, totals: { ...makeDashboard().totals, attended: 0, no_shows: 0 } })) : undefined,
    );
    renderScreen();
    await screen.findByText('Actualizado 18 nov 2026, 12:30');
    const rate = card('Tasa de inasistencia');
    expect(within(rate).getByText('—', { selector: 'dd' })).toBeInTheDocument();
    expect(rate).not.toHaveTextContent('%');
    expect(within(screen.getByRole('figure', { name: 'Asistencia' })).getByText('No hay datos en este periodo.')).toBeInTheDocument();
  });

  it('explains the days not computed yet', async () => {
    const dashboard = makeDashboard({ missing_days: 2 });
    dashboard.days = dashboard.days.map((day, index) => (index >= 28 ? makeDay(day.day, { computed: false, bookings: 0, cancellations: 0 }) : day));
    mockFetch((call) => (call.url === DEFAULT_URL ? answer(dashboard) : undefined));
    renderScreen();
    expect(await screen.findByText(/Faltan por calcular 2 días del periodo/)).toBeInTheDocument();
    const days = rowTexts(await chartTable('Reservaciones por día'));
    expect(days.at(-1)).toEqual(['18 nov 2026', 'Sin datos todavía', 'Sin datos todavía']);
    expect(days.at(-3)).toEqual(['16 nov 2026', '40', '3']);
    const drawing = screen.getByRole('figure', { name: 'Reservaciones por día' }).querySelector('svg')!;
    expect(drawing.querySelectorAll('.dashboard-chart__missing')).toHaveLength(2);
  });

  it('says when nothing of the period was computed yet', async () => {
    mockFetch((call) => (call.url === DEFAULT_URL ? answer(makeDashboard({ updated_at: null, missing_days: 1 })) : undefined));
    renderScreen();
    expect(await screen.findByText('Ninguna cifra de este periodo se ha calculado todavía.')).toBeInTheDocument();
    expect(screen.getByText(/Falta por calcular 1 día del periodo/)).toBeInTheDocument();
  });

  it('shows a failed read in place with a retry', async () => {
    mockFetch(() => ({ status: 500, body: { error: { code: 'internal', message: 'Lo sentimos, ocurrió un error en el servidor.' } } }));
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent('Lo sentimos, ocurrió un error en el servidor.');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
  it("downloads the owner's CSV of the period shown, names the file, and says a refusal in the server's words", async () => {
    const user = userEvent.setup();
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:csv'), configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith('/api/dashboard')) return answer(makeDashboard());
      if (call.url === '/api/exports/admin/sales?start_date=2026-11-01&end_date=2026-11-05') return { body: {} };
      if (call.url.startsWith('/api/exports/admin/attendance'))
        return { status: 400, body: { error: { code: 'invalid-argument', message: 'El periodo puede tener como máximo 366 días.' } } };
      return undefined;
    });
    renderScreen('/admin?desde=2026-11-01&hasta=2026-11-05');
    const exports = await screen.findByRole('region', { name: 'Exportar a CSV' });
    await user.click(within(exports).getByRole('button', { name: 'Descargar Ventas (CSV)' }));
    expect(await within(exports).findByRole('status')).toHaveTextContent('Se descargó ventas-2026-11-01-a-2026-11-05.csv.');
    expect(saved).toEqual(['ventas-2026-11-01-a-2026-11-05.csv']);
    await user.click(within(exports).getByRole('button', { name: 'Descargar Asistencia (CSV)' }));
    await vi.waitFor(() => expect(within(exports).getByRole('status')).toHaveTextContent('El periodo puede tener como máximo 366 días.'));
    expect(saved).toHaveLength(1);
    expect(within(exports).getByRole('button', { name: 'Descargar Clientes (CSV)' })).toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/api/exports'))).toHaveLength(2);
  });
});
