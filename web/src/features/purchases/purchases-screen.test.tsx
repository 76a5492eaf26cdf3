import type { Purchase } from '@studio/shared/types/purchases';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeCustomer, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { useSession } from '../../lib/session';
import { ChargesScreen } from './charges-screen';
import { PurchasesScreen } from './purchases-screen';

function makePurchase(overrides: Partial<Purchase> = {}): Purchase {
  return {
    purchase_id: 21,
    customer_id: 7,
    class_package_id: 2,
    class_package: { class_package_id: 2, title: 'Clase Suelta', class_amount: 1, expiration_days: 30 },
    title: 'Clase Suelta',
    status: 'pending',
    total_payment: 220,
    payment_method_id: 2,
    payment_method: 'Efectivo',
    source: 'checkout',
    checkout_method: 'cash',
    class_amount: 1,
    createdAt: '2026-03-10T18:00:00.000Z',
    ...overrides,
  } as Purchase;
}

describe('Mis Compras', () => {
  beforeEach(() => {
    setConfig();
    useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer(), signupPending: false });
  });

  it("says 'No has hecho ninguna compra.' when there are none", async () => {
    mockFetch((call) => (call.url === '/api/purchases' ? { body: { purchases: [] } } : undefined));
    renderRoutes([{ path: '/mystudio/membresias', element: <PurchasesScreen /> }], '/mystudio/membresias');
    expect(screen.getByRole('heading', { level: 1, name: 'Mis Compras' })).toBeInTheDocument();
    expect(await screen.findByText('No has hecho ninguna compra.')).toBeInTheDocument();
  });

  it('lists purchases with their status and cancels a pending one only with a reason', async () => {
    const user = userEvent.setup();
    let purchases = [
      makePurchase(),
      makePurchase({ purchase_id: 20, title: 'Paquete 10 Clases', status: 'completed', total_payment: 1700, checkout_method: 'card', payment_method: null }),
    ];
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/purchases') return { body: { purchases } };
      if (call.url === '/api/purchases/cancel/21' && call.method === 'POST') {
        purchases = [{ ...purchases[0]!, status: 'cancelled' }, purchases[1]!];
        return { body: { message: 'Compra cancelada.', purchase: purchases[0] } };
      }
      return undefined;
    });
    renderRoutes([{ path: '/mystudio/membresias', element: <PurchasesScreen /> }], '/mystudio/membresias');

    const pendingRow = await screen.findByRole('row', { name: /Clase Suelta/ });
    expect(within(pendingRow).getByText('Pendiente')).toBeInTheDocument();
    expect(within(pendingRow).getByText('$220 MXN')).toBeInTheDocument();
    expect(within(pendingRow).getByText('Efectivo')).toBeInTheDocument();
    const doneRow = screen.getByRole('row', { name: /Paquete 10 Clases/ });
    expect(within(doneRow).getByText('Completada')).toBeInTheDocument();
    expect(within(doneRow).getByText('Tarjeta')).toBeInTheDocument();
    expect(within(doneRow).queryByRole('button', { name: /Cancelar/ })).not.toBeInTheDocument();

    await user.click(within(pendingRow).getByRole('button', { name: 'Cancelar la compra de Clase Suelta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Precaución' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar compra' }));
    expect(await within(dialog).findByText('Debes indicar un motivo de cancelación.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Motivo'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar compra' }));
    expect(within(dialog).getByText('Debes indicar un motivo de cancelación.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByLabelText('Motivo'));
    await user.type(within(dialog).getByLabelText('Motivo'), 'Ya no podré asistir');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar compra' }));
    await screen.findByText('Cancelada');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ url: '/api/purchases/cancel/21', body: { reason: 'Ya no podré asistir' } });
  });
});

describe('Mis Cargos', () => {
  it('lists the charges with their status', async () => {
    setConfig();
    mockFetch((call) =>
      call.url === '/api/invoices'
        ? {
            body: {
              invoices: [
                {
                  invoice_id: 4,
                  purchase_id: 20,
                  title: 'Ilimitado Mensual',
                  total_payment: 2400,
                  status: 'failed',
                  billing_reason: 'renewal',
                  checkout_method: 'card',
                  payment_method: null,
                  createdAt: '2026-03-10T18:00:00.000Z',
                  purchase: { purchase_id: 20, title: 'Ilimitado Mensual', status: 'active' },
                },
              ],
            },
          }
        : undefined,
    );
    renderRoutes([{ path: '/mystudio/pagos', element: <ChargesScreen /> }], '/mystudio/pagos');
    const row = await screen.findByRole('row', { name: /Ilimitado Mensual/ });
    expect(within(row).getByText('Fallido')).toBeInTheDocument();
    expect(within(row).getByText('$2,400 MXN')).toBeInTheDocument();
    expect(within(row).getByText(/Renovación/)).toBeInTheDocument();
  });
});
