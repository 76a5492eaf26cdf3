import { formatStudioDate } from '@studio/shared/format/dates';
import { fill, messages } from '@studio/shared/messages';
import { creditsMessages as m } from '@studio/shared/messages/credits';
import type { AvailableClass } from '@studio/shared/schemas/access';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { configString, useConfig } from '../../lib/app-config';
import { classTypesQuery } from '../../lib/catalogue-queries';
import { paths } from '../../lib/paths';
import { useServerQuery } from '../../lib/server-data';
import { allowedTimesLines, byExpiry, countText, lotClassTypeIds } from './credit-format';
import { creditsQuery } from './credits-api';
import './credits.css';

function CreditItem({ lot, timezone, typeNames }: { lot: AvailableClass; timezone: string; typeNames: ReadonlyMap<number, string> }) {
  const typeIds = lotClassTypeIds(lot);
  const types = typeIds.length === 0 ? m.anyClassType : typeIds.map((id) => typeNames.get(id) ?? fill(m.classTypeFallback, { id })).join(', ');
  const times = allowedTimesLines(lot.allowed_times);
  return (
    <li className="credit-lot">
      <h2 className="credit-lot__title">{types}</h2>
      <dl className="credit-lot__facts">
        <div>
          <dt>{m.available}</dt>
          <dd className="credit-lot__count">{countText(lot)}</dd>
        </div>
        <div>
          <dt>{m.times}</dt>
          <dd>
            {times.length === 0 ? (
              m.anyTime
            ) : (
              <ul className="credit-lot__times">
                {times.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt>{m.expires}</dt>
          <dd>
            {lot.expiration_date ? (
              <time dateTime={lot.expiration_day ?? lot.expiration_date}>{formatStudioDate(lot.expiration_date, timezone)}</time>
            ) : (
              m.noExpiry
            )}
          </dd>
        </div>
      </dl>
    </li>
  );
}

/**
 * /mystudio/creditos, Mis Créditos (customer-area §2, §3; only with
 * allow_restricted_class_types): each usable lot with what is left
 * ('Ilimitadas' for -1), the class types and start times it may pay for, and
 * its expiry day in the studio's zone, earliest expiry first (the order
 * bookings spend them in). Expired and revoked lots are left out: the server
 * sends only usable ones and the screen drops any other it is given.
 */
export function CreditsScreen() {
  const timezone = configString(useConfig(), 'timezone');
  const { data, isPending, isError, isFetching, refetch } = useServerQuery(creditsQuery);
  const classTypes = useServerQuery(classTypesQuery);
  const typeNames = new Map((classTypes.data ?? []).map((type) => [type.class_type_id, type.name]));

  let body;
  if (data) {
    const lots = data.filter((lot) => lot.status === 'active' && lot.usable !== false).sort(byExpiry);
    body =
      lots.length === 0 ? (
        <p className="muted">{m.empty}</p>
      ) : (
        <>
          <p className="muted">{m.intro}</p>
          <ul className="credits__list" aria-label={m.listLabel}>
            {lots.map((lot) => (
              <CreditItem key={lot.available_class_id} lot={lot} timezone={timezone} typeNames={typeNames} />
            ))}
          </ul>
        </>
      );
  } else if (isPending) {
    body = <Spinner />;
  } else if (isError) {
    body = <LoadError message={m.loadError} retrying={isFetching} onRetry={() => void refetch()} />;
  }

  return (
    <section className="screen credits">
      <h1>{messages.screens.creditsTitle}</h1>
      {body}
      <p>
        <Link className="button" to={paths.myPackages}>
          {m.buyClasses}
        </Link>
      </p>
    </section>
  );
}
