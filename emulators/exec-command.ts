/**
 * The command `start.ts --exec` runs against the stack (the API and e2e
 * suites). It runs in a process group of its own so that stopping the stack
 * stops it whole — the shell, vitest or Playwright, and their workers. Left
 * running, a suite whose stack was stopped would wait for the fixed ports and
 * then test whichever stack started next.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export interface ExecCommand {
  /** The command's exit code (1 when a signal ended it). */
  readonly exited: Promise<number>;
  /** Signals the whole group; a group already gone is fine. */
  stop(signal?: NodeJS.Signals): void;
}

export function execCommand(command: string, options: { cwd: string; env: NodeJS.ProcessEnv }): ExecCommand {
  const child: ChildProcess = spawn(command, { cwd: options.cwd, env: options.env, stdio: 'inherit', shell: true, detached: true });
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  return {
    exited,
    stop(signal = 'SIGTERM') {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // The group has already exited.
      }
    },
  };
}
