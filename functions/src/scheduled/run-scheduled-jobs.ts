import type { ScheduledJob } from './scheduled-job';

export interface ScheduledJobsRunner {
  /** Runs every job once now, each after the other (tests and `npm start` use it to catch up); a job already running finishes first, then runs again, so the run sees the present. */
  runAll(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The local stand-in for Cloud Scheduler: each job runs every `everyMinutes`
 * (scaled by `periodScale`, tests use a small one), never overlapping itself;
 * a failure is logged and the next run tries again, as a deployed schedule does.
 */
export function runScheduledJobs(jobs: readonly ScheduledJob[], options: { periodScale?: number; log?: (line: string) => void } = {}): ScheduledJobsRunner {
  const log = options.log ?? ((line: string) => console.error(line));
  const running = new Map<string, Promise<void>>();
  const runOne = (job: ScheduledJob): Promise<void> => {
    const current = running.get(job.name);
    if (current) return current;
    const run = job
      .handler()
      .catch((error: unknown) => log(`[scheduled] ${job.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  };
  const timers = jobs.map((job) => setInterval(() => void runOne(job), job.everyMinutes * 60_000 * (options.periodScale ?? 1)));
  return {
    async runAll() {
      for (const job of jobs) {
        await running.get(job.name);
        await runOne(job);
      }
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
