import { packagesMessages } from '@studio/shared/messages/packages';
import { shopMessages as m } from '@studio/shared/messages/shop';
import type { ClassPackage } from '@studio/shared/types/class-packages';
import { useId } from 'react';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { configNumber, useConfig } from '../../lib/app-config';
import { useRouteTitle } from '../../lib/route-handle';
import { useServerQuery } from '../../lib/server-data';
import { useSession } from '../../lib/session';
import { PackageCard } from './package-card';
import { shopPackagesQuery, usedPackagesQuery } from './shop-api';
import { shopSections } from './shop-order';
import './shop.css';

/** The packages a signed-in customer may not buy again, once known; while unknown, every limited package is held back rather than shown and then removed. */
function useHidden(packages: readonly ClassPackage[] | undefined): ReadonlySet<number> {
  const uid = useSession((state) => (state.status === 'signed-in' ? state.uid : null));
  const used = useServerQuery({ ...usedPackagesQuery(uid ?? ''), enabled: uid !== null });
  if (uid === null || used.isError) return new Set();
  if (used.data) return new Set(used.data);
  return new Set((packages ?? []).filter((pkg) => pkg.limit_per_customer !== null).map((pkg) => pkg.class_package_id));
}

function PackageList({ packages, headingLevel, first }: { packages: ClassPackage[]; headingLevel: 2 | 3; first: boolean }) {
  return (
    <ul className="shop-grid">
      {packages.map((pkg, index) => (
        <PackageCard key={pkg.class_package_id} pkg={pkg} headingLevel={headingLevel} priority={first && index === 0} />
      ))}
    </ul>
  );
}

/**
 * The package shop: public at the configured path (default /paquetes) and, the
 * same, at /mystudio/paquetes. Trials and single-use offers come first in their
 * own section (customer-area §5); a signed-in customer does not see the ones
 * they already used.
 */
export function ShopScreen() {
  const title = useRouteTitle();
  const signupFee = configNumber(useConfig(), 'signup_fee');
  const { data, isPending, isError, isFetching, refetch } = useServerQuery(shopPackagesQuery);
  const hidden = useHidden(data);
  const trialsId = useId();
  const packagesId = useId();

  let body;
  if (data) {
    const { trials, packages } = shopSections(data, signupFee, hidden);
    if (trials.length === 0 && packages.length === 0) body = <p className="muted">{packagesMessages.empty}</p>;
    else if (trials.length === 0) body = <PackageList packages={packages} headingLevel={2} first />;
    else
      body = (
        <>
          <section className="shop__section" aria-labelledby={trialsId}>
            <h2 id={trialsId}>{m.trialsTitle}</h2>
            <PackageList packages={trials} headingLevel={3} first />
          </section>
          {packages.length > 0 && (
            <section className="shop__section" aria-labelledby={packagesId}>
              <h2 id={packagesId}>{m.packagesTitle}</h2>
              <PackageList packages={packages} headingLevel={3} first={false} />
            </section>
          )}
        </>
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
