import { messages } from '@studio/shared/messages';
import { publicSiteMessages as m } from '@studio/shared/messages/public-site';
import { Link } from 'react-router';
import { type AppConfig, configString } from '../../lib/app-config';
import { paths } from '../../lib/paths';
import { useServerQuery } from '../../lib/server-data';
import { AnnouncementItem } from './announcement-item';
import { announcementsQuery } from './announcements-api';
import './announcements.css';

/** How many notices the landing shows; the rest are one link away, on /avisos. */
export const LANDING_ANNOUNCEMENTS = 3;

/**
 * The landing's announcements: the newest few, then a link to /avisos. It
 * renders nothing while loading, on failure or when there are none: a landing
 * section with nothing to say is left out rather than shown empty.
 */
export function AnnouncementsSection({ config }: { config: AppConfig }) {
  const { data } = useServerQuery(announcementsQuery);
  if (!data || data.length === 0) return null;
  const tz = configString(config, 'timezone');
  return (
    <section id="announcements" className="landing-section announcements-section" aria-labelledby="announcements-title">
      <h2 id="announcements-title">{messages.landing.announcementsTitle}</h2>
      <ul className="announcements announcements--compact">
        {data.slice(0, LANDING_ANNOUNCEMENTS).map((announcement) => (
          <li key={announcement.announcement_id}>
            <AnnouncementItem announcement={announcement} level={3} tz={tz} />
          </li>
        ))}
      </ul>
      {data.length > LANDING_ANNOUNCEMENTS && (
        <p className="announcements-section__more">
          <Link to={paths.announcements}>{m.allAnnouncements}</Link>
        </p>
      )}
    </section>
  );
}
