import type { AdminPurchase } from '@studio/shared/schemas/checkout';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { ModalHost } from '../../components/modal-host';
import { closeModal } from '../../components/modal-store';
import { useAlerts } from '../../lib/alerts';
import { resetServerData } from '../../lib/server-data';
import { PendingCashScreen } from './pending-cash-screen';

const LIST_URL = '/api/purchases/admin/all?status=pending&checkout_method=cash';

function makePurchase(overrides: Partial<AdminPurchase> = {}): AdminPurchase {
  return {
    purchase_id: 31,
    customer_id: 2,
    class_package_id: 4,
    class_package: { class_package_id: 4, title: 'Paquete 10 Clases', class_amount: 10, expiration_days: 60 } as AdminPurchase['class_package'],
    title: 'Paquete 10 Clases',
    status: 'pending',
    total_payment: 1234.5,
    payment_method_id: 2,
    payment_method: 'Efectivo',
    is_gift: false,
    bill: false,
    source: 'checkout',
    subscription_id: null,
    subscription_period: null,
    subscription_interval: null,
    free_trial_length: null,
    class_amount: 10,
    expiration_days: 60,
    checkout_method: 'cash',
    subtotal: 1234.5,
    discount: null,
    // 07:00 on 1 December 2026 in Mexico City; due two days later.
    createdAt: '2026-12-01T13:00:00.000Z',
    pay_by: '2026-12-03T13:00:00.000Z',
    payment_instructions: null,
    paid_at: null,
    cancel_reason: null,
    updatedAt: '2026-12-01T13:00:00.000Z',
    cancelledAt: null,
    revokedAt: null,
    customer: { customer_id: 2, name: 'Ana', last_name: 'López', email: 'ana@example.com' },
    ...overrides,
  };
}

function renderScreen() {
  return renderRoutes([
    {
      path: '/',
      element: (
        <>
          <PendingCashScreen />
          <ModalHost />
        </>
      ),
    },
  ]);
}

describe('Pagos en efectivo (/admin/pagos-pendientes)', () => {
  beforeEach(() => {
    setConfig({ timezone: 'America/Mexico_City' });
    resetServerData();
    closeModal();
    useAlerts.setState({ error: null, success: null });
  });

  it('lists the pending cash purchases with buyer, package, amount in MXN and dates in studio time', async () => {
    const { calls } = mockFetch((call) =>
      call.url === LIST_URL
        ? { body: { purchases: [makePurchase(), makePurchase({ purchase_id: 32, pay_by: null, customer: null, customer_id: 9 })] } }
        : undefined,
    );
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Pagos en efectivo' })).toBeInTheDocument();
    const ana = (await screen.findByRole('heading', { level: 2, name: 'Ana López' })).closest('li')!;
    expect(within(ana).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(ana).getByText('Paquete 10 Clases')).toBeInTheDocument();
    expect(within(ana).getByText('$1,234.50 MXN')).toBeInTheDocument();
    expect(within(ana).getByText('1 dic 2026, 07:00')).toBeInTheDocument();
    expect(within(ana).getByText('3 dic 2026, 07:00')).toBeInTheDocument();
    const unknown = screen.getByRole('heading', { level: 2, name: 'Cliente #9' }).closest('li')!;
    expect(within(unknown).getByText('Sin vencimiento')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('says so when nothing waits', async () => {
    mockFetch((call) => (call.url === LIST_URL ? { body: { purchases: [] } } : undefined));
    renderScreen();
    expect(await screen.findByText('No hay pagos en efectivo pendientes.')).toBeInTheDocument();
  });

  it("confirms after 'Precaución', says so, and the row leaves", async () => {
    const user = userEvent.setup();
    let confirmed = false;
    const { calls } = mockFetch((call) => {
      if (call.url === LIST_URL) return { body: { purchases: confirmed ? [] : [makePurchase()] } };
      if (call.method === 'PUT' && call.url === '/api/purchases/31/confirm') {
        confirmed = true;
        return { body: { message: 'Pago confirmado.', purchase: makePurchase({ status: 'completed' }) } };
      }
      return undefined;
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Confirmar pago: Orden #0031, Ana López, Paquete 10 Clases' }));
    const dialog = await screen.findByRole('dialog', { name: 'Precaución' });
    expect(dialog).toHaveTextContent('¿Confirmas que recibiste $1,234.50 MXN de Ana López por Paquete 10 Clases (Orden #0031)?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Confirmar pago: Orden #0031, Ana López, Paquete 10 Clases' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Precaución' })).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('No hay pagos en efectivo pendientes.')).toBeInTheDocument();
    expect(useAlerts.getState().success?.text).toBe('Pago confirmado: Paquete 10 Clases.');
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/api/purchases/31/confirm', body: {} });
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('rejects with a reason checked by the API schema, and the row leaves', async () => {
    const user = userEvent.setup();
    let rejected = false;
    const { calls } = mockFetch((call) => {
      if (call.url === LIST_URL) return { body: { purchases: rejected ? [] : [makePurchase()] } };
      if (call.method === 'PUT' && call.url === '/api/purchases/31/reject') {
        rejected = true;
        return { body: { message: 'Compra rechazada.', purchase: makePurchase({ status: 'cancelled' }) } };
      }
      return undefined;
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Rechazar: Orden #0031, Ana López, Paquete 10 Clases' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar el pago' });
    const reason = within(dialog).getByRole('textbox', { name: 'Motivo (opcional)' });
    await user.click(reason);
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar pago' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Máximo 500 caracteres.');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, '  No llegó el depósito  ');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar pago' }));
    expect(await screen.findByText('No hay pagos en efectivo pendientes.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/api/purchases/31/reject', body: { reason: 'No llegó el depósito' } });
    expect(useAlerts.getState().success?.text).toBe('Pago rechazado: Paquete 10 Clases.');
  });

  it("says the server's refusal of a reject in the modal", async () => {
    const user = userEvent.setup();
    mockFetch((call) => {
      if (call.url === LIST_URL) return { body: { purchases: [makePurchase()] } };
      if (call.method === 'PUT')
        return { status: 409, body: { error: { code: 'purchases/not-pending', message: 'Esta compra ya no está pendiente de pago.' } } };
      return undefined;
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Rechazar: Orden #0031, Ana López, Paquete 10 Clases' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar el pago' });
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar pago' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Esta compra ya no está pendiente de pago.');
  });

  it('tells two pending purchases of one package by two customers of the same name apart by their order numbers', async () => {
    const twin = { customer_id: 7, name: 'Ana', last_name: 'López', email: 'ana.lopez@example.com' };
    mockFetch((call) =>
      call.url === LIST_URL ? { body: { purchases: [makePurchase(), makePurchase({ purchase_id: 123, customer_id: 7, customer: twin })] } } : undefined,
    );
    renderScreen();
    const [first, second] = (await screen.findAllByRole('heading', { level: 2, name: 'Ana López' })).map((h) => h.closest('li')!);
    expect(within(first!).getByText('Orden #0031')).toBeInTheDocument();
    expect(within(second!).getByText('Orden #00123')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmar pago: Orden #0031, Ana López, Paquete 10 Clases' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmar pago: Orden #00123, Ana López, Paquete 10 Clases' })).toBeInTheDocument();
  });

  it('finds a purchase by its order number, with or without # and leading zeros, or by name, and keeps the search in the address', async () => {
    const user = userEvent.setup();
    const bruno = { customer_id: 8, name: 'Bruno', last_name: 'Díaz', email: 'bruno@example.com' };
    mockFetch((call) =>
      call.url === LIST_URL
        ? { body: { purchases: [makePurchase(), makePurchase({ purchase_id: 123, customer_id: 8, customer: bruno }), makePurchase({ purchase_id: 1234 })] } }
        : undefined,
    );
    const { router } = renderScreen();
    await screen.findAllByRole('heading', { level: 2 });
    const box = screen.getByRole('searchbox', { name: 'Buscar pago pendiente' });
    const orders = () => screen.queryAllByText(/^Orden #/).map((el) => el.textContent);
    for (const typed of ['#00123', '00123', '123', 'orden #123']) {
      await user.clear(box);
      await user.type(box, typed);
      expect(orders(), typed).toEqual(['Orden #00123']);
    }
    expect(screen.getByText('1 de 3 pagos pendientes')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=orden+%23123');
    await user.clear(box);
    await user.type(box, 'diaz');
    expect(orders()).toEqual(['Orden #00123']);
    await user.clear(box);
    await user.type(box, '#0099');
    expect(orders()).toEqual([]);
    expect(screen.getByText('Ningún pago pendiente coincide con la búsqueda.')).toBeInTheDocument();
    await user.clear(box);
    expect(orders()).toEqual(['Orden #0031', 'Orden #00123', 'Orden #001234']);
  });

  it('shows a failed read in place with a retry', async () => {
    mockFetch(() => ({ status: 500, body: { error: { code: 'internal', message: 'Lo sentimos, ocurrió un error en el servidor.' } } }));
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent('Lo sentimos, ocurrió un error en el servidor.');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
