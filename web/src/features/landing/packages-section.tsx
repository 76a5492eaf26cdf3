import { fill, messages } from '@studio/shared/messages';
import { landingMessages } from '@studio/shared/messages/landing';
import type { ClassPackage } from '@studio/shared/types/class-packages';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-error';
import { type AppConfig, configNumber, configString } from '../../lib/app-config';
import { packagesPath } from '../../lib/paths';
import { useServerQuery } from '../../lib/server-data';
import { homePackagesQuery } from './landing-api';
import { IslandPlaceholder } from './landing-island';

/** The shop's card (features/shop/package-card.tsx), handed in by app/: features never import each other. */
export type PackageCardComponent = ComponentType<{ pkg: ClassPackage; headingLevel?: 2 | 3 }>;

/**
 * The packages placed on the home page, as the shop shows them (same card,
 * prices and 'Comprar' links), then a link to the whole shop at the
 * configured path. Nothing at all when none is placed on the home page.
 */
export function PackagesSection({ config, PackageCard }: { config: AppConfig; PackageCard: PackageCardComponent }) {
  const { data, isError, isFetching, refetch } = useServerQuery(homePackagesQuery);
  if (!data && !isError) return <IslandPlaceholder sectionKey="packages" />;

  // The shop never lists the sign-up fee: the checkout asks for it when it is due ('Completar Inscripción').
  const signupFee = configNumber(config, 'signup_fee');
  const packages = data?.filter((pkg) => pkg.class_package_id !== signupFee) ?? [];
  if (data && packages.length === 0) return null;

  const name = configString(config, 'class_packages_name') || messages.landing.packagesTitle;
  return (
    <section id="packages" className="landing-section" aria-labelledby="packages-title">
      <h2 id="packages-title">{name}</h2>
      {!data ? (
        <LoadError message={landingMessages.packagesLoadError} retrying={isFetching} onRetry={() => void refetch()} />
      ) : (
        <>
          <ul className="shop-grid">
            {packages.map((pkg) => (
              <PackageCard key={pkg.class_package_id} pkg={pkg} headingLevel={3} />
            ))}
          </ul>
          <p className="landing-section__more">
            <Link className="button button--secondary" to={packagesPath(configString(config, 'class_packages_path'))}>
              {fill(landingMessages.seeAllPackages, { name })}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
