import { messages } from '@studio/shared/messages';
import { useRouteTitle } from '../../lib/route-handle';
import { UrlWeekSchedule } from './week-schedule';

/** /calendario: the public week schedule, titled 'Horarios' (public-site-and-checkout §2), with the week's classes as schema.org Events. */
export function ScheduleScreen() {
  const title = useRouteTitle() ?? messages.screens.scheduleTitle;
  return (
    <section className="screen">
      <h1>{title}</h1>
      <UrlWeekSchedule headingLevel={2} jsonLd />
    </section>
  );
}
