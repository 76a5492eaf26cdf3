import type { ClassPackage } from '@studio/shared/types/class-packages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderAt, setConfig } from '../../../test/helpers';
import { LandingRoute } from './landing-route';

const homePackage = {
  class_package_id: 3,
  package_id: 3,
  title: 'Paquete 5 Clases',
  short_description: 'Cinco clases presenciales.',
  price: 1000,
  sale_price: 900,
  class_amount: 5,
  expiration_days: 30,
  is_subscription: false,
  is_trial: false,
  home: true,
  status: 'active',
} as unknown as ClassPackage;

describe('landing route', () => {
  it("wires the packages island with the shop's card: its prices and its 'Comprar' link", async () => {
    setConfig({ class_types_enabled: false, coaches_enabled: false, announcements_enabled: false, schedule_enabled: false });
    mockFetch((call) => (call.url === '/api/class_packages' ? { body: { class_packages: [homePackage] } } : undefined));
    renderAt(<LandingRoute />);

    const section = await screen.findByRole('region', { name: 'Paquetes' });
    expect(within(section).getByRole('heading', { level: 3, name: 'Paquete 5 Clases' })).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Comprar Paquete 5 Clases' })).toHaveAttribute('href', '/checkout/3');
    expect(within(section).getByText('$900 MXN')).toBeInTheDocument();
    expect(within(section).getByText('$1,000 MXN')).toBeInTheDocument();
  });
});
