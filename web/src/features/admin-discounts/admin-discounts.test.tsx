import type { Discount } from '@studio/shared/schemas/discount';
import type { ClassPackage } from '@studio/shared/types/class-packages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, mockFetch, renderWithModals } from '../../../test/helpers';
import { useAlerts } from '../../lib/alerts';
import { DiscountFormScreen } from './discount-form-screen';
import { DiscountsAdminScreen } from './discounts-screen';

const STAMPS = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

const welcome: Discount = {
  discount_id: 1,
  code: 'BIENVENIDA15',
  is_percent: true,
  amount: 15,
  first_invoice_only: false,
  valid_from: null,
  valid_until: null,
  usage_limit: null,
  limit_per_customer: 1,
  class_package_ids: [],
  times_used: 3,
  ...STAMPS,
};
const summer: Discount = {
  ...welcome,
  discount_id: 2,
  code: 'VERANO200',
  is_percent: false,
  amount: 1200,
  limit_per_customer: null,
  usage_limit: 100,
  times_used: 7,
  valid_from: '2026-06-01T06:00:00.000Z',
  valid_until: '2026-07-31T06:00:00.000Z',
  class_package_ids: [3, 4],
};
const pkg = (id: number, title: string) => ({ class_package_id: id, title }) as ClassPackage;
const packages = [pkg(3, 'Paquete 5 clases'), pkg(4, 'Paquete 10 clases')];

function render(entry: string) {
  return renderWithModals(
    [
      { path: '/admin/descuentos', element: <DiscountsAdminScreen /> },
      { path: '/admin/descuentos/nuevo', element: <DiscountFormScreen /> },
      { path: '/admin/descuentos/:id', element: <DiscountFormScreen /> },
    ],
    entry,
  );
}

const sent = (calls: FetchCall[], method: string) => calls.filter((call) => call.method === method);

function answer(call: FetchCall) {
  if (call.url === '/api/discounts/admin/all') return { body: { discounts: [welcome, summer] } };
  if (call.url === '/api/class_packages/admin/all') return { body: { class_packages: packages } };
  return undefined;
}

describe('admin discounts', () => {
  beforeEach(() => {
    useAlerts.setState({ error: null, success: null });
  });

  it('lists the codes with percent or MXN value, uses, limits, validity and packages', async () => {
    mockFetch(answer);
    render('/admin/descuentos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Descuentos' })).toBeInTheDocument();
    const first = await screen.findByRole('row', { name: /BIENVENIDA15/ });
    expect(within(first).getByText('15 %')).toBeInTheDocument();
    expect(within(first).getByText('3 (sin límite)')).toBeInTheDocument();
    expect(within(first).getByText('Siempre')).toBeInTheDocument();
    expect(within(first).getByText('Todos')).toBeInTheDocument();
    const second = screen.getByRole('row', { name: /VERANO200/ });
    expect(within(second).getByText('$1,200.00 MXN de descuento')).toBeInTheDocument();
    expect(within(second).getByText('7 de 100')).toBeInTheDocument();
    expect(within(second).getByText('Sin límite')).toBeInTheDocument();
    expect(await within(second).findByText('Paquete 5 clases, Paquete 10 clases')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Editar: VERANO200' })).toHaveAttribute('href', '/admin/descuentos/2');
    expect(screen.getByRole('link', { name: 'Nuevo descuento' })).toHaveAttribute('href', '/admin/descuentos/nuevo');
  });

  it("archives only after 'Precaución' is accepted, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const refusal = 'No puedes archivar este descuento ahora.';
    const { calls } = mockFetch((call) =>
      call.method === 'DELETE' ? { status: 409, body: { error: { code: 'discounts/in-use', message: refusal } } } : answer(call),
    );
    render('/admin/descuentos');
    await user.click(await screen.findByRole('button', { name: 'Archivar: VERANO200' }));
    let dialog = await screen.findByRole('dialog', { name: 'Precaución' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(sent(calls, 'DELETE')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Archivar: VERANO200' }));
    dialog = await screen.findByRole('dialog', { name: 'Precaución' });
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(sent(calls, 'DELETE').map((call) => call.url)).toEqual(['/api/discounts/2']);
  });

  it("a missing code shows the schema's message and sends nothing; a percent over 100 too", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(answer);
    render('/admin/descuentos/nuevo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuevo descuento' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Porcentaje'), '150');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(screen.getByLabelText(/^Código/)).toHaveAccessibleDescription(/Debes llenar este campo\./));
    expect(screen.getByLabelText('Porcentaje')).toHaveAccessibleDescription('Un porcentaje debe estar entre 1 y 100.');
    expect(sent(calls, 'POST')).toHaveLength(0);
  });

  it('create POSTs the exact body: upper-case code, MXN amount, studio days as instants and the chosen packages', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => (call.method === 'POST' ? { status: 201, body: { discount: summer } } : answer(call)));
    const { router } = render('/admin/descuentos/nuevo');
    await user.type(await screen.findByLabelText(/^Código/), 'otono50');
    await user.selectOptions(screen.getByLabelText('Tipo de descuento'), 'Monto fijo (MXN)');
    await user.type(screen.getByLabelText('Monto en MXN'), '50.5');
    await user.type(screen.getByLabelText(/^Límite de usos/), '20');
    await user.type(screen.getByLabelText(/^Válido desde/), '2026-09-01');
    await user.type(screen.getByLabelText(/^Válido hasta/), '2026-09-30');
    await user.click(await screen.findByRole('checkbox', { name: 'Paquete 10 clases' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/descuentos'));
    expect(sent(calls, 'POST')[0]).toEqual(
      expect.objectContaining({
        url: '/api/discounts',
        body: {
          code: 'OTONO50',
          is_percent: false,
          amount: 50.5,
          first_invoice_only: false,
          usage_limit: 20,
          limit_per_customer: null,
          // Mexico City is UTC−6 all year: a day starts at 06:00 UTC.
          valid_from: '2026-09-01T06:00:00.000Z',
          valid_until: '2026-09-30T06:00:00.000Z',
          class_package_ids: [4],
        },
      }),
    );
    expect(useAlerts.getState().success?.text).toBe('Descuento guardado.');
  });

  it("edit loads the discount and PUTs it with its id; a taken code shows the server's message", async () => {
    const user = userEvent.setup();
    const taken = 'Ya existe un descuento con ese código.';
    let fail = true;
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/discounts/2') return { body: { discount: summer } };
      if (call.method === 'PUT' && fail) {
        fail = false;
        return { status: 409, body: { error: { code: 'discounts/code-taken', message: taken, fields: { code: taken } } } };
      }
      if (call.method === 'PUT') return { body: { discount: summer } };
      return answer(call);
    });
    const { router } = render('/admin/descuentos/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar: VERANO200' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Válido desde/)).toHaveValue('2026-06-01');
    expect(await screen.findByRole('checkbox', { name: 'Paquete 5 clases' })).toBeChecked();
    await user.clear(screen.getByLabelText('Monto en MXN'));
    await user.type(screen.getByLabelText('Monto en MXN'), '250');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(screen.getByLabelText(/^Código/)).toHaveAccessibleDescription(/Ya existe un descuento con ese código\./));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/descuentos'));
    expect(sent(calls, 'PUT')[1]).toMatchObject({
      url: '/api/discounts',
      body: { discount_id: 2, code: 'VERANO200', is_percent: false, amount: 250, class_package_ids: [3, 4], valid_from: '2026-06-01T06:00:00.000Z' },
    });
  });
});
