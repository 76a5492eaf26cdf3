import { storeDeps } from '../background-deps';
import { computeDashboardDays } from '../services/dashboard/compute-dashboard-days';
import type { ScheduledJob } from './scheduled-job';

/** Every 30 minutes: the dashboard's day figures (services/dashboard/compute-dashboard-days.ts). */
export const computeDashboardDaysJob: ScheduledJob = {
  name: 'computeDashboardDays',
  everyMinutes: 30,
  handler: async () => {
    await computeDashboardDays(storeDeps());
  },
};
