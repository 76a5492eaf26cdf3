import type { ClassRoster } from '@studio/shared/schemas/class-roster';
import type { SingleClass } from '@studio/shared/schemas/single-class';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClass, makeInstructor, makeLocation } from '../../../test/catalogue-fixtures';
import { type FetchCall, makeCustomer, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { useAlerts } from '../../lib/alerts';
import { ClassAdminScreen } from './class-admin-screen';
import { makeRosterReservation, rosterPerson } from './roster-test-data';

const NOW = new Date('2026-11-18T18:00:00.000Z');
const STAMPS = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const cyclingType = { class_type_id: 1, name: 'Cycling', description: null, icon: null, spot_map: '4,4', file: null, ...STAMPS };

/** A class with an 8-spot map: spots 5 and 6 are held, spot 2 was freed by a cancel. */
const cycling = makeClass({ spot_map: '4,4', capacity: 8, booked: 2 });

const ana = makeRosterReservation({});
/** Added as a courtesy earlier: no lot paid for it. */
const raul = makeRosterReservation({
  class_reservation_id: 502,
  customer_id: 6,
  customer: rosterPerson(6, 'Raúl', 'Paz'),
  spot: 6,
  available_class_id: null,
  source: 'admin',
});
const luis = makeRosterReservation({
  class_reservation_id: 503,
  customer_id: 3,
  customer: rosterPerson(3, 'Luis', 'Díaz'),
  spot: 2,
  status: 'Cancelada',
  deletedAt: '2026-11-12T00:00:00.000Z',
});
const startRoster: ClassRoster = { single_class_id: 1, reservations: [ana, raul, luis], waitlist: [] };

const marta = makeCustomer({ customer_id: 4, name: 'Marta', last_name: 'Gil', email: 'marta@example.com', phone: '5511112222' });
const mario = makeCustomer({ customer_id: 8, name: 'Mario', last_name: 'Ruiz', email: 'mario@example.com', phone: '5533334444' });

type Answer = { status?: number; body?: unknown } | undefined;

/** The class page with a roster and a class count the test changes as the server would; `respond` answers the writes. */
function renderClass(respond: (call: FetchCall) => Answer) {
  const state: { roster: ClassRoster; cls: SingleClass } = { roster: startRoster, cls: cycling };
  const { calls } = mockFetch((call) => {
    if (call.method !== 'GET') return respond(call);
    if (call.url === '/api/locations') return { body: { locations: [makeLocation()] } };
    if (call.url === '/api/instructors') return { body: { instructors: [makeInstructor()] } };
    if (call.url === '/api/class_types') return { body: { class_types: [cyclingType] } };
    if (call.url === '/api/single_class/single/1') return { body: { single_class: state.cls } };
    if (call.url === '/api/single_class/1/roster') return { body: state.roster };
    if (call.url === '/api/customer/admin/all?query=mar') return { body: { customers: [marta, mario], total: 2, page: 1, page_size: 50 } };
    if (call.url === '/api/customer/admin/all?query=zz') return { body: { customers: [], total: 0, page: 1, page_size: 50 } };
    return undefined;
  });
  renderRoutes([{ path: '/admin/horario/:id', element: <ClassAdminScreen /> }], '/admin/horario/1');
  const sent = () => calls.filter((call) => call.method !== 'GET').map(({ method, url, body }) => ({ method, url, body }));
  const gets = (url: string) => calls.filter((call) => call.method === 'GET' && call.url === url).length;
  return { state, sent, gets };
}

async function openAdd(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('checkbox', { name: 'Asistió: Ana López' });
  await user.click(screen.getByRole('button', { name: 'Agregar cliente' }));
  return within(await screen.findByRole('dialog', { name: 'Agregar cliente a la clase' }));
}

async function searchAndPickMarta(user: ReturnType<typeof userEvent.setup>, dialog: Awaited<ReturnType<typeof openAdd>>) {
  // Enter searches; it does not submit the add form.
  await user.type(dialog.getByRole('searchbox', { name: 'Buscar cliente' }), 'mar{Enter}');
  await user.click(await dialog.findByRole('radio', { name: /Marta Gil/ }));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  setConfig({ timezone: 'America/Mexico_City' });
  useAlerts.setState({ error: null, success: null });
});

describe("the roster's 'Agregar cliente'", () => {
  it('searches, offers only the free spots, sends the chosen body and reads the roster and the count again', async () => {
    const user = userEvent.setup();
    const added = makeRosterReservation({
      class_reservation_id: 510,
      customer_id: 4,
      customer: rosterPerson(4, 'Marta', 'Gil'),
      spot: 7,
      available_class_id: null,
      source: 'admin',
    });
    const { state, sent, gets } = renderClass((call) => {
      if (call.method !== 'POST') return undefined;
      state.roster = { ...startRoster, reservations: [ana, raul, added, luis] };
      state.cls = { ...cycling, booked: 3 };
      return { status: 201, body: { class_reservation: added } };
    });
    expect(await screen.findByText('2/8 reservados')).toBeInTheDocument();
    const dialog = await openAdd(user);
    const addButton = screen.getByRole('button', { name: 'Agregar cliente' });

    // Nothing picked: the API's schema says so, and nothing is sent.
    await user.click(dialog.getByRole('button', { name: 'Agregar a la clase' }));
    expect(await dialog.findByText('Cliente: Debes llenar este campo.')).toBeInTheDocument();
    expect(dialog.getByRole('searchbox', { name: 'Buscar cliente' })).toHaveFocus();
    expect(sent()).toEqual([]);

    await searchAndPickMarta(user, dialog);
    expect(dialog.getByRole('status')).toHaveTextContent('2 clientes encontrados.');
    const spot = dialog.getByRole('combobox', { name: /Lugar/ });
    expect(
      within(spot)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Cualquier lugar libre', '1', '2', '3', '4', '7', '8']);
    await user.selectOptions(spot, '7');
    expect(dialog.getByRole('radio', { name: 'Cobrar un crédito de sus paquetes' })).toBeChecked();
    const courtesy = dialog.getByRole('radio', { name: 'Cortesía: sin usar créditos' });
    expect(courtesy).toHaveAccessibleDescription(/No se descuenta ningún crédito/);
    await user.click(courtesy);
    const rosterReads = gets('/api/single_class/1/roster');
    await user.click(dialog.getByRole('button', { name: 'Agregar a la clase' }));

    expect(await screen.findByText('Se agregó a Marta Gil a la clase en el lugar 7.')).toBeInTheDocument();
    expect(sent()).toEqual([{ method: 'POST', url: '/api/single_class/1/reservations', body: { customer_id: 4, charge: false, spot: 7 } }]);
    expect(gets('/api/single_class/1/roster')).toBeGreaterThan(rosterReads);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Asistió: Marta Gil' })).toBeInTheDocument();
    expect(await screen.findByText('3/8 reservados')).toBeInTheDocument();
    expect(addButton).toHaveFocus();
  });

  it("charges by default and leaves the spot to the server; a 412 or 409 refusal stays in the dialog in the server's words", async () => {
    const user = userEvent.setup();
    const noCredits = 'El cliente no tiene créditos disponibles para esta clase. Agrégalo sin cobro o asígnale un paquete.';
    const alreadyBooked = 'El cliente ya tiene una reservación en esta clase.';
    const refusals = [
      { status: 412, body: { error: { code: 'booking/no-credits', message: noCredits } } },
      { status: 409, body: { error: { code: 'booking/already-booked', message: alreadyBooked } } },
    ];
    const { sent } = renderClass((call) => (call.method === 'POST' ? refusals.shift() : undefined));
    const dialog = await openAdd(user);

    await user.type(dialog.getByRole('searchbox', { name: 'Buscar cliente' }), 'zz');
    await user.click(dialog.getByRole('button', { name: 'Buscar' }));
    expect(await dialog.findByText('Ningún cliente coincide con «zz».')).toBeInTheDocument();
    await user.clear(dialog.getByRole('searchbox', { name: 'Buscar cliente' }));
    await searchAndPickMarta(user, dialog);

    await user.click(dialog.getByRole('button', { name: 'Agregar a la clase' }));
    expect(await dialog.findByText(noCredits)).toBeInTheDocument();
    expect(sent()).toEqual([{ method: 'POST', url: '/api/single_class/1/reservations', body: { customer_id: 4, charge: true } }]);

    await user.click(dialog.getByRole('button', { name: 'Agregar a la clase' }));
    expect(await dialog.findByText(alreadyBooked)).toBeInTheDocument();
    expect(dialog.queryByText(noCredits)).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Agregar cliente a la clase' })).toBeInTheDocument();
    expect(useAlerts.getState().error).toBeNull();

    // jsdom does not paint (contrast is left to the browser checks); the console's shell gives the landmarks.
    const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agregar cliente' })).toHaveFocus();
  });

  it('is not offered on a cancelled class', async () => {
    mockFetch((call) => {
      if (call.url === '/api/single_class/single/1') return { body: { single_class: { ...cycling, status: 'cancelled' } } };
      if (call.url === '/api/single_class/1/roster') return { body: { ...startRoster, reservations: [luis] } };
      return { body: { locations: [], instructors: [], class_types: [] } };
    });
    renderRoutes([{ path: '/admin/horario/:id', element: <ClassAdminScreen /> }], '/admin/horario/1');
    await screen.findByRole('checkbox', { name: 'Asistió: Luis Díaz' });
    expect(screen.queryByRole('button', { name: 'Agregar cliente' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Quitar/ })).not.toBeInTheDocument();
  });
});

describe("the roster's 'Quitar'", () => {
  it("asks 'Precaución' with the credit's choice, sends DELETE with it, and reads the roster and the count again", async () => {
    const user = userEvent.setup();
    const { state, sent } = renderClass((call) => {
      if (call.method !== 'DELETE') return undefined;
      const gone = { ...ana, status: 'Cancelada' as const, deletedAt: NOW.toISOString(), cancel_reason: 'admin' };
      state.roster = { ...startRoster, reservations: [raul, gone, luis] };
      state.cls = { ...cycling, booked: 1 };
      return { body: { class_reservation: gone } };
    });
    await screen.findByRole('checkbox', { name: 'Asistió: Ana López' });
    expect(screen.getByText('2/8 reservados')).toBeInTheDocument();
    // A cancelled reservation is already out.
    expect(screen.queryByRole('button', { name: 'Quitar: Luis Díaz' })).not.toBeInTheDocument();

    const quitAna = screen.getByRole('button', { name: 'Quitar: Ana López' });
    await user.click(quitAna);
    let dialog = within(await screen.findByRole('dialog', { name: 'Precaución' }));
    expect(dialog.getByText('¿Quitar a Ana López de esta clase?')).toBeInTheDocument();
    expect(dialog.getByRole('radio', { name: 'Regresar el crédito a su paquete' })).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'No, dejarlo' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(quitAna).toHaveFocus();
    expect(sent()).toEqual([]);

    await user.click(quitAna);
    dialog = within(await screen.findByRole('dialog', { name: 'Precaución' }));
    const keep = dialog.getByRole('radio', { name: 'No regresar el crédito' });
    expect(keep).toHaveAccessibleDescription('La clase cuenta como usada.');
    await user.click(keep);
    await user.click(dialog.getByRole('button', { name: 'Sí, quitar' }));

    expect(await screen.findByText('Se quitó a Ana López de la clase sin regresar su crédito.')).toBeInTheDocument();
    expect(sent()).toEqual([{ method: 'DELETE', url: '/api/single_class/1/reservations/501?refund=false', body: undefined }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('1/8 reservados')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Quitar: Ana López' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Asistió: Ana López' })).toBeDisabled();
    // Its 'Quitar' is gone: focus lands on the roster's heading, not on the page's top.
    expect(screen.getByRole('heading', { level: 2, name: 'Lista de asistencia' })).toHaveFocus();
  });

  it("says a courtesy has no credit to return, sends no option, and shows the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    const notInClass = 'Esa reservación no es de esta clase.';
    const { sent } = renderClass((call) =>
      call.method === 'DELETE' ? { status: 404, body: { error: { code: 'booking/reservation-not-found', message: notInClass } } } : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Quitar: Raúl Paz' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Precaución' }));
    expect(dialog.getByText(/no usó créditos de un paquete/)).toBeInTheDocument();
    expect(dialog.queryByRole('radio')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Sí, quitar' }));
    expect(await dialog.findByText(notInClass)).toBeInTheDocument();
    expect(sent()).toEqual([{ method: 'DELETE', url: '/api/single_class/1/reservations/502', body: undefined }]);
  });
});
