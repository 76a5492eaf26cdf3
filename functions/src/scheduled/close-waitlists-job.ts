import { storeDeps } from '../background-deps';
import { closeDueWaitlists } from '../services/waitlist/close-waitlists';
import type { ScheduledJob } from './scheduled-job';

/** Closes the lines of classes within the waitlist cutoff and frees their held seats (ADR 0061). */
export const closeWaitlistsJob: ScheduledJob = {
  name: 'closeWaitlists',
  everyMinutes: 5,
  handler: async () => {
    await closeDueWaitlists(storeDeps());
  },
};
