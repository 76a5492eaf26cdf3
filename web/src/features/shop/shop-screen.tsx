import { messages } from '@studio/shared/messages';
import { packagesMessages } from '@studio/shared/messages/packages';
import { shopMessages as m } from '@studio/shared/messages/shop';
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
          {packages.map((pkg) => (
            <PackageCard key={pkg.class_package_id} pkg={pkg} />
          ))}
        </ul>
      );
  } else if (isPending) {
    body = <Spinner />;
  } else if (isError) {
    body = (
      <div>
        <p role="alert">{m.loadError}</p>
        <button type="button" className="button" aria-busy={isFetching} onClick={() => void refetch()}>
          {messages.common.retry}
        </button>
      </div>
    );
  }

  return (
    <section className="screen shop">
      <h1>{title}</h1>
      {body}
    </section>
  );
}
