import type { ClassPackage } from '@studio/shared/types/class-packages';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCustomer, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { makeClassPackage } from '../../../test/package-fixtures';
import { resetServerData } from '../../lib/server-data';
import { useSession } from '../../lib/session';
import { allowedTimesText } from './allowed-times-text';
import { ShopScreen } from './shop-screen';

let nextId = 1;
function makePackage(overrides: Partial<ClassPackage> = {}): ClassPackage {
  const id = overrides.class_package_id ?? nextId++;
  return makeClassPackage({
    class_package_id: id,
    title: `Paquete ${id}`,
    short_description: 'Descripción corta.',
    image: { src: '/img/paquete.jpg' },
    ...overrides,
  });
}

afterEach(() => {
  useSession.setState({ status: 'signed-out', uid: null, customer: null, signupPending: false, isAdmin: false });
  resetServerData();
  vi.unstubAllGlobals();
});

function renderShop(packages: ClassPackage[], config: Record<string, unknown> = {}, used: (() => number[] | null) | null = null) {
  setConfig(config);
  const { calls } = mockFetch((call) => {
    if (call.url === '/api/class_packages') return { body: { class_packages: packages } };
    if (call.url === '/api/class_packages/used' && used) {
      const ids = used();
      return ids === null ? { status: 500, body: { error: { code: 'x', message: 'Falla' } } } : { body: { class_package_ids: ids } };
    }
    return undefined;
  });
  renderRoutes([{ path: '/paquetes', handle: { title: 'Paquetes' }, Component: ShopScreen }], '/paquetes');
  return calls;
}

describe('package shop', () => {
  it('lists trials first in their own section, then by class amount with unlimited last, hiding special events and the signup fee', async () => {
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
    await screen.findByRole('heading', { level: 3, name: 'Suelta' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Pruebas y ofertas', 'Todos los paquetes']);
    const titlesIn = (name: string) =>
      within(screen.getByRole('region', { name }))
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent);
    expect(titlesIn('Pruebas y ofertas')).toEqual(['Prueba']);
    expect(titlesIn('Todos los paquetes')).toEqual(['Suelta', 'Diez', 'Ilimitado']);
    expect(calls.map((call) => call.url)).toEqual(['/api/class_packages']);
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

  it('puts a free first class and other single-use offers with the trials (customer-area §9), not in the main list', async () => {
    renderShop([
      makePackage({ class_package_id: 21, title: 'Primera Clase Gratis', price: 0, class_amount: 1, limit_per_customer: 1 }),
      makePackage({ class_package_id: 22, title: 'Promo Bienvenida 8', class_amount: 8, limit_per_customer: 1 }),
      makePackage({ class_package_id: 23, title: 'Cinco', class_amount: 5, limit_per_customer: 3 }),
    ]);
    const trials = await screen.findByRole('region', { name: 'Pruebas y ofertas' });
    expect(
      within(trials)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Primera Clase Gratis', 'Promo Bienvenida 8']);
    expect(within(screen.getByRole('region', { name: 'Todos los paquetes' })).getByRole('heading', { name: 'Cinco' })).toBeInTheDocument();
  });

  it('hides from a signed-in customer the one-per-customer offers they already used', async () => {
    useSession.setState({ status: 'signed-in', uid: 'uid-ana', customer: makeCustomer(), signupPending: false, isAdmin: false });
    const calls = renderShop(
      [
        makePackage({ class_package_id: 31, title: 'Clase Gratis', price: 0, class_amount: 1, limit_per_customer: 1 }),
        makePackage({ class_package_id: 32, title: 'Prueba 7 Días', class_amount: -1, is_trial: true, free_trial_length: 7, limit_per_customer: 1 }),
        makePackage({ class_package_id: 33, title: 'Diez', class_amount: 10 }),
      ],
      {},
      () => [31],
    );
    const trials = await screen.findByRole('region', { name: 'Pruebas y ofertas' });
    await vi.waitFor(() =>
      expect(
        within(trials)
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(['Prueba 7 Días']),
    );
    expect(screen.queryByRole('heading', { name: 'Clase Gratis' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Todos los paquetes' })).getByRole('heading', { name: 'Diez' })).toBeInTheDocument();
    // The personal read carries the customer's token; the shared list does not change per caller.
    expect(calls.map((call) => call.url).sort()).toEqual(['/api/class_packages', '/api/class_packages/used']);
  });

  it('shows every offer when the used list cannot be read (checkout still refuses a used one)', async () => {
    useSession.setState({ status: 'signed-in', uid: 'uid-ana', customer: makeCustomer(), signupPending: false, isAdmin: false });
    renderShop([makePackage({ class_package_id: 41, title: 'Clase Gratis', price: 0, class_amount: 1, limit_per_customer: 1 })], {}, () => null);
    expect(await screen.findByRole('heading', { level: 3, name: 'Clase Gratis' })).toBeInTheDocument();
  });

  it('says when an off-peak package may be used, on its card', async () => {
    renderShop([makePackage({ class_package_id: 51, title: 'Horario Valle', allowed_times: [{ weekdays: [1, 2, 3, 4, 5], start: '11:00', end: '16:00' }] })]);
    const card = (await screen.findByRole('heading', { level: 2, name: 'Horario Valle' })).closest('li') as HTMLElement;
    expect(within(card).getByText('Válido lunes a viernes de 11:00 a 16:00')).toBeInTheDocument();
    expect(allowedTimesText([{ weekdays: [6, 2], start: '08:00', end: '10:00' }])).toEqual(['Válido martes y sábado de 08:00 a 10:00']);
    expect(allowedTimesText([{ weekdays: [1, 3, 5], start: '07:00', end: '09:00' }])).toEqual(['Válido lunes, miércoles y viernes de 07:00 a 09:00']);
    expect(allowedTimesText([{ weekdays: [1, 2, 3, 4, 5, 6, 7], start: '06:00', end: '12:00' }])).toEqual(['Válido todos los días de 06:00 a 12:00']);
    expect(allowedTimesText([{ weekdays: [7], start: '09:00', end: '13:00' }])).toEqual(['Válido domingo de 09:00 a 13:00']);
    expect(allowedTimesText(null)).toEqual([]);
  });
});
