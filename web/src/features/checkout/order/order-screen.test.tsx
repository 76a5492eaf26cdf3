import type { Purchase } from '@studio/shared/types/purchases';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeCustomer, mockFetch, renderRoutes, setConfig } from '../../../../test/helpers';
import { useSession } from '../../../lib/session';
import type { OrderPurchase } from '../checkout-api';
import { OrderScreen } from './order-screen';

function makeOrder(overrides: Partial<OrderPurchase> = {}): OrderPurchase {
  return {
    purchase_id: 15,
    customer_id: 7,
    class_package_id: 2,
    class_package: {
      class_package_id: 2,
      title: 'Clase Suelta',
      class_amount: 1,
      expiration_days: 30,
      is_subscription: false,
      subscription_period: null,
      subscription_interval: null,
      is_online: false,
      is_special_event: false,
      is_trial: false,
      free_trial_length: null,
    },
    title: 'Clase Suelta',
    status: 'pending',
    total_payment: 1870,
    payment_method_id: 2,
    payment_method: 'Efectivo',
    is_gift: false,
    bill: false,
    source: 'checkout',
    subscription_id: null,
    subscription_period: null,
    subscription_interval: null,
    free_trial_length: null,
    class_amount: 1,
    expiration_days: 30,
    checkout_method: 'cash',
    subtotal: 2200,
    discount: { discount_id: 1, code: 'BIENVENIDA15', amount: 330 },
    pay_by: '2026-03-12T18:00:00.000Z',
    payment_instructions: 'Transfiere a la cuenta CLABE 0123 y envía tu comprobante.',
    paid_at: null,
    cancel_reason: null,
    createdAt: '2026-03-10T18:00:00.000Z',
    updatedAt: '2026-03-10T18:00:00.000Z',
    cancelledAt: null,
    revokedAt: null,
    customer: { customer_id: 7, name: 'Ana', last_name: 'López', email: 'ana@example.com' },
    receipt_file: { src: '/img/recibo.png' },
    ...overrides,
  } as Purchase as OrderPurchase;
}

function renderOrder(order: OrderPurchase) {
  const { calls } = mockFetch((call) => (call.url === `/api/purchases/${order.purchase_id}` ? { body: { purchase: order } } : undefined));
  renderRoutes([{ path: '/gracias/:id', element: <OrderScreen /> }], `/gracias/${order.purchase_id}`);
  return calls;
}

describe('order confirmation /gracias/{id}', () => {
  beforeEach(() => {
    setConfig();
    useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer(), signupPending: false });
  });

  it('shows a pending cash order with its totals and the transfer instructions', async () => {
    renderOrder(makeOrder());
    expect(screen.getByRole('heading', { level: 1, name: 'Orden #0015' })).toBeInTheDocument();
    expect(await screen.findByText('Pendiente')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Recibo de Clase Suelta' })).toHaveAttribute('src', '/img/recibo.png');
    expect(screen.getByText(/^10 mar\.? 2026$/)).toBeInTheDocument();
    expect(screen.getByText('$2,200 MXN')).toBeInTheDocument();
    expect(screen.getByText('-$330 MXN')).toBeInTheDocument();
    expect(screen.getByText('$1,870 MXN')).toBeInTheDocument();
    expect(screen.getByText('Efectivo')).toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.getByText('Tus clases vencen 30 días después de activarse.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Instrucciones de pago' })).toBeInTheDocument();
    expect(screen.getByText('Transfiere a la cuenta CLABE 0123 y envía tu comprobante.')).toBeInTheDocument();
    expect(screen.getByText(/^Realiza tu pago antes del 12 mar\.? 2026\.$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Mis Clases' })).toHaveAttribute('href', '/mystudio');
  });

  it('names the day the credits end once they are granted, on the studio’s calendar', async () => {
    // 05:59:59Z on the 29th is 23:59 of the 28th in Mexico City.
    renderOrder(makeOrder({ status: 'completed', paid_at: '2026-09-29T18:00:00.000Z', credits_expire_at: '2026-12-29T05:59:59.999Z' }));
    expect(await screen.findByText('Tus clases vencen el 28 de diciembre de 2026.')).toBeInTheDocument();
    expect(screen.queryByText('Tus clases vencen 30 días después de activarse.')).not.toBeInTheDocument();
  });

  it('reads that day in the studio’s time zone, not the browser’s', async () => {
    setConfig({ timezone: 'Asia/Tokyo' });
    renderOrder(makeOrder({ status: 'completed', credits_expire_at: '2026-12-28T14:59:59.999Z' }));
    expect(await screen.findByText('Tus clases vencen el 28 de diciembre de 2026.')).toBeInTheDocument();
  });

  it('shows a completed unlimited subscription without instructions', async () => {
    renderOrder(
      makeOrder({
        status: 'completed',
        class_amount: -1,
        checkout_method: 'card',
        payment_method: null,
        discount: null,
        subscription_id: 'sub_1',
        subscription_period: 'month',
        subscription_interval: 1,
      }),
    );
    expect(await screen.findByText('Completada')).toBeInTheDocument();
    expect(screen.getByText('Ilimitadas')).toBeInTheDocument();
    expect(screen.getByText('Tarjeta')).toBeInTheDocument();
    expect(screen.getByText('Tu suscripción se renueva automáticamente por mes.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Instrucciones de pago' })).not.toBeInTheDocument();
  });

  it('tells a pending OXXO order to pay the voucher at a store within 3 days, and shows the voucher again: reference, amount, deadline, link', async () => {
    const calls = renderOrder(
      makeOrder({
        status: 'pending',
        checkout_method: 'oxxo',
        payment_method: null,
        pay_by: null,
        payment_instructions: null,
        oxxo_voucher: { reference: '12345678901234567890', expires_at: '2026-03-14T05:59:59.000Z', voucher_url: 'https://payments.stripe.test/v/15' },
      }),
    );
    expect(
      await screen.findByText('Paga tu ficha en cualquier tienda OXXO en un plazo de 3 días. Tu compra se completará en cuanto OXXO nos reporte el pago.'),
    ).toBeInTheDocument();
    expect(screen.getByText('OXXO')).toBeInTheDocument();
    expect(screen.queryByText('Estamos procesando tu pago.')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Instrucciones de pago' })).not.toBeInTheDocument();
    const voucher = screen.getByRole('region', { name: 'Tu ficha OXXO' });
    expect(within(voucher).getByText('12345678901234567890')).toBeInTheDocument();
    expect(within(voucher).getByText('$1,870 MXN')).toBeInTheDocument();
    // 05:59:59Z is 23:59 of the 13th in Mexico City.
    expect(within(voucher).getByText(/^13 mar\.? 2026, 23:59$/)).toBeInTheDocument();
    expect(within(voucher).getByRole('link', { name: /Ver e imprimir ficha de Clase Suelta/ })).toHaveAttribute('href', 'https://payments.stripe.test/v/15');
    // With its voucher, a purchase paid days later does not keep asking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(1);
  });

  it('asks again until Stripe’s notice brings the OXXO voucher', async () => {
    let order = makeOrder({ status: 'pending', checkout_method: 'oxxo', payment_method: null, pay_by: null, payment_instructions: null, oxxo_voucher: null });
    mockFetch(() => ({ body: { purchase: order } }));
    renderRoutes([{ path: '/gracias/:id', element: <OrderScreen /> }], '/gracias/15');
    expect(await screen.findByText(/Estamos generando tu ficha OXXO/)).toBeInTheDocument();
    order = { ...order, oxxo_voucher: { reference: '55556666777788889999', expires_at: null, voucher_url: null } };
    expect(await screen.findByText('55556666777788889999')).toBeInTheDocument();
  });

  it('shows an active subscription’s next charge, and a trial’s first charge', async () => {
    renderOrder(
      makeOrder({
        status: 'active',
        class_amount: -1,
        checkout_method: 'card',
        payment_method: null,
        subscription_id: 'sub_1',
        subscription_period: 'month',
        subscription_interval: 1,
        next_charge_at: '2026-04-10T18:00:00.000Z',
        next_charge_amount: 2400,
      }),
    );
    expect(await screen.findByText(/^Próximo cargo: 10 abr\.? 2026 · \$2,400 MXN$/)).toBeInTheDocument();
  });

  it('shows no next charge for a cancelled subscription', async () => {
    renderOrder(makeOrder({ status: 'cancelled', subscription_period: 'month', subscription_interval: 1, next_charge_at: null, next_charge_amount: null }));
    expect(await screen.findByText('Cancelada')).toBeInTheDocument();
    expect(screen.queryByText(/Próximo cargo/)).not.toBeInTheDocument();
  });

  it('says a card payment is being processed and asks again until it completes', async () => {
    let order = makeOrder({ status: 'pending', checkout_method: 'card', payment_method: null, pay_by: null });
    mockFetch(() => ({ body: { purchase: order } }));
    renderRoutes([{ path: '/gracias/:id', element: <OrderScreen /> }], '/gracias/15');
    expect(await screen.findByText('Estamos procesando tu pago.', { selector: 'p' })).toBeInTheDocument();
    order = { ...order, status: 'completed' };
    expect(await screen.findByText('Completada')).toBeInTheDocument();
    expect(screen.queryByText('Estamos procesando tu pago.', { selector: 'p' })).not.toBeInTheDocument();
  });

  it("treats a pending PayPal purchase like a card: processing, and asks again until PayPal's notice completes it", async () => {
    let order = makeOrder({ status: 'pending', checkout_method: 'paypal', payment_method: null, pay_by: null });
    const { calls } = mockFetch(() => ({ body: { purchase: order } }));
    renderRoutes([{ path: '/gracias/:id', element: <OrderScreen /> }], '/gracias/15');
    expect(await screen.findByText('Estamos procesando tu pago.', { selector: 'p' })).toBeInTheDocument();
    // Said once, to eyes and to screen readers alike.
    expect(screen.getAllByText('Estamos procesando tu pago.')).toHaveLength(1);
    expect(screen.getByText('PayPal')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Instrucciones de pago' })).not.toBeInTheDocument();
    order = { ...order, status: 'completed' };
    expect(await screen.findByText('Completada')).toBeInTheDocument();
    expect(calls.length).toBeGreaterThan(1);
    expect(screen.queryByText('Estamos procesando tu pago.', { selector: 'p' })).not.toBeInTheDocument();
  });
});
