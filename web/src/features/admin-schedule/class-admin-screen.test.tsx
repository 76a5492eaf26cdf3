import type { ClassRoster } from '@studio/shared/schemas/class-roster';
import type { SingleClass } from '@studio/shared/schemas/single-class';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBookingQuestion, makeClass, makeInstructor, makeLocation } from '../../../test/catalogue-fixtures';
import { type FetchCall, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { useAlerts } from '../../lib/alerts';
import { ClassAdminScreen } from './class-admin-screen';
import { makeRosterReservation, rosterPerson } from './roster-test-data';

const NOW = new Date('2026-11-18T18:00:00.000Z');
const STAMPS = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const cyclingType = { class_type_id: 1, name: 'Cycling', description: null, icon: null, spot_map: null, file: null, ...STAMPS };

/** Wednesday 18 Nov 19:30 in the studio, part of series 7. */
const cycling = makeClass({ series_id: 7 });

const roster: ClassRoster = {
  single_class_id: 1,
  reservations: [
    makeRosterReservation({}),
    makeRosterReservation({ class_reservation_id: 502, spot: 6, guest: 'Pedro' }),
    makeRosterReservation({
      class_reservation_id: 503,
      customer_id: 3,
      customer: rosterPerson(3, 'Luis', 'Díaz'),
      spot: 2,
      status: 'Cancelada',
      deletedAt: '2026-11-12T00:00:00.000Z',
    }),
  ],
  waitlist: [
    { waitlist_id: 9, position: 2, joinedAt: '2026-11-12T00:00:00.000Z', customer_id: 5, customer: rosterPerson(5, 'Eva', 'Sol') },
    { waitlist_id: 8, position: 1, joinedAt: '2026-11-11T00:00:00.000Z', customer_id: 4, customer: rosterPerson(4, 'Marta', 'Gil') },
  ],
};

function renderClass(respond?: (call: FetchCall) => { status?: number; body?: unknown } | undefined, c: () => SingleClass = () => cycling) {
  const { calls } = mockFetch((call) => {
    const answer = respond?.(call);
    if (answer) return answer;
    if (call.method !== 'GET') return undefined;
    if (call.url === '/api/locations') return { body: { locations: [makeLocation()] } };
    if (call.url === '/api/instructors')
      return { body: { instructors: [makeInstructor(), makeInstructor({ instructor_id: 5, name: 'Diego', last_name: 'Luna' })] } };
    if (call.url === '/api/class_types') return { body: { class_types: [cyclingType] } };
    if (call.url === '/api/single_class/single/1') return { body: { single_class: c() } };
    if (call.url === '/api/single_class/1/roster') return { body: roster };
    return undefined;
  });
  const result = renderRoutes(
    [
      { path: '/admin/horario/:id', element: <ClassAdminScreen /> },
      { path: '/admin/horario', element: <p>Semana</p> },
    ],
    '/admin/horario/1',
  );
  const sent = () => calls.filter((call) => call.method !== 'GET').map(({ method, url, body }) => ({ method, url, body }));
  return { ...result, calls, sent };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  setConfig({ timezone: 'America/Mexico_City' });
  useAlerts.setState({ error: null, success: null });
});

describe('a class in the admin schedule', () => {
  it("shows each customer's answers to the booking questions by the question, under their name (ADR 0115)", async () => {
    const question = makeBookingQuestion();
    const answered: ClassRoster = {
      ...roster,
      reservations: [makeRosterReservation({ custom_values: { notas: 'Lesión de rodilla', retirada: 'sí' } }), ...roster.reservations.slice(1)],
    };
    renderClass((call) => {
      if (call.url === '/api/single_class/1/roster') return { body: answered };
      if (call.url === '/api/custom_fields?object=class_reservation') return { body: { custom_fields: [question] } };
      return undefined;
    });
    const ana = (await screen.findByRole('checkbox', { name: 'Asistió: Ana López' })).closest('li') as HTMLElement;
    const term = await within(ana).findByText('¿Algo que debamos saber para tu clase?');
    expect(term.tagName).toBe('DT');
    expect(term.nextElementSibling).toHaveTextContent('Lesión de rodilla');
    // An answer to a question removed since is still shown, under its key.
    expect(within(ana).getByText('retirada').nextElementSibling).toHaveTextContent('sí');
    // Nobody else answered: no answers under them.
    const pedro = screen.getByRole('checkbox', { name: /Pedro/ }).closest('li') as HTMLElement;
    expect(within(pedro).queryByRole('term')).not.toBeInTheDocument();
  });

  it('shows the class in studio time, with a way back to the week', async () => {
    renderClass();
    expect(await screen.findByRole('heading', { level: 1, name: 'Cycling · miércoles 18 nov 2026 19:30' })).toBeInTheDocument();
    expect(screen.getByText('Esta clase es parte de una serie.')).toBeInTheDocument();
    expect(screen.getByText('3/12 reservados')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Volver al horario/ })).toHaveAttribute('href', '/admin/horario');
    await screen.findByRole('checkbox', { name: 'Asistió: Ana López' });
    await screen.findByRole('checkbox', { name: 'Sofía Ramos' });
    // jsdom does not paint (contrast is left to the browser checks) and the screen is rendered without the console's shell, which gives the landmarks.
    const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it("edit sends only the changed fields and the scope; 'Esta y las siguientes' refuses a new date with the schema's message", async () => {
    const user = userEvent.setup();
    const { sent } = renderClass((call) =>
      call.method === 'PUT' ? { body: { single_class: { ...cycling, capacity: 15 }, single_classes: [cycling, cycling, cycling] } } : undefined,
    );
    const capacity = await screen.findByLabelText('Cupo');
    await screen.findByRole('checkbox', { name: 'Sofía Ramos' });
    expect(capacity).toHaveValue(12);
    expect(screen.getByRole('checkbox', { name: 'Sofía Ramos' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Esta y las siguientes' }));
    const date = screen.getByLabelText('Fecha');
    await user.clear(date);
    await user.type(date, '2026-11-19');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(date).toHaveAccessibleDescription('Para mover varias clases a otra fecha, cancélalas y crea una serie nueva.'));
    expect(sent()).toHaveLength(0);

    await user.clear(date);
    await user.type(date, '2026-11-18');
    await user.clear(capacity);
    await user.type(capacity, '15');
    await user.click(screen.getByRole('checkbox', { name: 'Diego Luna' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(useAlerts.getState().success?.text).toBe('Se guardaron 3 clases.'));
    expect(sent()).toEqual([
      { method: 'PUT', url: '/api/single_class', body: { single_class_id: 1, scope: 'following', capacity: 15, instructor_ids: [4, 5] } },
    ]);
  });

  it("says 'No hay cambios que guardar.' without a request, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const refusal = 'No puedes bajar el cupo a 2: la clase del 2026-11-18 ya tiene 3 reservaciones.';
    const { sent } = renderClass((call) =>
      call.method === 'PUT' ? { status: 409, body: { error: { code: 'single_class/capacity-below-booked', message: refusal } } } : undefined,
    );
    const capacity = await screen.findByLabelText('Cupo');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No hay cambios que guardar.')).toBeInTheDocument();
    expect(sent()).toHaveLength(0);

    await user.clear(capacity);
    await user.type(capacity, '2');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(sent()[0]?.body).toEqual({ single_class_id: 1, scope: 'single', capacity: 2 });
  });

  it('cancels with an optional reason and says what the cancellation did', async () => {
    const user = userEvent.setup();
    let current: SingleClass = cycling;
    const { sent } = renderClass(
      (call) => {
        if (call.method !== 'POST') return undefined;
        current = { ...cycling, status: 'cancelled', cancel_reason: 'Coach enfermo' };
        const cancellation = { reservations_cancelled: 3, credits_returned: 2, credits_replaced: 0, unlimited: 1, not_refunded: 0, customers_notified: 2 };
        return { body: { single_class: current, cancellation } };
      },
      () => current,
    );
    await user.click(await screen.findByRole('button', { name: 'Cancelar clase' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancelar clase' }));
    await user.type(dialog.getByLabelText(/Motivo/), 'Coach enfermo');
    await user.click(dialog.getByRole('button', { name: 'Sí, cancelar la clase' }));
    expect(await screen.findByText('La clase quedó cancelada.')).toBeInTheDocument();
    expect(sent()).toEqual([{ method: 'POST', url: '/api/single_class/1/cancel', body: { reason: 'Coach enfermo' } }]);
    const counts = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(counts).toEqual(
      expect.arrayContaining([
        'Se cancelaron 3 reservaciones.',
        'Se regresaron 2 créditos a sus paquetes.',
        '1 reservación era de un paquete ilimitado.',
        'Se avisó a 2 clientes.',
      ]),
    );
    expect(counts).not.toContainEqual(expect.stringContaining('repuso'));
    expect(await screen.findByText('Esta clase fue cancelada y ya no se puede editar.')).toBeInTheDocument();
    expect(screen.getByText('Cancelada', { selector: 'p' })).toBeInTheDocument();
  });

  it("a cancellation stopped half way shows 'Cancelación en curso: N de M' and 'Terminar cancelación' finishes it", async () => {
    const user = userEvent.setup();
    let current: SingleClass = { ...cycling, status: 'cancelled', cancel_reason: 'Fuga de agua', cancellation_progress: { done: 80, total: 170 } };
    const { sent } = renderClass(
      (call) => {
        if (call.method !== 'POST') return undefined;
        current = { ...current, cancellation_progress: { done: 170, total: 170 } };
        const cancellation = { reservations_cancelled: 90, credits_returned: 90, credits_replaced: 0, unlimited: 0, not_refunded: 0, customers_notified: 90 };
        return { body: { single_class: current, cancellation } };
      },
      () => current,
    );
    expect(await screen.findByText('Cancelación en curso: 80 de 170')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar clase' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Terminar cancelación' }));
    expect(await screen.findByText('La clase quedó cancelada.')).toBeInTheDocument();
    expect(sent()).toEqual([{ method: 'POST', url: '/api/single_class/1/cancel', body: {} }]);
    expect(screen.getByText('Se cancelaron 90 reservaciones.')).toBeInTheDocument();
    expect(screen.queryByText(/Cancelación en curso/)).not.toBeInTheDocument();
  });

  it('a finished cancellation shows no progress nor any way to cancel again', async () => {
    renderClass(undefined, () => ({ ...cycling, status: 'cancelled', cancellation_progress: { done: 12, total: 12 } }));
    expect(await screen.findByText('Esta clase fue cancelada y ya no se puede editar.')).toBeInTheDocument();
    expect(screen.queryByText(/Cancelación en curso/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Terminar cancelación|Cancelar clase/ })).not.toBeInTheDocument();
  });

  it("lists the roster and the waitlist in order; 'Asistió' PUTs attendance and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const notOpen = 'El registro de asistencia de esta clase abre el 2026-11-18 a las 18:30.';
    let refuse = false;
    const { sent } = renderClass((call) => {
      if (call.method !== 'PUT') return undefined;
      if (refuse) return { status: 409, body: { error: { code: 'booking/check-in-not-open', message: notOpen } } };
      return { body: { class_reservation: makeRosterReservation({ attend: true }), changed: true, penalties_lifted: [], penalties_issued: [] } };
    });
    const ana = await screen.findByRole('checkbox', { name: 'Asistió: Ana López' });
    expect(screen.getByText('Lugar: 5 · Estatus: Próxima')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Asistió: Invitado de Ana López: Pedro' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Asistió: Luis Díaz' })).toBeDisabled();
    const line = screen.getByRole('list', { name: 'Lista de espera' });
    expect(
      within(line)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Marta Gil', 'Eva Sol']);

    await user.click(ana);
    await vi.waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toEqual({ method: 'PUT', url: '/api/single_class/1/attendance', body: { class_reservation_id: 501, attend: true } });
    expect(await screen.findByText('Asistencia de Ana López guardada.')).toBeInTheDocument();

    refuse = true;
    await user.click(screen.getByRole('checkbox', { name: 'Asistió: Invitado de Ana López: Pedro' }));
    expect(await screen.findByText(notOpen)).toBeInTheDocument();
    expect(sent()[1]?.body).toEqual({ class_reservation_id: 502, attend: true });
  });
});
