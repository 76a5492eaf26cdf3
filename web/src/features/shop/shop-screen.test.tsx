import type { ClassPackage } from '@studio/shared/types/class-packages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { ShopScreen } from './shop-screen';

let nextId = 1;
function makePackage(overrides: Partial<ClassPackage> = {}): ClassPackage {
  const id = overrides.class_package_id ?? nextId++;
  return {
    class_package_id: id,
    package_id: id,
    title: `Paquete ${id}`,
    description: null,
    short_description: 'Descripción corta.',
    price: 500,
    sale_price: null,
    class_amount: 5,
    expiration_days: 30,
    is_subscription: false,
    subscription_period: null,
    subscription_interval: null,
    is_trial: false,
    free_trial_length: null,
    free_trial_period: null,
    is_special_event: false,
    limit_per_customer: null,
    purchase_limit: null,
    downloadable: false,
    file_url: null,
    is_online: false,
    home: false,
    status: 'active',
    image: { src: '/img/paquete.jpg' },
    receipt_file: null,
    archivedAt: null,
    class_package_types: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  } as ClassPackage;
}

function renderShop(packages: ClassPackage[], config: Record<string, unknown> = {}) {
  setConfig(config);
  const { calls } = mockFetch((call) => (call.url === '/api/class_packages' ? { body: { class_packages: packages } } : undefined));
  renderRoutes([{ path: '/paquetes', handle: { title: 'Paquetes' }, Component: ShopScreen }], '/paquetes');
  return calls;
}

describe('package shop', () => {
  it('lists trials first, then by class amount with unlimited last, hiding special events and the signup fee', async () => {
    const calls = renderShop(
      [
        makePackage({
          class_package_id: 10,
          title: 'Ilimitado',
          class_amount: -1,
          is_subscription: true,
          subscription_period: 'month',
          subscription_interval: 1,
        }),
        makePackage({ class_package_id: 11, title: 'Diez', class_amount: 10 }),
        makePackage({ class_package_id: 12, title: 'Evento', class_amount: 1, is_special_event: true }),
        makePackage({ class_package_id: 13, title: 'Inscripción', class_amount: 0 }),
        makePackage({ class_package_id: 14, title: 'Suelta', class_amount: 1 }),
        makePackage({
          class_package_id: 15,
          title: 'Prueba',
          class_amount: -1,
          is_trial: true,
          free_trial_length: 7,
          is_subscription: true,
          subscription_period: 'month',
          subscription_interval: 1,
        }),
        makePackage({ class_package_id: 16, title: 'Inactivo', status: 'inactive' }),
      ],
      { signup_fee: 13 },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Paquetes' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Suelta' });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['Prueba', 'Suelta', 'Diez', 'Ilimitado']);
    expect(calls[0]?.url).toBe('/api/class_packages');
    expect(screen.getByText('Prueba gratis de 7 días')).toBeInTheDocument();
  });

  it('shows the price with the sale price, the subscription wording and a buy link to the checkout', async () => {
    renderShop([
      makePackage({ class_package_id: 3, title: 'Cinco', price: 1950, sale_price: 1890.5 }),
      makePackage({ class_package_id: 6, title: 'Trimestral', price: 6500, is_subscription: true, subscription_period: 'month', subscription_interval: 3 }),
      makePackage({ class_package_id: 7, title: 'Anual', price: 20000, is_subscription: true, subscription_period: 'year', subscription_interval: 1 }),
      makePackage({ class_package_id: 8, title: 'Diario', price: 50, is_subscription: true, subscription_period: 'day', subscription_interval: 1 }),
      makePackage({ class_package_id: 9, title: 'Quincenal', price: 50, is_subscription: true, subscription_period: 'day', subscription_interval: 15 }),
      makePackage({ class_package_id: 5, title: 'Mensual', price: 2400, is_subscription: true, subscription_period: 'month', subscription_interval: 1 }),
    ]);
    const card = (await screen.findByRole('heading', { level: 2, name: 'Cinco' })).closest('li') as HTMLElement;
    expect(within(card).getByText('$1,950 MXN').tagName).toBe('S');
    expect(within(card).getByText('$1,890.50 MXN')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Comprar Cinco' })).toHaveAttribute('href', '/checkout/3');
    const text = (title: string) => (screen.getByRole('heading', { level: 2, name: title }).closest('li') as HTMLElement).textContent;
    expect(text('Trimestral')).toContain('$6,500 MXN cada 3 meses');
    expect(text('Anual')).toContain('$20,000 MXN por año');
    expect(text('Mensual')).toContain('$2,400 MXN por mes');
    expect(text('Diario')).toContain('cada día');
    expect(text('Quincenal')).toContain('cada 15 días');
  });

  it("says 'No hay paquetes disponibles.' when nothing is on sale", async () => {
    renderShop([makePackage({ is_special_event: true })]);
    expect(await screen.findByText('No hay paquetes disponibles.')).toBeInTheDocument();
  });
});
