import { fill, messages } from '@studio/shared/messages';
import { publicSiteMessages as m } from '@studio/shared/messages/public-site';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { configString, useConfig } from '../../lib/app-config';
import { locationsQuery } from '../../lib/catalogue-queries';
import { useRouteTitle } from '../../lib/route-handle';
import { useServerQuery } from '../../lib/server-data';
import { mapSearchUrl } from './location-api';
import './location.css';

function Place({ name, address }: { name: string; address: string | null }) {
  return (
    <li className="place">
      <h2 className="place__name">{name}</h2>
      {address && (
        <>
          <address className="place__address pre-line">{address}</address>
          <a
            className="button button--secondary"
            href={mapSearchUrl(address)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={fill(m.viewOnMapOf, { name })}
          >
            {m.viewOnMap}
          </a>
        </>
      )}
    </li>
  );
}

/**
 * /ubicacion: each location's name and address with a map link. A studio
 * without locations in the catalogue still has the footer's `location`
 * setting, shown the same way under the business name.
 */
export function LocationScreen() {
  const title = useRouteTitle() ?? messages.screens.locationTitle;
  const config = useConfig();
  const { data, isPending, isError, isFetching, refetch } = useServerQuery(locationsQuery);

  let body;
  if (data) {
    const fallback = configString(config, 'location').trim();
    const places =
      data.length > 0
        ? data.map((l) => ({ key: l.location_id, name: l.name, address: l.address }))
        : fallback
          ? [{ key: 0, name: configString(config, 'business_name'), address: fallback }]
          : [];
    body =
      places.length === 0 ? (
        <p className="muted">{m.noLocations}</p>
      ) : (
        <ul className="places">
          {places.map((place) => (
            <Place key={place.key} name={place.name} address={place.address} />
          ))}
        </ul>
      );
  } else if (isPending) {
    body = <Spinner />;
  } else if (isError) {
    body = <LoadError message={m.locationsLoadError} retrying={isFetching} onRetry={() => void refetch()} />;
  }

  return (
    <section className="screen">
      <h1>{title}</h1>
      {body}
    </section>
  );
}
