import type { ScalingState, ScheduleRelease } from '@studio/shared/schemas/schedule-release';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, makeCustomer, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { createRoutes } from '../../app/router';
import { ModalHost } from '../../components/modal-host';
import { useAlerts } from '../../lib/alerts';
import { useSession } from '../../lib/session';
import { ScheduleReleasesScreen } from './schedule-releases-screen';

const STUDIO_TIMEZONE = 'America/Mexico_City';
// The machine's clock is somewhere else entirely: studio times must never be read or typed in it.
const MACHINE_TIMEZONE = 'Asia/Tokyo';
const URL = '/api/schedule_releases';

const december: ScheduleRelease = {
  id: 'rel-dic',
  name: 'Horario de diciembre',
  // 15:00 on 1 December in Mexico City (UTC−6).
  starts_at: '2026-12-01T21:00:00.000Z',
  created_at: '2026-11-20T18:00:00.000Z',
  created_by: 'uid-admin',
};
const january: ScheduleRelease = {
  ...december,
  id: 'rel-ene',
  name: 'Horario de enero',
  // 00:10 on 5 January in Mexico City: the window starts the day before.
  starts_at: '2027-01-05T06:10:00.000Z',
};
const warm: ScalingState = { min_instances: 3, baseline: 0, warm: 3, release_id: december.id, applied_at: '2026-12-01T20:45:00.000Z' };
const idle: ScalingState = { min_instances: 0, baseline: 0, warm: 3, release_id: null, applied_at: null };

const sent = (calls: FetchCall[], method: string) => calls.filter((call) => call.method === method);

function render() {
  return renderRoutes(
    [
      {
        element: (
          <>
            <Outlet />
            <ModalHost />
          </>
        ),
        children: [{ path: '/admin/lanzamientos', element: <ScheduleReleasesScreen /> }],
      },
    ],
    '/admin/lanzamientos',
  );
}

let machineTimezone: string | undefined;

beforeAll(() => {
  machineTimezone = process.env.TZ;
  process.env.TZ = MACHINE_TIMEZONE;
});

afterAll(() => {
  if (machineTimezone === undefined) delete process.env.TZ;
  else process.env.TZ = machineTimezone;
});

beforeEach(() => {
  setConfig({ timezone: STUDIO_TIMEZONE });
  useAlerts.setState({ error: null, success: null });
  vi.useFakeTimers({ toFake: ['Date'] });
  // 14:50 on 1 December in Mexico City: inside December's window (14:45 to 15:30).
  vi.setSystemTime(new Date('2026-12-01T20:50:00.000Z'));
});

describe('Lanzamientos del horario (/admin/lanzamientos)', () => {
  it("runs on a machine clock that is not the studio's", () => {
    expect(new Date('2026-12-01T21:00:00.000Z').getHours()).toBe(6);
  });

  it("lists the releases on the studio's clock with their warm window, marks the open one, and says the scaling now", async () => {
    mockFetch((call) => (call.url === URL ? { body: { data: [december, january], scaling: warm } } : undefined));
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Lanzamientos del horario' })).toBeInTheDocument();
    expect(screen.getByText(/Desde 15 minutos antes hasta 30 minutos después/)).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Próximos lanzamientos' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Lanzamiento', 'Fecha y hora', 'Preparación', 'Acciones']);
    const first = within(table).getByRole('row', { name: /Horario de diciembre/ });
    expect(within(first).getByText('1 dic 2026, 15:00')).toHaveAttribute('dateTime', december.starts_at);
    expect(within(first).getByText('API preparada de 14:45 a 15:30')).toBeInTheDocument();
    expect(within(first).getByText('Preparada ahora')).toBeInTheDocument();

    const second = within(table).getByRole('row', { name: /Horario de enero/ });
    expect(within(second).getByText('5 ene 2027, 00:10')).toBeInTheDocument();
    expect(within(second).getByText('API preparada de 4 ene 2027, 23:55 a 00:40')).toBeInTheDocument();
    expect(within(second).queryByText('Preparada ahora')).not.toBeInTheDocument();

    expect(screen.getByText('Instancias mínimas ahora: 3 (lanzamiento «Horario de diciembre»)')).toBeInTheDocument();
    expect(screen.getByText('Sin lanzamiento: 0; durante un lanzamiento: 3. Último ajuste: 1 dic 2026, 14:45.')).toBeInTheDocument();
  });

  it('says when there is nothing marked and the API is at its baseline', async () => {
    mockFetch((call) => (call.url === URL ? { body: { data: [], scaling: idle } } : undefined));
    render();
    expect(await screen.findByText('No hay lanzamientos próximos. Marca uno antes de publicar tu próximo horario.')).toBeInTheDocument();
    expect(screen.getByText('Instancias mínimas ahora: 0')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a failed read in place, with a retry', async () => {
    let fail = true;
    mockFetch((call) => {
      if (call.url !== URL) return undefined;
      if (fail) {
        fail = false;
        return { status: 500, body: { error: { code: 'internal', message: 'Error' } } };
      }
      return { body: { data: [december], scaling: warm } };
    });
    render();
    expect(await screen.findByText('No pudimos cargar los lanzamientos.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('row', { name: /Horario de diciembre/ })).toBeInTheDocument();
  });

  it("marks a release: POSTs the instant of the day and time typed on the studio's clock, with an Idempotency-Key", async () => {
    const user = userEvent.setup();
    const february: ScheduleRelease = { ...december, id: 'rel-feb', name: 'Horario de febrero', starts_at: '2027-02-01T15:00:00.000Z' };
    let releases = [december];
    const { calls } = mockFetch((call) => {
      if (call.url !== URL) return undefined;
      if (call.method === 'POST') {
        releases = [december, february];
        return { status: 201, body: { data: february } };
      }
      return { body: { data: releases, scaling: warm } };
    });
    render();
    const form = screen.getByRole('form', { name: 'Marcar un lanzamiento' });
    await user.type(within(form).getByLabelText(/^Nombre/), '  Horario de febrero ');
    const startsAt = within(form).getByRole('group', { name: 'Fecha y hora del lanzamiento' });
    await user.type(within(startsAt).getByLabelText('Fecha'), '2027-02-01');
    await user.type(within(startsAt).getByLabelText('Hora'), '09:00');
    expect(within(startsAt).getByLabelText('Fecha')).toHaveAccessibleDescription(/Hora del estudio \(America\/Mexico_City\)/);
    await user.click(within(form).getByRole('button', { name: 'Marcar lanzamiento' }));

    expect(await screen.findByRole('row', { name: /Horario de febrero/ })).toBeInTheDocument();
    const [post] = sent(calls, 'POST');
    // 09:00 in Mexico City is 15:00 UTC (and would be 00:00 UTC read on the machine's Tokyo clock).
    expect(post).toMatchObject({ url: URL, body: { starts_at: '2027-02-01T15:00:00.000Z', name: 'Horario de febrero' } });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[\w-]{8,255}$/);
    expect(useAlerts.getState().success?.text).toBe('Lanzamiento marcado.');
    expect(within(form).getByLabelText(/^Nombre/)).toHaveValue('');
    expect(sent(calls, 'GET')).toHaveLength(2);
  });

  it("shows the server's refusal (400) above the button, and nothing is added", async () => {
    const user = userEvent.setup();
    const refusal = 'Solo puedes tener 20 lanzamientos próximos.';
    const { calls } = mockFetch((call) => {
      if (call.url !== URL) return undefined;
      if (call.method === 'POST') return { status: 400, body: { error: { code: 'schedule-releases/too-many', message: refusal } } };
      return { body: { data: [december], scaling: warm } };
    });
    render();
    const form = screen.getByRole('form', { name: 'Marcar un lanzamiento' });
    await user.type(within(form).getByLabelText(/^Nombre/), 'Horario de febrero');
    await user.type(within(form).getByLabelText('Fecha'), '2027-02-01');
    await user.type(within(form).getByLabelText('Hora'), '09:00');
    await user.click(within(form).getByRole('button', { name: 'Marcar lanzamiento' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(refusal);
    expect(sent(calls, 'POST')).toHaveLength(1);
    expect(within(form).getByLabelText(/^Nombre/)).toHaveValue('Horario de febrero');
  });

  it("refuses a past time or a missing part before sending, on the inputs, with the schema's and the server's texts", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => (call.url === URL ? { body: { data: [], scaling: idle } } : undefined));
    render();
    const form = screen.getByRole('form', { name: 'Marcar un lanzamiento' });
    const day = within(form).getByLabelText('Fecha');
    await user.type(day, '2026-12-01');
    await user.click(within(form).getByRole('button', { name: 'Marcar lanzamiento' }));
    await vi.waitFor(() => expect(day).toHaveAccessibleDescription(/Escribe la fecha y la hora\./));
    expect(within(form).getByLabelText(/^Nombre/)).toHaveAccessibleDescription(/Debes llenar este campo\./);
    // 14:00 in the studio: already past at 14:50 there, though still ahead on the machine's clock.
    await user.type(within(form).getByLabelText('Hora'), '14:00');
    await user.click(within(form).getByRole('button', { name: 'Marcar lanzamiento' }));
    await vi.waitFor(() => expect(day).toHaveAccessibleDescription(/La fecha del lanzamiento debe ser futura\./));
    expect(sent(calls, 'POST')).toHaveLength(0);
  });

  it("deletes a release only after 'Precaución' is accepted", async () => {
    const user = userEvent.setup();
    let releases = [december, january];
    const { calls } = mockFetch((call) => {
      if (call.method === 'DELETE' && call.url === `${URL}/rel-ene`) {
        releases = [december];
        return { status: 204 };
      }
      return call.url === URL ? { body: { data: releases, scaling: warm } } : undefined;
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Eliminar: Horario de enero' }));
    let dialog = await screen.findByRole('dialog', { name: 'Precaución' });
    expect(dialog).toHaveTextContent('¿Seguro que quieres eliminar el lanzamiento «Horario de enero»?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(sent(calls, 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Eliminar: Horario de enero' }));
    dialog = await screen.findByRole('dialog', { name: 'Precaución' });
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await vi.waitFor(() => expect(screen.queryByRole('row', { name: /Horario de enero/ })).not.toBeInTheDocument());
    expect(sent(calls, 'DELETE').map((call) => call.url)).toEqual([`${URL}/rel-ene`]);
    expect(useAlerts.getState().success?.text).toBe('Lanzamiento eliminado.');
    expect(screen.getByRole('heading', { level: 1, name: 'Lanzamientos del horario' })).toHaveFocus();
  });
});

describe('the console menu', () => {
  it("lists 'Lanzamientos del horario' after 'Horario', routed to this screen and titled with it", async () => {
    useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer(), signupPending: false, isAdmin: true });
    mockFetch((call) => {
      if (call.url === '/api/pages') return { body: { pages: [] } };
      return call.url === URL ? { body: { data: [], scaling: idle } } : undefined;
    });
    renderRoutes(createRoutes(setConfig({ timezone: STUDIO_TIMEZONE })), '/admin/lanzamientos');
    await act(() => vi.dynamicImportSettled());
    const nav = await screen.findByRole('navigation', { name: 'Administración' });
    const operation = within(within(nav).getByRole('list', { name: 'Operación' }))
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(operation.slice(1, 3)).toEqual(['Horario', 'Lanzamientos del horario']);
    const link = within(nav).getByRole('link', { name: 'Lanzamientos del horario' });
    expect(link).toHaveAttribute('href', '/admin/lanzamientos');
    await vi.waitFor(() => expect(link).toHaveAttribute('aria-current', 'page'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lanzamientos del horario' })).toBeInTheDocument();
    await vi.waitFor(() => expect(document.title).toMatch(/^Lanzamientos del horario \| /));
  });
});
