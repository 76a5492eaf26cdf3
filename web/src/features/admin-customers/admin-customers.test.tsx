import type { AvailableClass, LedgerEntry } from '@studio/shared/schemas/access';
import type { Purchase } from '@studio/shared/types/purchases';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, makeCustomer, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { ModalHost } from '../../components/modal-host';
import { useAlerts } from '../../lib/alerts';
import type { CustomerLedger } from './admin-customers-api';
import { CustomerDetailScreen } from './customer-detail-screen';
import { CustomersScreen } from './customers-screen';

/** The two screens as the console mounts them, with the modal area the app shell provides. */
function render(entry: string) {
  return renderRoutes(
    [
      {
        element: (
          <>
            <Outlet />
            <ModalHost />
          </>
        ),
        children: [
          { path: '/admin/clientes', element: <CustomersScreen /> },
          { path: '/admin/clientes/:id', element: <CustomerDetailScreen /> },
        ],
      },
    ],
    entry,
  );
}

const ana = makeCustomer({ customer_id: 7, name: 'Ana', last_name: 'López', email: 'ana@example.com', instagram: '@ana', signup_reason: 'Recomendación' });
const STAMP = '2026-11-20T18:00:00.000Z';

const lot: AvailableClass = {
  available_class_id: 31,
  customer_id: 7,
  purchase_id: 12,
  class_package_id: 4,
  available_classes: 8,
  initial_classes: 10,
  unlimited: false,
  expiration_date: '2027-02-21T05:59:59.999Z',
  expiration_day: '2027-02-20',
  class_type_id: null,
  class_types: [],
  allowed_times: null,
  is_online: false,
  status: 'active',
  usable: true,
  createdAt: STAMP,
  updatedAt: STAMP,
};

const entry = (overrides: Partial<LedgerEntry>): LedgerEntry => ({
  ledger_entry_id: 'e1',
  available_class_id: 31,
  purchase_id: 12,
  kind: 'grant',
  delta: 10,
  balance_after: 10,
  unlimited: false,
  actor: { uid: 'admin', role: 'admin' },
  reason: null,
  reference: null,
  createdAt: STAMP,
  ...overrides,
});

function ledgerOf(entries: LedgerEntry[], available: number): CustomerLedger {
  return {
    entries,
    available_classes: [{ ...lot, available_classes: available }],
    balance: {
      available_classes: available,
      has_unlimited: false,
      unlimited_membership_expiration: null,
      has_online: false,
      online_membership_expiration: null,
      ledger_total: available,
      lots_total: available,
    },
  };
}

const purchase = {
  purchase_id: 12,
  customer_id: 7,
  title: 'Paquete 10 Clases',
  status: 'completed',
  is_gift: false,
  total_payment: 1700,
  payment_method: 'Tarjeta',
  createdAt: STAMP,
} as Purchase;

/** A customer with a paid 10-class package, two classes used; `extra` answers the calls a test adds. */
function mockCustomer(extra: (call: FetchCall) => { status?: number; body?: unknown } | undefined = () => undefined) {
  let ledger = ledgerOf(
    [
      entry({
        ledger_entry_id: 'e3',
        kind: 'book',
        delta: -1,
        balance_after: 8,
        actor: { uid: 'ana', role: 'customer' },
        createdAt: '2026-11-22T18:00:00.000Z',
      }),
      entry({ ledger_entry_id: 'e2', kind: 'remove', delta: -1, balance_after: 9, reason: 'Clase de cortesía', createdAt: '2026-11-21T18:00:00.000Z' }),
      entry({ ledger_entry_id: 'e1' }),
    ],
    8,
  );
  const setLedger = (next: CustomerLedger) => {
    ledger = next;
  };
  const mock = mockFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url === '/api/customer/admin/7') return { body: { customer: ana } };
    if (call.url === '/api/customer/admin/7/ledger') return { body: ledger };
    if (call.url === '/api/customer/admin/7/purchases') return { body: { purchases: [purchase] } };
    if (call.url === '/api/customer/admin/7/reservations') return { body: { class_reservations: [] } };
    if (call.url === '/api/customer/admin/7/waitlists') return { body: { waitlists: [] } };
    if (call.url === '/api/class_reservation_penaltys?customer_id=7') return { body: { total: 0, page: 1, page_size: 50, class_reservation_penaltys: [] } };
    if (call.url === '/api/class_packages/admin/all') return { body: { class_packages: [{ class_package_id: 4, title: 'Paquete 10 Clases' }] } };
    if (call.url === '/api/payment_methods') return { body: { payment_methods: [{ payment_method_id: 1, name: 'Tarjeta' }] } };
    return undefined;
  });
  return { ...mock, setLedger };
}

const ledgerReads = (calls: FetchCall[]) => calls.filter((call) => call.method === 'GET' && call.url === '/api/customer/admin/7/ledger').length;

describe('admin customers', () => {
  beforeEach(() => {
    setConfig({ timezone: 'America/Mexico_City' });
    useAlerts.setState({ error: null, success: null });
  });

  it('searches: the query goes to the address and to the API, and each name links to its detail', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) =>
      call.url.startsWith('/api/customer/admin/all')
        ? {
            body: {
              customers: call.url.includes('query=') ? [ana] : [ana, makeCustomer({ customer_id: 8, name: 'Beto', last_name: 'Ruiz' })],
              total: 2,
              page: 1,
              page_size: 50,
            },
          }
        : undefined,
    );
    const { router } = render('/admin/clientes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Clientes' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Beto Ruiz' })).toHaveAttribute('href', '/admin/clientes/8');

    await user.type(screen.getByRole('searchbox', { name: 'Buscar cliente' }), 'ana lo');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=ana+lo'));
    await vi.waitFor(() => expect(screen.queryByRole('link', { name: 'Beto Ruiz' })).not.toBeInTheDocument());
    const row = screen.getByRole('row', { name: /Ana López/ });
    expect(within(row).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Ana López' })).toHaveAttribute('href', '/admin/clientes/7');
    expect(calls.map((call) => call.url)).toEqual(['/api/customer/admin/all?page=1', '/api/customer/admin/all?query=ana+lo&page=1']);
  });

  it('reads the page from the address and pages with it', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) =>
      call.url.startsWith('/api/customer/admin/all') ? { body: { customers: [ana], total: 120, page: 2, page_size: 50 } } : undefined,
    );
    const { router } = render('/admin/clientes?q=ana&pagina=2');
    expect(await screen.findByText('Página 2 de 3')).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('ana');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=ana&pagina=3'));
    expect(calls.map((call) => call.url)).toEqual(['/api/customer/admin/all?query=ana&page=2', '/api/customer/admin/all?query=ana&page=3']);
  });

  it('shows the purchase an order number names above the customers, with its buyer linked and the way to the pending payment', async () => {
    const user = userEvent.setup();
    const order = {
      ...purchase,
      purchase_id: 123,
      status: 'pending',
      source: 'checkout',
      checkout_method: 'cash',
      payment_method: 'Efectivo',
      createdAt: '2026-11-28T15:15:00.000Z',
      customer: { customer_id: 7, name: 'Ana', last_name: 'López', email: 'ana@example.com' },
    };
    const { calls } = mockFetch((call) =>
      call.url.startsWith('/api/customer/admin/all')
        ? { body: { customers: [], total: 0, page: 1, page_size: 50, order: call.url.includes('query=') ? order : null } }
        : undefined,
    );
    render('/admin/clientes');
    expect(await screen.findByText('Aún no hay clientes.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Orden encontrada' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar cliente' }), '#00123');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const found = await screen.findByRole('region', { name: 'Orden encontrada' });
    expect(within(found).getByRole('heading', { level: 2 })).toHaveTextContent('Orden encontrada: Orden #00123');
    expect(found).toHaveTextContent('Paquete 10 Clases · $1,700.00 MXN · Efectivo · Pendiente · 28 nov 2026, 09:15');
    expect(within(found).getByRole('link', { name: 'Ana López' })).toHaveAttribute('href', '/admin/clientes/7');
    expect(within(found).getByRole('link', { name: 'Ver en pagos pendientes' })).toHaveAttribute('href', '/admin/pagos-pendientes?q=Orden+%2300123');
    expect(screen.queryByText('Ningún cliente coincide con la búsqueda.')).not.toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/customer/admin/all?query=%2300123&page=1');
  });

  it('shows the profile, the balance and the ledger that explains it, newest first', async () => {
    mockCustomer();
    render('/admin/clientes/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana López' })).toBeInTheDocument();
    const profile = screen.getByRole('region', { name: 'Perfil' });
    expect(within(profile).getByText('@ana')).toBeInTheDocument();
    expect(within(profile).getByText('Recomendación')).toBeInTheDocument();

    const balance = await screen.findByLabelText('Saldo del cliente');
    expect(balance).toHaveTextContent('8 clases disponibles');
    expect(within(screen.getByRole('table', { name: 'Créditos vigentes' })).getByRole('row', { name: /Créditos #31/ })).toHaveTextContent('8 / 10');

    const rows = within(screen.getByRole('table', { name: 'Historial de créditos' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['-1', 'Reservación', 'Cliente'],
      ['-1', 'Clases restadas: Clase de cortesía', 'Administración'],
      ['+10', 'Alta', 'Administración'],
    ]);
    expect(within(screen.getByRole('table', { name: 'Compras' })).getByRole('row', { name: /Orden #0012 Paquete 10 Clases/ })).toHaveTextContent('Completada');
    expect(screen.getByText('Aún no tiene reservaciones.')).toBeInTheDocument();
  });

  it('names every payment method once, in words, with the order number the customer was given and the date in studio time', async () => {
    const sold = (purchase_id: number, checkout_method: Purchase['checkout_method'], payment_method: string | null) =>
      ({ ...purchase, purchase_id, source: 'checkout', checkout_method, payment_method, createdAt: '2026-11-28T15:15:00.000Z' }) as Purchase;
    const list = [
      sold(101, 'cash', 'Efectivo'),
      sold(102, 'card', 'Tarjeta de crédito'),
      sold(103, 'oxxo', null),
      sold(104, 'paypal', null),
      sold(105, 'free', null),
      { ...sold(106, null, 'Transferencia'), source: 'admin' } as Purchase,
      { ...sold(107, null, 'paypal'), source: 'admin' } as Purchase,
    ];
    mockCustomer((call) => (call.url === '/api/customer/admin/7/purchases' ? { body: { purchases: list } } : undefined));
    render('/admin/clientes/7');
    const table = await screen.findByRole('table', { name: 'Compras' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(list.map((p) => `Orden #00${p.purchase_id} Paquete 10 Clases`));
    const cells = (column: number) => rows.map((row) => within(row).getAllByRole('cell')[column]?.textContent);
    expect(cells(2)).toEqual(['Efectivo', 'Tarjeta', 'OXXO', 'PayPal', 'Gratis', 'Transferencia', 'PayPal']);
    expect(new Set(cells(0))).toEqual(new Set(['28 nov 2026, 09:15']));
    expect(table).not.toHaveTextContent(/\b(cash|card|oxxo|paypal|free)\b/);
  });

  it("'Dar acceso' validates with the API's schema, POSTs the body and refetches the ledger", async () => {
    const user = userEvent.setup();
    let setLedger: (next: CustomerLedger) => void = () => undefined;
    const { calls, ...mock } = mockCustomer((call) => {
      if (call.method === 'POST' && call.url === '/api/customer/giveAccess') {
        setLedger(ledgerOf([entry({ ledger_entry_id: 'e9', delta: 10, createdAt: '2026-11-23T18:00:00.000Z' })], 18));
        return { status: 201, body: { message: '¡Acceso agregado!', purchase } };
      }
      return undefined;
    });
    setLedger = mock.setLedger;
    render('/admin/clientes/7');
    await screen.findByLabelText('Saldo del cliente');
    expect(ledgerReads(calls)).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Dar acceso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dar acceso' });
    await user.click(await within(dialog).findByRole('button', { name: 'Confirmar' }));
    expect(await within(dialog).findByText('No has seleccionado un método de pago.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Paquete')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Paquete'), 'Paquete 10 Clases');
    await user.type(within(dialog).getByLabelText(/Días de vigencia/), '30');
    await user.selectOptions(within(dialog).getByLabelText('Método de pago'), 'Tarjeta');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Dar acceso' })).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      customer_id: 7,
      class_package_id: 4,
      package_days: 30,
      is_gift: false,
      payment_method_id: 1,
      bill: false,
    });
    // A retried grant must not grant twice: the submission carries its own Idempotency-Key.
    expect(calls.find((call) => call.method === 'POST')?.headers['Idempotency-Key']).toMatch(/^[A-Za-z0-9_-]{8,255}$/);
    expect(useAlerts.getState().success?.text).toBe('¡Acceso agregado!');
    expect(ledgerReads(calls)).toBe(2);
    expect(await screen.findByLabelText('Saldo del cliente')).toHaveTextContent('18 clases disponibles');
  });

  it("a gift sends no payment method, and a refusal shows the server's message in the modal", async () => {
    const user = userEvent.setup();
    const refusal = 'No encontramos el paquete.';
    const { calls } = mockCustomer((call) =>
      call.method === 'POST' ? { status: 404, body: { error: { code: 'access/package-not-found', message: refusal } } } : undefined,
    );
    render('/admin/clientes/7');
    await user.click(await screen.findByRole('button', { name: 'Dar acceso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dar acceso' });
    await user.selectOptions(await within(dialog).findByLabelText('Paquete'), 'Paquete 10 Clases');
    await user.click(within(dialog).getByLabelText('Es un regalo (sin pago)'));
    expect(within(dialog).queryByLabelText('Método de pago')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));

    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ customer_id: 7, class_package_id: 4, is_gift: true, bill: false });
    expect(useAlerts.getState().success).toBeNull();
    expect(ledgerReads(calls)).toBe(1);
  });

  it("'Revocar acceso' asks 'Precaución' first and sends nothing when declined", async () => {
    const user = userEvent.setup();
    const { calls } = mockCustomer((call) =>
      call.method === 'PUT' && call.url === '/api/customer/revokeAccess'
        ? { body: { message: '¡Acceso eliminado!', purchase: { ...purchase, status: 'revoked' } } }
        : undefined,
    );
    render('/admin/clientes/7');
    await screen.findByRole('table', { name: 'Compras' });
    await user.click(screen.getByRole('button', { name: 'Revocar acceso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revocar acceso' });
    await user.selectOptions(within(dialog).getByLabelText('Acceso a revocar'), 'Orden #0012 Paquete 10 Clases (20 nov 2026)');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));

    let confirm = await screen.findByRole('dialog', { name: 'Precaución' });
    expect(confirm).toHaveTextContent('¿Seguro que quieres revocar Paquete 10 Clases?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    confirm = await screen.findByRole('dialog', { name: 'Precaución' });
    await user.click(within(confirm).getByRole('button', { name: 'Aceptar' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revocar acceso' })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ purchase_id: 12 }]);
    expect(useAlerts.getState().success?.text).toBe('¡Acceso eliminado!');
    expect(ledgerReads(calls)).toBe(2);
  });

  it("'Quitar clases' shows the server's refusal as sent", async () => {
    const user = userEvent.setup();
    const refusal = 'No se pueden restar 9: el cliente solo tiene 8 clases disponibles.';
    const { calls } = mockCustomer((call) =>
      call.method === 'PUT' && call.url === '/api/customer/removeClasses'
        ? { status: 412, body: { error: { code: 'access/not-enough-classes', message: refusal, fields: { amount: refusal } } } }
        : undefined,
    );
    render('/admin/clientes/7');
    await screen.findByLabelText('Saldo del cliente');
    await user.click(screen.getByRole('button', { name: 'Quitar clases' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quitar clases' });
    await user.type(within(dialog).getByLabelText('Clases a quitar'), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('alert')
          .map((alert) => alert.textContent),
      ).toContain(refusal),
    );
    expect(within(dialog).getByLabelText('Clases a quitar')).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(screen.getByRole('dialog', { name: 'Quitar clases' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ customer_id: 7, amount: 9 }]);
  });

  it("'Levantar penalización' PUTs lifted with the reason", async () => {
    const user = userEvent.setup();
    const penalty = {
      class_reservation_penalty_id: 5,
      customer_id: 7,
      source: 'admin',
      reservation_ids: [],
      start_date: '2026-11-20T18:00:00.000Z',
      end_date: '2026-11-30T05:59:59.999Z',
      active: true,
      reason: 'Faltas',
      lifted_at: null,
      lifted_by: null,
      lift_reason: null,
      createdAt: STAMP,
      updatedAt: STAMP,
    };
    const { calls } = mockCustomer((call) => {
      if (call.url === '/api/class_reservation_penaltys?customer_id=7' && call.method === 'GET')
        return { body: { total: 1, page: 1, page_size: 50, class_reservation_penaltys: [penalty] } };
      if (call.method === 'PUT') return { body: { class_reservation_penalty: { ...penalty, active: false, lifted_at: STAMP } } };
      return undefined;
    });
    render('/admin/clientes/7');
    await user.click(await screen.findByRole('button', { name: 'Levantar penalización: 20 nov 2026 – 29 nov 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Levantar penalización' });
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Justificó');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { class_reservation_penalty_id: 5, lifted: true, lift_reason: 'Justificó' },
    ]);
    expect(useAlerts.getState().success?.text).toBe('Penalización levantada.');
  });

  it("'Nuevo cliente' validates with the API's schema, POSTs /customer and opens the new customer's page", async () => {
    const user = userEvent.setup();
    const created = makeCustomer({ customer_id: 7, name: 'Ana', last_name: 'López', email: 'ana@example.com' });
    const { calls } = mockCustomer((call) => {
      if (call.url.startsWith('/api/customer/admin/all')) return { body: { customers: [], total: 0, page: 1, page_size: 50 } };
      if (call.method === 'POST' && call.url === '/api/customer') return { status: 201, body: { customer: created, mail_sent: true } };
      return undefined;
    });
    const { router } = render('/admin/clientes');
    await user.click(await screen.findByRole('button', { name: 'Nuevo cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo cliente' });
    await user.click(within(dialog).getByRole('button', { name: 'Crear cliente' }));
    expect(await within(dialog).findAllByText('Debes llenar este campo.')).not.toHaveLength(0);
    expect(within(dialog).getByLabelText(/Correo/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Nombre/), 'Ana');
    await user.type(within(dialog).getByLabelText(/Apellidos/), 'López');
    await user.type(within(dialog).getByLabelText(/Correo/), 'ana@example.com');
    await user.type(within(dialog).getByLabelText(/Teléfono/), '(55) 1234-5678');
    await user.type(within(dialog).getByLabelText(/Instagram/), '@ana');
    await user.click(within(dialog).getByRole('button', { name: 'Crear cliente' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/clientes/7'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Ana',
      last_name: 'López',
      email: 'ana@example.com',
      phone: '5512345678',
      instagram: '@ana',
    });
    expect(useAlerts.getState().success?.text).toBe('Cliente creado. Le enviamos un correo para crear su contraseña.');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana López' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("'Nuevo cliente' shows a taken phone on its field and stays open", async () => {
    const user = userEvent.setup();
    const taken = 'Ya existe una cuenta con ese número de teléfono';
    mockFetch((call) => {
      if (call.url.startsWith('/api/customer/admin/all')) return { body: { customers: [], total: 0, page: 1, page_size: 50 } };
      if (call.method === 'POST') return { status: 409, body: { error: { code: 'customer/phone-taken', message: taken, fields: { phone: taken } } } };
      return undefined;
    });
    const { router } = render('/admin/clientes');
    await user.click(await screen.findByRole('button', { name: 'Nuevo cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo cliente' });
    await user.type(within(dialog).getByLabelText(/^Nombre/), 'Ana');
    await user.type(within(dialog).getByLabelText(/Apellidos/), 'López');
    await user.type(within(dialog).getByLabelText(/Correo/), 'ana@example.com');
    await user.type(within(dialog).getByLabelText(/Teléfono/), '5512345678');
    await user.click(within(dialog).getByRole('button', { name: 'Crear cliente' }));
    await vi.waitFor(() => expect(within(dialog).getByLabelText(/Teléfono/)).toHaveAccessibleDescription(expect.stringContaining(taken)));
    expect(router.state.location.pathname).toBe('/admin/clientes');
    expect(useAlerts.getState().success).toBeNull();
  });

  it("'Editar perfil' PUTs /customer with the customer's id and refetches the profile", async () => {
    const user = userEvent.setup();
    let current = ana;
    const { calls } = mockCustomer((call) => {
      if (call.method === 'PUT' && call.url === '/api/customer') {
        current = { ...ana, name: 'Ana María', phone: '5599999999', instagram: null };
        return { body: { customer: current } };
      }
      if (call.url === '/api/customer/admin/7') return { body: { customer: current } };
      return undefined;
    });
    render('/admin/clientes/7');
    await user.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar perfil' });
    const name = within(dialog).getByLabelText(/^Nombre/);
    expect(name).toHaveValue('Ana');
    expect(within(dialog).queryByLabelText(/Correo/)).not.toBeInTheDocument();

    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Debes llenar este campo.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.type(name, 'Ana María');
    const phone = within(dialog).getByLabelText(/Teléfono/);
    await user.clear(phone);
    await user.type(phone, '5599999999');
    await user.clear(within(dialog).getByLabelText(/Instagram/));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar perfil' })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      {
        customer_id: 7,
        name: 'Ana María',
        last_name: 'López',
        phone: '5599999999',
        birthdate: null,
        instagram: null,
        signup_reason: 'Recomendación',
        signup_reason_other: null,
      },
    ]);
    expect(useAlerts.getState().success?.text).toBe('Perfil actualizado con éxito.');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana María López' })).toBeInTheDocument();
  });
});

describe('refunds and revokes at the processor', () => {
  beforeEach(() => {
    setConfig({ timezone: 'America/Mexico_City' });
    useAlerts.setState({ error: null, success: null });
  });

  const paidPack = { ...purchase, source: 'checkout', checkout_method: 'card', paid_at: STAMP, refunded_amount: 200 } as Purchase;
  const membership = {
    ...purchase,
    purchase_id: 13,
    title: 'Ilimitado Mensual',
    status: 'active',
    source: 'checkout',
    checkout_method: 'card',
    subscription_id: 'sub_13',
    total_payment: 2400,
    paid_at: STAMP,
    refunded_amount: 0,
  } as Purchase;
  const withPurchases = (list: Purchase[], extra: (call: FetchCall) => { status?: number; body?: unknown } | undefined) =>
    mockCustomer((call) => (call.url === '/api/customer/admin/7/purchases' ? { body: { purchases: list } } : extra(call)));

  it("'Revocar acceso' on a subscription asks now or at the end of the period, says what each does, and shows the server's words", async () => {
    const user = userEvent.setup();
    const said = '¡Acceso eliminado al final del periodo! La suscripción no se renovará: conserva sus créditos hasta que venzan y no se le volverá a cobrar.';
    const { calls } = withPurchases([paidPack, membership], (call) =>
      call.method === 'PUT' && call.url === '/api/customer/revokeAccess'
        ? { body: { message: said, purchase: { ...membership, status: 'cancelled' } } }
        : undefined,
    );
    render('/admin/clientes/7');
    await screen.findByRole('table', { name: 'Compras' });
    await user.click(screen.getByRole('button', { name: 'Revocar acceso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revocar acceso' });
    // A one-off package has no processor billing to stop: no choice is offered.
    await user.selectOptions(within(dialog).getByLabelText('Acceso a revocar'), 'Orden #0012 Paquete 10 Clases (20 nov 2026)');
    expect(within(dialog).queryByRole('group', { name: '¿Cuándo termina la suscripción?' })).not.toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Acceso a revocar'), 'Orden #0013 Ilimitado Mensual (20 nov 2026)');
    const when = within(dialog).getByRole('group', { name: '¿Cuándo termina la suscripción?' });
    expect(within(when).getByRole('radio', { name: /^Ahora/ })).toBeChecked();
    await user.click(within(when).getByRole('radio', { name: /^Al final del periodo pagado/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Precaución' });
    expect(confirm).toHaveTextContent('al final del periodo? La suscripción no se renovará y conserva sus créditos hasta que venzan.');
    await user.click(within(confirm).getByRole('button', { name: 'Aceptar' }));
    await vi.waitFor(() => expect(useAlerts.getState().success?.text).toBe(said));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ purchase_id: 13, when: 'period_end' }]);
  });

  it("'Reembolsar' says what happens to the credits before confirming, validates the amount against what is left, and sends it with an Idempotency-Key", async () => {
    const user = userEvent.setup();
    const { calls } = withPurchases([paidPack, membership], (call) =>
      call.method === 'POST' && call.url === '/api/purchases/12/refund'
        ? {
            body: {
              message: 'Reembolso parcial registrado: sus créditos restantes de esta compra se retiraron.',
              purchase: { ...paidPack, refunded_amount: 700 },
            },
          }
        : undefined,
    );
    render('/admin/clientes/7');
    expect(await screen.findByText('Reembolsado: $200.00 MXN', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reembolsar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reembolsar' });
    await user.selectOptions(
      within(dialog).getByLabelText('Compra a reembolsar'),
      'Orden #0012 Paquete 10 Clases: pagó $1,700.00 MXN, reembolsable $1,500.00 MXN',
    );
    expect(dialog).toHaveTextContent('Reembolso completo: se devuelven $1,500.00 MXN y sus créditos restantes de esta compra se retiran.');
    expect(within(dialog).queryByRole('checkbox', { name: 'Retirar créditos' })).not.toBeInTheDocument();

    const amount = within(dialog).getByRole('spinbutton', { name: /Monto a reembolsar/ });
    await user.type(amount, '1600');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await within(dialog).findByText('El reembolso no puede ser mayor a $1,500.00 MXN (lo pagado menos lo ya reembolsado).')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Precaución' })).not.toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '500');
    expect(dialog).toHaveTextContent('Reembolso parcial: se devuelven $500.00 MXN y conserva sus créditos.');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Retirar créditos' }));
    expect(dialog).toHaveTextContent('Reembolso parcial: se devuelven $500.00 MXN y sus créditos restantes de esta compra se retiran.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Precaución' });
    expect(confirm).toHaveTextContent(
      '¿Confirmas el reembolso? Reembolso parcial: se devuelven $500.00 MXN y sus créditos restantes de esta compra se retiran.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Aceptar' }));
    await vi.waitFor(() =>
      expect(useAlerts.getState().success?.text).toBe('Reembolso parcial registrado: sus créditos restantes de esta compra se retiraron.'),
    );
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.body)).toEqual([{ amount: 500, remove_credits: true }]);
    expect(posts[0]?.headers['Idempotency-Key']).toMatch(/^[A-Za-z0-9_-]{8,}$/);
  });

  it("'Reembolsar' says so when nothing is left to refund", async () => {
    const user = userEvent.setup();
    withPurchases([{ ...paidPack, refunded_amount: 1700, status: 'revoked' }], () => undefined);
    render('/admin/clientes/7');
    await screen.findByRole('table', { name: 'Compras' });
    await user.click(screen.getByRole('button', { name: 'Reembolsar' }));
    expect(await screen.findByText('No tiene compras pagadas con saldo por reembolsar.')).toBeInTheDocument();
  });
});
