import { packagesMessages } from '@studio/shared/messages/packages';
import { shopMessages as m } from '@studio/shared/messages/shop';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { configNumber, useConfig } from '../../lib/app-config';
import { useRouteTitle } from '../../lib/route-handle';
import { useServerQuery } from '../../lib/server-data';
import { PackageCard } from './package-card';
import { shopPackagesQuery } from './shop-api';
import { shopPackages } from './shop-order';
import './shop.css';

/** The package shop: public at the configured path (default /paquetes) and, the same, at /mystudio/paquetes. */
export function ShopScreen() {
  const title = useRouteTitle();
  const signupFee = configNumber(useConfig(), 'signup_fee');
  const { data, isPending, isError, isFetching, refetch } = useServerQuery(shopPackagesQuery);

  let body;
  if (data) {
    const packages = shopPackages(data, signupFee);
    body =
      packages.length === 0 ? (
        <p className="muted">{packagesMessages.empty}</p>
      ) : (
        <ul className="shop-grid">
          {packages.map((pkg, index) => (
            <PackageCard key={pkg.class_package_id} pkg={pkg} priority={index === 0} />
          ))}
        </ul>
      );
  } else if (isPending) {
    body = <Spinner />;
  } else if (isError) {
    body = <LoadError message={m.loadError} retrying={isFetching} onRetry={() => void refetch()} />;
  }

  return (
    <section className="screen shop">
      <h1>{title}</h1>
      {body}
    </section>
  );
}
