import { fileDeps } from '../background-deps';
import { CLEAN_UP_JOB, cleanUpFiles } from '../services/files/clean-up-files';
import type { ScheduledJob } from './scheduled-job';

/** Every hour: customers' private uploads left unreferenced past the grace period are deleted, a batch per run (services/files/clean-up-files.ts). */
export const cleanUpFilesJob: ScheduledJob = {
  name: CLEAN_UP_JOB,
  everyMinutes: 60,
  handler: async () => {
    await cleanUpFiles(fileDeps());
  },
};
