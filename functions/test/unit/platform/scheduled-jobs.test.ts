import { afterEach, describe, expect, it } from 'vitest';
import { runScheduledJobs, type ScheduledJobsRunner } from '../../../src/scheduled/run-scheduled-jobs';
import { scheduleOf } from '../../../src/scheduled/scheduled-job';

let runner: ScheduledJobsRunner | undefined;
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the local scheduler', () => {
  it('runs each job on its period and never overlaps a run of the same job', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    const slow = {
      name: 'slow',
      everyMinutes: 1,
      handler: async () => {
        runs++;
        active++;
        most = Math.max(most, active);
        await tick(60);
        active--;
      },
    };
    runner = runScheduledJobs([slow], { periodScale: 10 / 60_000 }); // every 10 ms
    await tick(200);
    await runner.stop();
    expect(runs).toBeGreaterThan(1);
    expect(most).toBe(1);
  });

  it('logs a failing run and runs the job again next period', async () => {
    const lines: string[] = [];
    let runs = 0;
    const failing = {
      name: 'failing',
      everyMinutes: 1,
      handler: async () => {
        runs++;
        throw new Error('boom');
      },
    };
    runner = runScheduledJobs([failing], { periodScale: 10 / 60_000, log: (line) => lines.push(line) });
    await runner.runAll();
    await tick(50);
    expect(runs).toBeGreaterThan(1);
    expect(lines[0]).toMatch(/^\[scheduled\] failing failed: Error: boom/);
  });

  it('runAll while a run is in flight waits for it, then runs the job again (a moved clock is seen)', async () => {
    const seen: string[] = [];
    let release: () => void = () => undefined;
    let calls = 0;
    const job = {
      name: 'gated',
      everyMinutes: 60,
      handler: async () => {
        calls++;
        seen.push(`start ${calls}`);
        if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
        seen.push(`end ${calls}`);
      },
    };
    runner = runScheduledJobs([job]);
    const first = runner.runAll();
    await tick(5);
    const second = runner.runAll();
    release();
    await Promise.all([first, second]);
    expect(seen).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('deploys every N minutes', () => {
    expect(scheduleOf({ everyMinutes: 5 })).toBe('every 5 minutes');
  });
});
