import { messages } from '@studio/shared/messages';
import { publicSiteMessages as m } from '@studio/shared/messages/public-site';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { configString, useConfig } from '../../lib/app-config';
import { useRouteTitle } from '../../lib/route-handle';
import { useServerQuery } from '../../lib/server-data';
import { AnnouncementItem } from './announcement-item';
import { announcementsQuery } from './announcements-api';
import './announcements.css';

/** /avisos: every announcement, newest first (public-site-and-checkout §2). */
export function AnnouncementsScreen() {
  const title = useRouteTitle() ?? messages.screens.announcementsTitle;
  const tz = configString(useConfig(), 'timezone');
  const { data, isPending, isError, isFetching, refetch } = useServerQuery(announcementsQuery);

  let body;
  if (data) {
    body =
      data.length === 0 ? (
        <p className="muted">{messages.screens.announcementsEmpty}</p>
      ) : (
        <ul className="announcements">
          {data.map((announcement) => (
            <li key={announcement.announcement_id}>
              <AnnouncementItem announcement={announcement} level={2} tz={tz} />
            </li>
          ))}
        </ul>
      );
  } else if (isPending) {
    body = <Spinner />;
  } else if (isError) {
    body = <LoadError message={m.announcementsLoadError} retrying={isFetching} onRetry={() => void refetch()} />;
  }

  return (
    <section className="screen">
      <h1>{title}</h1>
      {body}
    </section>
  );
}
