import { cleanUpFilesJob } from './clean-up-files-job';
import { closeWaitlistsJob } from './close-waitlists-job';
import { computeDashboardDaysJob } from './compute-dashboard-days-job';
import { detectNoShowsJob } from './detect-no-shows';
import { lapseUnpaidPurchasesJob } from './lapse-unpaid-purchases-job';
import { reconcilePaymentsJob } from './reconcile-payments-job';
import type { ScheduledJob } from './scheduled-job';
import { warmForReleasesJob } from './warm-for-releases-job';

/**
 * Every scheduled job. index.ts wraps each one for deployment under its name
 * (a test checks the lists agree); the local stack runs the same handlers on
 * the same period (run-scheduled-jobs.ts).
 */
export const scheduledJobs: ScheduledJob[] = [
  closeWaitlistsJob,
  detectNoShowsJob,
  lapseUnpaidPurchasesJob,
  computeDashboardDaysJob,
  cleanUpFilesJob,
  warmForReleasesJob,
  reconcilePaymentsJob,
];
