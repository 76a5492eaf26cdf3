import { formatStudioDate } from '@studio/shared/format/dates';
import { fill } from '@studio/shared/messages';
import { publicSiteMessages as m } from '@studio/shared/messages/public-site';
import type { Announcement } from '@studio/shared/types/catalogue';
import { HtmlContent } from '../../components/html-content';

/** One notice: its title, when it was published (studio calendar day) and its admin-written HTML. */
export function AnnouncementItem({ announcement, level, tz }: { announcement: Announcement; level: 2 | 3; tz: string }) {
  const Title = `h${level}` as const;
  return (
    <article className="announcement" aria-labelledby={`announcement-${announcement.announcement_id}`}>
      <Title id={`announcement-${announcement.announcement_id}`} className="announcement__title">
        {announcement.title}
      </Title>
      <p className="announcement__date muted">
        <time dateTime={announcement.createdAt}>{fill(m.publishedOn, { date: formatStudioDate(announcement.createdAt, tz) })}</time>
      </p>
      <HtmlContent html={announcement.content} />
    </article>
  );
}
