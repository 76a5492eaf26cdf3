import { readFileSync, writeFileSync } from 'node:fs';

/**
 * The time the server runs on: the system's, deployed. The local stack
 * started with `--clock` (npm run sim:year) keeps an offset in a file that
 * every one of its processes reads (the API's function workers, the trigger
 * dispatcher, the scheduled jobs and the payment fakes), so a simulated year
 * passes in minutes and renewals, expiries and lapses happen as they would,
 * like Stripe's test clocks. Honoured only on the local engine
 * (STUDIO_LOCAL_DB): a deployed function has neither variable.
 */
export function clockFile(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.STUDIO_LOCAL_DB && env.STUDIO_CLOCK_FILE ? env.STUDIO_CLOCK_FILE : undefined;
}

/** The clock's offset from the system's, in ms; 0 when there is no clock file or it cannot be read (a write in progress). */
export function clockOffset(file: string | undefined): number {
  if (!file) return 0;
  try {
    const offset = Number(readFileSync(file, 'utf8'));
    return Number.isFinite(offset) ? offset : 0;
  } catch {
    return 0;
  }
}

/** The local stack's clock moved to `at` (only forward: the stack refuses to go back, as Stripe's test clocks do). */
export function setClock(file: string, at: number): void {
  writeFileSync(file, String(Math.round(at - Date.now())));
}

/** Now, by the stack's clock when there is one. */
export function systemNow(): Date {
  return new Date(Date.now() + clockOffset(clockFile()));
}
