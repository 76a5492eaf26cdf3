/**
 * A job that runs on a clock rather than on a document change: deployed as a
 * Cloud Scheduler function (index.ts, `schedule`), run locally by the stack
 * every `everyMinutes` (run-scheduled-jobs.ts). Handlers are idempotent and
 * catch up on whatever is due, so a missed or repeated run changes nothing.
 */
export interface ScheduledJob {
  /** The deployed function's name. */
  name: string;
  /** Minutes between runs; the deployed schedule is `every N minutes`. */
  everyMinutes: number;
  /** Secrets the handler reads from the environment (declared on the deployed function; the local stack sets them in its own environment). */
  secrets?: readonly string[];
  handler: () => Promise<void>;
}

/** The Cloud Scheduler expression for a job (App Engine cron syntax). */
export const scheduleOf = (job: Pick<ScheduledJob, 'everyMinutes'>) => `every ${job.everyMinutes} minutes`;
