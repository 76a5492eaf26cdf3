import { readFileSync, renameSync, writeFileSync } from 'node:fs';

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

/** What each file last said: a reader between two writes, or meeting a damaged file, keeps it rather than falling back a year. */
const lastGood = new Map<string, number>();

/** The clock's offset from the system's, in ms: 0 with no clock file, or one never read well; else the last offset read well. */
export function clockOffset(file: string | undefined): number {
  if (!file) return 0;
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch {
    return lastGood.get(file) ?? 0;
  }
  const offset = text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(offset)) return lastGood.get(file) ?? 0;
  lastGood.set(file, offset);
  return offset;
}

/**
 * The local stack's clock moved to `at` (only forward: the stack refuses to go
 * back, as Stripe's test clocks do). Written beside and renamed over the file,
 * so no reader in another process ever sees it empty or half written.
 */
export function setClock(file: string, at: number): void {
  const next = `${file}.${process.pid}.next`;
  writeFileSync(next, String(Math.round(at - Date.now())));
  renameSync(next, file);
}

/** Now, by the stack's clock when there is one. */
export function systemNow(): Date {
  return new Date(Date.now() + clockOffset(clockFile()));
}
