import { systemNow } from '../data/clock/system-clock';
import { getStore } from '../data/store/get-store';
import { detectNoShows } from '../services/booking/penalties';
import type { ScheduledJob } from './scheduled-job';

/** Every 15 minutes: no-shows of classes that ended since the last run, and the penalties their streaks earn (services/booking/penalties.ts). */
export const detectNoShowsJob: ScheduledJob = {
  name: 'detectNoShows',
  everyMinutes: 15,
  handler: async () => {
    const now = systemNow();
    await detectNoShows({ store: getStore(), now: () => now }, now);
  },
};
