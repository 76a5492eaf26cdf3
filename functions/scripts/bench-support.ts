/**
 * What the stack benchmarks share (bench-booking.ts, bench-rush.ts): each
 * starts its own local stack on a fresh temporary store and runs itself
 * again inside it, where API_BASE_URL and STUDIO_LOCAL_DB are set.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The value at percentile `p` (nearest rank); NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Starts the stack on a fresh store (emulators/start.ts --db … --exec, as `npm test` does) and runs `script` with `flags` inside it; its exit code. */
async function inFreshStack(script: string, flags: string): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), `studio-${path.basename(script, '.ts')}-`));
  const self = path.relative(root, script);
  console.log(`Starting the local stack on a fresh store (${dir}); the benchmark runs once it is ready.`);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'emulators/start.ts', '--db', path.join(dir, 'studio.sqlite'), '--exec', `node --import tsx ${self} ${flags}`],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
  rmSync(dir, { recursive: true, force: true });
  return code;
}

/** Outside the stack: starts one and runs the benchmark (`scriptUrl`, its import.meta.url) in it. Inside: runs `inner` and exits. */
export function runBenchmark(scriptUrl: string, flags: string, inner: () => Promise<void>): void {
  if (process.env.API_BASE_URL && process.env.STUDIO_LOCAL_DB) {
    inner().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  } else {
    void inFreshStack(fileURLToPath(scriptUrl), flags).then((code) => process.exit(code));
  }
}
