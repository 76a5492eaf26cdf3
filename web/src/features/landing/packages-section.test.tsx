import type { ClassPackage } from '@studio/shared/types/class-packages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderAt, setConfig } from '../../../test/helpers';
import { makeClassPackage } from '../../../test/package-fixtures';
import { type PackageCardComponent, PackagesSection } from './packages-section';

// The shop's card is handed in by app/ (features never import each other); app/routes/landing-route.test.tsx renders the real one.
const PackageCard: PackageCardComponent = ({ pkg, headingLevel }) => {
  const Title = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <li>
      <Title>{pkg.title}</Title>
      <a href={`/checkout/${pkg.class_package_id}`}>Comprar {pkg.title}</a>
    </li>
  );
};

function makePackage(overrides: Partial<ClassPackage> & Pick<ClassPackage, 'class_package_id' | 'title'>): ClassPackage {
  return makeClassPackage({ home: true, ...overrides });
}

const PACKAGES = [
  makePackage({ class_package_id: 1, title: 'Primera Clase Gratis', price: 0, class_amount: 1 }),
  makePackage({ class_package_id: 2, title: 'Clase Suelta', price: 220, class_amount: 1, home: false }),
  makePackage({ class_package_id: 3, title: 'Paquete 5 Clases', price: 1000, sale_price: 900 }),
  makePackage({ class_package_id: 9, title: 'Inscripción', price: 300, class_amount: 0 }),
];

function renderSection(answer: { status?: number; body?: unknown }, config: Record<string, unknown> = {}) {
  const appConfig = setConfig(config);
  const { calls } = mockFetch((call) => (call.url === '/api/class_packages' ? answer : undefined));
  const view = renderAt(<PackagesSection config={appConfig} PackageCard={PackageCard} />);
  return { calls, ...view };
}

describe('landing packages', () => {
  it('shows the packages placed on the home page as cards under its h2, then a link to the whole shop', async () => {
    renderSection({ body: { class_packages: PACKAGES } }, { class_packages_name: 'Membresías', class_packages_path: 'membresias', signup_fee: 9 });
    const section = await screen.findByRole('region', { name: 'Membresías' });
    const titles = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    // Not on the home page: Clase Suelta; the sign-up fee: never, as in the shop.
    expect(titles).toEqual(['Primera Clase Gratis', 'Paquete 5 Clases']);

    expect(within(section).getByRole('link', { name: 'Ver Membresías' })).toHaveAttribute('href', '/membresias');
  });

  it("titles the section 'Paquetes' and links the default shop path by default", async () => {
    renderSection({ body: { class_packages: PACKAGES } });
    const section = await screen.findByRole('region', { name: 'Paquetes' });
    expect(within(section).getByRole('link', { name: 'Ver Paquetes' })).toHaveAttribute('href', '/paquetes');
  });

  it('renders nothing when no package is on the home page', async () => {
    const { calls, container } = renderSection({ body: { class_packages: [PACKAGES[1]] } });
    await waitFor(() => expect(container.querySelector('.landing-island')).not.toBeInTheDocument());
    expect(calls).toHaveLength(1);
    expect(container).toBeEmptyDOMElement();
  });

  it('says so in place when the packages cannot load, and tries again', async () => {
    const appConfig = setConfig();
    let fail = true;
    const { calls } = mockFetch((call) =>
      call.url === '/api/class_packages'
        ? fail
          ? { status: 503, body: { error: { code: 'unavailable', message: 'Falla' } } }
          : { body: { class_packages: PACKAGES } }
        : undefined,
    );
    renderAt(<PackagesSection config={appConfig} PackageCard={PackageCard} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar los paquetes.');

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Paquete 5 Clases' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });
});
