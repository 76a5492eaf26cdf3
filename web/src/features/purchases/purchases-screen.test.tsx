import type { Purchase } from '@studio/shared/types/purchases';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCustomer, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { useAlerts } from '../../lib/alerts';
import { useSession } from '../../lib/session';
import { ChargesScreen } from './charges-screen';
import { PurchasesScreen } from './purchases-screen';
import { ReceiptScreen } from './receipt-screen';

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

describe('Mis Compras: a downloadable package’s material', () => {
  beforeEach(() => {
    setConfig();
    useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer(), signupPending: false });
  });

  const withMaterial = (overrides: Partial<Purchase> = {}) =>
    makePurchase({
      purchase_id: 30,
      title: 'Reto con guía',
      status: 'completed',
      checkout_method: 'card',
      payment_method: null,
      paid_at: '2026-03-10T18:05:00.000Z',
      class_package: { class_package_id: 20, title: 'Reto con guía', class_amount: 10, expiration_days: 30, downloadable: true } as Purchase['class_package'],
      ...overrides,
    });

  it('offers the buyer the material of a paid purchase, fetched with the session and saved under its name', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:material');
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/purchases')
        return { body: { purchases: [withMaterial(), withMaterial({ purchase_id: 31, title: 'Reto pendiente', status: 'pending', paid_at: null })] } };
      if (call.url === '/api/purchases/30/download') return { body: { download: { url: '/api/purchases/30/download/file', name: 'Guía.pdf' } } };
      if (call.url === '/api/purchases/30/download/file') return { body: { pdf: true } };
      return undefined;
    });
    renderRoutes([{ path: '/mystudio/membresias', element: <PurchasesScreen /> }], '/mystudio/membresias');

    const row = await screen.findByRole('row', { name: /Reto con guía/ });
    // Not before the payment.
    expect(within(screen.getByRole('row', { name: /Reto pendiente/ })).queryByRole('button', { name: /Descargar/ })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Descargar el material de Reto con guía' }));
    await vi.waitFor(() => expect(saved).toEqual(['Guía.pdf blob:material']));
    expect(calls.map((call) => call.url)).toEqual(['/api/purchases', '/api/purchases/30/download', '/api/purchases/30/download/file']);
    click.mockRestore();
  });

  it('opens an outside link in a new tab, cut from this page (no opener)', async () => {
    const user = userEvent.setup();
    const tab = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab);
    mockFetch((call) => {
      if (call.url === '/api/purchases') return { body: { purchases: [withMaterial()] } };
      if (call.url === '/api/purchases/30/download') return { body: { download: { url: 'https://material.example.com/guia.pdf', name: null } } };
      return undefined;
    });
    renderRoutes([{ path: '/mystudio/membresias', element: <PurchasesScreen /> }], '/mystudio/membresias');
    await user.click(await screen.findByRole('button', { name: 'Descargar el material de Reto con guía' }));
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('https://material.example.com/guia.pdf', '_blank'));
    expect(tab.opener).toBeNull();
    expect(screen.queryByRole('link', { name: /Abrir el material/ })).not.toBeInTheDocument();
    open.mockRestore();
  });

  it('when the browser blocks the new tab, offers the link itself for the customer’s own click', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    mockFetch((call) => {
      if (call.url === '/api/purchases') return { body: { purchases: [withMaterial()] } };
      if (call.url === '/api/purchases/30/download') return { body: { download: { url: 'https://material.example.com/guia.pdf', name: null } } };
      return undefined;
    });
    renderRoutes([{ path: '/mystudio/membresias', element: <PurchasesScreen /> }], '/mystudio/membresias');
    await user.click(await screen.findByRole('button', { name: 'Descargar el material de Reto con guía' }));
    const link = await screen.findByRole('link', { name: 'Abrir el material de Reto con guía (se abre en otra pestaña)' });
    expect(link).toHaveAttribute('href', 'https://material.example.com/guia.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    open.mockRestore();
  });

  it('shows no download for a package without material, nor for a revoked purchase', async () => {
    mockFetch((call) =>
      call.url === '/api/purchases'
        ? {
            body: {
              purchases: [
                makePurchase({ purchase_id: 20, title: 'Paquete 10 Clases', status: 'completed' }),
                withMaterial({ purchase_id: 32, title: 'Reto reembolsado', status: 'revoked' }),
              ],
            },
          }
        : undefined,
    );
    renderRoutes([{ path: '/mystudio/membresias', element: <PurchasesScreen /> }], '/mystudio/membresias');
    await screen.findByRole('row', { name: /Reto reembolsado/ });
    expect(screen.queryByRole('button', { name: /Descargar/ })).not.toBeInTheDocument();
  });
});

describe('Mis Compras: subscriptions, trials and OXXO vouchers', () => {
  beforeEach(() => {
    setConfig();
    useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer(), signupPending: false });
  });
  const subscription = (overrides: Partial<Purchase> = {}) =>
    makePurchase({
      purchase_id: 30,
      title: 'Ilimitado Mensual',
      status: 'active',
      total_payment: 2400,
      checkout_method: 'card',
      payment_method: null,
      subscription_id: 'sub_30',
      subscription_period: 'month',
      subscription_interval: 1,
      class_package: {
        class_package_id: 5,
        title: 'Ilimitado Mensual',
        class_amount: -1,
        expiration_days: null,
        is_subscription: true,
        is_trial: false,
      } as Purchase['class_package'],
      next_charge_at: '2026-04-10T18:00:00.000Z',
      next_charge_amount: 2400,
      ...overrides,
    });

  it('cancels an active subscription with a required reason, saying what stays until when and that nothing more is charged', async () => {
    const user = userEvent.setup();
    let purchases = [
      subscription(),
      makePurchase({ purchase_id: 20, title: 'Paquete 10 Clases', status: 'completed', checkout_method: 'card', payment_method: null }),
    ];
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/purchases') return { body: { purchases } };
      if (call.url === '/api/purchases/cancel/30' && call.method === 'POST') {
        purchases = [
          { ...purchases[0]!, status: 'cancelled', cancelledAt: '2026-03-20T18:00:00.000Z', next_charge_at: null, next_charge_amount: null },
          purchases[1]!,
        ];
        return { body: { message: '¡Suscripción cancelada!', purchase: purchases[0] } };
      }
      return undefined;
    });
    renderRoutes([{ path: '/mystudio/membresias', element: <PurchasesScreen /> }], '/mystudio/membresias');
    const row = await screen.findByRole('row', { name: /Ilimitado Mensual/ });
    expect(within(row).getByText(/^Próximo cargo: 10 abr\.? 2026 · \$2,400 MXN$/)).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Paquete 10 Clases/ })).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Cancelar suscripción de Ilimitado Mensual' }));
    const dialog = await screen.findByRole('dialog', { name: 'Precaución' });
    expect(within(dialog).getByText('¿Seguro que quieres cancelar tu suscripción a Ilimitado Mensual? Cuéntanos el motivo.')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        /^Lo que ya pagaste sigue vigente: tus clases y tu membresía duran hasta el 10 abr\.? 2026\. No se te hará ningún otro cargo\.$/,
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar suscripción' }));
    expect(await within(dialog).findByText('Debes indicar un motivo de cancelación.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText('Motivo'), 'Me mudo de ciudad');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar suscripción' }));
    await vi.waitFor(() => expect(useAlerts.getState().success?.text).toBe('¡Suscripción cancelada!'));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ url: '/api/purchases/cancel/30', body: { reason: 'Me mudo de ciudad' } });
    const after = await screen.findByRole('row', { name: /Ilimitado Mensual/ });
    expect(await within(after).findByText('Cancelada')).toBeInTheDocument();
    expect(within(after).getByText(/^el 20 mar\.? 2026$/)).toBeInTheDocument();
    expect(within(after).queryByText(/Próximo cargo/)).not.toBeInTheDocument();
    expect(within(after).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a free trial (PayPal too) says it lasts until its first charge, which will not come; the processor down shows the server’s message', async () => {
    const user = userEvent.setup();
    const trial = subscription({
      purchase_id: 31,
      title: 'Prueba 7 Días',
      checkout_method: 'paypal',
      class_package: {
        class_package_id: 9,
        title: 'Prueba 7 Días',
        class_amount: -1,
        expiration_days: null,
        is_subscription: true,
        is_trial: true,
      } as Purchase['class_package'],
      next_charge_at: '2026-03-17T18:00:00.000Z',
      next_charge_amount: 1200,
    });
    mockFetch((call) => {
      if (call.url === '/api/purchases') return { body: { purchases: [trial] } };
      if (call.url === '/api/purchases/cancel/31') {
        return {
          status: 503,
          body: {
            error: {
              code: 'purchases/processor-unavailable',
              message: 'No pudimos cancelar tu suscripción en este momento. No se hizo ningún cambio; inténtalo de nuevo en unos minutos.',
            },
          },
        };
      }
      return undefined;
    });
    renderRoutes([{ path: '/mystudio/membresias', element: <PurchasesScreen /> }], '/mystudio/membresias');
    const row = await screen.findByRole('row', { name: /Prueba 7 Días/ });
    expect(within(row).getByText(/^Próximo cargo: 17 mar\.? 2026 · \$1,200 MXN$/)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Cancelar suscripción de Prueba 7 Días' }));
    const dialog = await screen.findByRole('dialog', { name: 'Precaución' });
    expect(within(dialog).getByText(/^Tu prueba gratis sigue vigente hasta el 17 mar\.? 2026\. No se te hará ningún cargo\.$/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Motivo'), 'No me gustó');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar suscripción' }));
    expect(await within(dialog).findByText(/No pudimos cancelar tu suscripción en este momento/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mantener suscripción' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a pending OXXO purchase’s voucher again: reference, amount, deadline and link', async () => {
    mockFetch((call) =>
      call.url === '/api/purchases'
        ? {
            body: {
              purchases: [
                makePurchase({
                  purchase_id: 40,
                  title: 'Paquete 5 Clases',
                  checkout_method: 'oxxo',
                  payment_method: null,
                  total_payment: 890,
                  oxxo_voucher: { reference: '12345678901234567890', expires_at: '2026-03-14T05:59:59.000Z', voucher_url: 'https://payments.stripe.test/v/40' },
                }),
              ],
            },
          }
        : undefined,
    );
    renderRoutes([{ path: '/mystudio/membresias', element: <PurchasesScreen /> }], '/mystudio/membresias');
    const voucher = await screen.findByRole('region', { name: 'Tu ficha OXXO' });
    expect(within(voucher).getByText('12345678901234567890')).toBeInTheDocument();
    expect(within(voucher).getByText('$890 MXN')).toBeInTheDocument();
    expect(within(voucher).getByText(/^13 mar\.? 2026, 23:59$/)).toBeInTheDocument();
    expect(within(voucher).getByRole('link', { name: /Ver e imprimir ficha de Paquete 5 Clases/ })).toHaveAttribute(
      'href',
      'https://payments.stripe.test/v/40',
    );
    expect(screen.getByRole('button', { name: 'Cancelar la compra de Paquete 5 Clases' })).toBeInTheDocument();
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

describe('Mis Cargos receipts', () => {
  const invoices = [
    {
      invoice_id: 4,
      purchase_id: 20,
      title: 'Ilimitado Mensual',
      total_payment: 2400,
      status: 'completed',
      billing_reason: 'renewal',
      checkout_method: 'card',
      payment_method: null,
      createdAt: '2026-03-10T18:00:00.000Z',
      purchase: { purchase_id: 20, title: 'Ilimitado Mensual', status: 'active' },
    },
  ];
  beforeEach(() => {
    setConfig({ business_name: 'Estudio Latido' });
    useSession.setState({
      status: 'signed-in',
      uid: 'uid-login',
      customer: makeCustomer({ name: 'Ana', last_name: 'López', email: 'ana@example.com' }),
      signupPending: false,
    });
  });

  it('each charge links to its receipt, which shows what an accountant needs and prints', async () => {
    const user = userEvent.setup();
    mockFetch((call) => (call.url === '/api/invoices' ? { body: { invoices } } : undefined));
    const printed: number[] = [];
    const print = window.print;
    window.print = () => printed.push(1);
    try {
      renderRoutes(
        [
          { path: '/mystudio/pagos', element: <ChargesScreen /> },
          { path: '/mystudio/pagos/recibo/:invoice_id', element: <ReceiptScreen /> },
        ],
        '/mystudio/pagos',
      );
      const row = await screen.findByRole('row', { name: /Ilimitado Mensual/ });
      await user.click(within(row).getByRole('link', { name: /Ver recibo de Ilimitado Mensual del 10 mar\.? 2026/ }));
      const receipt = await screen.findByRole('article', { name: 'Recibo #4' });
      expect(within(receipt).getByText('Estudio Latido')).toBeInTheDocument();
      const fact = (label: string) => within(receipt).getByText(label).nextElementSibling;
      expect(fact('Cliente')).toHaveTextContent('Ana López · ana@example.com');
      expect(fact('Concepto')).toHaveTextContent('Ilimitado Mensual · Renovación');
      expect(fact('Monto')).toHaveTextContent('$2,400 MXN');
      expect(fact('Fecha')).toHaveTextContent(/^10 mar\.? 2026, 12:00$/);
      expect(fact('Método de pago')).toHaveTextContent('Tarjeta');
      expect(fact('Orden')).toHaveTextContent('Orden #0020');
      expect(fact('Estado')).toHaveTextContent('Completada');
      await user.click(within(receipt).getByRole('button', { name: 'Imprimir' }));
      expect(printed).toHaveLength(1);
      expect(within(receipt).getByRole('link', { name: 'Volver a Mis Cargos' })).toHaveAttribute('href', '/mystudio/pagos');
    } finally {
      window.print = print;
    }
  });

  it('an unknown receipt says so', async () => {
    mockFetch((call) => (call.url === '/api/invoices' ? { body: { invoices } } : undefined));
    renderRoutes([{ path: '/mystudio/pagos/recibo/:invoice_id', element: <ReceiptScreen /> }], '/mystudio/pagos/recibo/99');
    expect(await screen.findByText('No encontramos ese recibo entre tus cargos.')).toBeInTheDocument();
  });
});
