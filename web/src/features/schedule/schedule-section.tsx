import { messages } from '@studio/shared/messages';
import { publicSiteMessages as m } from '@studio/shared/messages/public-site';
import { Link } from 'react-router';
import type { AppConfig } from '../../lib/app-config';
import { paths } from '../../lib/paths';
import { LocalWeekSchedule } from './week-schedule';

/**
 * The landing's in-person schedule: this week, with week navigation and the
 * filters kept in the section (the landing's URL stays '/'), and a link to
 * /calendario. `config` is the landing sections' common prop; the schedule
 * reads what it needs (timezone, waitlist_enabled) from the same config store.
 */
export function ScheduleSection(_props: { config: AppConfig }) {
  return (
    <section id="schedule" className="landing-section schedule-section" aria-labelledby="schedule-title">
      <h2 id="schedule-title">{messages.landing.scheduleTitle}</h2>
      <LocalWeekSchedule headingLevel={3} />
      <p className="schedule-section__more">
        <Link to={paths.schedule}>{m.fullSchedule}</Link>
      </p>
    </section>
  );
}
